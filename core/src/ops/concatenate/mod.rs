//! `concatenate`: columns (or tables) of the same types, one after the other (pylibcudf's
//! `concatenate` module). Every column type works on the host (arrow-rs) and the device
//! (copies plus offset rebasing), except dictionaries, which merge their keys on the host.

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::{Column, MAX_ROWS};
use crate::device::DeviceMemory;
use crate::device::kernels::movement as mv;
use crate::error::{Error, Result};
use crate::interop::arrow::{from_arrow, to_arrow};
use crate::placement::{host_fallback, use_device};
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use arrow_buffer::{BooleanBufferBuilder, MutableBuffer};
use rayon::prelude::*;

/// Concatenate columns of one type.
///
/// ```
/// use ferrodf_core::{column::Column, ops::concatenate::concatenate};
/// let c = concatenate(&[Column::from_values(vec![1i32, 2]), Column::from_values(vec![3i32])]).unwrap();
/// assert_eq!(c.host_values::<i32>().unwrap().to_vec(), vec![1, 2, 3]);
/// ```
pub fn concatenate(columns: &[Column]) -> Result<Column> {
    let first = columns
        .first()
        .ok_or_else(|| Error::value("concatenate needs at least one column"))?;
    for c in columns {
        if c.dtype() != first.dtype() {
            return Err(Error::type_err(format!(
                "concatenate needs columns of one type, got {} and {}",
                first.dtype(),
                c.dtype()
            )));
        }
    }
    let total: usize = columns.iter().map(Column::size).sum();
    if total > MAX_ROWS {
        return Err(Error::overflow(format!(
            "the concatenated column would have {total} rows, more than the {MAX_ROWS} a column holds"
        )));
    }
    if columns.len() == 1 {
        return Ok(first.clone());
    }
    if use_device()? {
        if !contains_dictionary(first) {
            return concat_device(columns, total);
        }
        host_fallback(
            "concatenate",
            "dictionary columns (their keys are merged on the host)",
        )?;
    }
    concat_host(columns, total)
}

/// Concatenate tables with the same column types, column by column.
pub fn concatenate_tables(tables: &[Table]) -> Result<Table> {
    let first = tables
        .first()
        .ok_or_else(|| Error::value("concatenate needs at least one table"))?;
    for t in tables {
        if t.num_columns() != first.num_columns() {
            return Err(Error::value(format!(
                "concatenate needs tables with the same number of columns, got {} and {}",
                first.num_columns(),
                t.num_columns()
            )));
        }
    }
    if first.num_columns() == 0 {
        return Ok(Table::empty_with_rows(
            tables.iter().map(Table::num_rows).sum(),
        ));
    }
    let columns = (0..first.num_columns())
        .map(|k| {
            let parts: Vec<Column> = tables.iter().map(|t| t.columns()[k].clone()).collect();
            concatenate(&parts)
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(columns)
}

fn contains_dictionary(c: &Column) -> bool {
    c.dtype().id() == TypeId::Dictionary32 || c.children().iter().any(contains_dictionary)
}

fn concat_host(columns: &[Column], total: usize) -> Result<Column> {
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
    super::gather::restore_dtype(&columns[0], from_arrow(&*out)?)
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

/// Fixed-width columns on the host: each piece's bytes copied into place in parallel, the
/// validity bits appended (no arrow round trip).
/// Below this many bytes a host concatenation copies on the calling thread.
const PARALLEL_MIN_BYTES: usize = 1 << 20;

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

fn concat_device(columns: &[Column], total: usize) -> Result<Column> {
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
            mv::copy_bits(src, c.offset(), m.ptr(), pos, c.size())?;
            pos += c.size();
        }
        Some(Buffer::from_device(m))
    } else {
        None
    };
    if let Some(w) = fixed_width(id) {
        let out = DeviceMemory::alloc(total * w)?;
        let mut pos = 0;
        for c in columns {
            if c.size() > 0 {
                let src = c.data().expect("data").device_ptr()? + (c.offset() * w) as u64;
                mv::memcpy(out.ptr() + (pos * w) as u64, src, c.size() * w)?;
            }
            pos += c.size();
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
                    mv::rebase_offsets_into(
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
            mv::write_bytes(offsets.ptr() + (total * ow) as u64, &last)?;
            let offsets = Column::new(
                if wide { TypeId::Int64 } else { TypeId::Int32 }.into(),
                total + 1,
                Some(Buffer::from_device(offsets)),
                None,
                Some(0),
                0,
                vec![],
            )?;
            if id == TypeId::String {
                let chars = DeviceMemory::alloc(elements as usize)?;
                let mut pos = 0usize;
                for (c, &(first, last)) in columns.iter().zip(&ranges) {
                    let len = (last - first) as usize;
                    if len > 0 {
                        let src = c.data().expect("chars").device_ptr()? + first as u64;
                        mv::memcpy(chars.ptr() + pos as u64, src, len)?;
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
                let child = concatenate(&children)?;
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
                    concatenate(&parts)
                })
                .collect::<Result<Vec<_>>>()?;
            Column::new(dtype, total, None, mask, None, 0, children)
        }
        other => Err(Error::not_implemented(format!(
            "concatenate of {other} columns on the device"
        ))),
    }
}
