//! Parquet reading and writing (pylibcudf's `io.parquet`).
//!
//! Reading decodes the selected row groups in parallel (one task per row group, each with
//! its own file handle) and concatenates them once per column; `columns` limits which
//! column chunks are read at all, and `filters` skip whole row groups whose statistics
//! rule them out before the remaining rows are filtered exactly. Writing encodes the
//! columns of each row group in parallel.
//!
//! ```
//! use ferrodf_core::io::{SinkInfo, SourceInfo, parquet::*};
//! use ferrodf_core::{Column, Table};
//! let t = Table::new(vec![Column::from_options(vec![Some(1i64), None, Some(3)])]).unwrap();
//! let sink = SinkInfo::memory();
//! write_parquet(&sink, &t, Some(&["x".into()]), &ParquetWriterOptions::default()).unwrap();
//! let back = read_parquet(&SourceInfo::from_bytes(sink.take_bytes()), &Default::default()).unwrap();
//! assert_eq!(back.column_names(), vec!["x"]);
//! assert_eq!(back.table.columns()[0].null_count().unwrap(), 1);
//! ```

use super::source::{SinkInfo, Source, SourceInfo, write_err};
use super::{CompressionType, Progress, TableWithMetadata, guard, report};
use crate::error::{Error, Result};
use crate::interop::arrow::{ColumnMetadata, table_to_record_batch};
use crate::io::debug_fields;
use crate::named_enum::named_enum;
use crate::table::Table;
use arrow_array::{Array, ArrayRef, BooleanArray, RecordBatch, Scalar};
use arrow_buffer::BooleanBuffer;
use arrow_schema::{DataType as ArrowType, SchemaRef};
use bytes::Bytes;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::arrow_writer::{ArrowWriter, ArrowWriterOptions, compute_leaves};
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterVersion};
use parquet::file::statistics::Statistics;
use rayon::prelude::*;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

impl From<parquet::errors::ParquetError> for Error {
    fn from(e: parquet::errors::ParquetError) -> Self {
        use parquet::errors::ParquetError as P;
        match e {
            P::NYI(m) => Error::not_implemented(format!("Parquet feature not supported: {m}")),
            P::EOF(m) => Error::value(format!("invalid Parquet data (truncated?): {m}")),
            other => Error::value(format!("invalid Parquet data: {other}")),
        }
    }
}

/// A comparison of a filter predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Parse `==`/`=`, `!=`, `<`, `<=`, `>`, `>=`.
    pub fn parse(s: &str) -> Result<CmpOp> {
        Ok(match s {
            "==" | "=" => CmpOp::Eq,
            "!=" => CmpOp::Ne,
            "<" => CmpOp::Lt,
            "<=" => CmpOp::Le,
            ">" => CmpOp::Gt,
            ">=" => CmpOp::Ge,
            _ => {
                return Err(Error::value(format!(
                    "unknown filter operator {s:?}; use ==, !=, <, <=, > or >="
                )));
            }
        })
    }
}

/// A literal of a filter predicate.
#[derive(Debug, Clone, PartialEq)]
pub enum FilterValue {
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A boolean.
    Bool(bool),
}

/// `column op value`.
#[derive(Debug, Clone, PartialEq)]
pub struct Predicate {
    /// A top-level column name.
    pub column: String,
    /// The comparison.
    pub op: CmpOp,
    /// The literal.
    pub value: FilterValue,
}

/// Rows where any of the conjunctions holds (pyarrow's disjunctive normal form: a list of
/// lists of predicates, OR of ANDs). Nulls never satisfy a predicate.
pub type Filter = Vec<Vec<Predicate>>;

/// Options of [`read_parquet`] and [`ChunkedParquetReader`].
#[derive(Clone, Default)]
pub struct ParquetReaderOptions {
    /// Top-level columns to read, in this order; `None` reads all.
    pub columns: Option<Vec<String>>,
    /// Row groups to read, one list per source; `None` reads all.
    pub row_groups: Option<Vec<Vec<usize>>>,
    /// Row filter; also used to skip row groups by their statistics.
    pub filters: Option<Filter>,
    /// Rows skipped at the start (before filtering).
    pub skip_rows: usize,
    /// Rows read after `skip_rows` (before filtering); `None` reads to the end.
    pub nrows: Option<usize>,
    /// Progress hook (compressed bytes of decoded row groups, of all selected ones).
    pub progress: Option<Progress>,
}

debug_fields!(ParquetReaderOptions {
    columns,
    row_groups,
    filters,
    skip_rows,
    nrows
});

/// A source opened for random access; files get one handle per decoding task so the
/// tasks never share a file position.
#[derive(Clone)]
enum Input {
    File(std::path::PathBuf),
    Bytes(Bytes),
}

impl Input {
    fn new(s: &Source) -> Result<Input> {
        Ok(match s {
            Source::Path(p) => {
                Source::open(p)?;
                Input::File(p.clone())
            }
            Source::Bytes(b) => Input::Bytes(b.clone()),
        })
    }
    fn metadata(&self) -> Result<ArrowReaderMetadata> {
        match self {
            Input::File(p) => self.checked_metadata(&Source::open(p)?),
            Input::Bytes(b) => self.checked_metadata(b),
        }
    }
    /// The metadata of `file` (this input opened), its declared sizes checked first: the
    /// decoder reserves memory by the footer's and skips through page headers by theirs
    /// (parquet_guard).
    fn checked_metadata<R: parquet::file::reader::ChunkReader>(
        &self,
        file: &R,
    ) -> Result<ArrowReaderMetadata> {
        use super::parquet_guard::{check_file_footer, check_page_headers};
        check_file_footer(file)?;
        let meta = ArrowReaderMetadata::load(file, ArrowReaderOptions::new())?;
        check_page_headers(file, meta.metadata())
            .map_err(|e| Error::value(format!("{}: {e}", self.name())))?;
        Ok(meta)
    }
    /// The source as error messages name it.
    fn name(&self) -> String {
        match self {
            Input::File(f) => f.display().to_string(),
            Input::Bytes(b) => format!("<{} bytes in memory>", b.len()),
        }
    }
    /// A reader over `plan` (row groups with row offsets/limits within them).
    fn reader(
        &self,
        meta: &ArrowReaderMetadata,
        mask: &ProjectionMask,
        row_groups: Vec<usize>,
        offset: usize,
        limit: Option<usize>,
        batch_size: usize,
    ) -> Result<ParquetRecordBatchReader> {
        // The same settings for either input type (a different `ChunkReader` each).
        macro_rules! build {
            ($input:expr) => {{
                let mut b =
                    ParquetRecordBatchReaderBuilder::new_with_metadata($input, meta.clone())
                        .with_projection(mask.clone())
                        .with_row_groups(row_groups)
                        .with_batch_size(batch_size.max(1))
                        .with_offset(offset);
                if let Some(l) = limit {
                    b = b.with_limit(l);
                }
                Ok(b.build()?)
            }};
        }
        // Header reads past the end of the file fail at once (parquet_guard::StrictEof).
        use super::parquet_guard::StrictEof;
        match self {
            Input::File(p) => build!(StrictEof(Source::open(p)?)),
            Input::Bytes(b) => build!(StrictEof(b.clone())),
        }
    }
}

/// What to read from one source: row groups with the rows to skip and keep in each.
struct Plan {
    input: Input,
    meta: ArrowReaderMetadata,
    mask: ProjectionMask,
    /// (row group, offset in it, rows) for each row group to read.
    pieces: Vec<(usize, usize, usize)>,
    /// Positions in the decoded batch of the output columns, in output order.
    output: Vec<usize>,
    /// Decoded schema (projected file schema).
    schema: SchemaRef,
    /// The file's top-level columns decoded, in file order (one per `schema` field).
    roots: Vec<usize>,
}

/// The plan of every non-empty source, the rows to skip and to read counted across them.
fn plan_all(source: &SourceInfo, opts: &ParquetReaderOptions) -> Result<Vec<Plan>> {
    let mut rows_left = (opts.skip_rows, opts.nrows);
    source
        .non_empty()?
        .iter()
        .enumerate()
        .map(|(i, s)| plan(s, i, opts, &mut rows_left))
        .collect()
}

fn plan(
    source: &Source,
    index: usize,
    opts: &ParquetReaderOptions,
    rows_left: &mut (usize, Option<usize>),
) -> Result<Plan> {
    let input = Input::new(source)?;
    let meta = input.metadata()?;
    let file_schema = meta.schema().clone();
    let names: Vec<&String> = file_schema.fields().iter().map(|f| f.name()).collect();
    let find = |n: &str| {
        names.iter().position(|x| x.as_str() == n).ok_or_else(|| {
            Error::Key(format!(
                "{}: no column named {n:?}; the columns are {names:?}",
                source.name()
            ))
        })
    };
    let wanted: Vec<usize> = match &opts.columns {
        Some(cols) => cols.iter().map(|c| find(c)).collect::<Result<_>>()?,
        None => (0..names.len()).collect(),
    };
    let mut roots = wanted.clone();
    for conj in opts.filters.iter().flatten() {
        for p in conj {
            roots.push(find(&p.column)?);
        }
    }
    roots.sort_unstable();
    roots.dedup();
    // Decoded columns come in file order; map the wanted ones to their positions.
    let output = wanted
        .iter()
        .map(|w| {
            roots
                .iter()
                .position(|r| r == w)
                .expect("wanted is in roots")
        })
        .collect();
    let mask = ProjectionMask::roots(meta.parquet_schema(), roots.iter().copied());
    let schema = Arc::new(file_schema.project(&roots)?);

    let md = meta.metadata();
    let n_rg = md.num_row_groups();
    let groups: Vec<usize> = match opts.row_groups.as_ref().and_then(|g| g.get(index)) {
        Some(g) => {
            for &r in g {
                if r >= n_rg {
                    return Err(Error::index(format!(
                        "{}: row group {r} does not exist; the file has {n_rg}",
                        source.name()
                    )));
                }
            }
            g.clone()
        }
        None => (0..n_rg).collect(),
    };
    let mut pieces = vec![];
    for rg in groups {
        let rows = md.row_group(rg).num_rows().max(0) as usize;
        let (skip, left) = rows_left;
        let off = (*skip).min(rows);
        *skip -= off;
        let mut take = rows - off;
        if let Some(l) = left {
            take = take.min(*l);
            *l -= take;
        }
        if take == 0 {
            continue;
        }
        if let Some(f) = &opts.filters
            && !row_group_may_match(&meta, rg, f)
        {
            continue;
        }
        pieces.push((rg, off, take));
    }
    Ok(Plan {
        input,
        meta,
        mask,
        pieces,
        output,
        schema,
        roots,
    })
}

/// Whether the statistics of row group `rg` allow a row to satisfy `filter`.
fn row_group_may_match(meta: &ArrowReaderMetadata, rg: usize, filter: &Filter) -> bool {
    filter.iter().any(|conj| {
        conj.iter()
            .all(|p| predicate_may_match(meta, rg, p).unwrap_or(true))
    })
}

/// `Some(false)` only when the statistics prove no row matches.
fn predicate_may_match(meta: &ArrowReaderMetadata, rg: usize, p: &Predicate) -> Option<bool> {
    use std::cmp::Ordering as O;
    let field = meta.schema().field_with_name(&p.column).ok()?;
    let leaf = meta
        .parquet_schema()
        .columns()
        .iter()
        .position(|c| c.path().parts() == [p.column.as_str()])?;
    let stats = meta.metadata().row_group(rg).column(leaf).statistics()?;
    // (min vs value, max vs value)
    let (lo, hi): (O, O) = match (stats, &p.value) {
        (Statistics::ByteArray(s), FilterValue::Str(v))
            if field.data_type() == &ArrowType::Utf8 =>
        {
            let v = v.as_bytes();
            (s.min_opt()?.data().cmp(v), s.max_opt()?.data().cmp(v))
        }
        (s, v) => {
            let signed = field.data_type().is_signed_integer() || field.data_type().is_floating();
            if !signed {
                return None;
            }
            let v = match v {
                FilterValue::Int(i) => *i as f64,
                FilterValue::Float(f) => *f,
                _ => return None,
            };
            let (mn, mx) = match s {
                Statistics::Int32(s) => (*s.min_opt()? as f64, *s.max_opt()? as f64),
                Statistics::Int64(s) => (*s.min_opt()? as f64, *s.max_opt()? as f64),
                Statistics::Float(s) => (*s.min_opt()? as f64, *s.max_opt()? as f64),
                Statistics::Double(s) => (*s.min_opt()?, *s.max_opt()?),
                _ => return None,
            };
            (mn.partial_cmp(&v)?, mx.partial_cmp(&v)?)
        }
    };
    Some(match p.op {
        CmpOp::Eq => lo != O::Greater && hi != O::Less,
        CmpOp::Ne => !(lo == O::Equal && hi == O::Equal),
        CmpOp::Lt => lo == O::Less,
        CmpOp::Le => lo != O::Greater,
        CmpOp::Gt => hi == O::Greater,
        CmpOp::Ge => hi != O::Less,
    })
}

fn literal(v: &FilterValue, t: &ArrowType) -> Result<ArrayRef> {
    let a: ArrayRef = match v {
        FilterValue::Int(i) => Arc::new(arrow_array::Int64Array::from(vec![*i])),
        FilterValue::Float(f) => Arc::new(arrow_array::Float64Array::from(vec![*f])),
        FilterValue::Str(s) => Arc::new(arrow_array::StringArray::from(vec![s.as_str()])),
        FilterValue::Bool(b) => Arc::new(BooleanArray::from(vec![*b])),
    };
    let options = arrow_cast::CastOptions {
        safe: false,
        ..Default::default()
    };
    arrow_cast::cast_with_options(&a, t, &options)
        .map_err(|e| Error::type_err(format!("filter value {v:?} does not fit {t}: {e}")))
}

/// The rows of `batch` (columns named by `schema`) that satisfy `filter`.
fn filter_mask(batch: &RecordBatch, filter: &Filter) -> Result<BooleanBuffer> {
    let schema = batch.schema();
    let mut any = BooleanBuffer::new_unset(batch.num_rows());
    for conj in filter {
        let mut all = BooleanBuffer::new_set(batch.num_rows());
        for p in conj {
            let (i, f) = schema
                .column_with_name(&p.column)
                .ok_or_else(|| Error::Key(format!("no column named {:?}", p.column)))?;
            let col = batch.column(i);
            let lit = Scalar::new(literal(&p.value, f.data_type())?);
            use arrow_ord::cmp;
            let m = match p.op {
                CmpOp::Eq => cmp::eq(col, &lit),
                CmpOp::Ne => cmp::neq(col, &lit),
                CmpOp::Lt => cmp::lt(col, &lit),
                CmpOp::Le => cmp::lt_eq(col, &lit),
                CmpOp::Gt => cmp::gt(col, &lit),
                CmpOp::Ge => cmp::gt_eq(col, &lit),
            }?;
            let mut bits = m.values().clone();
            if let Some(n) = m.nulls() {
                bits = &bits & n.inner();
            }
            all = &all & &bits;
        }
        any = &any | &all;
    }
    Ok(any)
}

fn finish_batch(
    batch: RecordBatch,
    plan: &Plan,
    opts: &ParquetReaderOptions,
) -> Result<RecordBatch> {
    let batch = match &opts.filters {
        Some(f) => {
            let mask = BooleanArray::new(filter_mask(&batch, f)?, None);
            arrow_select::filter::filter_record_batch(&batch, &mask)?
        }
        None => batch,
    };
    Ok(batch.project(&plan.output)?)
}

/// Read Parquet from every source (rows concatenated in order).
pub fn read_parquet(source: &SourceInfo, opts: &ParquetReaderOptions) -> Result<TableWithMetadata> {
    guard("reading Parquet", || {
        let plans = plan_all(source, opts)?;
        let total: u64 = plans
            .iter()
            .flat_map(|p| {
                p.pieces.iter().map(|(rg, ..)| {
                    p.meta.metadata().row_group(*rg).compressed_size().max(0) as u64
                })
            })
            .sum();
        let done = AtomicU64::new(0);
        let mut parts = vec![];
        for p in &plans {
            let batches = read_pieces(p, opts, &done, total)
                .map_err(|e| Error::value(format!("{}: {e}", source_name(p))))?;
            if batches.is_empty() {
                let empty = RecordBatch::new_empty(p.schema.clone());
                parts.push(finish_batch(empty, p, opts)?);
            } else {
                parts.extend(batches);
            }
        }
        let batch = super::concat_batches(parts)?;
        TableWithMetadata::from_record_batch(&batch)
    })
}

/// The pieces (row groups) of one plan, decoded in parallel, each filtered and projected.
///
/// Without filters every column of every piece is a task of its own: with tasks of whole
/// row groups, a file of a few row groups keeps one core idle while the other decodes
/// the last of them, and a wide file's columns wait on one thread. With filters a piece
/// is decoded whole (the filter needs its columns together).
fn read_pieces(
    p: &Plan,
    opts: &ParquetReaderOptions,
    done: &AtomicU64,
    total: u64,
) -> Result<Vec<RecordBatch>> {
    // Decode the leaves `mask` selects of row group `rg`: one batch of `schema`.
    let decode = |mask: &ProjectionMask, schema: &SchemaRef, (rg, off, take)| {
        let reader = p
            .input
            .reader(&p.meta, mask, vec![rg], off, Some(take), take)?;
        let mut out = vec![];
        for b in reader {
            out.push(b?);
        }
        match out.len() {
            1 => Ok(out.pop().expect("one batch")),
            0 => Ok(RecordBatch::new_empty(schema.clone())),
            _ => super::concat_batches(out),
        }
    };
    let progress = |rg: usize, share: usize, of: usize| {
        let size = p.meta.metadata().row_group(rg).compressed_size().max(0) as u64;
        let size = size * share as u64 / of.max(1) as u64;
        let d = done.fetch_add(size, Ordering::Relaxed) + size;
        report(&opts.progress, d, total);
    };
    let ncols = p.roots.len();
    if opts.filters.is_some() || ncols < 2 {
        return p
            .pieces
            .par_iter()
            .map(|&piece| {
                let b = decode(&p.mask, &p.schema, piece)?;
                progress(piece.0, 1, 1);
                finish_batch(b, p, opts)
            })
            .collect();
    }
    let schema_descr = p.meta.parquet_schema();
    let columns: Vec<(ProjectionMask, SchemaRef)> = (0..ncols)
        .map(|i| {
            let mask = ProjectionMask::roots(schema_descr, [p.roots[i]]);
            (
                mask,
                Arc::new(p.schema.project(&[i]).expect("a field of the schema")),
            )
        })
        .collect();
    let arrays = (0..p.pieces.len() * ncols)
        .into_par_iter()
        .map(|t| {
            let (piece, c) = (p.pieces[t / ncols], t % ncols);
            let b = decode(&columns[c].0, &columns[c].1, piece)?;
            progress(piece.0, 1, ncols);
            Ok((b.num_rows(), b.column(0).clone()))
        })
        .collect::<Result<Vec<_>>>()?;
    arrays
        .chunks(ncols)
        .map(|cols| {
            let rows = cols[0].0;
            let arrays = cols.iter().map(|(_, a)| a.clone()).collect();
            let b = crate::interop::arrow::record_batch(p.schema.clone(), arrays, rows)?;
            finish_batch(b, p, opts)
        })
        .collect()
}

fn source_name(p: &Plan) -> String {
    p.input.name()
}

/// Reads a Parquet source in pieces of bounded size (pylibcudf's `ChunkedParquetReader`).
///
/// `chunk_read_limit` bounds the decoded bytes of one chunk (estimated from the column
/// chunks' uncompressed sizes); 0 means one chunk holding everything.
///
/// ```
/// use ferrodf_core::io::{SinkInfo, SourceInfo, parquet::*};
/// use ferrodf_core::{Column, Table};
/// let t = Table::new(vec![Column::from_values((0..1000i64).collect())]).unwrap();
/// let sink = SinkInfo::memory();
/// write_parquet(&sink, &t, None, &Default::default()).unwrap();
/// let src = SourceInfo::from_bytes(sink.take_bytes());
/// let mut r = ChunkedParquetReader::new(&src, &Default::default(), 800).unwrap();
/// let mut rows = 0;
/// while r.has_next() {
///     let c = r.read_chunk().unwrap();
///     assert!(c.table.num_rows() <= 100);
///     rows += c.table.num_rows();
/// }
/// assert_eq!(rows, 1000);
/// ```
pub struct ChunkedParquetReader {
    plans: std::collections::VecDeque<Plan>,
    current: Option<(ParquetRecordBatchReader, usize)>,
    pending: Option<RecordBatch>,
    opts: ParquetReaderOptions,
    limit: usize,
    started: bool,
}

impl ChunkedParquetReader {
    /// Open the sources and plan the read.
    pub fn new(
        source: &SourceInfo,
        opts: &ParquetReaderOptions,
        chunk_read_limit: usize,
    ) -> Result<ChunkedParquetReader> {
        guard("opening Parquet", || {
            let plans = plan_all(source, opts)?.into();
            let mut r = ChunkedParquetReader {
                plans,
                current: None,
                pending: None,
                opts: opts.clone(),
                limit: chunk_read_limit,
                started: false,
            };
            r.advance()?;
            Ok(r)
        })
    }

    /// Whether [`read_chunk`](Self::read_chunk) has another chunk (always true before the
    /// first read, so an empty selection still yields one empty table).
    pub fn has_next(&self) -> bool {
        !self.started || self.pending.is_some()
    }

    /// The next chunk.
    pub fn read_chunk(&mut self) -> Result<TableWithMetadata> {
        guard("reading Parquet", || {
            self.started = true;
            let batch = match self.pending.take() {
                Some(b) => b,
                None => {
                    let schema = self.empty_schema()?;
                    RecordBatch::new_empty(schema)
                }
            };
            self.advance()?;
            TableWithMetadata::from_record_batch(&batch)
        })
    }

    fn empty_schema(&self) -> Result<SchemaRef> {
        match self.plans.front() {
            Some(p) => {
                let e = RecordBatch::new_empty(p.schema.clone());
                Ok(finish_batch(e, p, &self.opts)?.schema())
            }
            None => Ok(Arc::new(arrow_schema::Schema::empty())),
        }
    }

    /// Decode the next non-empty batch into `pending`.
    fn advance(&mut self) -> Result<()> {
        loop {
            if let Some((reader, _)) = &mut self.current {
                match reader.next() {
                    Some(b) => {
                        let p = self.plans.front().expect("a current reader has a plan");
                        let b = finish_batch(b?, p, &self.opts)?;
                        if b.num_rows() == 0 {
                            continue;
                        }
                        self.pending = Some(b);
                        return Ok(());
                    }
                    None => {
                        // This row group is done; the next piece (or plan) follows.
                        self.current = None;
                        continue;
                    }
                }
            }
            let Some(p) = self.plans.front_mut() else {
                return Ok(());
            };
            if p.pieces.is_empty() {
                if self.plans.len() > 1 {
                    self.plans.pop_front();
                    continue;
                }
                return Ok(());
            }
            let p = self.plans.front().expect("checked");
            // One reader per row group keeps offsets and limits exact.
            let (rg, off, take) = p.pieces[0];
            let md = p.meta.metadata().row_group(rg);
            let bytes: i64 = (0..md.num_columns())
                .filter(|&c| p.mask.leaf_included(c))
                .map(|c| md.column(c).uncompressed_size())
                .sum();
            let per_row = (bytes.max(1) as usize).div_ceil(md.num_rows().max(1) as usize);
            let batch = if self.limit == 0 {
                take
            } else {
                (self.limit / per_row.max(1)).max(1)
            };
            let reader = p
                .input
                .reader(&p.meta, &p.mask, vec![rg], off, Some(take), batch)?;
            self.plans.front_mut().expect("checked").pieces.remove(0);
            self.current = Some((reader, rg));
        }
    }
}

named_enum! {
    /// Which Parquet statistics are written (libcudf's `statistics_freq`).
    #[derive(Default)]
    pub enum StatisticsFreq in "io.types" {
        /// No statistics.
        None => "STATISTICS_NONE",
        /// Per row group (column chunk).
        #[default]
        RowGroup => "STATISTICS_ROWGROUP",
        /// Per page as well.
        Page => "STATISTICS_PAGE",
        /// Per page and column index.
        Column => "STATISTICS_COLUMN",
    }
}

named_enum! {
    /// When Parquet columns are dictionary-encoded (libcudf's `dictionary_policy`).
    #[derive(Default)]
    pub enum DictionaryPolicy in "io.types" {
        /// Never dictionary-encode.
        Never,
        /// Dictionary-encode while the dictionary stays small (the default).
        #[default]
        Adaptive,
        /// Always try to dictionary-encode.
        Always,
    }
}

named_enum! {
    /// Per-column Parquet encodings (libcudf's `column_encoding`; accepted for
    /// compatibility, the writer chooses).
    pub enum ColumnEncoding in "io.types" {
        UseDefault = -1,
        Dictionary,
        Plain,
        DeltaBinaryPacked,
        DeltaLengthByteArray,
        DeltaByteArray,
        ByteStreamSplit,
        Direct,
        DirectV2,
        DictionaryV2,
    }
}

/// Options of [`write_parquet`] and [`ParquetChunkedWriter`].
#[derive(Clone)]
pub struct ParquetWriterOptions {
    /// Page compression: `Snappy` (default), `Zstd`, `Lz4`, `Gzip`, `Brotli` or `None`.
    pub compression: CompressionType,
    /// Rows per row group.
    pub row_group_size_rows: usize,
    /// Bytes per row group (estimated, before compression); `None`: no byte limit.
    pub row_group_size_bytes: Option<usize>,
    /// Statistics written.
    pub stats_level: StatisticsFreq,
    /// Dictionary encoding.
    pub dictionary_policy: DictionaryPolicy,
    /// Bytes per data page.
    pub max_page_size_bytes: Option<usize>,
    /// Rows per data page.
    pub max_page_size_rows: Option<usize>,
    /// Bytes of a dictionary page before falling back to plain encoding.
    pub max_dictionary_size: Option<usize>,
    /// Write v2 data page headers.
    pub write_v2_headers: bool,
    /// Store the Arrow schema in the file (needed to restore some Arrow types exactly).
    pub write_arrow_schema: bool,
    /// Key-value metadata of the file footer.
    pub key_value_metadata: Vec<(String, String)>,
    /// Progress hook (rows written, rows).
    pub progress: Option<Progress>,
}

impl Default for ParquetWriterOptions {
    fn default() -> Self {
        ParquetWriterOptions {
            compression: CompressionType::Snappy,
            row_group_size_rows: 1_000_000,
            row_group_size_bytes: None,
            stats_level: StatisticsFreq::RowGroup,
            dictionary_policy: DictionaryPolicy::Adaptive,
            max_page_size_bytes: None,
            max_page_size_rows: None,
            max_dictionary_size: None,
            write_v2_headers: false,
            write_arrow_schema: true,
            key_value_metadata: vec![],
            progress: None,
        }
    }
}

debug_fields!(ParquetWriterOptions {
    compression,
    row_group_size_rows,
    stats_level
});

impl ParquetWriterOptions {
    fn properties(&self) -> Result<WriterProperties> {
        use parquet::basic::{Compression as C, GzipLevel, ZstdLevel};
        let compression = match self.compression {
            CompressionType::None => C::UNCOMPRESSED,
            CompressionType::Snappy | CompressionType::Auto => C::SNAPPY,
            CompressionType::Zstd => C::ZSTD(ZstdLevel::default()),
            CompressionType::Lz4 => C::LZ4_RAW,
            CompressionType::Gzip => C::GZIP(GzipLevel::default()),
            CompressionType::Brotli => C::BROTLI(Default::default()),
            other => {
                return Err(Error::not_implemented(format!(
                    "{other:?} is not a Parquet compression here; use NONE, SNAPPY, ZSTD, LZ4, \
                     GZIP or BROTLI"
                )));
            }
        };
        if self.row_group_size_rows == 0 || self.row_group_size_bytes == Some(0) {
            return Err(Error::value("row group sizes must be positive"));
        }
        let mut b = WriterProperties::builder()
            .set_compression(compression)
            .set_max_row_group_row_count(Some(self.row_group_size_rows))
            .set_max_row_group_bytes(self.row_group_size_bytes)
            .set_statistics_enabled(match self.stats_level {
                StatisticsFreq::None => EnabledStatistics::None,
                StatisticsFreq::RowGroup => EnabledStatistics::Chunk,
                StatisticsFreq::Page | StatisticsFreq::Column => EnabledStatistics::Page,
            })
            .set_dictionary_enabled(self.dictionary_policy != DictionaryPolicy::Never)
            .set_writer_version(if self.write_v2_headers {
                WriterVersion::PARQUET_2_0
            } else {
                WriterVersion::PARQUET_1_0
            });
        if let Some(v) = self.max_page_size_bytes {
            b = b.set_data_page_size_limit(v);
        }
        if let Some(v) = self.max_page_size_rows {
            b = b.set_data_page_row_count_limit(v);
        }
        if let Some(v) = self.max_dictionary_size {
            b = b.set_dictionary_page_size_limit(v);
        }
        if !self.key_value_metadata.is_empty() {
            b = b.set_key_value_metadata(Some(
                self.key_value_metadata
                    .iter()
                    .map(|(k, v)| parquet::file::metadata::KeyValue::new(k.clone(), v.clone()))
                    .collect(),
            ));
        }
        Ok(b.build())
    }
}

/// Write `table` as one Parquet file; `metadata` names the columns and nested fields
/// (default "0", "1", ...).
pub fn write_parquet(
    sink: &SinkInfo,
    table: &Table,
    metadata: Option<&[ColumnMetadata]>,
    opts: &ParquetWriterOptions,
) -> Result<()> {
    let mut w = ParquetChunkedWriter::new(sink, opts)?;
    w.write(table, metadata)?;
    w.close()
}

/// Writes a Parquet file from several tables of one schema (pylibcudf's
/// `ParquetChunkedWriter`); each `write` adds one or more row groups.
pub struct ParquetChunkedWriter {
    sink: SinkInfo,
    opts: ParquetWriterOptions,
    state: Option<WriterState>,
    rows_written: u64,
}

struct WriterState {
    file: parquet::file::writer::SerializedFileWriter<Box<dyn Write + Send>>,
    factory: parquet::arrow::arrow_writer::ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    row_groups: usize,
}

impl ParquetChunkedWriter {
    /// A writer into `sink` (the file is created at the first `write`).
    pub fn new(sink: &SinkInfo, opts: &ParquetWriterOptions) -> Result<ParquetChunkedWriter> {
        opts.properties()?;
        Ok(ParquetChunkedWriter {
            sink: sink.clone(),
            opts: opts.clone(),
            state: None,
            rows_written: 0,
        })
    }

    /// Append `table`, split into row groups whose columns are encoded in parallel.
    pub fn write(&mut self, table: &Table, metadata: Option<&[ColumnMetadata]>) -> Result<()> {
        let batch = table_to_record_batch(table, metadata)?;
        if self.state.is_none() {
            let out = self.sink.open()?;
            let options = ArrowWriterOptions::new()
                .with_properties(self.opts.properties()?)
                .with_skip_arrow_metadata(!self.opts.write_arrow_schema);
            let w = ArrowWriter::try_new_with_options(out, batch.schema(), options)?;
            let (file, factory) = w.into_serialized_writer()?;
            self.state = Some(WriterState {
                file,
                factory,
                schema: batch.schema(),
                row_groups: 0,
            });
        }
        let step = self.row_group_rows(&batch);
        let st = self.state.as_mut().expect("opened");
        if st.schema.fields() != batch.schema().fields() {
            return Err(Error::value(format!(
                "the table's columns {:?} differ from the first table's {:?}",
                batch.schema().fields(),
                st.schema.fields()
            )));
        }
        let rows = batch.num_rows();
        let total = self.rows_written + rows as u64;
        let mut start = 0;
        while start < rows {
            let len = step.min(rows - start);
            let slice = batch.slice(start, len);
            let writers = st.factory.create_column_writers(st.row_groups)?;
            let mut leaves = vec![];
            for (f, c) in st.schema.fields().iter().zip(slice.columns()) {
                leaves.extend(compute_leaves(f, c)?);
            }
            let chunks = writers
                .into_par_iter()
                .zip(leaves.into_par_iter())
                .map(|(mut w, leaf)| {
                    w.write(&leaf)?;
                    Ok(w.close()?)
                })
                .collect::<Result<Vec<_>>>()?;
            let mut rg = st.file.next_row_group()?;
            for c in chunks {
                c.append_to_row_group(&mut rg)?;
            }
            rg.close()?;
            st.row_groups += 1;
            start += len;
            self.rows_written += len as u64;
            report(&self.opts.progress, self.rows_written, total);
        }
        Ok(())
    }

    fn row_group_rows(&self, batch: &RecordBatch) -> usize {
        let mut rows = self.opts.row_group_size_rows;
        if let Some(b) = self.opts.row_group_size_bytes {
            let per_row = batch.get_array_memory_size() / batch.num_rows().max(1);
            rows = rows.min((b / per_row.max(1)).max(1));
        }
        rows.max(1)
    }

    /// Finish the file (writes the footer). A writer closed before any `write` produces
    /// nothing.
    pub fn close(mut self) -> Result<()> {
        if let Some(st) = self.state.take() {
            let mut out = st.file.into_inner()?;
            out.flush().map_err(|e| write_err(&self.sink, e))?;
        }
        Ok(())
    }

    /// Finish the file and return its column-chunk metadata blob (pylibcudf's
    /// `column_chunks_file_paths`): the footer as a metadata-only Parquet file with every
    /// column chunk's `file_path` set to `paths[0]`, the path the file will have in the
    /// dataset (see [`super::parquet_footer`]). libcudf takes one path per sink and
    /// ferrodf writes one sink, so `paths` must hold one path (`ValueError`). A writer
    /// closed before any `write` produces no file and an empty blob.
    pub fn close_with_metadata(mut self, paths: &[String]) -> Result<Vec<u8>> {
        if paths.len() != 1 {
            return Err(Error::value(format!(
                "column_chunks_file_paths must hold one path (the written file's path in \
                 the dataset), got {}",
                paths.len()
            )));
        }
        let Some(mut st) = self.state.take() else {
            return Ok(vec![]);
        };
        let metadata = st.file.finish()?;
        st.file
            .inner_mut()
            .flush()
            .map_err(|e| write_err(&self.sink, e))?;
        drop(st);
        super::parquet_footer::metadata_blob(metadata, &paths[0])
    }
}

/// Whether Parquet pages compressed with `compression` can be read (pylibcudf's
/// `is_supported_read_parquet`): every codec the `parquet` crate is built with here.
///
/// ```
/// use ferrodf_core::io::{CompressionType, parquet::is_supported_read_parquet};
/// assert!(is_supported_read_parquet(CompressionType::Zstd));
/// assert!(!is_supported_read_parquet(CompressionType::Lzo));
/// ```
pub fn is_supported_read_parquet(compression: CompressionType) -> bool {
    use CompressionType as C;
    matches!(
        compression,
        C::None | C::Auto | C::Snappy | C::Gzip | C::Brotli | C::Lz4 | C::Zstd
    )
}

/// Whether [`write_parquet`] can compress pages with `compression` (pylibcudf's
/// `is_supported_write_parquet`): exactly the codecs [`ParquetWriterOptions`] accepts.
///
/// ```
/// use ferrodf_core::io::{CompressionType, parquet::is_supported_write_parquet};
/// assert!(is_supported_write_parquet(CompressionType::Snappy));
/// assert!(!is_supported_write_parquet(CompressionType::Bzip2));
/// ```
pub fn is_supported_write_parquet(compression: CompressionType) -> bool {
    ParquetWriterOptions {
        compression,
        ..Default::default()
    }
    .properties()
    .is_ok()
}
