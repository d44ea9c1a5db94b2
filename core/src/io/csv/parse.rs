//! Decoding of one piece of CSV rows: type inference on a sample, decoding with arrow-csv,
//! whole-file error locations, and the conversions applied after decoding (missing-value
//! tokens, custom number separators, `parse_dates`).

use super::fast::NaTokens;
use super::options::CsvReaderOptions;
use crate::error::{Error, Result};
use crate::interop::arrow::record_batch;
use crate::io::split::RowScanner;
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray, cast::AsArray};
use arrow_schema::{DataType as ArrowType, Field, Schema, SchemaRef, TimeUnit};
use rayon::prelude::*;
use std::sync::Arc;

/// Rows per piece sampled for type inference (all rows are used if a sampled type later
/// fails to parse).
const INFER_ROWS: usize = 4096;

/// Widest of two inferred types: integers widen to floats, anything else mixed is text.
fn merge_types(a: &ArrowType, b: &ArrowType) -> ArrowType {
    use ArrowType as A;
    match (a, b) {
        (x, y) if x == y => x.clone(),
        (A::Null, x) | (x, A::Null) => x.clone(),
        (A::Int64, A::Float64) | (A::Float64, A::Int64) => A::Float64,
        _ => A::Utf8,
    }
}

/// How a column is decoded: straight by arrow-csv, or as text and converted after.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Post {
    None,
    /// Numbers with a custom decimal/thousands separator; `Some` when typed explicitly.
    Number,
    /// `parse_dates`.
    Date,
}

pub(super) fn is_numeric(t: &ArrowType) -> bool {
    t.is_integer() || t.is_floating() || matches!(t, ArrowType::Decimal128(..))
}

/// Make text values equal to a missing-value token null (see `fast_format`). Only the
/// validity changes; value buffers are shared.
pub(super) fn null_tokens(batch: RecordBatch, tokens: &NaTokens) -> Result<RecordBatch> {
    if tokens.is_empty() {
        return Ok(batch);
    }
    let columns = batch
        .columns()
        .par_iter()
        .map(|col| {
            let Some(s) = col.as_string_opt::<i32>() else {
                return col.clone();
            };
            let hit = |i: usize| tokens.contains(s.value(i).as_bytes());
            if !(0..s.len()).any(|i| s.is_valid(i) && hit(i)) {
                return col.clone();
            }
            let valid =
                arrow_buffer::BooleanBuffer::collect_bool(s.len(), |i| s.is_valid(i) && !hit(i));
            let out = StringArray::new(
                s.offsets().clone(),
                s.values().clone(),
                Some(arrow_buffer::NullBuffer::new(valid)),
            );
            Arc::new(out) as ArrayRef
        })
        .collect::<Vec<_>>();
    record_batch(batch.schema(), columns, batch.num_rows())
}

pub(super) fn infer(
    body: &[u8],
    chunks: &[std::ops::Range<usize>],
    fmt: &arrow_csv::reader::Format,
    ncols: usize,
    explicit: &[Option<ArrowType>],
    full: bool,
    located: &(dyn Fn(Error, usize) -> Error + Sync),
) -> Result<Vec<ArrowType>> {
    if explicit.iter().all(Option::is_some) {
        return Ok(vec![ArrowType::Utf8; ncols]);
    }
    let limit = if full { None } else { Some(INFER_ROWS) };
    // Ragged rows are reported by the decoder, with their row number.
    let fmt = fmt.clone().with_truncated_rows(true);
    let per_chunk = chunks
        .par_iter()
        .map(|c| {
            let (schema, _) = fmt
                .infer_schema(&body[c.clone()], limit)
                .map_err(|e| located(Error::value(e.to_string()), c.start))?;
            Ok(schema
                .fields()
                .iter()
                .map(|f| f.data_type().clone())
                .collect::<Vec<_>>())
        })
        .collect::<Result<Vec<_>>>()?;
    let mut out = vec![ArrowType::Null; ncols];
    for types in per_chunk {
        for (i, t) in types.iter().enumerate().take(ncols) {
            out[i] = merge_types(&out[i], t);
        }
    }
    Ok(out)
}

pub(super) fn decode_piece(
    piece: &[u8],
    schema: &SchemaRef,
    fmt: &arrow_csv::reader::Format,
    projection: &[usize],
    scanner: &RowScanner,
) -> Result<RecordBatch> {
    let rows = scanner.count_rows(piece) + 1;
    let mut decoder = arrow_csv::ReaderBuilder::new(schema.clone())
        .with_format(fmt.clone())
        .with_batch_size(rows)
        .with_projection(projection.to_vec())
        .build_decoder();
    let mut off = 0;
    loop {
        let n = decoder.decode(&piece[off..])?;
        if n == 0 {
            break;
        }
        off += n;
    }
    // An empty decode marks the end of input (a last row without terminator).
    decoder.decode(&[])?;
    let out = decoder.flush()?;
    Ok(out.unwrap_or_else(|| {
        RecordBatch::new_empty(Arc::new(
            schema.project(projection).expect("valid projection"),
        ))
    }))
}

/// Rewrite arrow-csv's piece-relative "line N" into a whole-file data row and byte offset.
pub(super) fn locate(
    e: Error,
    body: &[u8],
    start: usize,
    body_offset: usize,
    scanner: &RowScanner,
) -> Error {
    let msg = e.to_string();
    let rows_before = scanner.count_rows(&body[..start]);
    let mut out = String::new();
    let mut rest = msg.as_str();
    while let Some(i) = rest.find("line ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 5..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<usize>() {
            // arrow-csv counts its parse errors from 0 and its record errors from 1.
            Ok(n) => {
                let row = if msg.contains("number of fields") || msg.contains("UTF-8") {
                    n.saturating_sub(1)
                } else {
                    n
                };
                out.push_str(&format!("row {}", rows_before + row));
            }
            Err(_) => out.push_str("line "),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    Error::value(format!(
        "CSV parse error (rows are counted from 0 after the header; the piece holding it \
         starts at byte {}): {out}",
        body_offset + start
    ))
}

/// Apply the text-to-number and text-to-date conversions.
pub(super) fn convert_post(
    batch: RecordBatch,
    projection: &[usize],
    posts: &[Post],
    explicit: &[Option<ArrowType>],
    opts: &CsvReaderOptions,
) -> Result<RecordBatch> {
    if projection.iter().all(|&i| posts[i] == Post::None) {
        return Ok(batch);
    }
    let schema = batch.schema();
    let mut fields = vec![];
    let mut cols = vec![];
    for (k, &i) in projection.iter().enumerate() {
        let col = batch.column(k).clone();
        let f = schema.field(k);
        let (col, t) = match posts[i] {
            Post::None => (col, f.data_type().clone()),
            Post::Date => {
                let t = ArrowType::Timestamp(TimeUnit::Millisecond, None);
                (cast_strict(&col, &t, f.name())?, t)
            }
            Post::Number => {
                let s = normalize_numbers(col.as_string::<i32>(), opts);
                match &explicit[i] {
                    Some(t) => (cast_strict(&s, t, f.name())?, t.clone()),
                    None => {
                        let mut res = (col.clone(), ArrowType::Utf8);
                        for t in [ArrowType::Int64, ArrowType::Float64] {
                            if let Ok(c) = cast_strict(&s, &t, f.name()) {
                                res = (c, t);
                                break;
                            }
                        }
                        res
                    }
                }
            }
        };
        fields.push(Field::new(f.name(), t, true));
        cols.push(col);
    }
    record_batch(Arc::new(Schema::new(fields)), cols, batch.num_rows())
}

fn normalize_numbers(s: &StringArray, opts: &CsvReaderOptions) -> ArrayRef {
    let dec = opts.decimal as char;
    let th = opts.thousands.map(|t| t as char);
    let out: StringArray = s
        .iter()
        .map(|v| {
            v.map(|v| {
                v.chars()
                    .filter(|c| Some(*c) != th)
                    .map(|c| if c == dec { '.' } else { c })
                    .collect::<String>()
            })
        })
        .collect();
    Arc::new(out)
}

fn cast_strict(a: &ArrayRef, t: &ArrowType, name: &str) -> Result<ArrayRef> {
    let options = arrow_cast::CastOptions {
        safe: false,
        ..Default::default()
    };
    arrow_cast::cast_with_options(a, t, &options).map_err(|e| {
        // Find the first failing row for the message.
        let row = (0..a.len()).find(|&r| {
            !a.is_null(r) && arrow_cast::cast_with_options(&a.slice(r, 1), t, &options).is_err()
        });
        Error::value(format!(
            "column {name:?}{}: cannot convert to {t}: {e}",
            row.map_or(String::new(), |r| format!(", row {r}"))
        ))
    })
}
