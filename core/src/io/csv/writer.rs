//! `write_csv`: the table as arrow record batches, formatted by arrow-csv in pieces of rows
//! in parallel, then written (or compressed whole) in order.

use crate::error::{Error, Result};
use crate::interop::arrow::{ColumnMetadata, record_batch, table_to_record_batch};
use crate::io::compression::{CompressionType, compress};
use crate::io::debug_fields;
use crate::io::source::{SinkInfo, write_err};
use crate::io::{Progress, QuoteStyle, report};
use crate::table::Table;
use arrow_array::{ArrayRef, RecordBatch, StringArray, cast::AsArray};
use arrow_schema::{DataType as ArrowType, Field, Schema};
use rayon::prelude::*;
use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Options of [`write_csv`] (pylibcudf's `CsvWriterOptions`).
#[derive(Clone)]
pub struct CsvWriterOptions {
    /// Column names for the header (default: the table's metadata, else "0", "1", ...).
    pub names: Option<Vec<String>>,
    /// Text written for nulls.
    pub na_rep: String,
    /// Write the header row.
    pub include_header: bool,
    /// Rows formatted per piece (pieces are formatted in parallel).
    pub rows_per_chunk: usize,
    /// Row terminator.
    pub line_terminator: String,
    /// Field separator.
    pub inter_column_delimiter: u8,
    /// Text for true booleans.
    pub true_value: String,
    /// Text for false booleans.
    pub false_value: String,
    /// Which fields are quoted.
    pub quoting: QuoteStyle,
    /// Whole-file compression (`Auto`/`None`: none).
    pub compression: CompressionType,
    /// Progress hook (rows written, rows).
    pub progress: Option<Progress>,
}

impl Default for CsvWriterOptions {
    fn default() -> Self {
        CsvWriterOptions {
            names: None,
            na_rep: String::new(),
            include_header: true,
            rows_per_chunk: 1 << 17,
            line_terminator: "\n".into(),
            inter_column_delimiter: b',',
            true_value: "True".into(),
            false_value: "False".into(),
            quoting: QuoteStyle::Minimal,
            compression: CompressionType::None,
            progress: None,
        }
    }
}

debug_fields!(CsvWriterOptions {
    names,
    include_header,
    quoting
});

/// Write `table` as CSV. Nested columns are refused; booleans are written with
/// `true_value`/`false_value`, timestamps in ISO 8601.
///
/// ```
/// use ferrodf_core::io::{SinkInfo, csv::{CsvWriterOptions, write_csv}};
/// use ferrodf_core::{Column, Table};
/// let t = Table::new(vec![Column::from_options(vec![Some(1i64), None])]).unwrap();
/// let sink = SinkInfo::memory();
/// let opts = CsvWriterOptions { names: Some(vec!["x".into()]), ..Default::default() };
/// write_csv(&sink, &t, None, &opts).unwrap();
/// // A lone empty field is quoted so that the row is not a blank line.
/// assert_eq!(sink.take_bytes(), b"x\n1\n\"\"\n");
/// ```
pub fn write_csv(
    sink: &SinkInfo,
    table: &Table,
    metadata: Option<&[ColumnMetadata]>,
    opts: &CsvWriterOptions,
) -> Result<()> {
    let meta: Option<Vec<ColumnMetadata>> = match &opts.names {
        Some(n) => {
            if n.len() != table.num_columns() {
                return Err(Error::value(format!(
                    "names has {} entries but the table has {} columns",
                    n.len(),
                    table.num_columns()
                )));
            }
            Some(
                n.iter()
                    .map(|name| ColumnMetadata {
                        name: name.clone(),
                        children: vec![],
                    })
                    .collect(),
            )
        }
        None => metadata.map(<[_]>::to_vec),
    };
    for (i, c) in table.columns().iter().enumerate() {
        if matches!(
            c.dtype().id(),
            crate::types::TypeId::List | crate::types::TypeId::Struct
        ) {
            return Err(Error::type_err(format!(
                "column {i} is {}: CSV holds only flat columns; write it as Parquet or JSON",
                c.dtype().id()
            )));
        }
    }
    let batch = table_to_record_batch(table, meta.as_deref())?;
    let batch = bools_as_text(batch, opts)?;
    let rows = batch.num_rows();
    let step = opts.rows_per_chunk.max(1);
    let starts: Vec<usize> = (0..rows.max(1)).step_by(step).collect();
    let done = AtomicU64::new(0);
    let pieces = starts
        .par_iter()
        .map(|&s| {
            let len = step.min(rows - s.min(rows));
            let mut buf = Vec::with_capacity(len * 16);
            let mut w = writer_builder(opts, s == 0 && opts.include_header).build(&mut buf);
            w.write(&batch.slice(s, len))?;
            drop(w);
            let d = done.fetch_add(len as u64, Ordering::Relaxed) + len as u64;
            report(&opts.progress, d, rows as u64);
            Ok(buf)
        })
        .collect::<Result<Vec<_>>>()?;
    let mut out = sink.open()?;
    if matches!(
        opts.compression,
        CompressionType::None | CompressionType::Auto
    ) {
        for p in &pieces {
            out.write_all(p).map_err(|e| write_err(sink, e))?;
        }
    } else {
        let whole = pieces.concat();
        let z = compress(&whole, opts.compression)?;
        out.write_all(&z).map_err(|e| write_err(sink, e))?;
    }
    out.flush().map_err(|e| write_err(sink, e))
}

fn writer_builder(opts: &CsvWriterOptions, header: bool) -> arrow_csv::WriterBuilder {
    use arrow_csv::QuoteStyle as Q;
    let term = match opts.line_terminator.as_bytes() {
        b"\r\n" => arrow_csv::writer::Terminator::CRLF,
        [b] => arrow_csv::writer::Terminator::Any(*b),
        _ => arrow_csv::writer::Terminator::Any(b'\n'),
    };
    arrow_csv::WriterBuilder::new()
        .with_header(header)
        .with_delimiter(opts.inter_column_delimiter)
        .with_null(opts.na_rep.clone())
        .with_double_quote(true)
        .with_line_terminator(term)
        .with_quote_style(match opts.quoting {
            QuoteStyle::Minimal => Q::Necessary,
            QuoteStyle::All => Q::Always,
            QuoteStyle::NonNumeric => Q::NonNumeric,
            QuoteStyle::None => Q::Never,
        })
}

fn bools_as_text(batch: RecordBatch, opts: &CsvWriterOptions) -> Result<RecordBatch> {
    let schema = batch.schema();
    if !schema
        .fields()
        .iter()
        .any(|f| f.data_type() == &ArrowType::Boolean)
    {
        return Ok(batch);
    }
    let mut fields = vec![];
    let mut cols: Vec<ArrayRef> = vec![];
    for (f, c) in schema.fields().iter().zip(batch.columns()) {
        if f.data_type() == &ArrowType::Boolean {
            let s: StringArray = c
                .as_boolean()
                .iter()
                .map(|v| {
                    v.map(|b| {
                        if b {
                            opts.true_value.as_str()
                        } else {
                            opts.false_value.as_str()
                        }
                    })
                })
                .collect();
            fields.push(Field::new(f.name(), ArrowType::Utf8, true));
            cols.push(Arc::new(s));
        } else {
            fields.push(f.as_ref().clone());
            cols.push(c.clone());
        }
    }
    record_batch(Arc::new(Schema::new(fields)), cols, batch.num_rows())
}
