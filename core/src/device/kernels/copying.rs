//! Launchers of the copying family's kernels in `cuda/copying.cu`: the row maps of
//! `scatter`, `copy_range`, `copy_if_else` and `boolean_mask_scatter` (gathered through by
//! `ops/gather.rs`), and copy_if_else of fixed-width values in one pass. [`DeviceCond`], a
//! BOOL8 condition column on the device, is also what stream compaction and joins compact by.

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args};
use crate::device::DeviceMemory;
use crate::error::Result;

const SOURCE: &str = include_str!("cuda/copying.cu");

/// The CUDA source of the copying module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// Launch a grid-stride copying kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("copying", module_source, name, n, args) }
}

/// `out[map[i]] = base + step * i` for the `n` entries of a normalised INT32 map.
pub fn scatter_positions(map: u64, n: usize, base: i64, step: i64, out: u64) -> Result<()> {
    run(
        "scatter_positions",
        n,
        &args![map, n as i64, base, step, out],
    )
}

/// A condition column on the device: BOOL8 bytes, its mask (0: none) and bit offset.
#[derive(Clone, Copy)]
pub struct DeviceCond {
    /// Address of row 0's byte.
    pub data: u64,
    /// Mask address, 0 when every row is valid.
    pub mask: u64,
    /// Bit offset of row 0 in the mask.
    pub offset: i64,
}

impl DeviceCond {
    /// A condition of one byte per row with no mask (flags a kernel wrote).
    pub fn flags(flags: &DeviceMemory) -> DeviceCond {
        DeviceCond {
            data: flags.ptr(),
            mask: 0,
            offset: 0,
        }
    }
}

/// The copy_if_else map (see `select_map` in copying.cu).
pub fn select_map(
    cond: DeviceCond,
    n: usize,
    l_scalar: bool,
    r_scalar: bool,
    n_left: usize,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "select_map",
        n,
        &args![
            cond.data,
            cond.mask,
            cond.offset,
            n as i64,
            l_scalar as i32,
            r_scalar as i32,
            n_left as i64,
            out.ptr()
        ],
    )?;
    Ok(out)
}

/// The copy_range map: rows `begin..end` take rows `source..`, others stay.
pub fn range_map(n: usize, begin: usize, end: usize, source: i64) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "range_map",
        n,
        &args![n as i64, begin as i64, end as i64, source, out.ptr()],
    )?;
    Ok(out)
}

/// Condition flags as bytes plus the exclusive running count of true rows and its total.
pub fn cond_prefix(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let flags = DeviceMemory::alloc(n)?;
    let counts = DeviceMemory::zeroed((n + 1) * 8)?;
    run(
        "cond_flags",
        n,
        &args![
            cond.data,
            cond.mask,
            cond.offset,
            n as i64,
            flags.ptr(),
            counts.ptr()
        ],
    )?;
    let total = super::scan::exclusive_sum_with_total(&counts, n)?;
    Ok((flags, counts, total as usize))
}

/// The boolean_mask_scatter map from [`cond_prefix`]'s flags and counts.
pub fn mask_scatter_map(
    flags: &DeviceMemory,
    prefix: &DeviceMemory,
    n: usize,
    base: i64,
    step: i64,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "mask_scatter_map",
        n,
        &args![flags.ptr(), prefix.ptr(), n as i64, base, step, out.ptr()],
    )?;
    Ok(out)
}

/// One side of [`select_values`]: row 0's address, 1 for a column or 0 for a scalar, and
/// the validity mask (0: all valid) with its bit offset.
#[derive(Clone, Copy)]
pub struct SelectSide {
    /// Address of row 0's value.
    pub data: u64,
    /// 1 for a column, 0 for a scalar.
    pub stride: i64,
    /// Mask address, 0 when every row is valid.
    pub mask: u64,
    /// Bit offset of row 0 in the mask.
    pub offset: i64,
}

/// copy_if_else of fixed-width values of `width` bytes into `out` (n values) and, when
/// `out_mask` is not 0, its validity.
pub fn select_values(
    cond: DeviceCond,
    l: SelectSide,
    r: SelectSide,
    n: usize,
    width: usize,
    out: u64,
    out_mask: u64,
) -> Result<()> {
    run(
        &format!("select_values_w{width}"),
        n.div_ceil(32) * 32,
        &args![
            cond.data,
            cond.mask,
            cond.offset,
            l.data,
            l.stride,
            l.mask,
            l.offset,
            r.data,
            r.stride,
            r.mask,
            r.offset,
            n as i64,
            out,
            out_mask
        ],
    )
}
