//! `plc.io`: bindings of the core readers and writers.
//!
//! The option builders live in Python (`ferrodf/plc/io/*.py`) and hand these functions a
//! dict of plain values; sources arrive as a list of `str` paths or `bytes` (file-like
//! objects are read into bytes on the Python side), and memory sinks come back as `bytes`
//! for Python to write into the caller's buffer. Every core call runs with the GIL released.

use crate::errors::run;
use crate::table::PyTable;
use crate::types::PyDataType;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::io::csv::{self, ColumnRef, CsvReaderOptions, CsvWriterOptions};
use ferrodf_core::io::json::{self, JsonReaderOptions, JsonWriterOptions};
use ferrodf_core::io::parquet::{
    self, CmpOp, DictionaryPolicy, FilterValue, ParquetReaderOptions, ParquetWriterOptions,
    Predicate, StatisticsFreq,
};
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

fn progress(d: &Opts<'_>) -> PyResult<Option<Progress>> {
    match d.get_item("progress")? {
        Some(cb) if !cb.is_none() => {
            let cb: Py<PyAny> = cb.unbind();
            Ok(Some(Arc::new(move |done, total| {
                // Errors in a progress callback must not abort the read.
                Python::attach(|py| {
                    let _ = cb.call1(py, (done, total));
                });
            })))
        }
        _ => Ok(None),
    }
}

fn sources(list: &Bound<'_, PyAny>) -> PyResult<SourceInfo> {
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
    if let Some(v) = byte(d, "delimiter")? {
        o.delimiter = v;
    }
    if let Some(v) = byte(d, "lineterminator")? {
        o.lineterminator = v;
    }
    if let Some(v) = byte(d, "quotechar")? {
        o.quotechar = v;
    }
    if let Some(v) = get::<i32>(d, "quoting")? {
        o.quoting = QuoteStyle::from_i32(v).map_err(crate::errors::to_py)?;
    }
    if let Some(v) = get::<i64>(d, "header")? {
        o.header = v;
    }
    o.names = get(d, "names")?;
    if let Some(v) = get(d, "prefix")? {
        o.prefix = v;
    }
    if let Some(v) = get(d, "mangle_dupe_cols")? {
        o.mangle_dupe_cols = v;
    }
    o.usecols = col_refs(d, "usecols")?;
    o.dtypes = dtype_pairs(d, "dtypes")?;
    o.dtypes_list = get::<Vec<PyDataType>>(d, "dtypes_list")?
        .unwrap_or_default()
        .into_iter()
        .map(|t| t.0)
        .collect();
    if let Some(v) = get(d, "na_values")? {
        o.na_values = v;
    }
    if let Some(v) = get(d, "keep_default_na")? {
        o.keep_default_na = v;
    }
    if let Some(v) = get(d, "na_filter")? {
        o.na_filter = v;
    }
    if let Some(v) = get(d, "skiprows")? {
        o.skiprows = v;
    }
    o.nrows = get::<i64>(d, "nrows")?
        .filter(|&n| n >= 0)
        .map(|n| n as usize);
    if let Some(v) = get(d, "skipfooter")? {
        o.skipfooter = v;
    }
    if let Some(v) = byte(d, "decimal")? {
        o.decimal = v;
    }
    o.thousands = byte(d, "thousands")?;
    o.comment = byte(d, "comment")?;
    o.parse_dates = col_refs(d, "parse_dates")?.unwrap_or_default();
    Ok(o)
}

/// Read CSV: `(Table, names_spec)`.
#[pyfunction(name = "read_csv")]
pub fn io_read_csv<'py>(
    py: Python<'py>,
    sources_: &Bound<'py, PyAny>,
    options: &Opts<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let src = sources(sources_)?;
    let o = csv_reader_options(options)?;
    let t = run(py, move || csv::read_csv(&src, &o))?;
    result(py, t)
}

/// Write CSV to `path`, or return the bytes when `path` is None.
#[pyfunction(name = "write_csv")]
#[pyo3(signature = (path, table, metadata, options))]
pub fn io_write_csv<'py>(
    py: Python<'py>,
    path: Option<std::path::PathBuf>,
    table: PyTable,
    metadata: Option<&Bound<'py, PyAny>>,
    options: &Opts<'py>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let mut o = CsvWriterOptions {
        compression: compression(options, CompressionType::None)?,
        progress: progress(options)?,
        ..Default::default()
    };
    o.names = get(options, "names")?;
    if let Some(v) = get(options, "na_rep")? {
        o.na_rep = v;
    }
    if let Some(v) = get(options, "include_header")? {
        o.include_header = v;
    }
    if let Some(v) = get::<usize>(options, "rows_per_chunk")? {
        o.rows_per_chunk = v.max(1);
    }
    if let Some(v) = get(options, "line_terminator")? {
        o.line_terminator = v;
    }
    if let Some(v) = byte(options, "inter_column_delimiter")? {
        o.inter_column_delimiter = v;
    }
    if let Some(v) = get(options, "true_value")? {
        o.true_value = v;
    }
    if let Some(v) = get(options, "false_value")? {
        o.false_value = v;
    }
    if let Some(v) = get::<i32>(options, "quoting")? {
        o.quoting = QuoteStyle::from_i32(v).map_err(crate::errors::to_py)?;
    }
    let meta = metadata_from(metadata)?;
    let s = sink(path);
    let s2 = s.clone();
    let t = table.0;
    run(py, move || csv::write_csv(&s2, &t, meta.as_deref(), &o))?;
    Ok(sink_bytes(py, &s))
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
        nrows: get::<i64>(d, "nrows")?
            .filter(|&n| n >= 0)
            .map(|n| n as usize),
        progress: progress(d)?,
    })
}

/// Read Parquet: `(Table, names_spec)`.
#[pyfunction(name = "read_parquet")]
pub fn io_read_parquet<'py>(
    py: Python<'py>,
    sources_: &Bound<'py, PyAny>,
    options: &Opts<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let src = sources(sources_)?;
    let o = parquet_reader_options(options)?;
    let t = run(py, move || parquet::read_parquet(&src, &o))?;
    result(py, t)
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
    if let Some(v) = get(d, "row_group_size_rows")? {
        o.row_group_size_rows = v;
    }
    o.row_group_size_bytes = get(d, "row_group_size_bytes")?;
    if let Some(v) = get::<i32>(d, "stats_level")? {
        o.stats_level = StatisticsFreq::from_i32(v).map_err(crate::errors::to_py)?;
    }
    if let Some(v) = get::<i32>(d, "dictionary_policy")? {
        o.dictionary_policy = DictionaryPolicy::from_i32(v).map_err(crate::errors::to_py)?;
    }
    o.max_page_size_bytes = get(d, "max_page_size_bytes")?;
    o.max_page_size_rows = get(d, "max_page_size_rows")?;
    o.max_dictionary_size = get(d, "max_dictionary_size")?;
    if let Some(v) = get(d, "write_v2_headers")? {
        o.write_v2_headers = v;
    }
    if let Some(v) = get(d, "write_arrow_schema")? {
        o.write_arrow_schema = v;
    }
    if let Some(v) = get(d, "key_value_metadata")? {
        o.key_value_metadata = v;
    }
    Ok(o)
}

/// Write Parquet to `path`, or return the bytes when `path` is None.
#[pyfunction(name = "write_parquet")]
#[pyo3(signature = (path, table, metadata, options))]
pub fn io_write_parquet<'py>(
    py: Python<'py>,
    path: Option<std::path::PathBuf>,
    table: PyTable,
    metadata: Option<&Bound<'py, PyAny>>,
    options: &Opts<'py>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let o = parquet_writer_options(options)?;
    let meta = metadata_from(metadata)?;
    let s = sink(path);
    let s2 = s.clone();
    let t = table.0;
    run(py, move || {
        parquet::write_parquet(&s2, &t, meta.as_deref(), &o)
    })?;
    Ok(sink_bytes(py, &s))
}

/// The state of a `ParquetChunkedWriter`.
#[pyclass(
    name = "_ParquetChunkedWriter",
    module = "ferrodf.plc.io.parquet",
    frozen
)]
pub struct PyParquetChunkedWriter {
    sink: SinkInfo,
    writer: Mutex<Option<parquet::ParquetChunkedWriter>>,
}

#[pymethods]
impl PyParquetChunkedWriter {
    #[new]
    #[pyo3(signature = (path, options))]
    fn new(path: Option<std::path::PathBuf>, options: &Opts<'_>) -> PyResult<Self> {
        let s = sink(path);
        let o = parquet_writer_options(options)?;
        let w = parquet::ParquetChunkedWriter::new(&s, &o).map_err(crate::errors::to_py)?;
        Ok(PyParquetChunkedWriter {
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
    /// Finish the file; returns the bytes of a memory sink.
    fn close<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let w = self.writer.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(w) = w {
            run(py, move || w.close())?;
        }
        Ok(sink_bytes(py, &self.sink))
    }
}

/// Read JSON lines: `(Table, names_spec)`.
#[pyfunction(name = "read_json")]
pub fn io_read_json<'py>(
    py: Python<'py>,
    sources_: &Bound<'py, PyAny>,
    options: &Opts<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let src = sources(sources_)?;
    let mut o = JsonReaderOptions {
        compression: compression(options, CompressionType::Auto)?,
        dtypes: dtype_pairs(options, "dtypes")?,
        progress: progress(options)?,
        ..Default::default()
    };
    if let Some(v) = get(options, "lines")? {
        o.lines = v;
    }
    let t = run(py, move || json::read_json(&src, &o))?;
    result(py, t)
}

/// Write JSON (lines) to `path`, or return the bytes when `path` is None.
#[pyfunction(name = "write_json")]
#[pyo3(signature = (path, table, metadata, options))]
pub fn io_write_json<'py>(
    py: Python<'py>,
    path: Option<std::path::PathBuf>,
    table: PyTable,
    metadata: Option<&Bound<'py, PyAny>>,
    options: &Opts<'py>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let mut o = JsonWriterOptions {
        compression: compression(options, CompressionType::None)?,
        progress: progress(options)?,
        ..Default::default()
    };
    if let Some(v) = get(options, "lines")? {
        o.lines = v;
    }
    if let Some(v) = get(options, "include_nulls")? {
        o.include_nulls = v;
    }
    if let Some(v) = get::<usize>(options, "rows_per_chunk")? {
        o.rows_per_chunk = v.max(1);
    }
    let meta = metadata_from(metadata)?;
    let s = sink(path);
    let s2 = s.clone();
    let t = table.0;
    run(py, move || json::write_json(&s2, &t, meta.as_deref(), &o))?;
    Ok(sink_bytes(py, &s))
}

/// Register the I/O functions and classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(io_read_csv, m)?)?;
    m.add_function(wrap_pyfunction!(io_write_csv, m)?)?;
    m.add_function(wrap_pyfunction!(io_read_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(io_write_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(io_read_json, m)?)?;
    m.add_function(wrap_pyfunction!(io_write_json, m)?)?;
    m.add_class::<PyChunkedParquetReader>()?;
    m.add_class::<PyParquetChunkedWriter>()?;
    Ok(())
}
