//! `plc.concatenate`: concatenation of columns or tables. Argument conversion only; the
//! semantics live in ferrodf-core.

use crate::args::{Opt, type_name};
use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::concatenate as cc;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

#[pyfunction]
#[pyo3(signature = (objects, stream = None, mr = None))]
pub fn concatenate(
    py: Python<'_>,
    objects: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<Py<PyAny>> {
    let _ = (stream, mr);
    let items: Vec<Bound<'_, PyAny>> = objects
        .try_iter()
        .map_err(|_| PyTypeError::new_err("concatenate takes a list of Column or a list of Table"))?
        .collect::<PyResult<_>>()?;
    let Some(first) = items.first() else {
        return Err(PyValueError::new_err(
            "concatenate: the input list may not be empty",
        ));
    };
    if first.extract::<PyColumn>().is_ok() {
        let cols = items
            .iter()
            .map(|o| {
                o.extract::<PyColumn>().map(|c| c.0).map_err(|_| {
                    PyTypeError::new_err("concatenate: mix of Column and other objects")
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let out = run(py, move || cc::concatenate(&cols))?;
        return Ok(PyColumn(out).into_pyobject(py)?.into_any().unbind());
    }
    if first.extract::<PyTable>().is_ok() {
        let tabs = items
            .iter()
            .map(|o| {
                o.extract::<PyTable>().map(|t| t.0).map_err(|_| {
                    PyTypeError::new_err("concatenate: mix of Table and other objects")
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let out = run(py, move || cc::concatenate_tables(&tabs))?;
        return Ok(PyTable(out).into_pyobject(py)?.into_any().unbind());
    }
    Err(PyValueError::new_err(format!(
        "concatenate takes Columns or Tables, got {}",
        type_name(first)
    )))
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(concatenate, m)?)?;
    Ok(())
}
