//! `_lib.GroupBy` and `_lib.SeriesGroupBy`: the frontend's groupby builder for Python.
//! Arguments are converted here (aggregation specs from strings, lists, dicts and named
//! tuples); every rule lives in `ferrodf::groupby`.

use ferrodf::groupby::{AggSpec, Funcs, GroupBy, GroupBySelection, SeriesGroupBy};
use ferrodf::{Label, Selected};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use super::keys::{label_from_py, label_key_from_py};
use super::objects::{PyDataFrame, PyIndex, PySeries};
use crate::errors::{IntoPyResult, run};

#[pyclass(name = "FrameGroupBy", module = "ferrodf._lib", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyGroupBy(pub GroupBy);

#[pyclass(
    name = "SeriesGroupBy",
    module = "ferrodf._lib",
    frozen,
    from_py_object
)]
#[derive(Clone)]
pub struct PySeriesGroupBy(pub SeriesGroupBy);

fn name_from_py(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_str()?.to_string());
    }
    let kind = obj.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "aggregations are named by strings such as \"sum\" or \"mean\"; got {kind} \
         (ferrodf does not run Python callables per group: use .to_pandas() for that)"
    )))
}

fn names_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    obj.try_iter()?.map(|x| name_from_py(&x?)).collect()
}

fn is_list(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()
}

/// pandas' `agg(func, **named)` as an [`AggSpec`]; `column` is the selected column of a
/// SeriesGroupBy, whose named aggregations are `out="sum"` rather than `out=(col, "sum")`.
fn spec_from_py(
    func: Option<&Bound<'_, PyAny>>,
    named: Option<&Bound<'_, PyDict>>,
    column: Option<&Label>,
) -> PyResult<AggSpec> {
    if let Some(named) = named.filter(|d| !d.is_empty()) {
        let mut items = Vec::new();
        for (out, value) in named.iter() {
            let (col, how) = match (column, value.cast::<PyString>()) {
                (Some(c), Ok(how)) => (c.clone(), how.to_str()?.to_string()),
                _ => {
                    let pair: (Bound<'_, PyAny>, Bound<'_, PyAny>) = value.extract().map_err(|_| {
                        PyTypeError::new_err(
                            "a named aggregation is out=(column, \"name\") (or pandas.NamedAgg)",
                        )
                    })?;
                    (label_from_py(&pair.0)?, name_from_py(&pair.1)?)
                }
            };
            items.push((label_from_py(&out)?, col, how));
        }
        return Ok(AggSpec::Named(items));
    }
    let Some(func) = func else {
        return Err(PyTypeError::new_err(
            "agg needs a name, a list of names, a dict or named aggregations",
        ));
    };
    if func.is_instance_of::<PyString>() {
        return Ok(AggSpec::One(name_from_py(func)?));
    }
    if let Ok(d) = func.cast::<PyDict>() {
        let mut items = Vec::new();
        for (col, fs) in d.iter() {
            let funcs = if is_list(&fs) {
                Funcs::List(names_from_py(&fs)?)
            } else {
                Funcs::One(name_from_py(&fs)?)
            };
            items.push((label_from_py(&col)?, funcs));
        }
        return Ok(AggSpec::PerColumn(items));
    }
    if is_list(func) {
        return Ok(AggSpec::Many(names_from_py(func)?));
    }
    name_from_py(func).map(AggSpec::One)
}

/// A frontend selection as the Python object it is (a Series or a frame).
pub(super) fn selected_to_py(py: Python<'_>, out: Selected) -> PyResult<Py<PyAny>> {
    match out {
        Selected::Series(s) => Ok(Py::new(py, PySeries(s))?.into_any()),
        Selected::Frame(f) => Ok(Py::new(py, PyDataFrame(f))?.into_any()),
    }
}

#[pymethods]
impl PyGroupBy {
    /// The key labels.
    fn keys(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        super::keys::labels_to_py(py, self.0.keys())
    }

    #[getter]
    fn as_index(&self) -> bool {
        self.0.keys_as_index()
    }

    /// `gb[key]`: a `SeriesGroupBy` for one label, a `GroupBy` for a list.
    fn get(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match self.0.get(&label_key_from_py(key)?).py()? {
            GroupBySelection::Frame(g) => Ok(Py::new(py, PyGroupBy(g))?.into_any()),
            GroupBySelection::Series(s) => Ok(Py::new(py, PySeriesGroupBy(s))?.into_any()),
        }
    }
}

impl PyGroupBy {
    /// The column a `SeriesGroupBy` aggregates; none for a frame's groups.
    fn selected_column(&self) -> Option<Label> {
        None
    }
}

impl PySeriesGroupBy {
    fn selected_column(&self) -> Option<Label> {
        Some(self.0.column_label().clone())
    }
}

/// The methods `GroupBy` and `SeriesGroupBy` share: the same frontend calls, giving a frame
/// or a Series (`$out`).
macro_rules! shared_groupby_methods {
    ($class:ident -> $out:ident) => {
        #[pymethods]
        impl $class {
            /// pandas' `agg(func, **named)`. A frame's groups give a frame, or a Series for
            /// `"size"` with keys as index; a Series' groups give a Series for one name (keys
            /// as index), else a frame.
            #[pyo3(signature = (func = None, named = None, ddof = 1, numeric_only = false))]
            fn aggregate(
                &self,
                py: Python<'_>,
                func: Option<&Bound<'_, PyAny>>,
                named: Option<&Bound<'_, PyDict>>,
                ddof: i32,
                numeric_only: bool,
            ) -> PyResult<Py<PyAny>> {
                let spec = spec_from_py(func, named, self.selected_column().as_ref())?;
                let gb = self.0.clone().ddof(ddof);
                let gb = if numeric_only {
                    gb.numeric_only().py()?
                } else {
                    gb
                };
                let out = run(py, move || gb.aggregate(spec))?;
                selected_to_py(py, out)
            }

            /// `how`: "cumsum", "cumprod", "cummin" or "cummax".
            fn scan(&self, py: Python<'_>, how: &str) -> PyResult<$out> {
                let gb = self.0.clone();
                let how = how.to_string();
                run(py, move || gb.scan(&how)).map($out)
            }

            fn cumcount(&self, py: Python<'_>) -> PyResult<PySeries> {
                let gb = self.0.clone();
                run(py, move || gb.cumcount()).map(PySeries)
            }

            #[pyo3(signature = (how, ddof = 1))]
            fn transform(
                &self,
                py: Python<'_>,
                how: &Bound<'_, PyAny>,
                ddof: i32,
            ) -> PyResult<$out> {
                let how = name_from_py(how)?;
                let gb = self.0.clone().ddof(ddof);
                run(py, move || gb.transform(&how)).map($out)
            }

            fn head(&self, py: Python<'_>, n: i64) -> PyResult<$out> {
                let gb = self.0.clone();
                run(py, move || gb.head(n)).map($out)
            }

            fn tail(&self, py: Python<'_>, n: i64) -> PyResult<$out> {
                let gb = self.0.clone();
                run(py, move || gb.tail(n)).map($out)
            }

            /// pandas' `get_group(key)`: the group's rows (values of a Series' groups).
            fn get_group(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<$out> {
                let key = label_from_py(key)?;
                let gb = self.0.clone();
                run(py, move || gb.get_group(&key)).map($out)
            }

            /// pandas' `groups`: (key, row labels) pairs, keys in order.
            fn groups(&self, py: Python<'_>) -> PyResult<Vec<(Py<PyAny>, PyIndex)>> {
                let gb = self.0.clone();
                let groups = run(py, move || gb.groups())?;
                groups
                    .into_iter()
                    .map(|(key, index)| Ok((super::keys::label_to_py(py, &key)?, PyIndex(index))))
                    .collect()
            }
        }
    };
}

shared_groupby_methods!(PyGroupBy -> PyDataFrame);
shared_groupby_methods!(PySeriesGroupBy -> PySeries);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGroupBy>()?;
    m.add_class::<PySeriesGroupBy>()?;
    Ok(())
}
