//! Datetime kernels of `plc.datetime` (see `cuda/datetime.cu`): one module per storage
//! type (int32 days, int64 ticks).

use super::transform::{data_ptr, map_values};
use super::{Arg, COMMON, args, grid, launch};
use crate::column::Column;
use crate::device::runtime;
use crate::error::Result;
use crate::types::{DataType, TypeId};
use cudarc::driver::CudaFunction;

const CALENDAR: &str = include_str!("cuda/calendar.cuh");
const SOURCE: &str = include_str!("cuda/datetime.cu");

/// The CUDA source of the datetime module for TIMESTAMP_DAYS (`days`) or the other units.
pub fn module_source(days: bool) -> String {
    let t = if days { "int32_t" } else { "int64_t" };
    format!("{COMMON}\n#define IN_T {t}\n{CALENDAR}\n{SOURCE}")
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

/// The calendar fact `op` of every timestamp (`dt_calendar`: 0 leap year as BOOL8, 1 last
/// day of the month as TIMESTAMP_DAYS, 2 days in the month and 3 quarter as INT16).
pub fn calendar(col: &Column, op: i32, tpd: i64) -> Result<Column> {
    let out_type: DataType = match op {
        0 => TypeId::Bool8.into(),
        1 => TypeId::TimestampDays.into(),
        _ => TypeId::Int16.into(),
    };
    let n = col.size();
    let days = col.dtype().id() == TypeId::TimestampDays;
    map_values(col, out_type, |inp, out| {
        let f = function(days, "dt_calendar")?;
        // SAFETY: reads n input values and writes n values of the output type.
        unsafe { launch(&f, grid(n)?, &args![inp, n as i64, tpd, op, out]) }
    })
}

/// Every timestamp plus `months` calendar months: row by row from `months` (an INT64
/// column of the same length) or `scalar` for every row.
pub fn add_months(col: &Column, tpd: i64, months: Option<&Column>, scalar: i64) -> Result<Column> {
    let n = col.size();
    let months = match months {
        Some(m) if n > 0 => data_ptr(m)?,
        _ => 0,
    };
    let days = col.dtype().id() == TypeId::TimestampDays;
    map_values(col, col.dtype(), |inp, out| {
        let f = function(days, "dt_add_months")?;
        // SAFETY: reads n input values and n months (when given), writes n output values.
        unsafe {
            launch(
                &f,
                grid(n)?,
                &args![inp, n as i64, tpd, months, scalar, out],
            )
        }
    })
}
