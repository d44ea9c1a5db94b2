//! Avro object container files (pylibcudf's `io.avro`).
//!
//! Decoding runs on the host with arrow-rs's `arrow-avro` (codecs: null, deflate, snappy,
//! zstd, bzip2; xz is not built in). The block framing is checked first, then blocks are
//! decoded in order, one reader per block (see [`read_avro`]'s notes in `read_one`);
//! blocks wholly inside `skip_rows` are not decoded, decoding stops once `num_rows` rows
//! are in, and the batches of every source are concatenated once per column. The columns are host columns that move to the GPU lazily.
//!
//! ```
//! use arrow_array::{Int64Array, RecordBatch};
//! use arrow_schema::{DataType, Field, Schema};
//! use ferrodf_core::io::{SourceInfo, avro::{AvroReaderOptions, read_avro}};
//! use std::sync::Arc;
//! let schema = Schema::new(vec![Field::new("x", DataType::Int64, true)]);
//! let batch = RecordBatch::try_new(
//!     Arc::new(schema.clone()),
//!     vec![Arc::new(Int64Array::from(vec![Some(1), None, Some(3)]))],
//! ).unwrap();
//! let mut w = arrow_avro::writer::AvroWriter::new(Vec::new(), schema).unwrap();
//! w.write(&batch).unwrap();
//! w.finish().unwrap();
//! let src = SourceInfo::from_bytes(w.into_inner());
//! let opts = AvroReaderOptions { skip_rows: 1, ..Default::default() };
//! let t = read_avro(&src, &opts).unwrap();
//! assert_eq!(t.column_names(), vec!["x"]);
//! assert_eq!(t.table.num_rows(), 2);
//! assert_eq!(t.table.columns()[0].null_count().unwrap(), 1);
//! ```

use super::source::{Source, SourceInfo};
use super::{TableWithMetadata, concat_batches, guard};
use crate::error::{Error, Result};
use arrow_array::RecordBatch;
use arrow_avro::reader::{ReaderBuilder, read_header_info};

/// Options of [`read_avro`] (pylibcudf's `AvroReaderOptions`).
#[derive(Debug, Clone, Default)]
pub struct AvroReaderOptions {
    /// Top-level columns to read, in this order; `None` reads all.
    pub columns: Option<Vec<String>>,
    /// Rows skipped at the start (counted across sources).
    pub skip_rows: usize,
    /// Rows read after `skip_rows`; `None` reads to the end.
    pub num_rows: Option<usize>,
}

fn invalid(name: &str, e: impl std::fmt::Display) -> Error {
    Error::value(format!("{name}: invalid Avro data: {e}"))
}

/// A zigzag-encoded Avro `long` at `data[*pos..]`, advancing `pos`.
fn read_long(data: &[u8], pos: &mut usize) -> Option<i64> {
    let mut n: u64 = 0;
    for shift in (0..64).step_by(7) {
        let b = *data.get(*pos)?;
        *pos += 1;
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some((n >> 1) as i64 ^ -((n & 1) as i64));
        }
    }
    None
}

/// Check the block framing of a container file before decoding: after the header, each
/// block is a row count, a byte size, that many bytes and the header's sync marker, up to
/// the end of the file. The decoder trusts these fields (a negative or oversized one can
/// make it spin or drop a block silently), so a file whose framing is off is refused here.
fn check_blocks(data: &[u8], name: &str) -> Result<(usize, Vec<Block>)> {
    let info = read_header_info(std::io::Cursor::new(data)).map_err(|e| invalid(name, e))?;
    let sync = info.sync();
    let header_len = usize::try_from(info.header_len()).unwrap_or(usize::MAX);
    let mut pos = header_len;
    let mut block = 0;
    let mut blocks = vec![];
    while pos < data.len() {
        let at = pos;
        let bad = |what: &str| invalid(name, format!("block {block} at byte {at}: {what}"));
        let count = read_long(data, &mut pos).ok_or_else(|| bad("truncated row count"))?;
        let size = read_long(data, &mut pos).ok_or_else(|| bad("truncated byte size"))?;
        if count < 0 || size < 0 {
            return Err(bad(&format!("negative row count {count} or size {size}")));
        }
        let end = pos
            .checked_add(size as usize)
            .filter(|&e| e <= data.len())
            .ok_or_else(|| bad(&format!("{size} bytes claimed, the file is shorter")))?;
        if data.get(end..end + 16) != Some(&sync[..]) {
            return Err(bad("no sync marker after the block (truncated or corrupt)"));
        }
        blocks.push(Block {
            bytes: at..end + 16,
            rows: count as usize,
        });
        pos = end + 16;
        block += 1;
    }
    Ok((header_len.min(data.len()), blocks))
}

/// One block of a container file: its bytes (count, size, data, sync marker) and rows.
struct Block {
    bytes: std::ops::Range<usize>,
    rows: usize,
}

/// The selected rows of one source; `rows_left` is (rows still to skip, rows still to
/// read) across sources.
fn read_one(
    source: &Source,
    opts: &AvroReaderOptions,
    rows_left: &mut (usize, Option<usize>),
) -> Result<RecordBatch> {
    let name = source.name();
    let data = source.read_all()?;
    let header = ReaderBuilder::new()
        .build(std::io::Cursor::new(data.clone()))
        .map_err(|e| invalid(&name, e))?;
    let schema = header.schema();
    let (header_len, blocks) = check_blocks(&data, &name)?;
    let mut projection = None;
    if let Some(cols) = &opts.columns {
        let names: Vec<&String> = schema.fields().iter().map(|f| f.name()).collect();
        let idx = cols
            .iter()
            .map(|c| {
                names.iter().position(|n| *n == c).ok_or_else(|| {
                    Error::Key(format!(
                        "{name}: no column named {c:?}; the columns are {names:?}"
                    ))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        projection = Some(idx);
    }
    let builder = || match &projection {
        Some(idx) => ReaderBuilder::new().with_projection(idx.clone()),
        None => ReaderBuilder::new(),
    };
    let out_schema = builder()
        .build(std::io::Cursor::new(data.clone()))
        .map_err(|e| invalid(&name, e))?
        .schema();
    // Each block is decoded by a reader of its own (the header, then that block) that
    // is asked for exactly the block's rows once: arrow-avro's reader loops without
    // progress when a corrupt block holds bytes beyond its row count, and never gets
    // there when the batch is full after those rows.
    let mut parts = vec![];
    for (i, block) in blocks.iter().enumerate() {
        if rows_left.1 == Some(0) {
            break;
        }
        if block.rows == 0 {
            continue;
        }
        if rows_left.0 >= block.rows {
            rows_left.0 -= block.rows;
            continue;
        }
        let mut one = Vec::with_capacity(header_len + block.bytes.len());
        one.extend_from_slice(&data[..header_len]);
        one.extend_from_slice(&data[block.bytes.clone()]);
        let mut reader = builder()
            .with_batch_size(block.rows)
            .build(std::io::Cursor::new(one))
            .map_err(|e| invalid(&name, e))?;
        let mut b = match reader.next() {
            Some(b) => b.map_err(|e| invalid(&name, format!("block {i}: {e}")))?,
            None => RecordBatch::new_empty(out_schema.clone()),
        };
        if b.num_rows() != block.rows {
            return Err(invalid(
                &name,
                format!(
                    "block {i} holds {} rows, its header says {}",
                    b.num_rows(),
                    block.rows
                ),
            ));
        }
        let skip = rows_left.0.min(b.num_rows());
        rows_left.0 -= skip;
        b = b.slice(skip, b.num_rows() - skip);
        if let Some(left) = &mut rows_left.1 {
            let take = (*left).min(b.num_rows());
            *left -= take;
            b = b.slice(0, take);
        }
        if b.num_rows() > 0 {
            parts.push(b);
        }
    }
    if parts.is_empty() {
        parts.push(RecordBatch::new_empty(out_schema));
    }
    concat_batches(parts)
}

/// Read Avro object container files from every source (rows concatenated in order).
pub fn read_avro(source: &SourceInfo, opts: &AvroReaderOptions) -> Result<TableWithMetadata> {
    guard("reading Avro", || {
        let mut rows_left = (opts.skip_rows, opts.num_rows);
        let parts = source
            .non_empty()?
            .iter()
            .map(|s| read_one(s, opts, &mut rows_left))
            .collect::<Result<Vec<_>>>()?;
        let batch = concat_batches(super::drop_empty_parts(parts))?;
        TableWithMetadata::from_record_batch(&batch)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{ArrayRef, Int32Array, StringArray};
    use arrow_schema::{DataType, Field, Schema};
    use std::sync::Arc;

    fn file(start: i32, n: i32) -> Vec<u8> {
        let schema = Schema::new(vec![
            Field::new("i", DataType::Int32, false),
            Field::new("s", DataType::Utf8, true),
        ]);
        let i: ArrayRef = Arc::new(Int32Array::from((start..start + n).collect::<Vec<_>>()));
        let s: ArrayRef = Arc::new(StringArray::from(
            (start..start + n)
                .map(|v| (v % 3 != 0).then(|| format!("s{v}")))
                .collect::<Vec<_>>(),
        ));
        let batch = RecordBatch::try_new(Arc::new(schema.clone()), vec![i, s]).unwrap();
        let mut w = arrow_avro::writer::AvroWriter::new(Vec::new(), schema).unwrap();
        w.write(&batch).unwrap();
        w.finish().unwrap();
        w.into_inner()
    }

    #[test]
    fn rows_and_columns_across_sources() {
        let src = SourceInfo::new(vec![
            Source::Bytes(file(0, 5).into()),
            Source::Bytes(file(5, 5).into()),
        ]);
        let opts = AvroReaderOptions {
            columns: Some(vec!["s".into(), "i".into()]),
            skip_rows: 3,
            num_rows: Some(4),
        };
        let t = read_avro(&src, &opts).unwrap();
        assert_eq!(t.column_names(), vec!["s", "i"]);
        assert_eq!(t.table.num_rows(), 4);
        // Rows 3..7: s3 and s6 are null.
        assert_eq!(t.table.columns()[0].null_count().unwrap(), 2);
        let none = AvroReaderOptions {
            num_rows: Some(0),
            ..Default::default()
        };
        assert_eq!(read_avro(&src, &none).unwrap().table.num_rows(), 0);
    }

    #[test]
    fn bad_input() {
        let f = file(0, 100);
        for cut in [0, 3, f.len() / 2, f.len() - 1] {
            let r = read_avro(
                &SourceInfo::from_bytes(f[..cut].to_vec()),
                &Default::default(),
            );
            assert!(matches!(r, Err(Error::Value(_))), "cut {cut}: {r:?}");
        }
        // A block whose size field is off (the decoder would spin or drop it).
        let info = read_header_info(std::io::Cursor::new(&f[..])).unwrap();
        let mut at = info.header_len() as usize;
        read_long(&f, &mut at).unwrap(); // the row count
        let mut bad = f.clone();
        bad[at] ^= 0x01; // the byte size's zigzag sign bit: negative
        let r = read_avro(&SourceInfo::from_bytes(bad), &Default::default());
        assert!(
            matches!(&r, Err(Error::Value(m)) if m.contains("block 0")),
            "{r:?}"
        );
        let opts = AvroReaderOptions {
            columns: Some(vec!["nope".into()]),
            ..Default::default()
        };
        assert!(matches!(
            read_avro(&SourceInfo::from_bytes(f), &opts),
            Err(Error::Key(_))
        ));
    }
}
