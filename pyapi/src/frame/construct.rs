//! `DataFrame(dict, index=...)` for Python: each value converted to a frontend `Entry`;
//! the alignment, length and broadcast rules are `ferrodf::DataFrame::from_entries`'.

use ferrodf::DataFrame;
use ferrodf::construct::Entry;
use pyo3::prelude::*;

use super::compute::value_from_py;
use super::keys::label_from_py;
use super::objects::{PyDataFrame, PyIndex, PySeries};
use crate::column::PyColumn;
use crate::errors::run;

/// A Series (aligned on its labels), a column (by position) or a scalar (repeated).
fn entry_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Entry> {
    if let Ok(s) = obj.extract::<PySeries>() {
        return Ok(Entry::Series(s.0));
    }
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(Entry::Column(c.0));
    }
    Ok(Entry::Scalar(value_from_py(py, obj)?))
}

#[pymethods]
impl PyDataFrame {
    /// A frame from `(label, value)` pairs (`ferrodf::DataFrame::from_entries`).
    #[staticmethod]
    #[pyo3(signature = (entries, index = None, level_names = None))]
    fn from_entries(
        py: Python<'_>,
        entries: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
        index: Option<PyIndex>,
        level_names: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Self> {
        let entries = entries
            .iter()
            .map(|(label, value)| Ok((label_from_py(label)?, entry_from_py(py, value)?)))
            .collect::<PyResult<Vec<_>>>()?;
        let level_names = level_names
            .map(|names| {
                names
                    .iter()
                    .map(label_from_py)
                    .collect::<PyResult<Vec<_>>>()
            })
            .transpose()?;
        let index = index.map(|i| i.0);
        run(py, move || {
            DataFrame::from_entries(entries, index, level_names)
        })
        .map(PyDataFrame)
    }
}
