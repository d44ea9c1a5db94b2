//! `plc.concatenate`: concatenation of columns or tables. Argument conversion only; the
//! semantics live in ferrodf-core.

use crate::args::{add_functions, plc_fn, type_name};
use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::concatenate as cc;
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// Every item of `items` as a `T` (`what`: Column or Table, named in the TypeError of a
/// mix), unwrapped by `inner`.
fn all_of<'py, T: FromPyObjectOwned<'py>, U>(
    items: &[Bound<'py, PyAny>],
    what: &str,
    inner: fn(T) -> U,
) -> PyResult<Vec<U>> {
    items
        .iter()
        .map(|o| {
            o.extract::<T>().map(inner).map_err(|_| {
                PyTypeError::new_err(format!("concatenate: mix of {what} and other objects"))
            })
        })
        .collect()
}

plc_fn! {
    /// One Column of a list of Columns, or one Table of a list of Tables.
    fn concatenate(py, objects: &Bound<'_, PyAny>) [stream, mr] -> Py<PyAny> {
        let items: Vec<Bound<'_, PyAny>> = objects
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err("concatenate takes a list of Column or a list of Table")
            })?
            .collect::<PyResult<_>>()?;
        let Some(first) = items.first() else {
            return Err(PyValueError::new_err(
                "concatenate: the input list may not be empty",
            ));
        };
        if first.extract::<PyColumn>().is_ok() {
            let cols = all_of(&items, "Column", |c: PyColumn| c.0)?;
            let out = run(py, move || cc::concatenate(&cols))?;
            return Ok(PyColumn(out).into_pyobject(py)?.into_any().unbind());
        }
        if first.extract::<PyTable>().is_ok() {
            let tabs = all_of(&items, "Table", |t: PyTable| t.0)?;
            let out = run(py, move || cc::concatenate_tables(&tabs))?;
            return Ok(PyTable(out).into_pyobject(py)?.into_any().unbind());
        }
        Err(PyValueError::new_err(format!(
            "concatenate takes Columns or Tables, got {}",
            type_name(first)
        )))
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, concatenate)
}
