//! JSON reading and writing (pylibcudf's `io.json`), on the host.
//!
//! A JSON string cannot hold a raw line break, so JSON lines are cut at line breaks into
//! pieces decoded in parallel by `arrow-json`. Types are inferred from every line, piece
//! by piece in parallel (numbers, booleans, strings, lists and structs; integers mixed
//! with floats become floats, other mixtures text).
//!
//! Options that change the text ([`JsonReaderOptions`] says which) run a record pass
//! first (`prepass`): each record is parsed, checked and written back as canonical JSON
//! lines, in parallel, and the fast path above reads that. The default options skip it
//! unless arrow-json refuses the input (libcudf accepts `NaN`, `007` and raw control
//! characters in strings by default; arrow-json does not).
//!
//! ```
//! use ferrodf_core::io::{SourceInfo, json::{JsonReaderOptions, read_json}};
//! let src = SourceInfo::from_bytes(&b"{\"a\": 1, \"b\": [1, 2]}\n{\"a\": null, \"b\": []}\n"[..]);
//! let t = read_json(&src, &JsonReaderOptions::default()).unwrap();
//! assert_eq!(t.column_names(), vec!["a", "b"]);
//! assert_eq!(t.table.columns()[0].null_count().unwrap(), 1);
//! ```

use super::compression::{CompressionType, compress, decompress};
use super::source::{SinkInfo, SourceInfo, write_err};
use super::split::RowScanner;
use super::{Progress, TableWithMetadata, guard, report};
use crate::error::{Error, Result};
use crate::interop::arrow::{ColumnMetadata, dtype_to_arrow, table_to_record_batch};
use crate::io::debug_fields;
use crate::table::Table;
use crate::types::DataType;
use arrow_array::RecordBatch;
use arrow_schema::{DataType as ArrowType, Field, Schema, SchemaRef};
use bytes::Bytes;
use prepass::Rules;
use rayon::prelude::*;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

mod options;
mod prepass;
pub mod surrogates;

pub use options::{JSONRecoveryMode, JsonReaderOptions};

/// Read JSON from every source (rows concatenated in order).
///
/// With a byte range the decompressed sources are joined by the delimiter and only the
/// records starting inside the range are read (see [`JsonReaderOptions`]).
pub fn read_json(source: &SourceInfo, opts: &JsonReaderOptions) -> Result<TableWithMetadata> {
    opts.check()?;
    let mut texts = vec![];
    for s in source.non_empty()? {
        let name = s.name();
        let data = s.read_all()?;
        let data = guard(&format!("decompressing JSON {name}"), || {
            decompress(data, opts.compression, &name)
        })?;
        texts.push((data, name));
    }
    if opts.has_byte_range() {
        let mut joined = Vec::new();
        for (i, (d, _)) in texts.iter().enumerate() {
            if i > 0 {
                joined.push(opts.delimiter);
            }
            joined.extend_from_slice(d);
        }
        let r = prepass::byte_range_rows(
            &joined,
            opts.byte_range_offset,
            opts.byte_range_size,
            opts.delimiter,
        );
        let name = format!("byte range of {} sources", texts.len());
        texts = vec![(Bytes::from(joined).slice(r), name)];
    }
    let mut parts = vec![];
    for (data, name) in texts {
        parts.push(guard(&format!("reading JSON {name}"), || {
            read_text(data, opts, &name)
        })?);
    }
    let batch = super::concat_batches(parts)?;
    TableWithMetadata::from_record_batch(&batch)
}

/// Read one decompressed text: straight to arrow-json when no option needs the record
/// pass, else each record checked and rewritten as canonical JSON lines first.
fn read_text(data: Bytes, opts: &JsonReaderOptions, name: &str) -> Result<RecordBatch> {
    let data = surrogates::decode_escaped_pairs(data);
    if !opts.needs_rewrite(&data) {
        // arrow-json refuses some of what libcudf's defaults accept (`NaN`, `007`, raw
        // control characters in strings): on failure the record pass below reads those,
        // and otherwise names the record at fault. Valid input never pays for it.
        if let Ok(b) = decode_lines(data.clone(), opts, name, None) {
            return Ok(b);
        }
    }
    let mut rules = opts.rules();
    let records = if opts.lines {
        prepass::split_lines(&data, opts.delimiter)
    } else {
        prepass::split_array(&data, &rules).map_err(|(at, msg)| {
            Error::value(format!("{name}: invalid JSON at byte {at}: {msg}"))
        })?
    };
    let what = if opts.lines { "line" } else { "record" };
    let (mut text, kinds, nonnumeric) = rewrite_all(&data, &records, &rules, opts, name, what)?;
    if opts.mixed_types_as_string {
        let mixed = prepass::mixed_keys(kinds.iter());
        if !mixed.is_empty() {
            rules.raw_keys.extend(mixed);
            text = rewrite_all(&data, &records, &rules, opts, name, what)?.0;
        }
    }
    // `NaN` and friends are written as strings arrow-json's float decoder parses; for
    // type inference they are written as a float so their columns infer as floats.
    let infer_text = if nonnumeric {
        let r = Rules {
            nonnumeric_as_number: true,
            ..rules
        };
        Some(rewrite_all(&data, &records, &r, opts, name, what)?.0)
    } else {
        None
    };
    decode_lines(text, opts, name, infer_text)
}

type Kinds = Vec<(String, prepass::Kind)>;

/// Every record rewritten (in parallel), one per line; malformed ones raise, or become
/// `{}` (a row of nulls) under `RecoverWithNull`.
fn rewrite_all(
    data: &[u8],
    records: &[prepass::Record],
    rules: &Rules,
    opts: &JsonReaderOptions,
    name: &str,
    what: &str,
) -> Result<(Bytes, Kinds, bool)> {
    let recover = opts.recovery_mode == JSONRecoveryMode::RecoverWithNull;
    let want_kinds = opts.mixed_types_as_string;
    let pieces = records
        .par_chunks(4096)
        .map(|chunk| {
            let mut out = Vec::new();
            let mut kinds = vec![];
            let mut nonnumeric = false;
            for rec in chunk {
                let mark = out.len();
                match prepass::rewrite(&data[rec.span.clone()], rules, &mut out, want_kinds) {
                    Ok(r) if r.blank => continue,
                    Ok(r) => {
                        kinds.extend(r.kinds);
                        nonnumeric |= r.nonnumeric;
                    }
                    Err(_) if recover => {
                        out.truncate(mark);
                        out.extend_from_slice(b"{}");
                    }
                    Err((at, msg)) => {
                        return Err(Error::value(format!(
                            "{name}: invalid JSON in {what} {} (byte {}): {msg}",
                            rec.line,
                            rec.span.start + at
                        )));
                    }
                }
                out.push(b'\n');
            }
            Ok((out, kinds, nonnumeric))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut text = Vec::with_capacity(pieces.iter().map(|p| p.0.len()).sum());
    let mut kinds = vec![];
    let mut nonnumeric = false;
    for (t, k, n) in pieces {
        text.extend_from_slice(&t);
        kinds.extend(k);
        nonnumeric |= n;
    }
    Ok((Bytes::from(text), kinds, nonnumeric))
}

fn infer(data: &[u8], limit: Option<usize>) -> Result<Schema> {
    arrow_json::reader::infer_json_schema(data, limit)
        .map(|(s, _)| s)
        .map_err(|e| Error::value(format!("JSON type inference failed: {e}")))
}

/// Cut JSON lines into pieces decoded in parallel.
fn pieces(data: &[u8]) -> Vec<std::ops::Range<usize>> {
    let threads = rayon::current_num_threads().max(1);
    let target = (data.len() / (threads * 4)).max(1 << 20);
    SCANNER.chunks(data, target)
}

const SCANNER: RowScanner = RowScanner {
    quote: None,
    terminator: b'\n',
};

/// The schema of JSON lines: every line inferred, in parallel (arrow-json truncates a
/// float decoded into an integer column silently, so a sampled schema could corrupt
/// data without an error).
fn infer_lines(data: &[u8], name: &str) -> Result<Schema> {
    let per_piece = pieces(data)
        .par_iter()
        .map(|c| infer(&data[c.clone()], None).map_err(|e| locate(data, e, c.start, name)))
        .collect::<Result<Vec<_>>>()?;
    Ok(per_piece
        .into_iter()
        .reduce(|a, b| merge_schemas(&a, &b))
        .unwrap_or_else(Schema::empty))
}

fn locate(data: &[u8], e: Error, start: usize, name: &str) -> Error {
    let line = SCANNER.count_rows(&data[..start]);
    Error::value(format!(
        "{name}: invalid JSON in the lines from line {line} (byte {start}) on: {e}"
    ))
}

/// Decode JSON lines with the schema inferred from `infer_from` (`data` when None), the
/// dtypes applied (only they, with `prune_columns`).
fn decode_lines(
    data: Bytes,
    opts: &JsonReaderOptions,
    name: &str,
    infer_from: Option<Bytes>,
) -> Result<RecordBatch> {
    let total = data.len() as u64;
    let fixed = if opts.prune_columns && !opts.dtypes.is_empty() {
        // Only the named columns: nothing to infer.
        let s = apply_dtypes(Schema::empty(), &opts.dtypes)?;
        Arc::new(first_seen_order(s.as_ref().clone(), &data))
    } else {
        let merged = infer_lines(infer_from.as_deref().unwrap_or(&data), name)?;
        apply_dtypes(first_seen_order(merged, &data), &opts.dtypes)?
    };
    let done = AtomicU64::new(0);
    let chunks = pieces(&data);
    let batches = chunks
        .par_iter()
        .map(|c| {
            let b =
                decode_piece(&data[c.clone()], &fixed).map_err(|e| locate(&data, e, c.start, name));
            let d = done.fetch_add(c.len() as u64, Ordering::Relaxed) + c.len() as u64;
            report(&opts.progress, d, total);
            b
        })
        .collect::<Result<Vec<_>>>()?;
    if batches.is_empty() {
        return Ok(RecordBatch::new_empty(fixed));
    }
    super::concat_batches(batches)
}

/// The union of two inferred schemas: fields of both (first's order first), types widened
/// (integers with floats become floats, structs merge by field, anything else mixed is text).
fn merge_schemas(a: &Schema, b: &Schema) -> Schema {
    let mut fields: Vec<Field> = a.fields().iter().map(|f| f.as_ref().clone()).collect();
    for fb in b.fields() {
        match fields.iter_mut().find(|f| f.name() == fb.name()) {
            Some(f) => *f = Field::new(f.name(), merge_types(f.data_type(), fb.data_type()), true),
            None => fields.push(fb.as_ref().clone()),
        }
    }
    Schema::new(fields)
}

fn merge_types(a: &ArrowType, b: &ArrowType) -> ArrowType {
    use ArrowType as A;
    match (a, b) {
        (x, y) if x == y => x.clone(),
        (A::Null, x) | (x, A::Null) => x.clone(),
        (A::Int64, A::Float64) | (A::Float64, A::Int64) => A::Float64,
        (A::Struct(fa), A::Struct(fb)) => {
            let s = merge_schemas(&Schema::new(fa.clone()), &Schema::new(fb.clone()));
            A::Struct(s.fields().clone())
        }
        (A::List(fa), A::List(fb)) => A::List(Arc::new(Field::new(
            fa.name(),
            merge_types(fa.data_type(), fb.data_type()),
            true,
        ))),
        _ => A::Utf8,
    }
}

/// arrow-json's inference does not keep key order; order the columns by where each key
/// first appears in the input (pandas and pyarrow use first-seen order).
fn first_seen_order(schema: Schema, data: &[u8]) -> Schema {
    let head = &data[..data.len().min(1 << 20)];
    let mut fields: Vec<(usize, Field)> = schema
        .fields()
        .iter()
        .map(|f| {
            let key = format!("\"{}\"", f.name());
            let pos = memchr::memmem::find(head, key.as_bytes())
                .or_else(|| memchr::memmem::find(data, key.as_bytes()))
                .unwrap_or(usize::MAX);
            (pos, f.as_ref().clone())
        })
        .collect();
    fields.sort_by_key(|(p, _)| *p);
    Schema::new(fields.into_iter().map(|(_, f)| f).collect::<Vec<_>>())
}

fn apply_dtypes(schema: Schema, dtypes: &[(String, DataType)]) -> Result<SchemaRef> {
    let mut fields: Vec<Field> = schema.fields().iter().map(|f| f.as_ref().clone()).collect();
    for (n, t) in dtypes {
        let t = dtype_to_arrow(*t)?;
        match fields.iter_mut().find(|f| f.name() == n) {
            Some(f) => *f = Field::new(n, t, true),
            None => fields.push(Field::new(n, t, true)),
        }
    }
    Ok(Arc::new(Schema::new(fields)))
}

fn decode_piece(piece: &[u8], schema: &SchemaRef) -> Result<RecordBatch> {
    let rows = memchr::memchr_iter(b'\n', piece).count() + 1;
    // Numbers and booleans in a string column (a column mixing them with strings) are
    // read as their text, as libcudf reads them.
    let mut d = arrow_json::ReaderBuilder::new(schema.clone())
        .with_batch_size(rows)
        .with_coerce_primitive(true)
        .build_decoder()?;
    let mut off = 0;
    while off < piece.len() {
        let n = d.decode(&piece[off..])?;
        if n == 0 {
            break;
        }
        off += n;
    }
    Ok(d.flush()?
        .unwrap_or_else(|| RecordBatch::new_empty(schema.clone())))
}

/// Options of [`write_json`] (pylibcudf's `JsonWriterOptions`).
#[derive(Clone)]
pub struct JsonWriterOptions {
    /// One object per line (`false`: one JSON array).
    pub lines: bool,
    /// Write `"key": null` for nulls instead of leaving the key out.
    pub include_nulls: bool,
    /// Rows formatted per piece (pieces are formatted in parallel).
    pub rows_per_chunk: usize,
    /// Whole-file compression.
    pub compression: CompressionType,
    /// Progress hook (rows written, rows).
    pub progress: Option<Progress>,
}

impl Default for JsonWriterOptions {
    fn default() -> Self {
        JsonWriterOptions {
            lines: true,
            include_nulls: false,
            rows_per_chunk: 1 << 16,
            compression: CompressionType::None,
            progress: None,
        }
    }
}

debug_fields!(JsonWriterOptions {
    lines,
    include_nulls
});

/// Write `table` as JSON lines (or one array); `metadata` names the columns and fields.
///
/// ```
/// use ferrodf_core::io::{SinkInfo, json::{JsonWriterOptions, write_json}};
/// use ferrodf_core::{Column, Table, interop::arrow::ColumnMetadata};
/// let t = Table::new(vec![Column::from_options(vec![Some(1i64), None])]).unwrap();
/// let sink = SinkInfo::memory();
/// let names = [ColumnMetadata { name: "a".into(), children: vec![] }];
/// write_json(&sink, &t, Some(&names), &JsonWriterOptions::default()).unwrap();
/// assert_eq!(sink.take_bytes(), b"{\"a\":1}\n{}\n");
/// ```
pub fn write_json(
    sink: &SinkInfo,
    table: &Table,
    metadata: Option<&[ColumnMetadata]>,
    opts: &JsonWriterOptions,
) -> Result<()> {
    let batch = table_to_record_batch(table, metadata)?;
    let rows = batch.num_rows();
    let step = opts.rows_per_chunk.max(1);
    let starts: Vec<usize> = (0..rows).step_by(step).collect();
    let done = AtomicU64::new(0);
    let builder = || arrow_json::WriterBuilder::new().with_explicit_nulls(opts.include_nulls);
    let pieces = starts
        .par_iter()
        .map(|&s| {
            let len = step.min(rows - s);
            let slice = batch.slice(s, len);
            let mut buf = Vec::with_capacity(len * 32);
            if opts.lines {
                let mut w = builder().build::<_, arrow_json::writer::LineDelimited>(&mut buf);
                w.write(&slice)?;
                w.finish()?;
            } else {
                // Format as one array, then strip the brackets to join pieces with commas.
                let mut w = builder().build::<_, arrow_json::writer::JsonArray>(&mut buf);
                w.write(&slice)?;
                w.finish()?;
                drop(w);
                let inner = buf[1..buf.len() - 1].to_vec();
                buf = inner;
            }
            let d = done.fetch_add(len as u64, Ordering::Relaxed) + len as u64;
            report(&opts.progress, d, rows as u64);
            Ok(buf)
        })
        .collect::<Result<Vec<_>>>()?;
    let mut whole = Vec::new();
    if opts.lines {
        whole = pieces.concat();
    } else {
        whole.push(b'[');
        let non_empty: Vec<&Vec<u8>> = pieces.iter().filter(|p| !p.is_empty()).collect();
        for (i, p) in non_empty.iter().enumerate() {
            if i > 0 {
                whole.push(b',');
            }
            whole.extend_from_slice(p);
        }
        whole.push(b']');
    }
    let bytes = compress(&whole, opts.compression)?;
    let mut out = sink.open()?;
    out.write_all(&bytes).map_err(|e| write_err(sink, e))?;
    out.flush().map_err(|e| write_err(sink, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(data: &str, opts: &JsonReaderOptions) -> Result<TableWithMetadata> {
        read_json(&SourceInfo::from_bytes(data.as_bytes().to_vec()), opts)
    }

    #[test]
    fn fast_path_refusals_go_through_the_record_pass() {
        let t = read(
            "{\"a\": 007}\n{\"a\": NaN}\n",
            &JsonReaderOptions::default(),
        )
        .unwrap();
        assert_eq!(t.table.num_rows(), 2);
        let e = read("{\"a\": 1}\n{\"a\": \n", &JsonReaderOptions::default()).unwrap_err();
        assert!(e.to_string().contains("line 2 (byte 15)"), "{e}");
    }

    #[test]
    fn array_and_byte_range_read_the_same_rows() {
        let lines = read(
            "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n",
            &JsonReaderOptions {
                byte_range_offset: 1,
                byte_range_size: 8,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(lines.table.num_rows(), 1);
        let array = read(
            "[{\"a\":1}, {\"a\":2}]",
            &JsonReaderOptions {
                lines: false,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(array.table.num_rows(), 2);
        let bad = JsonReaderOptions {
            delimiter: b',',
            ..Default::default()
        };
        assert!(read("{}", &bad).is_err());
    }
}
