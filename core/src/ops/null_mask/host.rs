//! The null_mask family's host path: masks filled, counted and combined with arrow-rs.

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::error::Result;
use arrow_buffer::{BooleanBuffer, MutableBuffer};

/// `len` bytes of `fill`.
pub(super) fn filled(len: usize, fill: u8) -> Buffer {
    let mut buf = MutableBuffer::from_len_zeroed(len);
    buf.as_slice_mut().fill(fill);
    Buffer::from_arrow(buf.into())
}

/// The number of unset bits among bits `start..stop` of `mask`.
pub(super) fn null_count(mask: &Buffer, start: usize, stop: usize) -> Result<usize> {
    let host = mask.host()?;
    let set = BooleanBuffer::new(host, start, stop - start).count_set_bits();
    Ok(stop - start - set)
}

/// AND (OR when `or`) over the (mask, bit offset) pairs for `n` bits: (mask, unset bits).
pub(super) fn binop(masks: &[(&Buffer, usize)], n: usize, or: bool) -> Result<(Buffer, usize)> {
    let mut acc: Option<BooleanBuffer> = None;
    for (m, off) in masks {
        let bits = BooleanBuffer::new(m.host()?, *off, n);
        acc = Some(match acc {
            None => bits,
            Some(a) if or => &a | &bits,
            Some(a) => &a & &bits,
        });
    }
    let bits = acc.expect("at least one mask");
    let nulls = n - bits.count_set_bits();
    let mut buf = MutableBuffer::from_len_zeroed(bitmask_allocation_size_bytes(n));
    let packed = bits.sliced();
    let used = n.div_ceil(8);
    buf.as_slice_mut()[..used].copy_from_slice(&packed.as_slice()[..used]);
    Ok((Buffer::from_arrow(buf.into()), nulls))
}
