//! The concatenate family's host path: fixed-width pieces copied into one buffer in
//! parallel, every other type through arrow-rs's `concat`.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::{from_arrow, to_arrow};
use crate::types::{TypeId, fixed_width};
use arrow_buffer::{BooleanBufferBuilder, MutableBuffer};
use rayon::prelude::*;

/// [`super::concatenate`] on the host (`total` rows, every piece of one type).
pub(super) fn concatenate(columns: &[Column], total: usize) -> Result<Column> {
    let dtype = columns[0].dtype();
    if dtype.id() == TypeId::Empty {
        return Column::new(dtype, total, None, None, Some(total), 0, vec![]);
    }
    if let Some(width) = fixed_width(dtype.id()) {
        return concat_fixed_host(columns, total, width);
    }
    let arrays = same_arrow_type(columns.iter().map(to_arrow).collect::<Result<Vec<_>>>()?)?;
    let refs: Vec<&dyn arrow_array::Array> = arrays.iter().map(|a| a.as_ref()).collect();
    let out = arrow_select::concat::concat(&refs)
        .map_err(|e| Error::value(format!("concatenate failed: {e}")))?;
    crate::ops::gather::restore_dtype(&columns[0], from_arrow(&*out)?)
}

/// Arrays of one arrow type: STRING and LIST columns may carry 32- or 64-bit offsets (from
/// `string` or `large_string` input), which arrow cannot concatenate together; the pieces
/// are cast to the type of the first piece with 64-bit offsets.
fn same_arrow_type(arrays: Vec<arrow_array::ArrayRef>) -> Result<Vec<arrow_array::ArrayRef>> {
    let first = arrays[0].data_type();
    if arrays.iter().all(|a| a.data_type() == first) {
        return Ok(arrays);
    }
    let is_large = |t: &arrow_schema::DataType| {
        matches!(
            t,
            arrow_schema::DataType::LargeUtf8 | arrow_schema::DataType::LargeList(_)
        )
    };
    let target = arrays
        .iter()
        .map(|a| a.data_type())
        .find(|t| is_large(t))
        .unwrap_or(first)
        .clone();
    arrays
        .into_iter()
        .map(|a| {
            if a.data_type() == &target {
                Ok(a)
            } else {
                arrow_cast::cast(&a, &target).map_err(Error::from)
            }
        })
        .collect()
}

/// Below this many bytes a host concatenation copies on the calling thread.
const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Fixed-width columns on the host: each piece's bytes copied into place in parallel, the
/// validity bits appended (no arrow round trip).
fn concat_fixed_host(columns: &[Column], total: usize, width: usize) -> Result<Column> {
    // 64-byte aligned, so the result can be viewed as values of any width. Not zeroed: a
    // zeroed allocation takes fresh pages from the OS (a page fault per 4 KiB) and every
    // byte is written below anyway.
    let mut data = MutableBuffer::with_capacity(total * width);
    // SAFETY: u8 has no invalid values; every byte is overwritten by the copies below
    // (the pieces tile the buffer exactly).
    unsafe { data.set_len(total * width) };
    let mut pieces = Vec::with_capacity(columns.len());
    let mut rest: &mut [u8] = &mut data;
    for c in columns {
        let (head, tail) = rest.split_at_mut(c.size() * width);
        pieces.push((head, c));
        rest = tail;
    }
    let copy = |(dst, c): (&mut [u8], &Column)| -> Result<()> {
        if let Some(d) = c.data().filter(|_| c.size() > 0) {
            let src = d.host_range(c.offset() * width, c.size() * width)?;
            dst.par_chunks_mut(1 << 20)
                .zip(src.as_slice().par_chunks(1 << 20))
                .for_each(|(o, i)| o.copy_from_slice(i));
        }
        Ok(())
    };
    // Waking rayon's threads costs more than copying a few small pieces (a frame's row
    // from one-row slices, say): those are copied on this thread.
    if total * width < PARALLEL_MIN_BYTES {
        pieces.into_iter().try_for_each(copy)?;
    } else {
        pieces.into_par_iter().try_for_each(copy)?;
    }
    let mut any_nulls = false;
    for c in columns {
        any_nulls |= c.has_nulls()?;
    }
    let mask = if any_nulls {
        let mut bits = BooleanBufferBuilder::new(total);
        for c in columns {
            match c.host_nulls()? {
                Some(n) => bits.append_buffer(n.inner()),
                None => bits.append_n(c.size(), true),
            }
        }
        Some(Buffer::from_arrow(bits.finish().into_inner()))
    } else {
        None
    };
    Column::new(
        columns[0].dtype(),
        total,
        Some(Buffer::from_arrow(data.into())),
        mask,
        None,
        0,
        vec![],
    )
}
