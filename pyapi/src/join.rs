//! `plc.join`: hash joins returning gather maps, and cross join.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::keys::NullEquality;
use ferrodf_core::ops::join;
use pyo3::prelude::*;

type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

fn nulls_equal(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(extract_enum::<NullEquality>(obj)? == NullEquality::Equal)
}

macro_rules! pair_join {
    ($(#[$doc:meta])* $name:ident, $py:literal) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(name = $py, signature = (left_keys, right_keys, nulls_equal, stream = None, mr = None))]
        pub fn $name(
            py: Python<'_>,
            left_keys: PyTable,
            right_keys: PyTable,
            nulls_equal: &Bound<'_, PyAny>,
            stream: Opt,
            mr: Opt,
        ) -> PyResult<(PyColumn, PyColumn)> {
            let _ = (stream, mr);
            let ne = self::nulls_equal(nulls_equal)?;
            let (l, r) = run(py, move || join::$name(&left_keys.0, &right_keys.0, ne))?;
            Ok((PyColumn(l), PyColumn(r)))
        }
    };
}

macro_rules! filter_join {
    ($(#[$doc:meta])* $name:ident, $py:literal) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(name = $py, signature = (left_keys, right_keys, nulls_equal, stream = None, mr = None))]
        pub fn $name(
            py: Python<'_>,
            left_keys: PyTable,
            right_keys: PyTable,
            nulls_equal: &Bound<'_, PyAny>,
            stream: Opt,
            mr: Opt,
        ) -> PyResult<PyColumn> {
            let _ = (stream, mr);
            let ne = self::nulls_equal(nulls_equal)?;
            run(py, move || join::$name(&left_keys.0, &right_keys.0, ne)).map(PyColumn)
        }
    };
}

pair_join!(
    /// Gather maps (left, right) of the rows with equal keys.
    inner_join,
    "inner_join"
);
pair_join!(
    /// Gather maps of every left row and its matches (INT32_MIN: no match).
    left_join,
    "left_join"
);
pair_join!(
    /// Gather maps of every row of both sides (INT32_MIN: no match).
    full_join,
    "full_join"
);
filter_join!(
    /// Left rows with a matching right row.
    left_semi_join,
    "left_semi_join"
);
filter_join!(
    /// Left rows without a matching right row.
    left_anti_join,
    "left_anti_join"
);

/// Every left row paired with every right row.
#[pyfunction]
#[pyo3(name = "cross_join", signature = (left, right, stream = None, mr = None))]
pub fn cross_join(
    py: Python<'_>,
    left: PyTable,
    right: PyTable,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    run(py, move || join::cross_join(&left.0, &right.0)).map(PyTable)
}

/// Register the bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    for f in [
        wrap_pyfunction!(inner_join, m)?,
        wrap_pyfunction!(left_join, m)?,
        wrap_pyfunction!(full_join, m)?,
        wrap_pyfunction!(left_semi_join, m)?,
        wrap_pyfunction!(left_anti_join, m)?,
        wrap_pyfunction!(cross_join, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
