//! The copying family's device path: row maps built by the launchers of
//! `device/kernels/copying.rs` (and the shared identity map of `movement.rs`), and
//! copy_if_else of fixed-width columns in one kernel.

use super::{gather_concatenated, gather_pairs};
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::copying::{self as dev, DeviceCond};
use crate::device::kernels::movement::iota;
use crate::device::kernels::transform::{data_ptr, mask_arg};
use crate::device::primitives::bitmask::set_bits;
use crate::error::Result;
use crate::ops::gather::device_map;
use crate::types::fixed_width;

/// The scattered target columns (of `n` rows), gathered from target and source through a
/// full-size map that sends row `norm[i]` to source row `i` (`step` 0: the scalar's row).
pub(super) fn scatter(
    targets: &[Column],
    sources: &[Column],
    norm: &Column,
    step: i64,
    n: usize,
) -> Result<Vec<Column>> {
    let out = iota(n, 0)?;
    let m = norm.data().map_or(Ok(0), Buffer::device_ptr)?;
    dev::scatter_positions(m, norm.size(), n as i64, step, out.ptr())?;
    gather_pairs(targets, sources, &device_map(out, n)?)
}

/// Zeroed values of `n` rows of `width` bytes and, with `with_mask`, an all-valid mask.
pub(super) fn allocate(
    n: usize,
    width: usize,
    with_mask: bool,
) -> Result<(Buffer, Option<Buffer>)> {
    let data = Buffer::from_device(DeviceMemory::zeroed(n * width)?);
    let mask = if with_mask {
        let m = DeviceMemory::alloc(bitmask_allocation_size_bytes(n))?;
        set_bits(m.ptr(), 0, bitmask_allocation_size_bytes(n) * 8, true)?;
        Some(Buffer::from_device(m))
    } else {
        None
    };
    Ok((data, mask))
}

/// The copy_range map: rows `begin..end` take rows `source..`, others stay.
pub(super) fn range_map(n: usize, begin: usize, end: usize, source: i64) -> Result<Column> {
    device_map(dev::range_map(n, begin, end, source)?, n)
}

/// The condition on the device.
pub(crate) fn device_cond(mask: &Column) -> Result<DeviceCond> {
    let data = data_ptr(mask)?;
    let (m, off) = mask_arg(mask)?;
    Ok(DeviceCond {
        data,
        mask: m,
        offset: off,
    })
}

/// copy_if_else on the device: fixed-width values selected in one pass, other types
/// gathered from both sides concatenated.
pub(super) fn copy_if_else(
    l: &Column,
    ls: bool,
    r: &Column,
    rs: bool,
    mask: &Column,
) -> Result<Column> {
    if let Some(width) = fixed_width(l.dtype().id()) {
        return select_fixed_width(l, ls, r, rs, mask, width);
    }
    let n = mask.size();
    let map = device_map(dev::select_map(device_cond(mask)?, n, ls, rs, l.size())?, n)?;
    gather_concatenated(l, r, &map)
}

/// copy_if_else of fixed-width values on the device in one pass (no concatenation).
fn select_fixed_width(
    l: &Column,
    ls: bool,
    r: &Column,
    rs: bool,
    mask: &Column,
    width: usize,
) -> Result<Column> {
    let n = mask.size();
    let side = |c: &Column, scalar: bool| -> Result<dev::SelectSide> {
        let data = data_ptr(c)?;
        let (m, off) = mask_arg(c)?;
        Ok(dev::SelectSide {
            data,
            stride: if scalar { 0 } else { 1 },
            mask: m,
            offset: off,
        })
    };
    let (lside, rside) = (side(l, ls)?, side(r, rs)?);
    let out = DeviceMemory::alloc(n * width)?;
    let out_mask = if lside.mask != 0 || rside.mask != 0 {
        Some(DeviceMemory::alloc(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let mask_ptr = out_mask.as_ref().map_or(0, DeviceMemory::ptr);
    dev::select_values(
        device_cond(mask)?,
        lside,
        rside,
        n,
        width,
        out.ptr(),
        mask_ptr,
    )?;
    Column::new(
        l.dtype(),
        n,
        Some(Buffer::from_device(out)),
        out_mask.map(Buffer::from_device),
        None,
        0,
        vec![],
    )
}

/// The boolean_mask_scatter map (true row k takes source row `n + step * k`) and the
/// number of true rows.
pub(super) fn mask_scatter_map(mask: &Column, n: usize, step: i64) -> Result<(Column, usize)> {
    let (flags, prefix, total) = dev::cond_prefix(device_cond(mask)?, n)?;
    let map = dev::mask_scatter_map(&flags, &prefix, n, n as i64, step)?;
    Ok((device_map(map, n)?, total))
}

/// A map of the one row `index`.
pub(super) fn row_map(index: usize) -> Result<Column> {
    device_map(iota(1, index as i64)?, 1)
}
