//! CSV reading and writing (pylibcudf's `io.csv`).
//!
//! The reader cuts the (decompressed) input into pieces of whole rows, infers column types
//! on a sample of every piece, and decodes the pieces in parallel with `arrow-csv`; the
//! decoded pieces are concatenated once per column. Type inference follows libcudf rather
//! than arrow-csv where they differ: dates stay strings unless named in `parse_dates`,
//! and the default missing-value tokens are pandas' (`""`, `NA`, `NaN`, `null`, ...).
//!
//! Errors name the data row (0-based, not counting the header) and the column:
//!
//! ```
//! use ferrodf_core::io::{SourceInfo, csv::{CsvReaderOptions, read_csv}};
//! use ferrodf_core::{DataType, TypeId};
//! let src = SourceInfo::from_bytes(b"a,b\n1,2\n3,x\n".to_vec());
//! let opts = CsvReaderOptions {
//!     dtypes: vec![("b".into(), DataType::from(TypeId::Int64))],
//!     ..Default::default()
//! };
//! let e = read_csv(&src, &opts).unwrap_err().to_string();
//! assert!(e.contains("'x'") && e.contains("column 1") && e.contains("row 1"), "{e}");
//! ```

use super::compression::{CompressionType, compress, decompress};
use super::source::{SinkInfo, SourceInfo, write_err};
use super::split::RowScanner;
use super::{Progress, QuoteStyle, TableWithMetadata, guard, report};
use crate::error::{Error, Result};
use crate::interop::arrow::{ColumnMetadata, dtype_to_arrow, table_to_record_batch};
use crate::table::Table;
use crate::types::DataType;
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray, cast::AsArray};
use arrow_schema::{DataType as ArrowType, Field, Schema, SchemaRef, TimeUnit};
use bytes::Bytes;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// pandas' default missing-value tokens (libcudf uses the same list).
pub const DEFAULT_NA_VALUES: &[&str] = &[
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
];

/// Rows per piece sampled for type inference (all rows are used if a sampled type later
/// fails to parse).
const INFER_ROWS: usize = 4096;

/// A column chosen by position or by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnRef {
    /// 0-based position in the file.
    Index(usize),
    /// Name (from the header or `names`).
    Name(String),
}

/// Options of [`read_csv`] (pylibcudf's `CsvReaderOptions`); start from `Default`.
#[derive(Clone)]
pub struct CsvReaderOptions {
    /// Whole-file compression; `Auto` detects gzip, zstd and bzip2 from the content.
    pub compression: CompressionType,
    /// Field separator.
    pub delimiter: u8,
    /// Row terminator (`\r\n` is accepted when this is `\n`).
    pub lineterminator: u8,
    /// Quote character.
    pub quotechar: u8,
    /// `QuoteStyle::None` turns quote handling off; the other styles read alike.
    pub quoting: QuoteStyle,
    /// Row (after `skiprows`) holding the column names; negative: no header.
    pub header: i64,
    /// Column names replacing the header's (or naming a header-less file).
    pub names: Option<Vec<String>>,
    /// Prefix of generated names for header-less files (`prefix` + position).
    pub prefix: String,
    /// Rename duplicate names `a, a` to `a, a.1`.
    pub mangle_dupe_cols: bool,
    /// Columns to read; `None` reads all.
    pub usecols: Option<Vec<ColumnRef>>,
    /// Explicit types by column name (applied before `dtypes_list`).
    pub dtypes: Vec<(String, DataType)>,
    /// Explicit types by position (the first columns of the file).
    pub dtypes_list: Vec<DataType>,
    /// Extra missing-value tokens.
    pub na_values: Vec<String>,
    /// Also treat [`DEFAULT_NA_VALUES`] as missing.
    pub keep_default_na: bool,
    /// Detect missing values at all (`false`: only nothing is null, empty strings stay).
    pub na_filter: bool,
    /// Rows skipped at the start, before the header.
    pub skiprows: usize,
    /// Read at most this many data rows.
    pub nrows: Option<usize>,
    /// Rows dropped at the end.
    pub skipfooter: usize,
    /// Decimal separator of numbers.
    pub decimal: u8,
    /// Thousands separator of numbers.
    pub thousands: Option<u8>,
    /// Lines starting with this byte are skipped.
    pub comment: Option<u8>,
    /// Columns parsed as TIMESTAMP_MILLISECONDS (ISO 8601 text; offsets convert to UTC).
    pub parse_dates: Vec<ColumnRef>,
    /// Progress hook (bytes decoded, input bytes).
    pub progress: Option<Progress>,
}

impl Default for CsvReaderOptions {
    fn default() -> Self {
        CsvReaderOptions {
            compression: CompressionType::Auto,
            delimiter: b',',
            lineterminator: b'\n',
            quotechar: b'"',
            quoting: QuoteStyle::Minimal,
            header: 0,
            names: None,
            prefix: String::new(),
            mangle_dupe_cols: true,
            usecols: None,
            dtypes: vec![],
            dtypes_list: vec![],
            na_values: vec![],
            keep_default_na: true,
            na_filter: true,
            skiprows: 0,
            nrows: None,
            skipfooter: 0,
            decimal: b'.',
            thousands: None,
            comment: None,
            parse_dates: vec![],
            progress: None,
        }
    }
}

impl std::fmt::Debug for CsvReaderOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CsvReaderOptions")
            .field("delimiter", &(self.delimiter as char))
            .field("header", &self.header)
            .field("names", &self.names)
            .field("usecols", &self.usecols)
            .finish_non_exhaustive()
    }
}

impl CsvReaderOptions {
    fn scanner(&self) -> RowScanner {
        RowScanner {
            quote: (self.quoting != QuoteStyle::None).then_some(self.quotechar),
            terminator: self.lineterminator,
        }
    }

    /// The arrow-csv format (without header: the reader handles the header itself).
    fn format(&self) -> Result<arrow_csv::reader::Format> {
        let mut f = arrow_csv::reader::Format::default()
            .with_header(false)
            .with_delimiter(self.delimiter)
            // No quote style: a NUL byte never occurs in text, so nothing is a quote.
            .with_quote(if self.quoting == QuoteStyle::None {
                0
            } else {
                self.quotechar
            });
        if self.lineterminator != b'\n' {
            f = f.with_terminator(self.lineterminator);
        }
        if let Some(c) = self.comment {
            f = f.with_comment(c);
        }
        if let Some(r) = self.null_regex()? {
            f = f.with_null_regex(r);
        }
        Ok(f)
    }

    /// The missing-value tokens (empty when `na_filter` is off).
    fn na_tokens(&self) -> Vec<String> {
        let mut tokens: Vec<String> = vec![];
        if self.na_filter {
            if self.keep_default_na {
                tokens.extend(DEFAULT_NA_VALUES.iter().map(|s| s.to_string()));
            } else {
                tokens.push(String::new());
            }
            tokens.extend(self.na_values.iter().cloned());
        }
        tokens
    }

    /// The format of the fast path: only empty fields are null while decoding, which
    /// spares a regex match per field (a third of the decode time); the other tokens are
    /// applied to text columns afterwards by [`null_tokens`]. A number column holding a
    /// token fails to decode and that piece is decoded again with the full format.
    fn fast_format(&self) -> Result<Option<arrow_csv::reader::Format>> {
        if !self.na_filter {
            return Ok(None);
        }
        let mut o = self.clone();
        o.keep_default_na = false;
        o.na_values.clear();
        o.format().map(Some)
    }

    /// The missing-value regex; `None` means arrow-csv's default (empty field is null).
    fn null_regex(&self) -> Result<Option<regex::Regex>> {
        let tokens = self.na_tokens();
        if tokens == [""] {
            return Ok(None);
        }
        let alts: Vec<String> = tokens.iter().map(|t| regex::escape(t)).collect();
        // With na_filter off nothing is null: the empty alternation never matches text.
        let pat = if alts.is_empty() {
            "^\\b\\B$".to_string()
        } else {
            format!("^(?:{})$", alts.join("|"))
        };
        regex::Regex::new(&pat)
            .map(Some)
            .map_err(|e| Error::value(format!("bad na_values: {e}")))
    }
}

/// Read CSV from every source (rows concatenated in order).
pub fn read_csv(source: &SourceInfo, opts: &CsvReaderOptions) -> Result<TableWithMetadata> {
    let mut parts = vec![];
    for s in source.non_empty()? {
        let data = s.read_all()?;
        let name = s.name();
        let batch = guard(&format!("reading CSV {name}"), || {
            read_bytes(data, opts, &name)
        })?;
        parts.push(batch);
    }
    let batch = concat_batches(parts)?;
    TableWithMetadata::from_record_batch(&batch)
}

/// Concatenate batches of one schema, column by column in parallel.
pub(crate) fn concat_batches(mut parts: Vec<RecordBatch>) -> Result<RecordBatch> {
    if parts.len() == 1 {
        return Ok(parts.pop().expect("one part"));
    }
    let schema = parts[0].schema();
    for (i, p) in parts.iter().enumerate().skip(1) {
        if p.schema().fields() != schema.fields() {
            return Err(Error::value(format!(
                "input {i} has columns {:?} but input 0 has {:?}; all inputs of one read \
                 must have the same columns and types",
                p.schema().fields(),
                schema.fields()
            )));
        }
    }
    let columns = (0..schema.fields().len())
        .into_par_iter()
        .map(|c| {
            let arrays: Vec<&dyn Array> = parts.iter().map(|p| p.column(c).as_ref()).collect();
            Ok(arrow_select::concat::concat(&arrays)?)
        })
        .collect::<Result<Vec<ArrayRef>>>()?;
    let rows = parts.iter().map(|p| p.num_rows()).sum();
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
    Ok(RecordBatch::try_new_with_options(
        schema, columns, &options,
    )?)
}

/// Names of a header row, by the same quoting rules as the data.
fn parse_header(row: &[u8], opts: &CsvReaderOptions) -> Result<Vec<String>> {
    let fmt = opts.format()?.with_header(true);
    let (schema, _) = fmt
        .infer_schema(row, Some(0))
        .map_err(|e| Error::value(format!("cannot read the CSV header: {e}")))?;
    Ok(schema.fields().iter().map(|f| f.name().clone()).collect())
}

fn final_names(
    mut names: Vec<String>,
    ncols: usize,
    opts: &CsvReaderOptions,
) -> Result<Vec<String>> {
    if let Some(given) = &opts.names {
        if given.len() != ncols {
            return Err(Error::value(format!(
                "names has {} entries but the file has {ncols} columns",
                given.len()
            )));
        }
        names = given.clone();
    } else if names.is_empty() {
        names = (0..ncols).map(|i| format!("{}{i}", opts.prefix)).collect();
    }
    for (i, n) in names.iter_mut().enumerate() {
        if n.is_empty() {
            *n = format!("Unnamed: {i}");
        }
    }
    if opts.mangle_dupe_cols {
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for n in names.iter_mut() {
            let k = seen.entry(n.clone()).or_insert(0);
            if *k > 0 {
                *n = format!("{n}.{k}");
            }
            *k += 1;
        }
    }
    Ok(names)
}

fn resolve(r: &ColumnRef, names: &[String], what: &str) -> Result<usize> {
    match r {
        ColumnRef::Index(i) if *i < names.len() => Ok(*i),
        ColumnRef::Index(i) => Err(Error::index(format!(
            "{what}: column {i} does not exist; the file has {} columns",
            names.len()
        ))),
        ColumnRef::Name(n) => names.iter().position(|x| x == n).ok_or_else(|| {
            Error::Key(format!(
                "{what}: no column named {n:?}; the columns are {names:?}"
            ))
        }),
    }
}

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
enum Post {
    None,
    /// Numbers with a custom decimal/thousands separator; `Some` when typed explicitly.
    Number,
    /// `parse_dates`.
    Date,
}

fn is_numeric(t: &ArrowType) -> bool {
    t.is_integer() || t.is_floating() || matches!(t, ArrowType::Decimal128(..))
}

fn read_bytes(data: Bytes, opts: &CsvReaderOptions, name: &str) -> Result<RecordBatch> {
    let data = decompress(data, opts.compression, name)?;
    let total = data.len() as u64;
    let scanner = opts.scanner();
    let mut pos = scanner.skip_rows(&data, opts.skiprows).0;
    if data[pos..].starts_with(b"\xef\xbb\xbf") {
        pos += 3;
    }
    let mut header_names = vec![];
    // Comment and blank lines before the header are not rows (pandas agrees).
    let skip_noise = |mut p: usize| {
        while p < data.len()
            && (Some(data[p]) == opts.comment
                || data[p] == opts.lineterminator
                || data[p..].starts_with(b"\r\n"))
        {
            p += scanner.skip_rows(&data[p..], 1).0;
        }
        p
    };
    if opts.header >= 0 {
        pos = skip_noise(pos);
        pos += scanner.skip_rows(&data[pos..], opts.header as usize).0;
        pos = skip_noise(pos);
        let end = pos + scanner.skip_rows(&data[pos..], 1).0;
        header_names = parse_header(&data[pos..end], opts)?;
        pos = end;
    }
    let mut body = data.slice(pos..);
    if let Some(n) = opts.nrows {
        body = body.slice(..scanner.skip_rows(&body, n).0);
    }
    if opts.skipfooter > 0 {
        let rows = scanner.count_rows(&body);
        body = body.slice(
            ..scanner
                .skip_rows(&body, rows.saturating_sub(opts.skipfooter))
                .0,
        );
    }
    let threads = rayon::current_num_threads().max(1);
    let target = (body.len() / (threads * 4)).max(1 << 20);
    let chunks = scanner.chunks(&body, target);
    let fmt = opts.format()?;
    let fast = opts.fast_format()?;
    // The single-pass decoder handles plain files: no comments or custom tokens.
    let plain = fast.is_some()
        && opts.comment.is_none()
        && opts.lineterminator == b'\n'
        && opts.na_values.is_empty();
    let quote = (opts.quoting != QuoteStyle::None).then_some(opts.quotechar);
    let tokens = opts.na_tokens();
    let token_set = super::csv_fast::NaTokens::new(&tokens);

    // Column count: the header's, else the first row's.
    let ncols = if !header_names.is_empty() {
        header_names.len()
    } else if let Some(n) = &opts.names {
        n.len()
    } else if let Some(c) = chunks.first() {
        let first = &body[c.start..c.start + scanner.skip_rows(&body[c.clone()], 1).0];
        parse_header(first, opts)?.len()
    } else {
        0
    };
    let names = final_names(header_names, ncols, opts)?;

    // Explicit types.
    let mut explicit: Vec<Option<ArrowType>> = vec![None; ncols];
    for (i, t) in opts.dtypes_list.iter().enumerate().take(ncols) {
        explicit[i] = Some(dtype_to_arrow(*t)?);
    }
    for (n, t) in &opts.dtypes {
        let i = resolve(&ColumnRef::Name(n.clone()), &names, "dtypes")?;
        explicit[i] = Some(dtype_to_arrow(*t)?);
    }
    let mut post = vec![Post::None; ncols];
    for r in &opts.parse_dates {
        post[resolve(r, &names, "parse_dates")?] = Post::Date;
    }
    let custom_numbers = opts.decimal != b'.' || opts.thousands.is_some();

    let projection = match &opts.usecols {
        None => (0..ncols).collect::<Vec<_>>(),
        Some(cols) => {
            let mut p = cols
                .iter()
                .map(|r| resolve(r, &names, "usecols"))
                .collect::<Result<Vec<_>>>()?;
            p.sort_unstable();
            p.dedup();
            p
        }
    };

    // Average row length of the first rows, to size the fast decoder's columns.
    let bytes_per_row = {
        let (bytes, rows) = scanner.skip_rows(&body, 1000);
        (bytes / rows.max(1)).max(1)
    };
    let done = AtomicU64::new(0);
    let mut full_inference = false;
    loop {
        let located = |e: Error, start: usize| locate(e, &body, start, pos, &scanner);
        let inferred = infer(
            &body,
            &chunks,
            &fmt,
            ncols,
            &explicit,
            full_inference,
            &located,
        )?;
        let mut fields = Vec::with_capacity(ncols);
        let mut posts = post.clone();
        for i in 0..ncols {
            let t = match (&explicit[i], posts[i]) {
                (_, Post::Date) => ArrowType::Utf8,
                (Some(t), _) if custom_numbers && is_numeric(t) => {
                    posts[i] = Post::Number;
                    ArrowType::Utf8
                }
                (Some(t), _) => t.clone(),
                (None, _) => match &inferred[i] {
                    ArrowType::Date32 | ArrowType::Date64 | ArrowType::Timestamp(..) => {
                        ArrowType::Utf8
                    }
                    ArrowType::Utf8 if custom_numbers => {
                        posts[i] = Post::Number;
                        ArrowType::Utf8
                    }
                    t => t.clone(),
                },
            };
            fields.push(Field::new(names[i].clone(), t, true));
        }
        let schema: SchemaRef = Arc::new(Schema::new(fields));
        let decoded = chunks
            .par_iter()
            .map(|c| {
                let piece = &body[c.clone()];
                let simple = plain
                    && projection
                        .iter()
                        .all(|&i| super::csv_fast::supports(schema.field(i).data_type()));
                let quick = if simple {
                    // Counting the rows would be a pass of its own; the columns grow
                    // past an estimate instead.
                    let rows = piece.len() / bytes_per_row * 9 / 8 + 16;
                    super::csv_fast::decode(
                        piece,
                        &schema,
                        &projection,
                        opts.delimiter,
                        rows,
                        &token_set,
                        quote,
                    )
                } else {
                    None
                };
                let b = match (quick, &fast) {
                    (Some(b), _) => Ok(b),
                    (None, Some(f)) => decode_piece(piece, &schema, f, &projection, &scanner)
                        .or_else(|_| decode_piece(piece, &schema, &fmt, &projection, &scanner)),
                    (None, None) => decode_piece(piece, &schema, &fmt, &projection, &scanner),
                };
                let d = done.fetch_add(c.len() as u64, Ordering::Relaxed) + c.len() as u64;
                report(&opts.progress, d, total);
                b.map_err(|e| locate(e, &body, c.start, pos, &scanner))
            })
            .collect::<Result<Vec<_>>>();
        let batches = match decoded {
            Ok(b) => b,
            // A sampled type that fails later: infer on every row and decode again.
            Err(_) if !full_inference && explicit.iter().any(Option::is_none) => {
                full_inference = true;
                continue;
            }
            Err(e) => return Err(e),
        };
        let proj_schema = Arc::new(schema.project(&projection)?);
        let batch = if batches.is_empty() {
            RecordBatch::new_empty(proj_schema)
        } else {
            concat_batches(batches)?
        };
        report(&opts.progress, total, total);
        let batch = if fast.is_some() {
            null_tokens(batch, &token_set)?
        } else {
            batch
        };
        return convert_post(batch, &projection, &posts, &explicit, opts);
    }
}

/// Make text values equal to a missing-value token null (see `fast_format`). Only the
/// validity changes; value buffers are shared.
fn null_tokens(batch: RecordBatch, tokens: &super::csv_fast::NaTokens) -> Result<RecordBatch> {
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
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    Ok(RecordBatch::try_new_with_options(
        batch.schema(),
        columns,
        &options,
    )?)
}

fn infer(
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

fn decode_piece(
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
fn locate(e: Error, body: &[u8], start: usize, body_offset: usize, scanner: &RowScanner) -> Error {
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
fn convert_post(
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
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    Ok(RecordBatch::try_new_with_options(
        Arc::new(Schema::new(fields)),
        cols,
        &options,
    )?)
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

impl std::fmt::Debug for CsvWriterOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CsvWriterOptions")
            .field("names", &self.names)
            .field("include_header", &self.include_header)
            .field("quoting", &self.quoting)
            .finish_non_exhaustive()
    }
}

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

use std::io::Write as _;

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
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    Ok(RecordBatch::try_new_with_options(
        Arc::new(Schema::new(fields)),
        cols,
        &options,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TypeId;

    fn read(s: &str, opts: &CsvReaderOptions) -> Result<TableWithMetadata> {
        read_csv(&SourceInfo::from_bytes(s.as_bytes().to_vec()), opts)
    }

    #[test]
    fn infers_and_reads_nulls() {
        let t = read("a,b,c\n1,x,1.5\nNA,,2\n", &Default::default()).unwrap();
        let ids: Vec<TypeId> = t.table.columns().iter().map(|c| c.dtype().id()).collect();
        assert_eq!(ids, [TypeId::Int64, TypeId::String, TypeId::Float64]);
        assert_eq!(t.table.columns()[0].null_count().unwrap(), 1);
    }

    #[test]
    fn sampled_type_widens_on_retry() {
        let mut s = String::from("a\n");
        for i in 0..10_000 {
            s.push_str(&format!("{i}\n"));
        }
        s.push_str("oops\n");
        let t = read(&s, &Default::default()).unwrap();
        assert_eq!(t.table.columns()[0].dtype().id(), TypeId::String);
    }

    #[test]
    fn ragged_rows_name_the_row() {
        let e = read("a,b\n1,2\n3\n", &Default::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("row 1"), "{e}");
    }

    #[test]
    fn decimal_and_thousands() {
        let o = CsvReaderOptions {
            delimiter: b';',
            decimal: b',',
            thousands: Some(b'.'),
            ..Default::default()
        };
        let t = read("a;b\n1.000,5;x\n2,25;y\n", &o).unwrap();
        assert_eq!(t.table.columns()[0].dtype().id(), TypeId::Float64);
        let v = t.table.columns()[0].host_values::<f64>().unwrap();
        assert_eq!(&v[..], &[1000.5, 2.25]);
    }
}
