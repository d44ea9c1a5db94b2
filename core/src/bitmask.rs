//! Validity bitmasks in Arrow's layout: bit `i` (least significant bit first) of the mask
//! says whether row `i` is valid. ferrodf allocates masks padded to 64 bytes, as libcudf does.

use crate::buffer::Buffer;
use crate::error::Result;
use arrow_buffer::{BooleanBuffer, MutableBuffer};

/// Bytes libcudf (and ferrodf) allocate for a mask of `rows` bits: whole 64-byte blocks.
///
/// ```
/// assert_eq!(ferrodf_core::bitmask::bitmask_allocation_size_bytes(1000), 128);
/// assert_eq!(ferrodf_core::bitmask::bitmask_allocation_size_bytes(0), 0);
/// ```
pub fn bitmask_allocation_size_bytes(rows: usize) -> usize {
    rows.div_ceil(8).div_ceil(64) * 64
}

/// Bytes needed to hold `rows` bits (no padding).
pub fn bitmask_bytes(rows: usize) -> usize {
    rows.div_ceil(8)
}

/// Number of unset (null) bits among `len` bits starting at bit `offset` of `mask`.
pub fn count_unset_bits(mask: &Buffer, offset: usize, len: usize) -> Result<usize> {
    if len == 0 {
        return Ok(0);
    }
    if mask.residency() == crate::buffer::Residency::Device
        && let Ok(n) = mask
            .device_ptr()
            .and_then(|p| crate::device::primitives::bitmask::count_unset_bits(p, offset, len))
    {
        return Ok(n);
    }
    let host = mask.host()?;
    let set = BooleanBuffer::new(host, offset, len).count_set_bits();
    Ok(len - set)
}

/// A host mask of `rows` bits, all set to `valid`, padded to 64 bytes.
pub fn new_mask(rows: usize, valid: bool) -> Buffer {
    let mut buf = MutableBuffer::from_len_zeroed(bitmask_allocation_size_bytes(rows));
    if valid {
        let bytes = buf.as_slice_mut();
        bytes[..rows / 8].fill(0xff);
        if rows % 8 != 0 {
            bytes[rows / 8] = (1u8 << (rows % 8)) - 1;
        }
    }
    Buffer::from_arrow(buf.into())
}

/// Pack an iterator of validity flags into a padded host mask; returns the mask and the
/// number of nulls.
pub fn mask_from_bools(rows: usize, valid: impl IntoIterator<Item = bool>) -> (Buffer, usize) {
    let mut buf = MutableBuffer::from_len_zeroed(bitmask_allocation_size_bytes(rows));
    let bytes = buf.as_slice_mut();
    let mut nulls = 0;
    for (i, v) in valid.into_iter().take(rows).enumerate() {
        if v {
            bytes[i / 8] |= 1 << (i % 8);
        } else {
            nulls += 1;
        }
    }
    (Buffer::from_arrow(buf.into()), nulls)
}

/// Whether bit `i` of `bytes` is set.
#[inline]
pub fn get_bit(bytes: &[u8], i: usize) -> bool {
    bytes[i / 8] & (1 << (i % 8)) != 0
}
