//! `plc.io`: bindings of the core readers and writers.
//!
//! The option builders live in Python (`ferrodf/plc/io/*.py`) and hand these functions a
//! dict of plain values; sources arrive as a list of `str` paths or `bytes` (file-like
//! objects are read into bytes on the Python side), and memory sinks come back as `bytes`
//! for Python to write into the caller's buffer. Every core call runs with the GIL released.

use crate::args::add_functions;
use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use crate::types::PyDataType;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::avro::{self, AvroReaderOptions};
use ferrodf_core::io::csv::{self, ColumnRef, CsvReaderOptions, CsvWriterOptions};
use ferrodf_core::io::json::{self, JSONRecoveryMode, JsonReaderOptions, JsonWriterOptions};
use ferrodf_core::io::orc::{self, OrcReaderOptions, OrcWriterOptions};
use ferrodf_core::io::parquet::{
    self, CmpOp, DictionaryPolicy, FilterValue, ParquetReaderOptions, ParquetWriterOptions,
    Predicate, StatisticsFreq,
};
use ferrodf_core::io::parquet_footer;
use ferrodf_core::io::parquet_metadata::{self, ParquetColumnSchema};
use ferrodf_core::io::text::{self, ByteRangeInfo, DataChunkSource};
use ferrodf_core::io::{
    CompressionType, Progress, QuoteStyle, SinkInfo, Source, SourceInfo, TableWithMetadata,
};
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use std::sync::{Arc, Mutex};

type Opts<'py> = Bound<'py, PyDict>;

fn get<'py, T: FromPyObjectOwned<'py>>(d: &Opts<'py>, k: &str) -> PyResult<Option<T>> {
    match d.get_item(k)? {
        Some(v) if !v.is_none() => v
            .extract::<T>()
            .map(Some)
            .map_err(|e| PyTypeError::new_err(format!("option {k}: {}", Into::<PyErr>::into(e)))),
        _ => Ok(None),
    }
}

fn byte(d: &Opts<'_>, k: &str) -> PyResult<Option<u8>> {
    match get::<String>(d, k)? {
        None => Ok(None),
        Some(s) if s.len() == 1 => Ok(Some(s.as_bytes()[0])),
        Some(s) => Err(PyValueError::new_err(format!(
            "option {k} must be one ASCII character, got {s:?}"
        ))),
    }
}

/// Overwrite `field` with option `k` when the caller gave it (the core default stays
/// otherwise).
fn set<'py, T: FromPyObjectOwned<'py>>(d: &Opts<'py>, k: &str, field: &mut T) -> PyResult<()> {
    if let Some(v) = get(d, k)? {
        *field = v;
    }
    Ok(())
}

/// [`set`] for a one-character option.
fn set_byte(d: &Opts<'_>, k: &str, field: &mut u8) -> PyResult<()> {
    if let Some(v) = byte(d, k)? {
        *field = v;
    }
    Ok(())
}

/// [`set`] for an enum option given as its integer value.
fn set_enum<E>(
    d: &Opts<'_>,
    k: &str,
    field: &mut E,
    from_i32: fn(i32) -> ferrodf_core::Result<E>,
) -> PyResult<()> {
    if let Some(v) = get::<i32>(d, k)? {
        *field = from_i32(v).map_err(crate::errors::to_py)?;
    }
    Ok(())
}

/// A row count option: negative means all rows.
fn nrows(d: &Opts<'_>) -> PyResult<Option<usize>> {
    Ok(get::<i64>(d, "nrows")?
        .filter(|&n| n >= 0)
        .map(|n| n as usize))
}

/// The `rows_per_chunk` option (at least 1), or `default`.
fn rows_per_chunk(d: &Opts<'_>, default: usize) -> PyResult<usize> {
    Ok(get::<usize>(d, "rows_per_chunk")?.map_or(default, |v| v.max(1)))
}

fn progress(d: &Opts<'_>) -> PyResult<Option<Progress>> {
    Ok(progress_hook(d.get_item("progress")?))
}

/// A Python callable `(done, total)` as the core's progress hook (`None` for no hook).
pub(crate) fn progress_hook(cb: Option<Bound<'_, PyAny>>) -> Option<Progress> {
    let cb: Py<PyAny> = cb.filter(|cb| !cb.is_none())?.unbind();
    Some(Arc::new(move |done, total| {
        // Errors in a progress callback must not abort the read.
        Python::attach(|py| {
            let _ = cb.call1(py, (done, total));
        });
    }))
}

/// A list of `str` paths and `bytes` as the core's sources.
pub(crate) fn sources(list: &Bound<'_, PyAny>) -> PyResult<SourceInfo> {
    let mut out = vec![];
    for item in list.try_iter()? {
        let item = item?;
        if let Ok(b) = item.cast::<PyBytes>() {
            out.push(Source::Bytes(bytes::Bytes::copy_from_slice(b.as_bytes())));
        } else if let Ok(s) = item.extract::<std::path::PathBuf>() {
            out.push(Source::Path(s));
        } else {
            return Err(PyTypeError::new_err(format!(
                "a source must be a path or bytes, got {}",
                item.get_type().name()?
            )));
        }
    }
    Ok(SourceInfo::new(out))
}

fn sink(path: Option<std::path::PathBuf>) -> SinkInfo {
    match path {
        Some(p) => SinkInfo::Path(p),
        None => SinkInfo::memory(),
    }
}

fn sink_bytes<'py>(py: Python<'py>, s: &SinkInfo) -> Option<Bound<'py, PyBytes>> {
    match s {
        SinkInfo::Memory(_) => Some(PyBytes::new(py, &s.take_bytes())),
        SinkInfo::Path(_) => None,
    }
}

fn compression(d: &Opts<'_>, default: CompressionType) -> PyResult<CompressionType> {
    match get::<i32>(d, "compression")? {
        Some(v) => CompressionType::from_i32(v).map_err(crate::errors::to_py),
        None => Ok(default),
    }
}

fn col_refs(d: &Opts<'_>, k: &str) -> PyResult<Option<Vec<ColumnRef>>> {
    let Some(v) = d.get_item(k)?.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    v.try_iter()?
        .map(|x| {
            let x = x?;
            if let Ok(i) = x.extract::<usize>() {
                Ok(ColumnRef::Index(i))
            } else {
                Ok(ColumnRef::Name(x.extract::<String>()?))
            }
        })
        .collect::<PyResult<Vec<_>>>()
        .map(Some)
}

/// `[(name, [children...]), ...]`: pylibcudf's column name spec.
fn names_spec<'py>(py: Python<'py>, meta: &[ColumnMetadata]) -> PyResult<Bound<'py, PyList>> {
    let items = meta
        .iter()
        .map(|m| {
            let children = names_spec(py, &m.children)?;
            PyTuple::new(
                py,
                [
                    m.name.clone().into_pyobject(py)?.into_any(),
                    children.into_any(),
                ],
            )
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

fn metadata_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<ColumnMetadata>>> {
    fn one(x: &Bound<'_, PyAny>) -> PyResult<ColumnMetadata> {
        if let Ok(s) = x.extract::<String>() {
            return Ok(ColumnMetadata {
                name: s,
                children: vec![],
            });
        }
        let (name, children): (String, Bound<'_, PyAny>) = x.extract().map_err(|_| {
            PyTypeError::new_err("column metadata must be a name or (name, [children])")
        })?;
        let children = children
            .try_iter()?
            .map(|c| one(&c?))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(ColumnMetadata { name, children })
    }
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) => o
            .try_iter()?
            .map(|x| one(&x?))
            .collect::<PyResult<Vec<_>>>()
            .map(Some),
    }
}

fn result<'py>(py: Python<'py>, t: TableWithMetadata) -> PyResult<Bound<'py, PyTuple>> {
    let names = names_spec(py, &t.metadata)?;
    PyTuple::new(
        py,
        [
            Bound::new(py, PyTable(t.table))?.into_any(),
            names.into_any(),
        ],
    )
}

fn dtype_pairs(d: &Opts<'_>, k: &str) -> PyResult<Vec<(String, ferrodf_core::DataType)>> {
    Ok(get::<Vec<(String, PyDataType)>>(d, k)?
        .unwrap_or_default()
        .into_iter()
        .map(|(n, t)| (n, t.0))
        .collect())
}

fn csv_reader_options(d: &Opts<'_>) -> PyResult<CsvReaderOptions> {
    let mut o = CsvReaderOptions {
        compression: compression(d, CompressionType::Auto)?,
        progress: progress(d)?,
        ..Default::default()
    };
    set_byte(d, "delimiter", &mut o.delimiter)?;
    set_byte(d, "lineterminator", &mut o.lineterminator)?;
    set_byte(d, "quotechar", &mut o.quotechar)?;
    set_enum(d, "quoting", &mut o.quoting, QuoteStyle::from_i32)?;
    set(d, "header", &mut o.header)?;
    o.names = get(d, "names")?;
    set(d, "prefix", &mut o.prefix)?;
    set(d, "mangle_dupe_cols", &mut o.mangle_dupe_cols)?;
    o.usecols = col_refs(d, "usecols")?;
    o.dtypes = dtype_pairs(d, "dtypes")?;
    o.dtypes_list = get::<Vec<PyDataType>>(d, "dtypes_list")?
        .unwrap_or_default()
        .into_iter()
        .map(|t| t.0)
        .collect();
    set(d, "na_values", &mut o.na_values)?;
    set(d, "keep_default_na", &mut o.keep_default_na)?;
    set(d, "na_filter", &mut o.na_filter)?;
    set(d, "skiprows", &mut o.skiprows)?;
    o.nrows = nrows(d)?;
    set(d, "skipfooter", &mut o.skipfooter)?;
    set_byte(d, "decimal", &mut o.decimal)?;
    o.thousands = byte(d, "thousands")?;
    o.comment = byte(d, "comment")?;
    o.parse_dates = col_refs(d, "parse_dates")?.unwrap_or_default();
    Ok(o)
}

fn csv_writer_options(d: &Opts<'_>) -> PyResult<CsvWriterOptions> {
    let mut o = CsvWriterOptions {
        compression: compression(d, CompressionType::None)?,
        progress: progress(d)?,
        ..Default::default()
    };
    o.names = get(d, "names")?;
    set(d, "na_rep", &mut o.na_rep)?;
    set(d, "include_header", &mut o.include_header)?;
    o.rows_per_chunk = rows_per_chunk(d, o.rows_per_chunk)?;
    set(d, "line_terminator", &mut o.line_terminator)?;
    set_byte(d, "inter_column_delimiter", &mut o.inter_column_delimiter)?;
    set(d, "true_value", &mut o.true_value)?;
    set(d, "false_value", &mut o.false_value)?;
    set_enum(d, "quoting", &mut o.quoting, QuoteStyle::from_i32)?;
    Ok(o)
}

fn filters(d: &Opts<'_>) -> PyResult<Option<parquet::Filter>> {
    let Some(f) = d.get_item("filters")?.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let mut out = vec![];
    for conj in f.try_iter()? {
        let mut preds = vec![];
        for p in conj?.try_iter()? {
            let (column, op, value): (String, String, Bound<'_, PyAny>) =
                p?.extract().map_err(|_| {
                    PyTypeError::new_err("a filter predicate is a (column, op, value) tuple")
                })?;
            let value = if let Ok(b) = value.extract::<bool>() {
                FilterValue::Bool(b)
            } else if let Ok(i) = value.extract::<i64>() {
                FilterValue::Int(i)
            } else if let Ok(x) = value.extract::<f64>() {
                FilterValue::Float(x)
            } else if let Ok(s) = value.extract::<String>() {
                FilterValue::Str(s)
            } else {
                return Err(PyTypeError::new_err(format!(
                    "filter value for {column:?} must be a bool, int, float or str"
                )));
            };
            preds.push(Predicate {
                column,
                op: CmpOp::parse(&op).map_err(crate::errors::to_py)?,
                value,
            });
        }
        out.push(preds);
    }
    Ok(Some(out))
}

fn parquet_reader_options(d: &Opts<'_>) -> PyResult<ParquetReaderOptions> {
    Ok(ParquetReaderOptions {
        columns: get(d, "columns")?,
        row_groups: get(d, "row_groups")?,
        filters: filters(d)?,
        skip_rows: get(d, "skip_rows")?.unwrap_or(0),
        nrows: nrows(d)?,
        progress: progress(d)?,
    })
}

/// The state of a `ChunkedParquetReader`.
#[pyclass(
    name = "_ChunkedParquetReader",
    module = "ferrodf.plc.io.parquet",
    frozen
)]
pub struct PyChunkedParquetReader(Mutex<parquet::ChunkedParquetReader>);

#[pymethods]
impl PyChunkedParquetReader {
    #[new]
    fn new(
        py: Python<'_>,
        sources_: &Bound<'_, PyAny>,
        options: &Opts<'_>,
        chunk_read_limit: usize,
    ) -> PyResult<Self> {
        let src = sources(sources_)?;
        let o = parquet_reader_options(options)?;
        let r = run(py, move || {
            parquet::ChunkedParquetReader::new(&src, &o, chunk_read_limit)
        })?;
        Ok(PyChunkedParquetReader(Mutex::new(r)))
    }
    fn has_next(&self) -> bool {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).has_next()
    }
    fn read_chunk<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let t = run(py, || {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .read_chunk()
        })?;
        result(py, t)
    }
}

fn parquet_writer_options(d: &Opts<'_>) -> PyResult<ParquetWriterOptions> {
    let mut o = ParquetWriterOptions {
        compression: compression(d, CompressionType::Snappy)?,
        progress: progress(d)?,
        ..Default::default()
    };
    set(d, "row_group_size_rows", &mut o.row_group_size_rows)?;
    o.row_group_size_bytes = get(d, "row_group_size_bytes")?;
    set_enum(
        d,
        "stats_level",
        &mut o.stats_level,
        StatisticsFreq::from_i32,
    )?;
    set_enum(
        d,
        "dictionary_policy",
        &mut o.dictionary_policy,
        DictionaryPolicy::from_i32,
    )?;
    o.max_page_size_bytes = get(d, "max_page_size_bytes")?;
    o.max_page_size_rows = get(d, "max_page_size_rows")?;
    o.max_dictionary_size = get(d, "max_dictionary_size")?;
    set(d, "write_v2_headers", &mut o.write_v2_headers)?;
    set(d, "write_arrow_schema", &mut o.write_arrow_schema)?;
    set(d, "key_value_metadata", &mut o.key_value_metadata)?;
    Ok(o)
}

/// A `#[pyclass]` holding a core chunked writer (`$writer`, made from the options dict by
/// `$options`): `write` adds a table, `close` finishes the file and returns a memory sink's
/// bytes. The Parquet and ORC chunked writers are this class with their own types.
macro_rules! chunked_writer_class {
    ($(#[$doc:meta])* $class:ident, $py_name:literal, $module:literal, $writer:ty, $options:ident) => {
        $(#[$doc])*
        #[pyclass(name = $py_name, module = $module, frozen)]
        pub struct $class {
            sink: SinkInfo,
            writer: Mutex<Option<$writer>>,
        }

        #[pymethods]
        impl $class {
            #[new]
            #[pyo3(signature = (path, options))]
            fn new(path: Option<std::path::PathBuf>, options: &Opts<'_>) -> PyResult<Self> {
                let s = sink(path);
                let o = $options(options)?;
                let w = <$writer>::new(&s, &o).map_err(crate::errors::to_py)?;
                Ok($class {
                    sink: s,
                    writer: Mutex::new(Some(w)),
                })
            }
            #[pyo3(signature = (table, metadata = None))]
            fn write(
                &self,
                py: Python<'_>,
                table: PyTable,
                metadata: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<()> {
                let meta = metadata_from(metadata)?;
                run(py, || {
                    let mut g = self.writer.lock().unwrap_or_else(|e| e.into_inner());
                    match g.as_mut() {
                        Some(w) => w.write(&table.0, meta.as_deref()),
                        None => Err(ferrodf_core::Error::value("the writer is closed")),
                    }
                })
            }
            /// Finish the file; returns the bytes of a memory sink and, with
            /// `column_chunks_file_paths`, the column-chunk metadata blob.
            #[pyo3(signature = (column_chunks_file_paths = None))]
            fn close<'py>(
                &self,
                py: Python<'py>,
                column_chunks_file_paths: Option<Vec<String>>,
            ) -> PyResult<(Option<Bound<'py, PyBytes>>, Option<Bound<'py, PyBytes>>)> {
                let w = self.writer.lock().unwrap_or_else(|e| e.into_inner()).take();
                let blob = match (w, column_chunks_file_paths) {
                    (Some(w), Some(paths)) => Some(run(py, move || w.close_with_paths(&paths))?),
                    (Some(w), None) => {
                        run(py, move || w.close())?;
                        None
                    }
                    (None, _) => None,
                };
                let blob = blob.map(|b| PyBytes::new(py, &b));
                Ok((sink_bytes(py, &self.sink), blob))
            }
        }
    };
}

/// Closing a chunked writer with pylibcudf's `column_chunks_file_paths`: the footer as a
/// metadata blob whose column chunks name the file's path in the dataset.
trait CloseWithPaths: Sized {
    fn close_with_paths(self, paths: &[String]) -> ferrodf_core::Result<Vec<u8>>;
}

impl CloseWithPaths for parquet::ParquetChunkedWriter {
    fn close_with_paths(self, paths: &[String]) -> ferrodf_core::Result<Vec<u8>> {
        self.close_with_metadata(paths)
    }
}

impl CloseWithPaths for orc::OrcChunkedWriter {
    fn close_with_paths(self, _paths: &[String]) -> ferrodf_core::Result<Vec<u8>> {
        Err(ferrodf_core::Error::not_implemented(
            "column_chunks_file_paths: ORC files have no column-chunk metadata blob; it is \
             a Parquet option",
        ))
    }
}

chunked_writer_class!(
    /// The state of a `ParquetChunkedWriter`.
    PyParquetChunkedWriter,
    "_ParquetChunkedWriter",
    "ferrodf.plc.io.parquet",
    parquet::ParquetChunkedWriter,
    parquet_writer_options
);

fn json_reader_options(d: &Opts<'_>) -> PyResult<JsonReaderOptions> {
    let mut o = JsonReaderOptions {
        compression: compression(d, CompressionType::Auto)?,
        dtypes: dtype_pairs(d, "dtypes")?,
        progress: progress(d)?,
        ..Default::default()
    };
    set(d, "lines", &mut o.lines)?;
    set(d, "byte_range_offset", &mut o.byte_range_offset)?;
    set(d, "byte_range_size", &mut o.byte_range_size)?;
    set_byte(d, "delimiter", &mut o.delimiter)?;
    set(d, "keep_quotes", &mut o.keep_quotes)?;
    set(d, "mixed_types_as_string", &mut o.mixed_types_as_string)?;
    set(d, "prune_columns", &mut o.prune_columns)?;
    set(d, "dayfirst", &mut o.dayfirst)?;
    set(d, "experimental", &mut o.experimental)?;
    set(d, "normalize_single_quotes", &mut o.normalize_single_quotes)?;
    set(d, "normalize_whitespace", &mut o.normalize_whitespace)?;
    set(d, "strict_validation", &mut o.strict_validation)?;
    set(
        d,
        "allow_unquoted_control_chars",
        &mut o.allow_unquoted_control_chars,
    )?;
    set(
        d,
        "allow_numeric_leading_zeros",
        &mut o.allow_numeric_leading_zeros,
    )?;
    set(
        d,
        "allow_nonnumeric_numbers",
        &mut o.allow_nonnumeric_numbers,
    )?;
    set(d, "na_values", &mut o.na_values)?;
    set_enum(
        d,
        "recovery_mode",
        &mut o.recovery_mode,
        JSONRecoveryMode::from_i32,
    )?;
    Ok(o)
}

fn json_writer_options(d: &Opts<'_>) -> PyResult<JsonWriterOptions> {
    let mut o = JsonWriterOptions {
        compression: compression(d, CompressionType::None)?,
        progress: progress(d)?,
        ..Default::default()
    };
    set(d, "lines", &mut o.lines)?;
    set(d, "include_nulls", &mut o.include_nulls)?;
    o.rows_per_chunk = rows_per_chunk(d, o.rows_per_chunk)?;
    Ok(o)
}

fn avro_reader_options(d: &Opts<'_>) -> PyResult<AvroReaderOptions> {
    Ok(AvroReaderOptions {
        columns: get(d, "columns")?,
        skip_rows: get(d, "skip_rows")?.unwrap_or(0),
        num_rows: nrows(d)?,
    })
}

fn orc_reader_options(d: &Opts<'_>) -> PyResult<OrcReaderOptions> {
    Ok(OrcReaderOptions {
        columns: get(d, "columns")?,
        stripes: get(d, "stripes")?,
        skip_rows: get(d, "skip_rows")?.unwrap_or(0),
        num_rows: nrows(d)?,
        timestamp_type: get::<PyDataType>(d, "timestamp_type")?.map(|t| t.0),
    })
}

fn orc_writer_options(d: &Opts<'_>) -> PyResult<OrcWriterOptions> {
    let mut o = OrcWriterOptions {
        compression: compression(d, CompressionType::Snappy)?,
        ..Default::default()
    };
    set(d, "stripe_size_bytes", &mut o.stripe_size_bytes)?;
    set(d, "stripe_size_rows", &mut o.stripe_size_rows)?;
    Ok(o)
}

chunked_writer_class!(
    /// The state of an `OrcChunkedWriter`.
    PyOrcChunkedWriter,
    "_OrcChunkedWriter",
    "ferrodf.plc.io.orc",
    orc::OrcChunkedWriter,
    orc_writer_options
);

/// `(name, DataType, [children...])` of a Parquet schema node.
fn schema_tree<'py>(py: Python<'py>, s: &ParquetColumnSchema) -> PyResult<Bound<'py, PyTuple>> {
    let children = s
        .children
        .iter()
        .map(|c| schema_tree(py, c))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(
        py,
        [
            s.name.clone().into_pyobject(py)?.into_any(),
            Bound::new(py, PyDataType(s.dtype))?.into_any(),
            PyList::new(py, children)?.into_any(),
        ],
    )
}

/// Read Parquet footers: a dict of the metadata's parts (`schema` as `(name, DataType,
/// [children])` trees, the rest as plain values; pairs keep the file's order).
#[pyfunction]
pub fn read_parquet_metadata<'py>(
    py: Python<'py>,
    sources_: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let src = sources(sources_)?;
    let md = run(py, move || parquet_metadata::read_parquet_metadata(&src))?;
    let d = PyDict::new(py);
    d.set_item("schema", schema_tree(py, &md.schema)?)?;
    d.set_item("num_rows", md.num_rows)?;
    d.set_item("num_rowgroups", md.num_rowgroups)?;
    d.set_item("num_rowgroups_per_file", md.num_rowgroups_per_file)?;
    d.set_item("metadata", md.metadata)?;
    d.set_item("rowgroup_metadata", md.rowgroup_metadata)?;
    d.set_item("columnchunk_metadata", md.columnchunk_metadata)?;
    Ok(d)
}

/// The footer of every source: a dict per source (`blob`: the footer as a metadata-only
/// Parquet file, then `num_rows`, `num_row_groups`, `version`, `created_by`,
/// `key_value_metadata` and the row groups' `file_paths`).
#[pyfunction]
pub fn read_parquet_footers<'py>(
    py: Python<'py>,
    sources_: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let src = sources(sources_)?;
    let footers = run(py, move || parquet_footer::read_parquet_footers(&src))?;
    footers.iter().map(|f| footer_dict(py, f)).collect()
}

/// The parts of a footer (see [`read_parquet_footers`]).
fn footer_dict<'py>(
    py: Python<'py>,
    f: &parquet_footer::FileFooter,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let blob = f.to_blob().map_err(crate::errors::to_py)?;
    d.set_item("blob", PyBytes::new(py, &blob))?;
    d.set_item("num_rows", f.num_rows())?;
    d.set_item("num_row_groups", f.num_row_groups())?;
    d.set_item("version", f.version())?;
    d.set_item("created_by", f.created_by())?;
    d.set_item("key_value_metadata", f.key_value_metadata())?;
    d.set_item("file_paths", f.file_paths())?;
    Ok(d)
}

/// The parts of the footer held in `blob` (a Parquet file or metadata blob).
#[pyfunction]
pub fn parquet_footer_info<'py>(py: Python<'py>, blob: Vec<u8>) -> PyResult<Bound<'py, PyDict>> {
    let f = run(py, move || parquet_footer::FileFooter::parse(&blob))?;
    footer_dict(py, &f)
}

/// One metadata blob with the row groups of every blob in order.
#[pyfunction]
pub fn merge_row_group_metadata<'py>(
    py: Python<'py>,
    blobs: Vec<Vec<u8>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let out = run(py, move || parquet_footer::merge_row_group_metadata(&blobs))?;
    Ok(PyBytes::new(py, &out))
}

/// Whether the Parquet reader decodes pages compressed with `compression` (an int).
#[pyfunction]
pub fn is_supported_read_parquet(compression: i32) -> PyResult<bool> {
    let c = CompressionType::from_i32(compression).map_err(crate::errors::to_py)?;
    Ok(parquet::is_supported_read_parquet(c))
}

/// Whether the Parquet writer compresses pages with `compression` (an int).
#[pyfunction]
pub fn is_supported_write_parquet(compression: i32) -> PyResult<bool> {
    let c = CompressionType::from_i32(compression).map_err(crate::errors::to_py)?;
    Ok(parquet::is_supported_write_parquet(c))
}

/// Whether the ORC reader decodes streams compressed with `compression` (an int).
#[pyfunction]
pub fn is_supported_read_orc(compression: i32) -> PyResult<bool> {
    let c = CompressionType::from_i32(compression).map_err(crate::errors::to_py)?;
    Ok(orc::is_supported_read_orc(c))
}

/// Whether the ORC writer compresses with `compression` (an int).
#[pyfunction]
pub fn is_supported_write_orc(compression: i32) -> PyResult<bool> {
    let c = CompressionType::from_i32(compression).map_err(crate::errors::to_py)?;
    Ok(orc::is_supported_write_orc(c))
}

/// Split a text source at `delimiter` into a STRING column. `kind` is `"bytes"` (with
/// `data` the text), `"file"` or `"bgzip"` (with `data` the path and the virtual offsets
/// `begin`/`end`, negative for the file's start/end).
#[pyfunction]
#[pyo3(signature = (kind, data, begin, end, delimiter, byte_range, strip_delimiters))]
#[allow(clippy::too_many_arguments)]
pub fn multibyte_split(
    py: Python<'_>,
    kind: &str,
    data: &Bound<'_, PyAny>,
    begin: i64,
    end: i64,
    delimiter: String,
    byte_range: Option<(u64, u64)>,
    strip_delimiters: bool,
) -> PyResult<PyColumn> {
    let src = match kind {
        "bytes" => DataChunkSource::from_bytes(bytes::Bytes::copy_from_slice(
            data.cast::<PyBytes>()?.as_bytes(),
        )),
        "file" => DataChunkSource::from_file(data.extract::<std::path::PathBuf>()?),
        "bgzip" => {
            DataChunkSource::from_bgzip_file(data.extract::<std::path::PathBuf>()?, begin, end)
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown DataChunkSource kind {other:?}"
            )));
        }
    };
    let range = byte_range.map(|(o, s)| ByteRangeInfo::new(o, s));
    let col = run(py, move || {
        text::multibyte_split(&src, &delimiter, range, strip_delimiters)
    })?;
    Ok(PyColumn(col))
}

/// The `read_<format>(sources, options)` and `write_<format>(path, table, metadata,
/// options)` bindings: each parses its options dict with its `*_options` function and runs
/// its core reader or writer with the GIL released. A read gives `(Table, names_spec)`; a
/// write goes to `path`, or returns the bytes when `path` is None.
macro_rules! readers_and_writers {
    (
        read { $($(#[$rdoc:meta])* $read:ident = $read_options:ident, $core_read:path;)* }
        write { $($(#[$wdoc:meta])* $write:ident = $write_options:ident, $core_write:path;)* }
    ) => {
        $(
            $(#[$rdoc])*
            #[pyfunction]
            pub fn $read<'py>(
                py: Python<'py>,
                sources_: &Bound<'py, PyAny>,
                options: &Opts<'py>,
            ) -> PyResult<Bound<'py, PyTuple>> {
                let src = sources(sources_)?;
                let o = $read_options(options)?;
                let t = run(py, move || $core_read(&src, &o))?;
                result(py, t)
            }
        )*
        $(
            $(#[$wdoc])*
            #[pyfunction]
            #[pyo3(signature = (path, table, metadata, options))]
            pub fn $write<'py>(
                py: Python<'py>,
                path: Option<std::path::PathBuf>,
                table: PyTable,
                metadata: Option<&Bound<'py, PyAny>>,
                options: &Opts<'py>,
            ) -> PyResult<Option<Bound<'py, PyBytes>>> {
                let o = $write_options(options)?;
                let meta = metadata_from(metadata)?;
                let s = sink(path);
                let s2 = s.clone();
                run(py, move || $core_write(&s2, &table.0, meta.as_deref(), &o))?;
                Ok(sink_bytes(py, &s))
            }
        )*
    };
}

readers_and_writers! {
    read {
        /// Read CSV: `(Table, names_spec)`.
        read_csv = csv_reader_options, csv::read_csv;
        /// Read Parquet: `(Table, names_spec)`.
        read_parquet = parquet_reader_options, parquet::read_parquet;
        /// Read JSON lines: `(Table, names_spec)`.
        read_json = json_reader_options, json::read_json;
        /// Read Avro object container files: `(Table, names_spec)`.
        read_avro = avro_reader_options, avro::read_avro;
        /// Read ORC: `(Table, names_spec)`.
        read_orc = orc_reader_options, orc::read_orc;
    }
    write {
        /// Write CSV to `path`, or return the bytes when `path` is None.
        write_csv = csv_writer_options, csv::write_csv;
        /// Write Parquet to `path`, or return the bytes when `path` is None.
        write_parquet = parquet_writer_options, parquet::write_parquet;
        /// Write JSON (lines) to `path`, or return the bytes when `path` is None.
        write_json = json_writer_options, json::write_json;
        /// Write ORC to `path`, or return the bytes when `path` is None.
        write_orc = orc_writer_options, orc::write_orc;
    }
}

/// Register the I/O functions and classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyChunkedParquetReader>()?;
    m.add_class::<PyParquetChunkedWriter>()?;
    m.add_class::<PyOrcChunkedWriter>()?;
    add_functions!(
        m,
        read_csv,
        write_csv,
        read_parquet,
        write_parquet,
        read_json,
        write_json,
        read_avro,
        read_orc,
        write_orc,
        read_parquet_metadata,
        read_parquet_footers,
        parquet_footer_info,
        merge_row_group_metadata,
        is_supported_read_parquet,
        is_supported_write_parquet,
        is_supported_read_orc,
        is_supported_write_orc,
        multibyte_split,
    )
}
