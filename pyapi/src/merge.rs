//! `plc.merge`: merge sorted tables. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::{add_functions, non_negative, plc_fn};
use crate::errors::run;
use crate::search::{null_orders, orders};
use crate::table::PyTable;
use pyo3::prelude::*;

plc_fn! {
    /// Merge sorted tables into one sorted table.
    fn merge(
        py,
        tables_to_merge: Vec<PyTable>,
        key_cols: Vec<i64>,
        column_order: &Bound<'_, PyAny>,
        null_precedence: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyTable {
        let keys = non_negative(key_cols, "key column")?;
        let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
        let tables: Vec<ferrodf_core::Table> = tables_to_merge.into_iter().map(|t| t.0).collect();
        run(py, move || ferrodf_core::ops::merge::merge(&tables, &keys, &o, &n)).map(PyTable)
    }
}

/// Register the merge bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, merge)
}
