//! The concatenate family's device path: values, chars and validity copied piece by piece,
//! offsets rebased by `device/kernels/concatenate.rs`, list children and struct fields
//! concatenated recursively.

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::concatenate::batched_copy;
use crate::device::kernels::concatenate::rebase_offsets_into;
use crate::device::primitives::bitmask::copy_bits;
use crate::device::primitives::copy::{memcpy, write_bytes};
use crate::error::{Error, Result};
use crate::types::{TypeId, fixed_width};

/// Read offset `row` of an offsets child (INT32 or INT64) as i64.
fn offset_at(offsets: &Column, row: usize) -> Result<i64> {
    let wide = offsets.dtype().id() == TypeId::Int64;
    let w = if wide { 8 } else { 4 };
    let data = offsets
        .data()
        .ok_or_else(|| Error::value("offsets without data"))?;
    let b = data.host_range((offsets.offset() + row) * w, w)?;
    Ok(if wide {
        i64::from_le_bytes(b.as_slice().try_into().expect("8 bytes"))
    } else {
        i32::from_le_bytes(b.as_slice().try_into().expect("4 bytes")) as i64
    })
}

/// The first and one-past-last element of rows `offset..offset+size` of a strings or
/// lists column.
fn element_range(c: &Column) -> Result<(i64, i64)> {
    if c.size() == 0 || c.children().is_empty() {
        return Ok((0, 0));
    }
    let o = &c.children()[0];
    Ok((
        offset_at(o, c.offset())?,
        offset_at(o, c.offset() + c.size())?,
    ))
}

/// From how many fixed-width pieces one batched launch beats a copy call per piece.
const BATCH_FROM: usize = 8;

/// [`super::concatenate`] on the device (`total` rows, every piece of one type, no
/// dictionaries).
pub(super) fn concatenate(columns: &[Column], total: usize) -> Result<Column> {
    let dtype = columns[0].dtype();
    let id = dtype.id();
    if id == TypeId::Empty {
        return Column::new(dtype, total, None, None, Some(total), 0, vec![]);
    }
    let mut any_nulls = false;
    for c in columns {
        any_nulls |= c.has_nulls()?;
    }
    let mask = if any_nulls {
        let m = DeviceMemory::alloc(bitmask_allocation_size_bytes(total))?;
        let mut pos = 0;
        for c in columns {
            let src = match c.mask() {
                Some(b) if c.null_count()? > 0 => b.device_ptr()?,
                _ => 0,
            };
            copy_bits(src, c.offset(), m.ptr(), pos, c.size())?;
            pos += c.size();
        }
        Some(Buffer::from_device(m))
    } else {
        None
    };
    if let Some(w) = fixed_width(id) {
        let out = DeviceMemory::alloc(total * w)?;
        let mut pieces = Vec::with_capacity(columns.len());
        for c in columns {
            if c.size() > 0 {
                let src = c.data().expect("data").device_ptr()? + (c.offset() * w) as u64;
                pieces.push((src, c.size() * w));
            }
        }
        // A copy call costs a few microseconds on the host: many pieces go in one launch.
        if pieces.len() > BATCH_FROM {
            batched_copy(&pieces, out.ptr())?;
        } else {
            let mut pos = 0;
            for (src, len) in pieces {
                memcpy(out.ptr() + pos as u64, src, len)?;
                pos += len;
            }
        }
        return Column::new(
            dtype,
            total,
            Some(Buffer::from_device(out)),
            mask,
            None,
            0,
            vec![],
        );
    }
    match id {
        TypeId::String | TypeId::List => {
            let ranges = columns
                .iter()
                .map(element_range)
                .collect::<Result<Vec<_>>>()?;
            let elements: i64 = ranges.iter().map(|(a, b)| b - a).sum();
            let wide = elements > i32::MAX as i64
                || columns.iter().any(|c| {
                    c.children()
                        .first()
                        .is_some_and(|o| o.dtype().id() == TypeId::Int64)
                });
            let ow = if wide { 8 } else { 4 };
            let offsets = DeviceMemory::alloc((total + 1) * ow)?;
            let (mut row, mut elem) = (0usize, 0i64);
            for (c, &(first, last)) in columns.iter().zip(&ranges) {
                if c.size() > 0 {
                    let o = &c.children()[0];
                    let in_wide = o.dtype().id() == TypeId::Int64;
                    let iw = if in_wide { 8 } else { 4 };
                    let src = o.data().expect("offsets").device_ptr()?
                        + ((o.offset() + c.offset()) * iw) as u64;
                    rebase_offsets_into(
                        src,
                        in_wide,
                        c.size(),
                        first,
                        elem,
                        offsets.ptr() + (row * ow) as u64,
                        wide,
                    )?;
                }
                row += c.size();
                elem += last - first;
            }
            let last = if wide {
                elements.to_le_bytes().to_vec()
            } else {
                (elements as i32).to_le_bytes().to_vec()
            };
            write_bytes(offsets.ptr() + (total * ow) as u64, &last)?;
            let offsets = Column::without_nulls(
                if wide { TypeId::Int64 } else { TypeId::Int32 }.into(),
                total + 1,
                Buffer::from_device(offsets),
            )?;
            if id == TypeId::String {
                let chars = DeviceMemory::alloc(elements as usize)?;
                let mut pos = 0usize;
                for (c, &(first, last)) in columns.iter().zip(&ranges) {
                    let len = (last - first) as usize;
                    if len > 0 {
                        let src = c.data().expect("chars").device_ptr()? + first as u64;
                        memcpy(chars.ptr() + pos as u64, src, len)?;
                    }
                    pos += len;
                }
                Column::new(
                    dtype,
                    total,
                    Some(Buffer::from_device(chars)),
                    mask,
                    None,
                    0,
                    vec![offsets],
                )
            } else {
                let children = columns
                    .iter()
                    .zip(&ranges)
                    .map(|(c, &(first, last))| {
                        c.children()[1].slice(first as usize, (last - first) as usize)
                    })
                    .collect::<Result<Vec<_>>>()?;
                let child = super::concatenate(&children)?;
                Column::new(dtype, total, None, mask, None, 0, vec![offsets, child])
            }
        }
        TypeId::Struct => {
            let nfields = columns[0].children().len();
            let children = (0..nfields)
                .map(|k| {
                    let parts = columns
                        .iter()
                        .map(|c| c.children()[k].slice(c.offset(), c.size()))
                        .collect::<Result<Vec<_>>>()?;
                    super::concatenate(&parts)
                })
                .collect::<Result<Vec<_>>>()?;
            Column::new(dtype, total, None, mask, None, 0, children)
        }
        other => Err(Error::not_implemented(format!(
            "concatenate of {other} columns on the device"
        ))),
    }
}
