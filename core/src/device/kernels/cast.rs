//! Cast kernels: one module per input storage type with a kernel per output storage type.

use super::transform::{data_ptr, launch, map_values, mask_arg};
use super::unary::{WIDE, split128, storage_function, storage_key, storage_type};
use super::{COMMON, device_column};
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::CudaFunction;

const SOURCE: &str = include_str!("cuda/cast.cu");

/// The CUDA source of the cast module for inputs of type `input`.
pub fn module_source(input: TypeId) -> Result<String> {
    let (t, is_bool) = storage_type(input)?;
    Ok(format!(
        "{COMMON}\n{WIDE}\n#define IN_T {t}\n#define IN_IS_BOOL {is_bool}\n{SOURCE}"
    ))
}

/// The key of the module [`module_source`] builds.
pub fn module_key(input: TypeId) -> Result<String> {
    storage_key("cast", input)
}

fn function(input: TypeId, name: &str) -> Result<CudaFunction> {
    storage_function("cast", input, module_source, name)
}

/// The kernel-name suffix of an output type's storage.
fn suffix(out: TypeId) -> Result<&'static str> {
    let (t, is_bool) = storage_type(out)?;
    Ok(match (t, is_bool) {
        (_, true) => "b8",
        ("int8_t", _) => "i8",
        ("int16_t", _) => "i16",
        ("int32_t", _) => "i32",
        ("int64_t", _) => "i64",
        ("uint8_t", _) => "u8",
        ("uint16_t", _) => "u16",
        ("uint32_t", _) => "u32",
        ("uint64_t", _) => "u64",
        ("float", _) => "f32",
        ("double", _) => "f64",
        _ => "i128",
    })
}

/// How a cast kernel converts each value (see `cuda/cast.cu`).
#[derive(Debug, Clone, Copy)]
pub enum CastMode {
    /// C++ conversion of the stored value.
    Numeric,
    /// Chrono tick counts: floor-divide by `div`, then multiply by `mul`.
    Chrono { mul: i64, div: i64 },
    /// Rescale a decimal by `p` (multiply when `p_mul`), wrapped to `work_bits`.
    Decimal {
        p: i128,
        p_mul: bool,
        work_bits: i32,
    },
    /// Decimal to integer or BOOL8: rescale as `Decimal`, then convert.
    DecimalToInt {
        p: i128,
        p_mul: bool,
        work_bits: i32,
    },
    /// Decimal to float: multiply (`p_mul`) or divide by `pf`.
    DecimalToFloat { pf: f64, p_mul: bool },
    /// Integer to decimal: rescale as `Decimal`.
    IntToDecimal {
        p: i128,
        p_mul: bool,
        work_bits: i32,
    },
}

/// Cast `col` to `out_type` with `mode`; the output keeps the input's validity.
pub fn cast(col: &Column, mode: CastMode, out_type: DataType) -> Result<Column> {
    let n = col.size();
    map_values(col, out_type, |inp, outp| {
        let f = function(
            col.dtype().id(),
            &format!("cast_to_{}", suffix(out_type.id())?),
        )?;
        let (mut m, mut mul, mut div, mut p, mut p_mul, mut bits, mut pf) =
            (0i32, 1i64, 1i64, 0i128, 0i32, 128i32, 1.0f64);
        match mode {
            CastMode::Numeric => {}
            CastMode::Chrono { mul: a, div: b } => (m, mul, div) = (1, a, b),
            CastMode::Decimal {
                p: q,
                p_mul: pm,
                work_bits,
            } => (m, p, p_mul, bits) = (2, q, i32::from(pm), work_bits),
            CastMode::DecimalToInt {
                p: q,
                p_mul: pm,
                work_bits,
            } => (m, p, p_mul, bits) = (3, q, i32::from(pm), work_bits),
            CastMode::DecimalToFloat { pf: q, p_mul: pm } => (m, pf, p_mul) = (4, q, i32::from(pm)),
            CastMode::IntToDecimal {
                p: q,
                p_mul: pm,
                work_bits,
            } => (m, p, p_mul, bits) = (5, q, i32::from(pm), work_bits),
        }
        let (lo, hi) = split128(p);
        let n64 = n as i64;
        launch!(f, n; inp, outp, n64, m, mul, div, lo, hi, p_mul, bits, pf);
        Ok(())
    })
}

/// Float to decimal: round half away from zero after multiplying (`p_mul`) or dividing by
/// `pf`; NaN and infinities become null.
pub fn float_to_decimal(col: &Column, pf: f64, p_mul: bool, out_type: DataType) -> Result<Column> {
    let n = col.size();
    let width = fixed_width(out_type.id()).expect("fixed width");
    let out = DeviceMemory::alloc(n * width)?;
    let mask = DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?;
    if n > 0 {
        let f = function(
            col.dtype().id(),
            &format!("cast_float_dec_{}", suffix(out_type.id())?),
        )?;
        let (inp, (m, off)) = (data_ptr(col)?, mask_arg(col)?);
        let (outp, maskp, n64, pm) = (out.ptr(), mask.ptr(), n as i64, i32::from(p_mul));
        launch!(f, n; inp, m, off, outp, maskp, n64, pm, pf);
    }
    device_column(out_type, n, out, Some(Buffer::from_device(mask)), None)
}
