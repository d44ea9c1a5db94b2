//! Launchers of the reshaping family's kernels in `cuda/reshape.cu`: the gather maps of
//! `tile` and `interleave_columns`, the partition ids of `round_robin_partition` and the
//! bin search of `label_bins`. One module (no type variants): `label_bins` has an entry
//! point per storage type.

use super::movement::{MOVEMENT_CUH, run_grid};
use super::transform::{bools_to_mask, data_ptr, mask_arg};
use super::{Arg, COMMON, args, device_column, device_values};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::{Error, Result};
use crate::types::{DataType, TypeId};

const SOURCE: &str = include_str!("cuda/reshape.cu");

/// The CUDA source of the reshape module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// Launch a grid-stride kernel of this module over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("reshape", module_source, name, n, args) }
}

/// The INT32 map of `tile`: `total` entries `i % rows` (`rows > 0`).
pub fn tile_map(rows: usize, total: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(total * 4)?;
    run(
        "tile_map",
        total,
        &args![rows as i64, total as i64, out.ptr()],
    )?;
    Ok(out)
}

/// The INT32 map of `interleave_columns` into `cols` columns of `rows` rows concatenated:
/// entry `i` is `(i % cols) * rows + i / cols`.
pub fn interleave_map(rows: usize, cols: usize) -> Result<DeviceMemory> {
    let total = rows * cols;
    let out = DeviceMemory::alloc(total * 4)?;
    run(
        "interleave_map",
        total,
        &args![rows as i64, cols as i64, total as i64, out.ptr()],
    )?;
    Ok(out)
}

/// A UINT32 column of `n` partition ids `(i + start) % parts`.
pub fn round_robin_ids(n: usize, parts: usize, start: usize) -> Result<Column> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "round_robin_ids",
        n,
        &args![n as i64, parts as i64, start as i64, out.ptr()],
    )?;
    device_values(TypeId::Uint32.into(), n, out)
}

/// The kernel of `label_bins` for values stored as `id`.
fn label_bins_kernel(id: TypeId) -> Result<&'static str> {
    Ok(match id {
        TypeId::Int8 => "label_bins_int8",
        TypeId::Int16 => "label_bins_int16",
        TypeId::Int32 => "label_bins_int32",
        TypeId::Int64 => "label_bins_int64",
        TypeId::Uint8 | TypeId::Bool8 => "label_bins_uint8",
        TypeId::Uint16 => "label_bins_uint16",
        TypeId::Uint32 => "label_bins_uint32",
        TypeId::Uint64 => "label_bins_uint64",
        TypeId::Float32 => "label_bins_float32",
        TypeId::Float64 => "label_bins_float64",
        other => {
            return Err(Error::not_implemented(format!(
                "labeling.label_bins has no device kernel for {other} values"
            )));
        }
    })
}

/// The INT32 bin labels of `input` (stored as `storage`), null where a row is null or in
/// no bin. The edges have no nulls, the same type as `input` and the same length.
pub fn label_bins(
    input: &Column,
    storage: TypeId,
    left: &Column,
    left_inclusive: bool,
    right: &Column,
    right_inclusive: bool,
) -> Result<Column> {
    let kernel = label_bins_kernel(storage)?;
    let n = input.size();
    let out = DeviceMemory::alloc(n * 4)?;
    let valid = DeviceMemory::alloc(n)?;
    let (mask, moff) = mask_arg(input)?;
    run(
        kernel,
        n,
        &args![
            data_ptr(input)?,
            mask,
            moff,
            n as i64,
            data_ptr(left)?,
            data_ptr(right)?,
            left.size() as i64,
            i32::from(left_inclusive),
            i32::from(right_inclusive),
            out.ptr(),
            valid.ptr()
        ],
    )?;
    let flags = device_values(TypeId::Bool8.into(), n, valid)?;
    let (mask, nulls) = bools_to_mask(&flags)?;
    let mask = (nulls > 0).then_some(mask);
    device_column(DataType::from(TypeId::Int32), n, out, mask, Some(nulls))
}

/// A UINT64 column of the `n` random sort keys of `sample` without replacement.
pub fn sample_keys(n: usize, base: u64) -> Result<Column> {
    let out = DeviceMemory::alloc(n * 8)?;
    run("sample_keys", n, &args![n as i64, base, out.ptr()])?;
    device_values(TypeId::Uint64.into(), n, out)
}

/// The INT32 map of `sample` with replacement: `n` rows drawn from `rows` (`rows > 0`).
pub fn sample_map(n: usize, base: u64, rows: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "sample_map",
        n,
        &args![n as i64, base, rows as i64, out.ptr()],
    )?;
    Ok(out)
}
