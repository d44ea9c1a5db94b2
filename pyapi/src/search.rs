//! `plc.search`: lower_bound, upper_bound and contains.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::search::{self, NullOrder, Order};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

pub(crate) fn orders(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Order>> {
    let mut out = vec![];
    for item in obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("column_order must be a list of Order values"))?
    {
        out.push(extract_enum::<Order>(&item?)?);
    }
    Ok(out)
}

pub(crate) fn null_orders(obj: &Bound<'_, PyAny>) -> PyResult<Vec<NullOrder>> {
    let mut out = vec![];
    for item in obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("null_precedence must be a list of NullOrder values"))?
    {
        out.push(extract_enum::<NullOrder>(&item?)?);
    }
    Ok(out)
}

/// For each needle row, the first position of the sorted haystack where it fits.
#[pyfunction]
#[pyo3(name = "lower_bound", signature = (haystack, needles, column_order, null_precedence, stream = None, mr = None))]
pub fn lower_bound(
    py: Python<'_>,
    haystack: PyTable,
    needles: PyTable,
    column_order: &Bound<'_, PyAny>,
    null_precedence: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
    let out = run(py, move || {
        search::lower_bound(&haystack.0, &needles.0, &o, &n)
    })?;
    Ok(PyColumn(out))
}

/// For each needle row, the last position of the sorted haystack where it fits.
#[pyfunction]
#[pyo3(name = "upper_bound", signature = (haystack, needles, column_order, null_precedence, stream = None, mr = None))]
pub fn upper_bound(
    py: Python<'_>,
    haystack: PyTable,
    needles: PyTable,
    column_order: &Bound<'_, PyAny>,
    null_precedence: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
    let out = run(py, move || {
        search::upper_bound(&haystack.0, &needles.0, &o, &n)
    })?;
    Ok(PyColumn(out))
}

/// Whether each needle occurs in the haystack (BOOL8, null for null needles).
#[pyfunction]
#[pyo3(name = "contains", signature = (haystack, needles, stream = None, mr = None))]
pub fn contains(
    py: Python<'_>,
    haystack: PyColumn,
    needles: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let out = run(py, move || search::contains(&haystack.0, &needles.0))?;
    Ok(PyColumn(out))
}

/// Register the search bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(upper_bound, m)?)?;
    m.add_function(wrap_pyfunction!(contains, m)?)?;
    Ok(())
}
