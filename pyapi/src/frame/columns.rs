//! Element-wise Series methods and their column-by-column frame forms for Python
//! (`round`, `astype`, `where`/`mask`, `describe`, `duplicated`, `info`, ...): argument
//! conversion only; the rules live in `ferrodf::series` and `ferrodf::frame_columns`.

use ferrodf::compute::{ScanOp, Value};
use ferrodf::dtype::Dtype;
use ferrodf::frame_columns::Condition;
use ferrodf::select_dtypes::DtypeSelector;
use ferrodf::series::Other;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};

use super::compute::{keep_from_py, value_from_py};
use super::keys::label_from_py;
use super::objects::{PyDataFrame, PySeries};
use crate::errors::{IntoPyResult, run};

fn other_from_py(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Other> {
    if let Ok(s) = other.extract::<PySeries>() {
        return Ok(Other::Series(s.0));
    }
    Ok(Other::Value(value_from_py(py, other)?))
}

fn scan_op(how: &str) -> PyResult<ScanOp> {
    Ok(match how {
        "cumsum" => ScanOp::CumSum,
        "cumprod" => ScanOp::CumProd,
        "cummin" => ScanOp::CumMin,
        "cummax" => ScanOp::CumMax,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "unknown cumulative operation {other:?}"
            )));
        }
    })
}

#[pymethods]
impl PySeries {
    /// `s.groupby(key_series)`: keys aligned on the labels, groups named after the keys,
    /// results after the Series (`ferrodf::Series::groupby_keys`).
    fn groupby_keys(
        &self,
        py: Python<'_>,
        keys: Vec<PySeries>,
        sort: bool,
        dropna: bool,
        observed: bool,
    ) -> PyResult<super::groupby::PySeriesGroupBy> {
        let s = self.0.clone();
        let keys: Vec<ferrodf::Series> = keys.into_iter().map(|k| k.0).collect();
        let grouped = run(py, move || {
            s.groupby_keys(&keys)?
                .sort(sort)
                .dropna(dropna)
                .observed(observed)
        })?;
        Ok(super::groupby::PySeriesGroupBy(grouped))
    }

    /// `s.groupby(level=...)` (`ferrodf::Series::groupby_levels`).
    fn groupby_levels(
        &self,
        py: Python<'_>,
        levels: Vec<Bound<'_, PyAny>>,
        sort: bool,
        dropna: bool,
        observed: bool,
    ) -> PyResult<super::groupby::PySeriesGroupBy> {
        let s = self.0.clone();
        let levels = levels
            .iter()
            .map(super::keys::level_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let grouped = run(py, move || {
            s.groupby_levels(levels)?
                .sort(sort)
                .dropna(dropna)
                .observed(observed)
        })?;
        Ok(super::groupby::PySeriesGroupBy(grouped))
    }

    /// `-s` (`ferrodf`'s `Neg for &Series`: booleans inverted, as pandas).
    fn negate(&self, py: Python<'_>) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || -&s).map(PySeries)
    }

    /// `~s` (`ferrodf`'s `Not for &Series`: logical for booleans, bitwise for integers).
    fn invert(&self, py: Python<'_>) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || !&s).map(PySeries)
    }

    /// pandas' `s.memory_usage(index=...)`: the bytes of the values (and the index).
    fn memory_usage(&self, index: bool) -> usize {
        self.0.memory_usage(index)
    }

    fn round(&self, py: Python<'_>, decimals: i32) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || s.round(decimals)).map(PySeries)
    }

    /// `dtype`: a pandas dtype name.
    fn astype(&self, py: Python<'_>, dtype: &str) -> PyResult<Self> {
        let (s, dtype) = (self.0.clone(), Dtype::parse(dtype).py()?);
        run(py, move || s.astype(dtype)).map(PySeries)
    }

    /// `where` (or `mask` with `invert`): `cond` a boolean Series, `other` a Series or value.
    fn where_(
        &self,
        py: Python<'_>,
        cond: PySeries,
        other: &Bound<'_, PyAny>,
        invert: bool,
    ) -> PyResult<Self> {
        let (s, other) = (self.0.clone(), other_from_py(py, other)?);
        run(py, move || {
            if invert {
                s.mask(&cond.0, other)
            } else {
                s.keep_where(&cond.0, other)
            }
        })
        .map(PySeries)
    }

    fn nlargest(&self, py: Python<'_>, n: usize, largest: bool) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || {
            if largest {
                s.nlargest(n)
            } else {
                s.nsmallest(n)
            }
        })
        .map(PySeries)
    }

    #[pyo3(signature = (name = None))]
    fn to_frame(&self, py: Python<'_>, name: Option<&Bound<'_, PyAny>>) -> PyResult<PyDataFrame> {
        let name = name.map(label_from_py).transpose()?;
        let s = self.0.clone();
        run(py, move || s.to_frame(name)).map(PyDataFrame)
    }
}

#[pymethods]
impl PyDataFrame {
    /// The column labels as an Index.
    fn columns_index(&self) -> PyResult<super::objects::PyIndex> {
        self.0.columns_index().py().map(super::objects::PyIndex)
    }

    /// Each column's dtype name, indexed by the column labels.
    fn dtypes(&self) -> PyResult<PySeries> {
        self.0.dtypes().py().map(PySeries)
    }

    /// The row label of each column's smallest (`"argmin"`) or largest (`"argmax"`) value.
    fn idx_reduce(&self, py: Python<'_>, how: &str, skipna: bool) -> PyResult<PySeries> {
        let how = ferrodf::compute::Reduction::parse(how).py()?;
        let options = ferrodf::compute::ReduceOptions {
            skipna,
            ..Default::default()
        };
        let df = self.0.clone();
        run(py, move || df.idx_reduce(how, options)).map(PySeries)
    }
}

#[pymethods]
impl PyDataFrame {
    /// `isna()`, or `notna()` when `present`.
    fn missing(&self, py: Python<'_>, present: bool) -> PyResult<Self> {
        let df = self.0.clone();
        run(py, move || if present { df.notna() } else { df.isna() }).map(PyDataFrame)
    }

    /// `value`: one value for every column, or a dict label -> value.
    fn fillna(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Self> {
        let df = self.0.clone();
        if let Ok(d) = value.cast::<PyDict>() {
            let values = d
                .iter()
                .map(|(k, v)| Ok((label_from_py(&k)?, value_from_py(py, &v)?)))
                .collect::<PyResult<Vec<_>>>()?;
            return run(py, move || df.fillna_columns(&values)).map(PyDataFrame);
        }
        let value = value_from_py(py, value)?;
        run(py, move || df.fillna(value)).map(PyDataFrame)
    }

    #[pyo3(signature = (lower = None, upper = None))]
    fn clip(
        &self,
        py: Python<'_>,
        lower: Option<&Bound<'_, PyAny>>,
        upper: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let bound = |b: Option<&Bound<'_, PyAny>>| match b {
            Some(v) => value_from_py(py, v),
            None => Ok(Value::Null),
        };
        let (lo, hi, df) = (bound(lower)?, bound(upper)?, self.0.clone());
        run(py, move || df.clip(lo, hi)).map(PyDataFrame)
    }

    fn round(&self, py: Python<'_>, decimals: i32) -> PyResult<Self> {
        let df = self.0.clone();
        run(py, move || df.round(decimals)).map(PyDataFrame)
    }

    /// `dtype`: a dtype name for every column, or a dict label -> name.
    fn astype(&self, py: Python<'_>, dtype: &Bound<'_, PyAny>) -> PyResult<Self> {
        let df = self.0.clone();
        if let Ok(d) = dtype.cast::<PyDict>() {
            let dtypes = d
                .iter()
                .map(|(k, v)| {
                    Ok((
                        label_from_py(&k)?,
                        Dtype::parse(&v.extract::<String>()?).py()?,
                    ))
                })
                .collect::<PyResult<Vec<_>>>()?;
            return run(py, move || df.astype_columns(&dtypes)).map(PyDataFrame);
        }
        let dtype = Dtype::parse(&dtype.extract::<String>()?).py()?;
        run(py, move || df.astype(dtype)).map(PyDataFrame)
    }

    /// `where` (or `mask` with `invert`): `cond` a boolean Series or frame.
    fn where_(
        &self,
        py: Python<'_>,
        cond: &Bound<'_, PyAny>,
        other: &Bound<'_, PyAny>,
        invert: bool,
    ) -> PyResult<Self> {
        let other = value_from_py(py, other)?;
        let df = self.0.clone();
        if let Ok(f) = cond.extract::<PyDataFrame>() {
            return run(py, move || {
                let c = Condition::Frame(&f.0);
                if invert {
                    df.mask(c, other)
                } else {
                    df.keep_where(c, other)
                }
            })
            .map(PyDataFrame);
        }
        let s: PySeries = cond.extract()?;
        run(py, move || {
            let c = Condition::Rows(&s.0);
            if invert {
                df.mask(c, other)
            } else {
                df.keep_where(c, other)
            }
        })
        .map(PyDataFrame)
    }

    fn cumulative(&self, py: Python<'_>, how: &str) -> PyResult<Self> {
        let (df, how) = (self.0.clone(), scan_op(how)?);
        run(py, move || df.cumulative(how)).map(PyDataFrame)
    }

    fn duplicated(
        &self,
        py: Python<'_>,
        subset: Vec<Bound<'_, PyAny>>,
        keep: &Bound<'_, PyAny>,
    ) -> PyResult<PySeries> {
        let keep = keep_from_py(keep)?;
        let subset = subset
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let df = self.0.clone();
        run(py, move || df.duplicated(&subset, keep)).map(PySeries)
    }

    fn nlargest(
        &self,
        py: Python<'_>,
        n: usize,
        columns: Vec<Bound<'_, PyAny>>,
        largest: bool,
    ) -> PyResult<Self> {
        let columns = columns
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let df = self.0.clone();
        run(py, move || {
            if largest {
                df.nlargest(n, columns)
            } else {
                df.nsmallest(n, columns)
            }
        })
        .map(PyDataFrame)
    }

    fn info(&self, py: Python<'_>) -> PyResult<String> {
        let df = self.0.clone();
        run(py, move || df.info())
    }
}

delegate_methods!(PyDataFrame {
    deep_copy -> PyDataFrame;
    describe -> PyDataFrame;
});

delegate_methods!(PySeries {
    reset_index -> PyDataFrame;
    drop_index -> PySeries;
    deep_copy -> PySeries;
    describe -> PySeries;
});

/// A `select_dtypes` entry by its name: a string as given, a Python or NumPy type by its
/// `__name__` (`float`, `np.number`, `np.int64`), a dtype object by `str()` (`int64`,
/// `datetime64[ns]`, `category`).
fn dtype_selector_from_py(spec: &Bound<'_, PyAny>) -> PyResult<DtypeSelector> {
    let name: String = if spec.is_instance_of::<PyString>() {
        spec.extract()?
    } else if spec.is_instance_of::<PyType>() {
        spec.getattr("__name__")?.extract()?
    } else {
        spec.str()?.extract()?
    };
    name.parse().py()
}

#[pymethods]
impl PyDataFrame {
    /// The columns of the dtypes `include` names (all when empty) and `exclude` does not
    /// (pandas' `select_dtypes`, `ferrodf::select_dtypes`).
    fn select_dtypes(
        &self,
        py: Python<'_>,
        include: Vec<Bound<'_, PyAny>>,
        exclude: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<PyDataFrame> {
        let include = include
            .iter()
            .map(dtype_selector_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let exclude = exclude
            .iter()
            .map(dtype_selector_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let df = self.0.clone();
        run(py, move || df.select_dtypes(&include, &exclude)).map(PyDataFrame)
    }

    /// Rows and columns swapped (pandas' `transpose` / `T`, `DataFrame::transpose`).
    fn transpose(&self, py: Python<'_>) -> PyResult<PyDataFrame> {
        let df = self.0.clone();
        run(py, move || df.transpose()).map(PyDataFrame)
    }
}
