//! The null_mask family's device path: the mask kernels of `device/kernels/null_mask.rs`
//! and the device runtime's bit count.

use crate::buffer::Buffer;
use crate::device::kernels::null_mask as dev;
use crate::device::primitives::bitmask::count_unset_bits;
use crate::error::Result;

/// `len` bytes of `fill` in device memory.
pub(super) fn filled(len: usize, fill: u8) -> Result<Buffer> {
    dev::filled(len, fill)
}

/// The number of unset bits among bits `start..stop` of `mask`.
pub(super) fn null_count(mask: &Buffer, start: usize, stop: usize) -> Result<usize> {
    mask.device_ptr()?;
    count_unset_bits(mask.device_ptr()?, start, stop - start)
}

/// AND (OR when `or`) over the (mask, bit offset) pairs for `n` bits: (mask, unset bits).
pub(super) fn binop(masks: &[(&Buffer, usize)], n: usize, or: bool) -> Result<(Buffer, usize)> {
    dev::bitmask_binop(masks, n, or)
}
