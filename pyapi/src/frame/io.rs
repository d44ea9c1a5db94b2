//! `ferrodf.read_csv`/`read_parquet`/`read_json` and `DataFrame.to_csv`/`to_parquet`/
//! `to_json`: pandas' arguments handed to `ferrodf::io` as they are. Python reads file-like
//! sources into bytes and writes memory sinks into file-like objects; everything else
//! (header inference, `usecols` by name or position, dtype names, `index_col`, compression
//! names, how the index is written) is the frontend's.

use ferrodf::io::{self, Header, ReadCsv, ReadJson, ReadParquet, ToCsv, ToJson, ToParquet};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::keys::label_from_py;
use super::objects::PyDataFrame;
use crate::errors::run;
use crate::io::{progress_hook, sources};

fn labels(items: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Vec<ferrodf::Label>> {
    items
        .unwrap_or_default()
        .iter()
        .map(label_from_py)
        .collect()
}

/// pandas' `header`: `"infer"`, a row number, or None.
fn header(obj: &Bound<'_, PyAny>) -> PyResult<Header> {
    if obj.is_none() {
        return Ok(Header::None);
    }
    if let Ok(row) = obj.extract::<usize>() {
        return Ok(Header::Row(row));
    }
    match obj.extract::<String>().as_deref() {
        Ok("infer") => Ok(Header::Infer),
        _ => Err(PyTypeError::new_err(format!(
            "header must be 'infer', a row number or None, got {}",
            obj.repr()?
        ))),
    }
}

/// pandas' `dtype`: one dtype name for every column, or a dict of names by column.
fn with_dtype(mut opts: ReadCsv, dtype: Option<&Bound<'_, PyAny>>) -> PyResult<ReadCsv> {
    let Some(dtype) = dtype.filter(|d| !d.is_none()) else {
        return Ok(opts);
    };
    if let Ok(by_column) = dtype.cast::<PyDict>() {
        for (k, v) in by_column.iter() {
            opts = opts.dtype_of(k.str()?.to_string(), v.extract::<String>()?);
        }
        return Ok(opts);
    }
    Ok(opts.dtype(dtype.extract::<String>()?))
}

#[pyfunction]
#[pyo3(signature = (
    sources_, sep, header_, names, usecols, dtype, na_values, skiprows, nrows, parse_dates,
    index_col, compression, comment, decimal, thousands, progress
))]
#[allow(clippy::too_many_arguments)]
fn read_csv(
    py: Python<'_>,
    sources_: &Bound<'_, PyAny>,
    sep: String,
    header_: &Bound<'_, PyAny>,
    names: Option<Vec<String>>,
    usecols: Option<Vec<Bound<'_, PyAny>>>,
    dtype: Option<&Bound<'_, PyAny>>,
    na_values: Option<Vec<String>>,
    skiprows: Option<usize>,
    nrows: Option<usize>,
    parse_dates: Option<Vec<Bound<'_, PyAny>>>,
    index_col: Option<Vec<Bound<'_, PyAny>>>,
    compression: Option<String>,
    comment: Option<String>,
    decimal: String,
    thousands: Option<String>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyDataFrame> {
    let mut opts = ReadCsv::new()
        .sep(sep)
        .header(header(header_)?)
        .na_values(na_values.unwrap_or_default())
        .skiprows(skiprows.unwrap_or(0))
        .parse_dates(labels(parse_dates)?)
        .index_col(labels(index_col)?)
        .compression(compression.as_deref())
        .decimal(decimal);
    if let Some(names) = names {
        opts = opts.names(names);
    }
    if let Some(usecols) = usecols {
        opts = opts.usecols(labels(Some(usecols))?);
    }
    if let Some(n) = nrows {
        opts = opts.nrows(n);
    }
    if let Some(c) = comment {
        opts = opts.comment(c);
    }
    if let Some(t) = thousands {
        opts = opts.thousands(t);
    }
    if let Some(hook) = progress_hook(progress) {
        opts = opts.progress(hook);
    }
    let opts = with_dtype(opts, dtype)?;
    let source = sources(sources_)?;
    run(py, move || io::read_csv(source, &opts)).map(PyDataFrame)
}

#[pyfunction]
#[pyo3(signature = (sources_, columns, index_col, progress))]
fn read_parquet(
    py: Python<'_>,
    sources_: &Bound<'_, PyAny>,
    columns: Option<Vec<String>>,
    index_col: Option<Vec<Bound<'_, PyAny>>>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyDataFrame> {
    let mut opts = ReadParquet::new().index_col(labels(index_col)?);
    if let Some(columns) = columns {
        opts = opts.columns(columns);
    }
    if let Some(hook) = progress_hook(progress) {
        opts = opts.progress(hook);
    }
    let source = sources(sources_)?;
    run(py, move || io::read_parquet(source, &opts)).map(PyDataFrame)
}

#[pyfunction]
#[pyo3(signature = (sources_, lines, compression))]
fn read_json(
    py: Python<'_>,
    sources_: &Bound<'_, PyAny>,
    lines: bool,
    compression: Option<String>,
) -> PyResult<PyDataFrame> {
    let opts = ReadJson::new()
        .lines(lines)
        .compression(compression.as_deref());
    let source = sources(sources_)?;
    run(py, move || io::read_json(source, &opts)).map(PyDataFrame)
}

/// What a writer gives back: None after writing to `path`, else the text or bytes.
enum Written {
    Nothing,
    Text(String),
    Bytes(Vec<u8>),
}

impl<'py> IntoPyObject<'py> for Written {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Written::Nothing => py.None().into_bound(py),
            Written::Text(t) => t.into_pyobject(py)?.into_any(),
            Written::Bytes(b) => PyBytes::new(py, &b).into_any(),
        })
    }
}

#[pymethods]
impl PyDataFrame {
    /// Write CSV to `path`, or return the text when `path` is None (pandas' `to_csv`).
    #[pyo3(signature = (path, sep, index, header, na_rep, compression, progress))]
    #[allow(clippy::too_many_arguments)]
    fn to_csv_io(
        &self,
        py: Python<'_>,
        path: Option<std::path::PathBuf>,
        sep: String,
        index: bool,
        header: bool,
        na_rep: String,
        compression: Option<String>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Written> {
        let mut opts = ToCsv::new()
            .sep(sep)
            .index(index)
            .header(header)
            .na_rep(na_rep)
            .compression(compression.as_deref());
        if let Some(hook) = progress_hook(progress) {
            opts = opts.progress(hook);
        }
        let df = self.0.clone();
        run(py, move || match path {
            Some(p) => df.to_csv(p, &opts).map(|()| Written::Nothing),
            None => df.to_csv_string(&opts).map(Written::Text),
        })
    }

    /// Write Parquet to `path`, or return the file's bytes when `path` is None.
    #[pyo3(signature = (path, compression, index))]
    fn to_parquet_io(
        &self,
        py: Python<'_>,
        path: Option<std::path::PathBuf>,
        compression: Option<String>,
        index: Option<bool>,
    ) -> PyResult<Written> {
        let opts = ToParquet::new()
            .compression(compression.as_deref())
            .index(index);
        let df = self.0.clone();
        run(py, move || match path {
            Some(p) => df.to_parquet(p, &opts).map(|()| Written::Nothing),
            None => df.to_parquet_bytes(&opts).map(Written::Bytes),
        })
    }

    /// Write JSON lines to `path`, or return the text when `path` is None.
    #[pyo3(signature = (path))]
    fn to_json_io(&self, py: Python<'_>, path: Option<std::path::PathBuf>) -> PyResult<Written> {
        let opts = ToJson::new();
        let df = self.0.clone();
        run(py, move || match path {
            Some(p) => df.to_json(p, &opts).map(|()| Written::Nothing),
            None => df.to_json_string(&opts).map(Written::Text),
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_csv, m)?)?;
    m.add_function(wrap_pyfunction!(read_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(read_json, m)?)?;
    Ok(())
}
