//! `plc.sorting`: argument conversion only; the semantics live in ferrodf-core.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::search::{null_orders, orders};
use crate::table::PyTable;
use ferrodf_core::ops::aggregation::NullPolicy;
use ferrodf_core::ops::sorting::{self as so, NullOrder, Order, RankMethod};
use pyo3::prelude::*;

type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

macro_rules! order_fn {
    ($rust:ident, $py:literal, $core:path, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(name = $py, signature = (source_table, column_order, null_precedence, stream = None, mr = None))]
        pub fn $rust(
            py: Python<'_>,
            source_table: PyTable,
            column_order: &Bound<'_, PyAny>,
            null_precedence: &Bound<'_, PyAny>,
            stream: Opt<'_, '_>,
            mr: Opt<'_, '_>,
        ) -> PyResult<PyColumn> {
            let _ = (stream, mr);
            let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
            Ok(PyColumn(run(py, move || $core(&source_table.0, &o, &n))?))
        }
    };
}

order_fn!(
    sorted_order,
    "sorted_order",
    so::sorted_order,
    "The row indices that would sort the table (INT32)."
);
order_fn!(
    stable_sorted_order,
    "stable_sorted_order",
    so::stable_sorted_order,
    "The row indices that would sort the table, ties in row order (INT32)."
);

macro_rules! sort_fn {
    ($rust:ident, $py:literal, $core:path, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(name = $py, signature = (source_table, column_order, null_precedence, stream = None, mr = None))]
        pub fn $rust(
            py: Python<'_>,
            source_table: PyTable,
            column_order: &Bound<'_, PyAny>,
            null_precedence: &Bound<'_, PyAny>,
            stream: Opt<'_, '_>,
            mr: Opt<'_, '_>,
        ) -> PyResult<PyTable> {
            let _ = (stream, mr);
            let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
            Ok(PyTable(run(py, move || $core(&source_table.0, &o, &n))?))
        }
    };
}

sort_fn!(
    sort,
    "sort",
    so::sort,
    "The table sorted by all its columns."
);
sort_fn!(
    stable_sort,
    "stable_sort",
    so::stable_sort,
    "The table stably sorted by all its columns."
);

macro_rules! by_key_fn {
    ($rust:ident, $py:literal, $core:path, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(name = $py, signature = (values, keys, column_order, null_precedence, stream = None, mr = None))]
        pub fn $rust(
            py: Python<'_>,
            values: PyTable,
            keys: PyTable,
            column_order: &Bound<'_, PyAny>,
            null_precedence: &Bound<'_, PyAny>,
            stream: Opt<'_, '_>,
            mr: Opt<'_, '_>,
        ) -> PyResult<PyTable> {
            let _ = (stream, mr);
            let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
            Ok(PyTable(run(py, move || $core(&values.0, &keys.0, &o, &n))?))
        }
    };
}

by_key_fn!(
    sort_by_key,
    "sort_by_key",
    so::sort_by_key,
    "The values' rows in the order that sorts the keys."
);
by_key_fn!(
    stable_sort_by_key,
    "stable_sort_by_key",
    so::stable_sort_by_key,
    "The values' rows in the stable order that sorts the keys."
);

macro_rules! segmented_fn {
    ($rust:ident, $py:literal, $core:path, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(name = $py, signature = (values, keys, segment_offsets, column_order, null_precedence, stream = None, mr = None))]
        #[allow(clippy::too_many_arguments)]
        pub fn $rust(
            py: Python<'_>,
            values: PyTable,
            keys: PyTable,
            segment_offsets: PyColumn,
            column_order: &Bound<'_, PyAny>,
            null_precedence: &Bound<'_, PyAny>,
            stream: Opt<'_, '_>,
            mr: Opt<'_, '_>,
        ) -> PyResult<PyTable> {
            let _ = (stream, mr);
            let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
            Ok(PyTable(run(py, move || {
                $core(&values.0, &keys.0, &segment_offsets.0, &o, &n)
            })?))
        }
    };
}

segmented_fn!(
    segmented_sort_by_key,
    "segmented_sort_by_key",
    so::segmented_sort_by_key,
    "The values sorted by the keys within each segment."
);
segmented_fn!(
    stable_segmented_sort_by_key,
    "stable_segmented_sort_by_key",
    so::stable_segmented_sort_by_key,
    "The values stably sorted by the keys within each segment."
);

/// The rank of every row of a column.
#[pyfunction]
#[pyo3(name = "rank", signature = (input_view, method, column_order, null_handling, null_precedence, percentage, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn rank(
    py: Python<'_>,
    input_view: PyColumn,
    method: &Bound<'_, PyAny>,
    column_order: &Bound<'_, PyAny>,
    null_handling: &Bound<'_, PyAny>,
    null_precedence: &Bound<'_, PyAny>,
    percentage: bool,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let method = extract_enum::<RankMethod>(method)?;
    let order = extract_enum::<Order>(column_order)?;
    let nulls = extract_enum::<NullOrder>(null_precedence)?;
    let policy = extract_enum::<NullPolicy>(null_handling)?;
    let out = run(py, move || {
        so::rank(&input_view.0, method, order, policy, nulls, percentage)
    })?;
    Ok(PyColumn(out))
}

/// Whether the table's rows are sorted by the given orders.
#[pyfunction]
#[pyo3(name = "is_sorted", signature = (tbl, column_order, null_precedence, stream = None))]
pub fn is_sorted(
    py: Python<'_>,
    tbl: PyTable,
    column_order: &Bound<'_, PyAny>,
    null_precedence: &Bound<'_, PyAny>,
    stream: Opt<'_, '_>,
) -> PyResult<bool> {
    let _ = stream;
    let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
    run(py, move || so::is_sorted(&tbl.0, &o, &n))
}

fn sort_order(obj: Opt<'_, '_>) -> PyResult<Order> {
    match obj {
        None => Ok(Order::Descending),
        Some(o) => extract_enum::<Order>(o),
    }
}

/// The k largest (or smallest) values of a column.
#[pyfunction]
#[pyo3(name = "top_k", signature = (col, k, sort_order = None, stream = None, mr = None))]
pub fn top_k(
    py: Python<'_>,
    col: PyColumn,
    k: i64,
    sort_order: Opt<'_, '_>,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let o = self::sort_order(sort_order)?;
    Ok(PyColumn(run(py, move || so::top_k(&col.0, k, o))?))
}

/// The row indices of the k largest (or smallest) values of a column.
#[pyfunction]
#[pyo3(name = "top_k_order", signature = (col, k, sort_order = None, stream = None, mr = None))]
pub fn top_k_order(
    py: Python<'_>,
    col: PyColumn,
    k: i64,
    sort_order: Opt<'_, '_>,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let o = self::sort_order(sort_order)?;
    Ok(PyColumn(run(py, move || so::top_k_order(&col.0, k, o))?))
}

/// Register the sorting bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),* $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )* };
    }
    add!(
        sorted_order,
        stable_sorted_order,
        sort,
        stable_sort,
        sort_by_key,
        stable_sort_by_key,
        segmented_sort_by_key,
        stable_segmented_sort_by_key,
        rank,
        is_sorted,
        top_k,
        top_k_order,
    );
    Ok(())
}
