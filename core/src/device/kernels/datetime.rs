//! Datetime kernels of `plc.datetime` (see `cuda/datetime.cu`): one module per storage
//! type (int32 days, int64 ticks).

use super::transform::map_values;
use super::{Arg, COMMON, args, grid, launch};
use crate::column::Column;
use crate::device::runtime;
use crate::error::Result;
use crate::types::{DataType, TypeId};
use cudarc::driver::CudaFunction;

const SOURCE: &str = include_str!("cuda/datetime.cu");

/// The CUDA source of the datetime module for TIMESTAMP_DAYS (`days`) or the other units.
pub fn module_source(days: bool) -> String {
    let t = if days { "int32_t" } else { "int64_t" };
    format!("{COMMON}\n#define IN_T {t}\n{SOURCE}")
}

/// The key of the module [`module_source`] builds.
pub fn module_key(days: bool) -> &'static str {
    if days { "datetime_i32" } else { "datetime_i64" }
}

fn function(days: bool, name: &str) -> Result<CudaFunction> {
    runtime()?.function(module_key(days), || module_source(days), name)
}

fn map(col: &Column, out_type: DataType, name: &str, extra: &[Arg]) -> Result<Column> {
    let n = col.size();
    let days = col.dtype().id() == TypeId::TimestampDays;
    map_values(col, out_type, |inp, out| {
        let f = function(days, name)?;
        let mut args = vec![Arg::P(inp)];
        if name == "dt_round" {
            args.push(Arg::P(out));
            args.push(Arg::I(n as i64));
            args.extend_from_slice(extra);
        } else {
            args.push(Arg::I(n as i64));
            args.extend_from_slice(extra);
            args.push(Arg::P(out));
        }
        // SAFETY: reads and writes n values of the input and output types.
        unsafe { launch(&f, grid(n)?, &args) }
    })
}

/// Component `comp` (10: day of year) of every timestamp as INT16; `tpd`/`tps` are the
/// ticks per day and per second (0 for days).
pub fn extract(col: &Column, comp: i32, tpd: i64, tps: i64) -> Result<Column> {
    map(
        col,
        TypeId::Int16.into(),
        "dt_extract",
        &args![tpd, tps, comp],
    )
}

/// Floor (0), ceil (1) or round half-even (2) every timestamp to a multiple of `f` ticks.
pub fn round(col: &Column, mode: i32, f: i64) -> Result<Column> {
    map(col, col.dtype(), "dt_round", &args![mode, f])
}
