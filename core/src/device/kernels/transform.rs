//! Bitmask kernels of the unary and transform modules: validity to booleans and back,
//! NaN masks, and copies of a column's validity to a mask starting at bit 0.

use super::{COMMON, device_column, device_values};
use crate::bitmask::{bitmask_allocation_size_bytes, bitmask_bytes};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::CudaFunction;

const SOURCE: &str = include_str!("cuda/transform.cu");

/// Launch `$f` over `$n` items (grid-stride) with the given argument variables.
macro_rules! launch {
    ($f:expr, $n:expr; $($arg:expr),* $(,)?) => {{
        use cudarc::driver::PushKernelArg;
        let rt = $crate::device::runtime()?;
        let cfg = rt.grid_stride_config($n, 256, 8);
        let mut b = rt.stream().launch_builder(&$f);
        $( b.arg(&$arg); )*
        // SAFETY: every caller passes pointers to allocations sized for the rows it
        // launches over; kernels read and write only inside them.
        unsafe { b.launch(cfg)? };
    }};
}
pub(crate) use launch;

/// The CUDA source of the transform module.
pub fn module_source() -> String {
    format!("{COMMON}\n{SOURCE}")
}

fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("transform", module_source, name)
}

/// Device address of row 0 of a fixed-width column (0 when it has no rows).
pub(crate) fn data_ptr(c: &Column) -> Result<u64> {
    let width = fixed_width(c.dtype().id()).unwrap_or(0);
    Ok(match c.data() {
        Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * width) as u64,
        _ => 0,
    })
}

/// (mask address, bit offset of row 0), or (0, 0) when the column has no nulls.
pub(crate) fn mask_arg(c: &Column) -> Result<(u64, i64)> {
    Ok(match c.mask() {
        Some(m) if c.size() > 0 && c.null_count()? > 0 => (m.device_ptr()?, c.offset() as i64),
        _ => (0, 0),
    })
}

/// The output of an element-wise kernel: allocate `n` rows of `out_type` (`n` = the
/// rows of `col`), run `launch_it(input, output)` on the values when there are any, and
/// give the result a copy of the input's validity.
pub(crate) fn map_values(
    col: &Column,
    out_type: DataType,
    launch_it: impl FnOnce(u64, u64) -> Result<()>,
) -> Result<Column> {
    let n = col.size();
    let width = fixed_width(out_type.id()).expect("fixed-width output");
    let out = DeviceMemory::alloc(n * width)?;
    if n > 0 {
        launch_it(data_ptr(col)?, out.ptr())?;
    }
    let (mask, nulls) = copied_validity(col)?;
    device_column(out_type, n, out, mask, nulls)
}

/// The input's validity (a copy starting at bit 0, see [`copy_mask`]) and null count.
pub(crate) fn copied_validity(col: &Column) -> Result<(Option<Buffer>, Option<usize>)> {
    let mask = copy_mask(col)?;
    let nulls = if mask.is_some() { col.null_count()? } else { 0 };
    Ok((mask, Some(nulls)))
}

/// Run a mask-building kernel `name(args..., out, n, count)` and return the mask and the
/// number of unset bits.
fn build_mask(n: usize, launch_it: impl FnOnce(u64, u64) -> Result<()>) -> Result<(Buffer, usize)> {
    let out = DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?;
    let count = DeviceMemory::zeroed(8)?;
    if n > 0 {
        launch_it(out.ptr(), count.ptr())?;
    }
    let bytes = count.copy_to_host(0, 8)?;
    let set = u64::from_le_bytes(bytes.as_slice().try_into().expect("8 bytes")) as usize;
    Ok((Buffer::from_device(out), n - set))
}

/// The validity of `c`'s rows as a device mask starting at bit 0 (None without nulls);
/// shares the input's bytes when its offset is byte aligned.
pub fn copy_mask(c: &Column) -> Result<Option<Buffer>> {
    let Some(mask) = c.mask() else {
        return Ok(None);
    };
    let n = c.size();
    if n == 0 || c.null_count()? == 0 {
        return Ok(None);
    }
    if c.offset() % 8 == 0 {
        return Ok(Some(mask.slice(c.offset() / 8, bitmask_bytes(n))?));
    }
    let f = function("copy_bits")?;
    let (src, off) = (mask.device_ptr()?, c.offset() as i64);
    // The null count is the input's: no need to count (and synchronise) here.
    let out = DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?;
    let (dst, n64, no_count) = (out.ptr(), n as i64, 0u64);
    launch!(f, n.div_ceil(32); src, off, dst, n64, no_count);
    Ok(Some(Buffer::from_device(out)))
}

/// A non-nullable BOOL8 column: bit `begin + i` of `mask` (address 0: every bit set), or its
/// negation when `invert`.
pub fn mask_to_bools(mask: u64, begin: usize, n: usize, invert: bool) -> Result<Column> {
    let out = DeviceMemory::alloc(n)?;
    if n > 0 {
        let f = function("mask_to_bools")?;
        let (begin, ptr, n64, inv) = (begin as i64, out.ptr(), n as i64, i32::from(invert));
        launch!(f, n; mask, begin, ptr, n64, inv);
    }
    device_values(TypeId::Bool8.into(), n, out)
}

/// Mask of the rows of a BOOL8 column that are valid and true, and its unset-bit count.
pub fn bools_to_mask(c: &Column) -> Result<(Buffer, usize)> {
    values_to_mask(c, function("bools_to_mask")?)
}

/// Mask of the rows of a float column that are valid and not NaN, and its unset-bit count.
pub fn nans_to_nulls(c: &Column) -> Result<(Buffer, usize)> {
    values_to_mask(c, float_function(c, "nans_to_nulls")?)
}

/// The mask that kernel `f(values, mask, mask offset, out, n, count)` builds from the values
/// and validity of `c`, and its unset-bit count.
fn values_to_mask(c: &Column, f: CudaFunction) -> Result<(Buffer, usize)> {
    let n = c.size();
    let vals = data_ptr(c)?;
    let (m, off) = mask_arg(c)?;
    build_mask(n, |out, count| {
        let n64 = n as i64;
        launch!(f, n.div_ceil(32); vals, m, off, out, n64, count);
        Ok(())
    })
}

/// The `_f32` or `_f64` variant of kernel `base` for the float column `c`.
fn float_function(c: &Column, base: &str) -> Result<CudaFunction> {
    let width = if c.dtype().id() == TypeId::Float32 {
        "f32"
    } else {
        "f64"
    };
    function(&format!("{base}_{width}"))
}

/// BOOL8 column: row is valid and NaN (`negate`: the negation, so nulls give true).
pub fn is_nan(c: &Column, negate: bool) -> Result<Column> {
    let n = c.size();
    let out = DeviceMemory::alloc(n)?;
    if n > 0 {
        let f = float_function(c, "is_nan")?;
        let vals = data_ptr(c)?;
        let (m, off) = mask_arg(c)?;
        let (ptr, n64, neg) = (out.ptr(), n as i64, i32::from(negate));
        launch!(f, n; vals, m, off, ptr, n64, neg);
    }
    device_values(DataType::from(TypeId::Bool8), n, out)
}
