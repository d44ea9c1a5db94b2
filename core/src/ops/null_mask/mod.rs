//! Null-mask utilities (pylibcudf's `null_mask` module): copying, creating and combining
//! validity bitmasks. Masks are Arrow/libcudf bitmasks (bit `i` of byte `i / 8`, least
//! significant first), allocated in whole 64-byte blocks; bits past the last row of a
//! mask ferrodf computes are zero.
//!
//! Each public function validates its arguments here and decides once between the host
//! path (`host.rs`: arrow-rs bit operations) and the device path (`device.rs`: the kernels
//! of `device/kernels/null_mask.rs` and the runtime's bit count).

mod device;
mod host;

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::placement::use_device;

pub use crate::copy_options::MaskState;

/// A new mask for `size` rows (libcudf's `create_null_mask`): `bitmask_allocation_size_bytes
/// (size)` bytes, all 0xff for ALL_VALID, zero otherwise; empty for UNALLOCATED.
///
/// ```
/// use ferrodf_core::ops::null_mask::*;
/// let m = create_null_mask(10, MaskState::AllValid).unwrap();
/// assert_eq!(m.len(), 64);
/// assert_eq!(null_count(&m, 0, 10).unwrap(), 0);
/// assert_eq!(create_null_mask(10, MaskState::Unallocated).unwrap().len(), 0);
/// ```
pub fn create_null_mask(size: usize, state: MaskState) -> Result<Buffer> {
    if state == MaskState::Unallocated {
        return Ok(Buffer::zeroed(0));
    }
    let len = bitmask_allocation_size_bytes(size);
    let fill = if state == MaskState::AllValid {
        0xff
    } else {
        0
    };
    if use_device()? {
        device::filled(len, fill)
    } else {
        Ok(host::filled(len, fill))
    }
}

/// The number of unset bits among bits `start..stop` of `mask` (libcudf's `null_count`).
///
/// Errors with `IndexError` when `start > stop` or the mask is shorter than `stop` bits.
pub fn null_count(mask: &Buffer, start: usize, stop: usize) -> Result<usize> {
    if start > stop {
        return Err(Error::index(format!(
            "null_count: start {start} is after stop {stop}"
        )));
    }
    if stop.div_ceil(8) > mask.len() {
        return Err(Error::index(format!(
            "null_count: bits {start}..{stop} lie outside a mask of {} bytes",
            mask.len()
        )));
    }
    if stop == start {
        return Ok(0);
    }
    if use_device()? {
        device::null_count(mask, start, stop)
    } else {
        host::null_count(mask, start, stop)
    }
}

/// A copy of `col`'s validity for rows `0..size`, starting at bit 0 (libcudf's
/// `copy_bitmask`); an empty buffer when the column has no mask.
///
/// ```
/// use ferrodf_core::{column::Column, ops::null_mask::*};
/// let c = Column::from_options(vec![Some(1i32), None, Some(3), None]).slice(1, 3).unwrap();
/// let m = copy_bitmask(&c).unwrap();
/// assert_eq!(m.host().unwrap().as_slice()[0], 0b010);
/// ```
pub fn copy_bitmask(col: &Column) -> Result<Buffer> {
    match col.mask() {
        None => Ok(Buffer::zeroed(0)),
        Some(m) => Ok(binop(&[(m, col.offset())], col.size(), false)?.0),
    }
}

/// AND (OR when `or`) over the given (mask, bit offset) pairs for `n` bits: (mask, unset
/// bits). The one placement decision of `copy_bitmask`, `bitmask_and` and `bitmask_or`.
fn binop(masks: &[(&Buffer, usize)], n: usize, or: bool) -> Result<(Buffer, usize)> {
    if use_device()? {
        device::binop(masks, n, or)
    } else {
        host::binop(masks, n, or)
    }
}

fn check_lengths(function: &str, columns: &[Column]) -> Result<usize> {
    let n = columns.first().map_or(0, Column::size);
    if let Some(c) = columns.iter().find(|c| c.size() != n) {
        return Err(Error::value(format!(
            "{function} needs columns of equal length, got {n} and {}",
            c.size()
        )));
    }
    Ok(n)
}

/// The masks of the columns that have one, each with its column's offset.
fn masks_of(columns: &[Column]) -> Vec<(&Buffer, usize)> {
    columns
        .iter()
        .filter_map(|c| c.mask().map(|m| (m, c.offset())))
        .collect()
}

/// The AND of the masks of the nullable `columns` and its number of unset bits
/// (libcudf's `bitmask_and`). Columns without a mask count as all valid; when none has
/// one, or there are no rows, the result is an empty buffer and 0.
///
/// ```
/// use ferrodf_core::{column::Column, ops::null_mask::*};
/// let a = Column::from_options(vec![Some(1i32), None, Some(3)]);
/// let b = Column::from_options(vec![None, Some(2i32), Some(3)]);
/// let (mask, nulls) = bitmask_and(&[a, b]).unwrap();
/// assert_eq!((mask.host().unwrap().as_slice()[0], nulls), (0b100, 2));
/// ```
pub fn bitmask_and(columns: &[Column]) -> Result<(Buffer, usize)> {
    let n = check_lengths("bitmask_and", columns)?;
    let masks = masks_of(columns);
    if n == 0 || masks.is_empty() {
        return Ok((Buffer::zeroed(0), 0));
    }
    binop(&masks, n, false)
}

/// The OR of the masks of `columns` and its number of unset bits (libcudf's
/// `bitmask_or`). When any column has no mask (so every row is valid somewhere), or there
/// are no rows, the result is an empty buffer and 0.
pub fn bitmask_or(columns: &[Column]) -> Result<(Buffer, usize)> {
    let n = check_lengths("bitmask_or", columns)?;
    let masks = masks_of(columns);
    if n == 0 || masks.is_empty() || masks.len() != columns.len() {
        return Ok((Buffer::zeroed(0), 0));
    }
    binop(&masks, n, true)
}

/// Re-exported for pylibcudf's `bitmask_allocation_size_bytes`.
pub use crate::bitmask::bitmask_allocation_size_bytes as allocation_size_bytes;
