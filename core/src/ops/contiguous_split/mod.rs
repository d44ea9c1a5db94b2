//! pylibcudf's `contiguous_split`: a table packed into one contiguous buffer plus a small
//! host description of where each column's buffers sit in it, and unpacked again into
//! columns that share that buffer (zero-copy).
//!
//! This is how a table moves between processes (Dask workers, shared memory, a socket):
//! one allocation to send and a few hundred bytes of metadata. The buffer is on the device
//! when ferrodf computes there (device-to-device copies, one per buffer), on the host
//! otherwise.
//!
//! The metadata is ferrodf's own little-endian format (libcudf's is private to libcudf
//! too): a magic `FDFPACK1`, the column count, then per column its type id and scale, its
//! size and null count, its data and mask ranges (present flag, offset, length) and its
//! children, recursively. [`unpack`] checks every field against the buffer, so malformed
//! metadata gives a ValueError, never an out-of-bounds column.

use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::primitives::copy::memcpy;
use crate::error::{Error, Result};
use crate::ops::concatenate::concatenate;
use crate::ops::copying::empty_like;
use crate::placement::use_device;
use crate::table::Table;
use crate::types::{DataType, TypeId, fixed_width};

const MAGIC: &[u8; 8] = b"FDFPACK1";
/// Every buffer starts at a multiple of this in the packed buffer, so kernels reading the
/// unpacked columns see the alignment they get from fresh allocations.
const ALIGN: usize = 256;
/// Nesting deeper than this is refused when unpacking (ferrodf never builds it).
const MAX_DEPTH: usize = 64;

/// A table packed by [`pack`]: the description of its columns and the one buffer that
/// holds all their bytes.
#[derive(Clone, Debug)]
pub struct PackedColumns {
    /// The host description of the columns ([`unpack`] reads it).
    pub metadata: Vec<u8>,
    /// The packed bytes (device-resident when packed on the device).
    pub data: Buffer,
}

/// One buffer to copy into the packed buffer.
struct Piece {
    source: Buffer,
    len: usize,
    at: usize,
}

/// Writes the metadata of one column (already at offset 0 everywhere) and records the
/// pieces to copy.
fn describe(col: &Column, meta: &mut Vec<u8>, pieces: &mut Vec<Piece>, end: &mut usize) {
    let dtype = col.dtype();
    meta.extend_from_slice(&(dtype.id() as i32).to_le_bytes());
    meta.extend_from_slice(&dtype.scale().to_le_bytes());
    meta.extend_from_slice(&(col.size() as u64).to_le_bytes());
    let nulls = if col.mask().is_some() {
        col.known_null_count().unwrap_or(u64::MAX as usize) as u64
    } else {
        0
    };
    meta.extend_from_slice(&nulls.to_le_bytes());
    let data_len = col.data().map(|d| match fixed_width(dtype.id()) {
        Some(w) => (col.size() * w).min(d.len()),
        None => d.len(),
    });
    let mask_len = col
        .mask()
        .map(|m| bitmask_allocation_size_bytes(col.size()).min(m.len()));
    for (buffer, len) in [(col.data(), data_len), (col.mask(), mask_len)] {
        match (buffer, len) {
            (Some(b), Some(len)) => {
                let at = end.next_multiple_of(ALIGN);
                *end = at + len;
                meta.push(1);
                meta.extend_from_slice(&(at as u64).to_le_bytes());
                meta.extend_from_slice(&(len as u64).to_le_bytes());
                pieces.push(Piece {
                    source: b.clone(),
                    len,
                    at,
                });
            }
            _ => {
                meta.push(0);
                meta.extend_from_slice(&[0; 16]);
            }
        }
    }
    meta.extend_from_slice(&(col.children().len() as u32).to_le_bytes());
    for child in col.children() {
        describe(child, meta, pieces, end);
    }
}

/// Whether `col` or any of its descendants starts inside its buffers (a slice).
fn is_sliced(col: &Column) -> bool {
    col.offset() != 0 || col.children().iter().any(is_sliced)
}

/// `col` with every level at offset 0: a slice is copied out (by concatenating it with an
/// empty column, which writes fresh buffers).
fn unsliced(col: &Column) -> Result<Column> {
    if is_sliced(col) {
        concatenate(&[col.clone(), empty_like(col)?])
    } else {
        Ok(col.clone())
    }
}

/// `table` packed into one buffer (libcudf's `pack`). Sliced columns are copied out first;
/// a null count not known yet is counted (the metadata carries it).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table};
/// use ferrodf_core::ops::contiguous_split::{pack, unpack};
/// let t = Table::new(vec![Column::from_options(vec![Some(1i64), None, Some(3)])]).unwrap();
/// let packed = pack(&t).unwrap();
/// let back = unpack(&packed.metadata, &packed.data).unwrap();
/// assert_eq!(back.columns()[0].null_count().unwrap(), 1);
/// assert_eq!(back.columns()[0].host_values::<i64>().unwrap()[2], 3);
/// ```
pub fn pack(table: &Table) -> Result<PackedColumns> {
    let columns = table
        .columns()
        .iter()
        .map(|c| {
            let c = unsliced(c)?;
            c.null_count()?;
            Ok(c)
        })
        .collect::<Result<Vec<_>>>()?;
    let mut metadata = MAGIC.to_vec();
    metadata.extend_from_slice(&(columns.len() as u32).to_le_bytes());
    metadata.extend_from_slice(&(table.num_rows() as u64).to_le_bytes());
    let (mut pieces, mut end) = (Vec::new(), 0);
    for c in &columns {
        describe(c, &mut metadata, &mut pieces, &mut end);
    }
    let data = if use_device()? {
        // Zeroed, so the padding between buffers is too: packing the same table twice gives
        // the same bytes (a hash or a dedup of packed buffers sees equal tables as equal).
        let out = DeviceMemory::zeroed(end)?;
        for p in &pieces {
            memcpy(out.ptr() + p.at as u64, p.source.device_ptr()?, p.len)?;
        }
        Buffer::from_device(out)
    } else {
        let mut out = vec![0u8; end];
        for p in &pieces {
            let bytes = p.source.host_range(0, p.len)?;
            out[p.at..p.at + p.len].copy_from_slice(bytes.as_slice());
        }
        Buffer::from_vec(out)
    };
    Ok(PackedColumns { metadata, data })
}

/// Reads the metadata front to back, refusing anything out of bounds.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| malformed("it ends early"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
    fn usize(&mut self, what: &str) -> Result<usize> {
        usize::try_from(self.u64()?).map_err(|_| malformed(&format!("{what} is too large")))
    }
}

fn malformed(why: &str) -> Error {
    Error::value(format!(
        "unpack: the metadata is not what pack wrote ({why}); pass the metadata and the \
         buffer of one PackedColumns"
    ))
}

/// The buffer range `(present, offset, length)` next in `r`, as a view of `data`.
fn range(r: &mut Reader<'_>, data: &Buffer) -> Result<Option<Buffer>> {
    let present = r.u8()?;
    let at = r.usize("a buffer offset")?;
    let len = r.usize("a buffer length")?;
    if present == 0 {
        return Ok(None);
    }
    if at.checked_add(len).is_none_or(|e| e > data.len()) {
        return Err(malformed(&format!(
            "a buffer at {at}..{} lies outside the {}-byte data",
            at.saturating_add(len),
            data.len()
        )));
    }
    data.slice(at, len).map(Some)
}

fn read_column(r: &mut Reader<'_>, data: &Buffer, depth: usize) -> Result<Column> {
    if depth > MAX_DEPTH {
        return Err(malformed("the columns nest too deeply"));
    }
    let id = TypeId::from_i32(r.i32()?).map_err(|_| malformed("an unknown type id"))?;
    let dtype = DataType::new(id, r.i32()?);
    let size = r.usize("a column size")?;
    let nulls = r.u64()?;
    let col_data = range(r, data)?;
    let mask = range(r, data)?;
    let count = r.u32()? as usize;
    if count > r.bytes.len() - r.at {
        return Err(malformed("a child count is larger than the metadata"));
    }
    let children = (0..count)
        .map(|_| read_column(r, data, depth + 1))
        .collect::<Result<Vec<_>>>()?;
    let null_count = if mask.is_none() {
        Some(0)
    } else if nulls == u64::MAX {
        None
    } else {
        let n = usize::try_from(nulls).map_err(|_| malformed("a null count is too large"))?;
        if n > size {
            return Err(malformed("a null count exceeds its column's size"));
        }
        Some(n)
    };
    Column::new(dtype, size, col_data, mask, null_count, 0, children)
        .map_err(|e| malformed(&format!("a column does not fit its buffers: {e}")))
}

/// The table [`pack`] packed, its columns sharing `data` (libcudf's `unpack`).
pub fn unpack(metadata: &[u8], data: &Buffer) -> Result<Table> {
    let mut r = Reader {
        bytes: metadata,
        at: 0,
    };
    if r.take(8).ok() != Some(MAGIC.as_slice()) {
        return Err(malformed("it does not start with FDFPACK1"));
    }
    let count = r.u32()? as usize;
    let rows = r.usize("the row count")?;
    if count > metadata.len() {
        return Err(malformed("the column count is larger than the metadata"));
    }
    let columns = (0..count)
        .map(|_| read_column(&mut r, data, 0))
        .collect::<Result<Vec<_>>>()?;
    if r.at != metadata.len() {
        return Err(malformed("bytes follow the last column"));
    }
    if columns.iter().any(|c| c.size() != rows) {
        return Err(malformed(
            "a column's size differs from the table's row count",
        ));
    }
    if columns.is_empty() {
        return Ok(Table::empty_with_rows(rows));
    }
    Table::new(columns)
}
