//! `plc.join`: hash joins returning gather maps, and cross join.

use crate::args::{add_functions, plc_family, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::keys::NullEquality;
use ferrodf_core::ops::join;
use pyo3::prelude::*;

fn nulls_equal(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(extract_enum::<NullEquality>(obj)? == NullEquality::Equal)
}

plc_family! {
    fn join_op(
        py,
        left_keys: PyTable,
        right_keys: PyTable,
        nulls_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> (PyColumn, PyColumn) {
        let ne = self::nulls_equal(nulls_equal)?;
        let (l, r) = run(py, move || join_op(&left_keys.0, &right_keys.0, ne))?;
        Ok((PyColumn(l), PyColumn(r)))
    } for {
        /// Gather maps (left, right) of the rows with equal keys.
        inner_join = join::inner_join;
        /// Gather maps of every left row and its matches (INT32_MIN: no match).
        left_join = join::left_join;
        /// Gather maps of every row of both sides (INT32_MIN: no match).
        full_join = join::full_join;
    }
}

plc_family! {
    fn join_op(
        py,
        left_keys: PyTable,
        right_keys: PyTable,
        nulls_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let ne = self::nulls_equal(nulls_equal)?;
        run(py, move || join_op(&left_keys.0, &right_keys.0, ne)).map(PyColumn)
    } for {
        /// Left rows with a matching right row.
        left_semi_join = join::left_semi_join;
        /// Left rows without a matching right row.
        left_anti_join = join::left_anti_join;
    }
}

plc_fn! {
    /// Every left row paired with every right row.
    fn cross_join(py, left: PyTable, right: PyTable) [stream, mr] -> PyTable {
        run(py, move || join::cross_join(&left.0, &right.0)).map(PyTable)
    }
}

/// Register the bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        inner_join,
        left_join,
        full_join,
        left_semi_join,
        left_anti_join,
        cross_join,
    )
}
