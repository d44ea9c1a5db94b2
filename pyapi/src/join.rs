//! `plc.join`: hash joins returning gather maps, cross join, the conditional and mixed
//! joins (a binary predicate over a left and a right row) and `FilteredJoin`.

use crate::args::{Opt, add_functions, plc_family, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::{IntoPyResult, run};
use crate::expressions::PyExpression;
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

plc_family! {
    fn join_op(
        py,
        left: PyTable,
        right: PyTable,
        binary_predicate: PyExpression,
    ) [stream, mr] -> (PyColumn, PyColumn) {
        let (l, r) = run(py, move || join_op(&left.0, &right.0, &binary_predicate.0))?;
        Ok((PyColumn(l), PyColumn(r)))
    } for {
        /// Gather maps (left, right) of the row pairs the predicate holds for.
        conditional_inner_join = join::conditional_inner_join;
        /// Gather maps of every left row and its partners (INT32_MIN: none).
        conditional_left_join = join::conditional_left_join;
        /// Gather maps of every row of both sides (INT32_MIN: no partner).
        conditional_full_join = join::conditional_full_join;
    }
}

plc_family! {
    fn join_op(
        py,
        left: PyTable,
        right: PyTable,
        binary_predicate: PyExpression,
    ) [stream, mr] -> PyColumn {
        run(py, move || join_op(&left.0, &right.0, &binary_predicate.0)).map(PyColumn)
    } for {
        /// Left rows the predicate pairs with some right row.
        conditional_left_semi_join = join::conditional_left_semi_join;
        /// Left rows the predicate pairs with no right row.
        conditional_left_anti_join = join::conditional_left_anti_join;
    }
}

plc_family! {
    fn join_op(
        py,
        left_keys: PyTable,
        right_keys: PyTable,
        left_conditional: PyTable,
        right_conditional: PyTable,
        binary_predicate: PyExpression,
        nulls_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> (PyColumn, PyColumn) {
        let ne = self::nulls_equal(nulls_equal)?;
        let (l, r) = run(py, move || {
            join_op(
                &left_keys.0,
                &right_keys.0,
                &left_conditional.0,
                &right_conditional.0,
                &binary_predicate.0,
                ne,
            )
        })?;
        Ok((PyColumn(l), PyColumn(r)))
    } for {
        /// Gather maps of the row pairs with equal keys the predicate holds for.
        mixed_inner_join = join::mixed_inner_join;
        /// Gather maps of every left row and its partners (INT32_MIN: none).
        mixed_left_join = join::mixed_left_join;
        /// Gather maps of every row of both sides (INT32_MIN: no partner).
        mixed_full_join = join::mixed_full_join;
    }
}

plc_family! {
    fn join_op(
        py,
        left_keys: PyTable,
        right_keys: PyTable,
        left_conditional: PyTable,
        right_conditional: PyTable,
        binary_predicate: PyExpression,
        nulls_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let ne = self::nulls_equal(nulls_equal)?;
        run(py, move || {
            join_op(
                &left_keys.0,
                &right_keys.0,
                &left_conditional.0,
                &right_conditional.0,
                &binary_predicate.0,
                ne,
            )
        })
        .map(PyColumn)
    } for {
        /// Left rows with a partner of the mixed inner join.
        mixed_left_semi_join = join::mixed_left_semi_join;
        /// Left rows without a partner of the mixed inner join.
        mixed_left_anti_join = join::mixed_left_anti_join;
    }
}

/// A right (filter) table probed by several left tables' semi and anti joins.
#[pyclass(name = "FilteredJoin", module = "ferrodf.plc.join", frozen)]
pub struct PyFilteredJoin(join::FilteredJoin);

#[pymethods]
impl PyFilteredJoin {
    #[new]
    #[pyo3(signature = (build, compare_nulls, load_factor = 0.5, stream = None))]
    fn new(
        build: PyTable,
        compare_nulls: &Bound<'_, PyAny>,
        load_factor: f64,
        stream: Opt<'_, '_>,
    ) -> PyResult<Self> {
        let _order = crate::stream::honour(compare_nulls.py(), "stream", stream)?;
        let ne = nulls_equal(compare_nulls)?;
        Ok(PyFilteredJoin(
            join::FilteredJoin::new(&build.0, ne, load_factor).py()?,
        ))
    }

    /// The ascending probe rows whose key occurs in the build table.
    #[pyo3(signature = (probe, stream = None, mr = None))]
    fn semi_join(
        &self,
        py: Python<'_>,
        probe: PyTable,
        stream: Opt<'_, '_>,
        mr: Opt<'_, '_>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let f = self.0.clone();
        run(py, move || f.semi_join(&probe.0)).map(PyColumn)
    }

    /// The ascending probe rows whose key does not occur in the build table.
    #[pyo3(signature = (probe, stream = None, mr = None))]
    fn anti_join(
        &self,
        py: Python<'_>,
        probe: PyTable,
        stream: Opt<'_, '_>,
        mr: Opt<'_, '_>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let f = self.0.clone();
        run(py, move || f.anti_join(&probe.0)).map(PyColumn)
    }
}

/// Register the bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFilteredJoin>()?;
    add_functions!(
        m,
        inner_join,
        left_join,
        full_join,
        left_semi_join,
        left_anti_join,
        cross_join,
        conditional_inner_join,
        conditional_left_join,
        conditional_full_join,
        conditional_left_semi_join,
        conditional_left_anti_join,
        mixed_inner_join,
        mixed_left_join,
        mixed_full_join,
        mixed_left_semi_join,
        mixed_left_anti_join,
    )
}
