//! `plc.sorting`: argument conversion only; the semantics live in ferrodf-core.

use crate::args::{Opt, add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::{extract_enum, extract_enum_or};
use crate::errors::run;
use crate::search::{null_orders, ordered_fns, orders};
use crate::table::PyTable;
use ferrodf_core::ops::aggregation::NullPolicy;
use ferrodf_core::ops::sorting::{self as so, NullOrder, Order, RankMethod};
use pyo3::prelude::*;

ordered_fns! { so:
    /// The row indices that would sort the table (INT32).
    sorted_order(source_table: PyTable) -> PyColumn;
    /// The row indices that would sort the table, ties in row order (INT32).
    stable_sorted_order(source_table: PyTable) -> PyColumn;
    /// The table sorted by all its columns.
    sort(source_table: PyTable) -> PyTable;
    /// The table stably sorted by all its columns.
    stable_sort(source_table: PyTable) -> PyTable;
    /// The values' rows in the order that sorts the keys.
    sort_by_key(values: PyTable, keys: PyTable) -> PyTable;
    /// The values' rows in the stable order that sorts the keys.
    stable_sort_by_key(values: PyTable, keys: PyTable) -> PyTable;
    /// The values sorted by the keys within each segment.
    segmented_sort_by_key(values: PyTable, keys: PyTable, segment_offsets: PyColumn) -> PyTable;
    /// The values stably sorted by the keys within each segment.
    stable_segmented_sort_by_key(values: PyTable, keys: PyTable, segment_offsets: PyColumn)
        -> PyTable;
}

plc_fn! {
    /// The rank of every row of a column.
    fn rank(
        py,
        input_view: PyColumn,
        method: &Bound<'_, PyAny>,
        column_order: &Bound<'_, PyAny>,
        null_handling: &Bound<'_, PyAny>,
        null_precedence: &Bound<'_, PyAny>,
        percentage: bool,
    ) [stream, mr] -> PyColumn {
        let method = extract_enum::<RankMethod>(method)?;
        let order = extract_enum::<Order>(column_order)?;
        let nulls = extract_enum::<NullOrder>(null_precedence)?;
        let policy = extract_enum::<NullPolicy>(null_handling)?;
        run(py, move || so::rank(&input_view.0, method, order, policy, nulls, percentage))
            .map(PyColumn)
    }

    /// Whether the table's rows are sorted by the given orders.
    fn is_sorted(
        py,
        tbl: PyTable,
        column_order: &Bound<'_, PyAny>,
        null_precedence: &Bound<'_, PyAny>,
    ) [stream] -> bool {
        let (o, n) = (orders(column_order)?, null_orders(null_precedence)?);
        run(py, move || so::is_sorted(&tbl.0, &o, &n))
    }

    /// The k largest (or smallest) values of a column.
    fn top_k(py, col: PyColumn, k: i64, sort_order: Opt = None) [stream, mr] -> PyColumn {
        let o = extract_enum_or(sort_order, Order::Descending)?;
        run(py, move || so::top_k(&col.0, k, o)).map(PyColumn)
    }

    /// The row indices of the k largest (or smallest) values of a column.
    fn top_k_order(py, col: PyColumn, k: i64, sort_order: Opt = None) [stream, mr] -> PyColumn {
        let o = extract_enum_or(sort_order, Order::Descending)?;
        run(py, move || so::top_k_order(&col.0, k, o)).map(PyColumn)
    }
}

/// Register the sorting bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
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
    )
}
