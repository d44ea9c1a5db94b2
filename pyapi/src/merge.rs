//! `plc.merge`: merge sorted tables. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::Opt;
use crate::errors::run;
use crate::search::{null_orders, orders};
use crate::table::PyTable;
use pyo3::prelude::*;

/// Merge sorted tables into one sorted table.
#[pyfunction]
#[pyo3(name = "merge", signature = (tables_to_merge, key_cols, column_order, null_precedence, stream = None, mr = None))]
pub fn merge(
    py: Python<'_>,
    tables_to_merge: Vec<PyTable>,
    key_cols: Vec<i64>,
    column_order: &Bound<'_, PyAny>,
    null_precedence: &Bound<'_, PyAny>,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let keys = key_cols
        .into_iter()
        .map(|k| {
            usize::try_from(k).map_err(|_| {
                pyo3::exceptions::PyIndexError::new_err(format!("key column {k} is negative"))
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
    let tables: Vec<ferrodf_core::Table> = tables_to_merge.into_iter().map(|t| t.0).collect();
    let out = run(py, move || {
        ferrodf_core::ops::merge::merge(&tables, &keys, &o, &n)
    })?;
    Ok(PyTable(out))
}

/// Register the merge bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    Ok(())
}
