//! Unary-operation and rounding kernels: one module per input storage type.

use super::transform::{launch, map_values};
use super::{COMMON, cuda_type, storage_id};
use crate::column::Column;
use crate::device::runtime;
use crate::error::Result;
use crate::types::{DataType, TypeId};
use crate::unary_operator::UnaryOperator;
use cudarc::driver::CudaFunction;

pub(crate) const WIDE: &str = include_str!("cuda/wide.cuh");
const SOURCE: &str = include_str!("cuda/unary.cu");

/// The CUDA storage type of a fixed-width type id (chrono types as their tick count,
/// decimals as their unscaled integer) and whether it is BOOL8.
pub fn storage_type(id: TypeId) -> Result<(&'static str, bool)> {
    match id {
        TypeId::Decimal128 => Ok(("__int128", false)),
        other => cuda_type(storage_id(other).unwrap_or(other)),
    }
}

/// The CUDA source of the unary module for inputs of type `input`.
pub fn module_source(input: TypeId) -> Result<String> {
    let (t, is_bool) = storage_type(input)?;
    Ok(format!(
        "{COMMON}\n{WIDE}\n{}#define IN_T {t}\n#define IN_IS_BOOL {is_bool}\n{SOURCE}",
        UnaryOperator::INFO.c_defines("UNARY")
    ))
}

/// The key of the module [`module_source`] builds.
pub fn module_key(input: TypeId) -> Result<String> {
    storage_key("unary", input)
}

fn function(input: TypeId, name: &str) -> Result<CudaFunction> {
    storage_function("unary", input, module_source, name)
}

/// The key of `family`'s module for inputs of type `input` (one module per storage type:
/// the unary and cast families).
pub(crate) fn storage_key(family: &str, input: TypeId) -> Result<String> {
    let (t, is_bool) = storage_type(input)?;
    Ok(format!("{family}_{}{is_bool}", t.trim_start_matches('_')))
}

/// Kernel `name` of `family`'s module for inputs of type `input`, compiled from
/// `source(input)` on first use.
pub(crate) fn storage_function(
    family: &str,
    input: TypeId,
    source: fn(TypeId) -> Result<String>,
    name: &str,
) -> Result<CudaFunction> {
    let key = storage_key(family, input)?;
    runtime()?.function(&key, || source(input).expect("checked above"), name)
}

/// The two 64-bit halves of a 128-bit kernel argument.
pub(crate) fn split128(v: i128) -> (u64, u64) {
    (v as u64, ((v as u128) >> 64) as u64)
}

/// Which unary kernel to run.
#[derive(Debug, Clone, Copy)]
pub enum UnaryKernel {
    /// A math operator, ABS, BIT_INVERT or NEGATE (the output type is the input type).
    Same(i32),
    /// BIT_COUNT (INT32 output).
    BitCount,
    /// NOT (BOOL8 output).
    Not,
    /// CEIL, FLOOR, ABS or NEGATE of a decimal; the second field is 10^-scale (wrapped).
    Decimal(i32, i128),
}

/// Run a unary kernel over `col`, producing `out_type`.
pub fn unary(col: &Column, kernel: UnaryKernel, out_type: DataType) -> Result<Column> {
    let id = col.dtype().id();
    let n64 = col.size() as i64;
    let n = col.size();
    match kernel {
        UnaryKernel::Same(op) => {
            let f = function(id, &format!("unary_same_{op}"))?;
            map_values(col, out_type, |inp, out| {
                launch!(f, n; inp, out, n64);
                Ok(())
            })
        }
        UnaryKernel::BitCount => {
            let f = function(id, "unary_bit_count")?;
            map_values(col, out_type, |inp, out| {
                launch!(f, n; inp, out, n64);
                Ok(())
            })
        }
        UnaryKernel::Not => {
            let f = function(id, "unary_not")?;
            map_values(col, out_type, |inp, out| {
                launch!(f, n; inp, out, n64);
                Ok(())
            })
        }
        UnaryKernel::Decimal(op, p) => {
            let f = function(id, "unary_decimal")?;
            let (lo, hi) = split128(p);
            map_values(col, out_type, |inp, out| {
                launch!(f, n; inp, out, n64, op, lo, hi);
                Ok(())
            })
        }
    }
}

/// Round integers to a multiple of `p` (or decimals, `divide`: to multiples of `p`, counted);
/// `p = 0` gives zeros.
pub fn round_integer(
    col: &Column,
    half_even: bool,
    p: i128,
    divide: bool,
    out_type: DataType,
) -> Result<Column> {
    let f = function(col.dtype().id(), "round_integer")?;
    let (lo, hi) = split128(p);
    let (he, div, n64, n) = (
        i32::from(half_even),
        i32::from(divide),
        col.size() as i64,
        col.size(),
    );
    map_values(col, out_type, |inp, out| {
        launch!(f, n; inp, out, n64, he, lo, hi, div);
        Ok(())
    })
}

/// Round floats to `dp` decimal places; `scale` is 10^|dp|.
pub fn round_float(col: &Column, half_even: bool, dp: i32, scale: f64) -> Result<Column> {
    let f = function(col.dtype().id(), "round_float")?;
    let (he, n64, n) = (i32::from(half_even), col.size() as i64, col.size());
    map_values(col, col.dtype(), |inp, out| {
        launch!(f, n; inp, out, n64, he, dp, scale);
        Ok(())
    })
}
