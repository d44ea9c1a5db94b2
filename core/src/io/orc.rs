//! ORC reading and writing (pylibcudf's `io.orc`).
//!
//! Both run on the host with `orc-rust` (on the workspace's arrow): the reader decodes the
//! selected stripes of each source in order (codecs zlib, snappy, lzo, lz4, zstd) and the
//! batches are concatenated once per column; the writer encodes record batches into
//! stripes (uncompressed, snappy, zlib, lz4 or zstd). Read columns are host columns that
//! move to the GPU lazily. The writer takes flat columns only (integers other than
//! unsigned ones, floats, bool, strings, dates and timestamps): orc-rust does not encode
//! decimals, lists, structs or unsigned integers.
//!
//! ```
//! use ferrodf_core::io::{SinkInfo, SourceInfo, orc::*};
//! use ferrodf_core::{Column, Table};
//! let t = Table::new(vec![Column::from_options(vec![Some(1i64), None, Some(3)])]).unwrap();
//! let sink = SinkInfo::memory();
//! write_orc(&sink, &t, Some(&["x".into()]), &OrcWriterOptions::default()).unwrap();
//! let back = read_orc(&SourceInfo::from_bytes(sink.take_bytes()), &Default::default()).unwrap();
//! assert_eq!(back.column_names(), vec!["x"]);
//! assert_eq!(back.table.columns()[0].null_count().unwrap(), 1);
//! ```

use super::source::{SinkInfo, Source, SourceInfo};
use super::{CompressionType, TableWithMetadata, concat_batches, guard};
use crate::error::{Error, Result};
use crate::interop::arrow::{ColumnMetadata, dtype_to_arrow, table_to_record_batch};
use crate::table::Table;
use crate::types::{DataType, TypeId};
use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{DataType as ArrowType, Field, Schema};
use bytes::Bytes;
use orc_rust::projection::ProjectionMask;
use orc_rust::{ArrowReaderBuilder, ArrowWriter, ArrowWriterBuilder};
use std::io::Write;
use std::sync::{Arc, mpsc};

/// Options of [`read_orc`] (pylibcudf's `OrcReaderOptions`).
#[derive(Debug, Clone, Default)]
pub struct OrcReaderOptions {
    /// Top-level columns to read, in this order; `None` reads all.
    pub columns: Option<Vec<String>>,
    /// Stripes to read, one list per source; `None` reads all.
    pub stripes: Option<Vec<Vec<usize>>>,
    /// Rows skipped at the start (counted across sources, after stripe selection).
    pub skip_rows: usize,
    /// Rows read after `skip_rows`; `None` reads to the end.
    pub num_rows: Option<usize>,
    /// The type timestamp columns are read as (a TIMESTAMP type); `None` keeps
    /// nanoseconds, as libcudf does.
    pub timestamp_type: Option<DataType>,
}

fn invalid(name: &str, e: impl std::fmt::Display) -> Error {
    Error::value(format!("{name}: invalid ORC data: {e}"))
}

fn read_one(
    source: &Source,
    index: usize,
    opts: &OrcReaderOptions,
    rows_left: &mut (usize, Option<usize>),
) -> Result<RecordBatch> {
    let name = source.name();
    let data: Bytes = source.read_all()?;
    let builder = ArrowReaderBuilder::try_new(data.clone()).map_err(|e| invalid(&name, e))?;
    let all = builder.schema();
    let names: Vec<&String> = all.fields().iter().map(|f| f.name()).collect();
    let (mask, output) = match &opts.columns {
        None => (ProjectionMask::all(), None),
        Some(cols) => {
            let mut idx = cols
                .iter()
                .map(|c| {
                    names.iter().position(|n| *n == c).ok_or_else(|| {
                        Error::Key(format!(
                            "{name}: no column named {c:?}; the columns are {names:?}"
                        ))
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            let wanted = idx.clone();
            idx.sort_unstable();
            idx.dedup();
            // Decoded columns come in file order; map the wanted ones to their positions.
            let output: Vec<usize> = wanted
                .iter()
                .map(|w| idx.iter().position(|i| i == w).expect("in idx"))
                .collect();
            let root = builder.file_metadata().root_data_type();
            let picked: Vec<&str> = idx.iter().map(|&i| names[i].as_str()).collect();
            (ProjectionMask::named_roots(root, &picked), Some(output))
        }
    };
    let stripes = builder.file_metadata().stripe_metadatas();
    let ranges: Vec<Option<std::ops::Range<usize>>> =
        match opts.stripes.as_ref().and_then(|s| s.get(index)) {
            None => vec![None],
            Some(sel) => sel
                .iter()
                .map(|&s| {
                    let st = stripes.get(s).ok_or_else(|| {
                        Error::index(format!(
                            "{name}: stripe {s} does not exist; the file has {}",
                            stripes.len()
                        ))
                    })?;
                    let o = st.offset() as usize;
                    Ok(Some(o..o + 1))
                })
                .collect::<Result<_>>()?,
        };
    let mut parts = vec![];
    for range in ranges {
        let mut b = ArrowReaderBuilder::try_new(data.clone())
            .map_err(|e| invalid(&name, e))?
            .with_projection(mask.clone())
            .with_batch_size(64 * 1024);
        if let Some(r) = range {
            b = b.with_file_byte_range(r);
        }
        let reader = b.build();
        for batch in reader {
            if rows_left.1 == Some(0) {
                break;
            }
            let mut batch = batch.map_err(|e| invalid(&name, e))?;
            let skip = rows_left.0.min(batch.num_rows());
            rows_left.0 -= skip;
            batch = batch.slice(skip, batch.num_rows() - skip);
            if let Some(left) = &mut rows_left.1 {
                let take = (*left).min(batch.num_rows());
                *left -= take;
                batch = batch.slice(0, take);
            }
            if batch.num_rows() > 0 {
                parts.push(batch);
            }
        }
    }
    if parts.is_empty() {
        // No stripe selected: the projected schema with no rows.
        let reader = ArrowReaderBuilder::try_new(data)
            .map_err(|e| invalid(&name, e))?
            .with_projection(mask)
            .build();
        parts.push(RecordBatch::new_empty(reader.schema()));
    }
    let batch = concat_batches(parts)?;
    let batch = match output {
        Some(o) => batch.project(&o)?,
        None => batch,
    };
    retype_timestamps(batch, opts.timestamp_type)
}

/// Cast timestamp columns to `ts` (when given).
fn retype_timestamps(batch: RecordBatch, ts: Option<DataType>) -> Result<RecordBatch> {
    let Some(ts) = ts else { return Ok(batch) };
    if !matches!(
        ts.id(),
        TypeId::TimestampSeconds
            | TypeId::TimestampMilliseconds
            | TypeId::TimestampMicroseconds
            | TypeId::TimestampNanoseconds
    ) {
        return Err(Error::type_err(format!(
            "timestamp_type must be a TIMESTAMP type (not TIMESTAMP_DAYS), got {:?}",
            ts.id()
        )));
    }
    let target = dtype_to_arrow(ts)?;
    let schema = batch.schema();
    let mut fields = vec![];
    let mut columns: Vec<ArrayRef> = vec![];
    for (f, c) in schema.fields().iter().zip(batch.columns()) {
        if let ArrowType::Timestamp(_, tz) = f.data_type() {
            let t = match &target {
                ArrowType::Timestamp(u, _) => ArrowType::Timestamp(*u, tz.clone()),
                other => other.clone(),
            };
            columns.push(arrow_cast::cast(c, &t)?);
            fields.push(Field::new(f.name(), t, f.is_nullable()));
        } else {
            columns.push(c.clone());
            fields.push(f.as_ref().clone());
        }
    }
    Ok(RecordBatch::try_new(
        Arc::new(Schema::new(fields)),
        columns,
    )?)
}

/// Read ORC from every source (rows concatenated in order).
pub fn read_orc(source: &SourceInfo, opts: &OrcReaderOptions) -> Result<TableWithMetadata> {
    guard("reading ORC", || {
        let mut rows_left = (opts.skip_rows, opts.num_rows);
        let parts = source
            .non_empty()?
            .iter()
            .enumerate()
            .map(|(i, s)| read_one(s, i, opts, &mut rows_left))
            .collect::<Result<Vec<_>>>()?;
        let batch = concat_batches(super::drop_empty_parts(parts))?;
        TableWithMetadata::from_record_batch(&batch)
    })
}

/// Whether ORC streams compressed with `compression` can be read (pylibcudf's
/// `is_supported_read_orc`).
///
/// ```
/// use ferrodf_core::io::{CompressionType, orc::is_supported_read_orc};
/// assert!(is_supported_read_orc(CompressionType::Zlib));
/// assert!(!is_supported_read_orc(CompressionType::Bzip2));
/// ```
pub fn is_supported_read_orc(compression: CompressionType) -> bool {
    use CompressionType as C;
    matches!(
        compression,
        C::None | C::Auto | C::Zlib | C::Snappy | C::Lzo | C::Lz4 | C::Zstd
    )
}

/// Whether [`write_orc`] can compress with `compression` (pylibcudf's
/// `is_supported_write_orc`).
///
/// ```
/// use ferrodf_core::io::{CompressionType, orc::is_supported_write_orc};
/// assert!(is_supported_write_orc(CompressionType::Snappy));
/// assert!(!is_supported_write_orc(CompressionType::Lzo));
/// ```
pub fn is_supported_write_orc(compression: CompressionType) -> bool {
    codec(compression).is_ok()
}

fn codec(c: CompressionType) -> Result<Option<orc_rust::compression::CompressionType>> {
    use orc_rust::compression::CompressionType as O;
    Ok(match c {
        CompressionType::None => None,
        CompressionType::Auto | CompressionType::Snappy => Some(O::Snappy),
        CompressionType::Zlib => Some(O::Zlib),
        CompressionType::Lz4 => Some(O::Lz4),
        CompressionType::Zstd => Some(O::Zstd),
        other => {
            return Err(Error::not_implemented(format!(
                "{other:?} is not an ORC compression the writer supports; use NONE, SNAPPY, \
                 ZLIB, LZ4 or ZSTD"
            )));
        }
    })
}

/// Options of [`write_orc`] and [`OrcChunkedWriter`] (pylibcudf's `OrcWriterOptions`).
#[derive(Debug, Clone)]
pub struct OrcWriterOptions {
    /// Stream compression: `Snappy` (the default, also for `Auto`), `Zlib`, `Lz4`,
    /// `Zstd` or `None`.
    pub compression: CompressionType,
    /// Bytes of a stripe (estimated before encoding).
    pub stripe_size_bytes: usize,
    /// Rows of a stripe at most.
    pub stripe_size_rows: usize,
}

impl Default for OrcWriterOptions {
    fn default() -> Self {
        OrcWriterOptions {
            compression: CompressionType::Snappy,
            stripe_size_bytes: 64 << 20,
            stripe_size_rows: 1_000_000,
        }
    }
}

/// Write `table` as one ORC file; `metadata` names the columns (default "0", "1", ...).
pub fn write_orc(
    sink: &SinkInfo,
    table: &Table,
    metadata: Option<&[ColumnMetadata]>,
    opts: &OrcWriterOptions,
) -> Result<()> {
    let mut w = OrcChunkedWriter::new(sink, opts)?;
    w.write(table, metadata)?;
    w.close()
}

/// Writes one ORC file from several tables of the same columns (pylibcudf's
/// `OrcChunkedWriter`); each `write` adds one or more stripes.
///
/// orc-rust's encoder cannot move between threads, and a Python binding must release
/// the GIL around each call (so calls may come from different threads): the encoder
/// lives on a thread of its own, which the writer hands each table's record batch to.
pub struct OrcChunkedWriter {
    sink: SinkInfo,
    opts: OrcWriterOptions,
    worker: Option<Worker>,
    schema: Option<Arc<Schema>>,
}

type Job = (RecordBatch, mpsc::Sender<Result<()>>);

struct Worker {
    jobs: mpsc::Sender<Job>,
    done: std::thread::JoinHandle<Result<()>>,
}

fn orc_write_err(e: impl std::fmt::Display) -> Error {
    Error::value(format!("ORC writer: {e}"))
}

/// The encoder thread: opens the file, encodes each batch it receives (in stripes of at
/// most `stripe_size_rows` rows) and writes the footer when the writer closes.
fn encode_all(
    out: Box<dyn Write + Send>,
    schema: Arc<Schema>,
    opts: OrcWriterOptions,
    jobs: mpsc::Receiver<Job>,
) -> Result<()> {
    let built = codec(opts.compression).and_then(|c| {
        let mut b =
            ArrowWriterBuilder::new(out, schema).with_stripe_byte_size(opts.stripe_size_bytes);
        if let Some(c) = c {
            b = b.with_compression(c);
        }
        b.try_build().map_err(orc_write_err)
    });
    let mut w: ArrowWriter<Box<dyn Write + Send>> = match built {
        Ok(w) => w,
        Err(e) => {
            for (_, reply) in jobs {
                let _ = reply.send(Err(e.clone()));
            }
            return Err(e);
        }
    };
    let step = opts.stripe_size_rows;
    for (batch, reply) in jobs {
        let mut write = || -> Result<()> {
            let mut start = 0;
            while start < batch.num_rows() {
                let len = step.min(batch.num_rows() - start);
                w.write(&batch.slice(start, len)).map_err(orc_write_err)?;
                if len == step {
                    w.flush_stripe().map_err(orc_write_err)?;
                }
                start += len;
            }
            Ok(())
        };
        let _ = reply.send(write());
    }
    w.close().map_err(orc_write_err)
}

fn check_types(schema: &Schema) -> Result<()> {
    for f in schema.fields() {
        use ArrowType as A;
        let ok = matches!(
            f.data_type(),
            A::Boolean
                | A::Int8
                | A::Int16
                | A::Int32
                | A::Int64
                | A::Float32
                | A::Float64
                | A::Utf8
                | A::LargeUtf8
                | A::Date32
                | A::Timestamp(_, _)
        );
        if !ok {
            return Err(Error::not_implemented(format!(
                "column {:?} of type {} cannot be written to ORC; the ORC writer takes \
                 bool, signed integer, float, string, date and timestamp columns",
                f.name(),
                f.data_type()
            )));
        }
    }
    Ok(())
}

impl OrcChunkedWriter {
    /// A writer into `sink` (the file is created at the first `write`).
    pub fn new(sink: &SinkInfo, opts: &OrcWriterOptions) -> Result<OrcChunkedWriter> {
        codec(opts.compression)?;
        if opts.stripe_size_rows == 0 || opts.stripe_size_bytes == 0 {
            return Err(Error::value("stripe sizes must be positive"));
        }
        Ok(OrcChunkedWriter {
            sink: sink.clone(),
            opts: opts.clone(),
            worker: None,
            schema: None,
        })
    }

    /// Append `table`: stripes of at most `stripe_size_rows` rows.
    pub fn write(&mut self, table: &Table, metadata: Option<&[ColumnMetadata]>) -> Result<()> {
        let batch = table_to_record_batch(table, metadata)?;
        let schema = batch.schema();
        check_types(&schema)?;
        if self.worker.is_none() {
            let out = self.sink.open()?;
            let (jobs, rx) = mpsc::channel();
            let (s, o) = (schema.clone(), self.opts.clone());
            let done = std::thread::Builder::new()
                .name("ferrodf-orc-writer".into())
                .spawn(move || encode_all(out, s, o, rx))
                .map_err(|e| orc_write_err(format!("cannot start the encoder thread: {e}")))?;
            self.worker = Some(Worker { jobs, done });
            self.schema = Some(schema.clone());
        }
        let first = self.schema.as_ref().expect("opened");
        if first.fields() != schema.fields() {
            return Err(Error::value(format!(
                "the table's columns {:?} differ from the first table's {:?}",
                schema.fields(),
                first.fields()
            )));
        }
        // The writer compares whole schemas (metadata included): use the first one.
        let batch = RecordBatch::try_new(first.clone(), batch.columns().to_vec())?;
        let worker = self.worker.as_ref().expect("opened");
        let (reply, answer) = mpsc::channel();
        let gone = || orc_write_err("the encoder thread stopped");
        worker.jobs.send((batch, reply)).map_err(|_| gone())?;
        answer.recv().map_err(|_| gone())?
    }

    /// Finish the file (writes the footer). A writer closed before any `write` produces
    /// nothing.
    pub fn close(mut self) -> Result<()> {
        if let Some(Worker { jobs, done }) = self.worker.take() {
            drop(jobs);
            let r = done
                .join()
                .map_err(|_| orc_write_err("the encoder thread panicked"))?;
            r.map_err(|e| Error::value(format!("{} ({})", e, self.sink.name())))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Column;

    fn table(n: i64) -> (Table, Vec<ColumnMetadata>) {
        let t = Table::new(vec![
            Column::from_values((0..n).collect()),
            Column::from_options((0..n).map(|i| (i % 3 != 0).then_some(i as f64)).collect()),
        ])
        .unwrap();
        (t, vec!["a".into(), "b".into()])
    }

    fn bytes(n: i64, opts: &OrcWriterOptions) -> Vec<u8> {
        let (t, m) = table(n);
        let sink = SinkInfo::memory();
        write_orc(&sink, &t, Some(&m), opts).unwrap();
        sink.take_bytes()
    }

    #[test]
    fn round_trip_with_selection() {
        for c in [
            CompressionType::None,
            CompressionType::Snappy,
            CompressionType::Zlib,
            CompressionType::Lz4,
            CompressionType::Zstd,
        ] {
            let o = OrcWriterOptions {
                compression: c,
                stripe_size_rows: 4,
                ..Default::default()
            };
            let data = bytes(10, &o);
            let src = SourceInfo::from_bytes(data);
            let all = read_orc(&src, &Default::default()).unwrap();
            assert_eq!(all.table.num_rows(), 10, "{c:?}");
            assert_eq!(all.table.columns()[1].null_count().unwrap(), 4);
            let sel = OrcReaderOptions {
                columns: Some(vec!["b".into(), "a".into()]),
                stripes: Some(vec![vec![2, 0]]),
                ..Default::default()
            };
            let t = read_orc(&src, &sel).unwrap();
            assert_eq!(t.column_names(), vec!["b", "a"]);
            assert_eq!(t.table.num_rows(), 6);
            let rows = OrcReaderOptions {
                skip_rows: 3,
                num_rows: Some(5),
                ..Default::default()
            };
            assert_eq!(read_orc(&src, &rows).unwrap().table.num_rows(), 5);
        }
    }

    #[test]
    fn bad_input() {
        let data = bytes(100, &Default::default());
        for cut in [0, 3, data.len() / 2, data.len() - 1] {
            let r = read_orc(
                &SourceInfo::from_bytes(data[..cut].to_vec()),
                &Default::default(),
            );
            assert!(matches!(r, Err(Error::Value(_))), "cut {cut}");
        }
        let src = SourceInfo::from_bytes(data);
        let o = OrcReaderOptions {
            stripes: Some(vec![vec![7]]),
            ..Default::default()
        };
        assert!(matches!(read_orc(&src, &o), Err(Error::Index(_))));
        let o = OrcWriterOptions {
            compression: CompressionType::Bzip2,
            ..Default::default()
        };
        assert!(matches!(
            OrcChunkedWriter::new(&SinkInfo::memory(), &o),
            Err(Error::NotImplemented(_))
        ));
        let u = Table::new(vec![Column::from_values(vec![1u32])]).unwrap();
        assert!(matches!(
            write_orc(&SinkInfo::memory(), &u, None, &Default::default()),
            Err(Error::NotImplemented(_))
        ));
    }
}
