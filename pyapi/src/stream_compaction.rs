//! `plc.stream_compaction`: dropping, filtering (by a mask or an expression), deduplicating
//! and counting rows (`unique_count` and `distinct_count` are re-exported by `plc.reduce` as
//! well). Argument conversion only; the semantics live in ferrodf-core.

use crate::args::{add_functions, indices, plc_family, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::expressions::PyExpression;
use crate::table::PyTable;
use ferrodf_core::keys::{NanEquality, NullEquality};
use ferrodf_core::ops::stream_compaction::{self as sc, DuplicateKeepOption};
use ferrodf_core::params::{NanPolicy, NullPolicy};
use pyo3::prelude::*;

fn keep_option(obj: &Bound<'_, PyAny>) -> PyResult<DuplicateKeepOption> {
    extract_enum(obj)
}

fn key_indices(keys: Vec<i64>) -> PyResult<Vec<usize>> {
    indices(keys, "key column index")
}

/// (nulls compare equal, NaNs compare equal) from NullEquality and NanEquality.
fn equalities(
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
) -> PyResult<(bool, bool)> {
    Ok((
        extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal,
        extract_enum::<NanEquality>(nans_equal)? == NanEquality::AllEqual,
    ))
}

/// (include nulls, NaN is null) from NullPolicy and NanPolicy.
fn count_policies(
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
) -> PyResult<(bool, bool)> {
    let include = extract_enum::<NullPolicy>(null_handling)? == NullPolicy::Include;
    let nan_is_null = extract_enum::<NanPolicy>(nan_handling)? == NanPolicy::NanIsNull;
    Ok((include, nan_is_null))
}

plc_family! {
    fn drop_op(py, source_table: PyTable, keys: Vec<i64>, keep_threshold: i64) [stream, mr]
        -> PyTable
    {
        let (k, t) = (key_indices(keys)?, keep_threshold.max(0) as usize);
        run(py, move || drop_op(&source_table.0, &k, t)).map(PyTable)
    } for {
        /// The rows with at least `keep_threshold` non-null key values.
        drop_nulls = sc::drop_nulls;
        /// The rows with at least `keep_threshold` non-NaN key values.
        drop_nans = sc::drop_nans;
    }
}

plc_family! {
    fn distinct_op(
        py,
        input: PyTable,
        keys: Vec<i64>,
        keep: &Bound<'_, PyAny>,
        nulls_equal: &Bound<'_, PyAny>,
        nans_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyTable {
        let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
        let (ne, na) = equalities(nulls_equal, nans_equal)?;
        run(py, move || distinct_op(&input.0, &k, keep, ne, na)).map(PyTable)
    } for {
        /// One row per distinct key (any order).
        distinct = sc::distinct;
        /// One row per distinct key, in input order.
        stable_distinct = sc::stable_distinct;
    }
}

plc_family! {
    fn count_op(
        py,
        source: PyColumn,
        null_handling: &Bound<'_, PyAny>,
        nan_handling: &Bound<'_, PyAny>,
    ) [stream] -> usize {
        let (inc, nan) = count_policies(null_handling, nan_handling)?;
        run(py, move || count_op(&source.0, inc, nan))
    } for {
        /// The number of runs of equal consecutive values.
        unique_count = sc::unique_count;
        /// The number of distinct values.
        distinct_count = sc::distinct_count;
    }
}

plc_fn! {
    /// The rows of `filter_table` where `predicate_expr`, evaluated on `predicate_table`, is
    /// true.
    fn filter(
        py,
        predicate_table: PyTable,
        predicate_expr: PyExpression,
        filter_table: PyTable,
    ) [stream, mr] -> PyTable {
        run(py, move || sc::filter(&predicate_table.0, &predicate_expr.0, &filter_table.0))
            .map(PyTable)
    }

    /// The rows where `boolean_mask` is true.
    fn apply_boolean_mask(py, source_table: PyTable, boolean_mask: PyColumn) [stream, mr]
        -> PyTable
    {
        run(py, move || sc::apply_boolean_mask(&source_table.0, &boolean_mask.0)).map(PyTable)
    }

    /// The rows where `retention_mask` is valid and true (pylibcudf's newer name).
    fn apply_retention_mask(py, source_table: PyTable, retention_mask: PyColumn) [stream, mr]
        -> PyTable
    {
        run(py, move || sc::apply_retention_mask(&source_table.0, &retention_mask.0))
            .map(PyTable)
    }

    /// The rows except those where `deletion_mask` is valid and true.
    fn apply_deletion_mask(py, source_table: PyTable, deletion_mask: PyColumn) [stream, mr]
        -> PyTable
    {
        run(py, move || sc::apply_deletion_mask(&source_table.0, &deletion_mask.0))
            .map(PyTable)
    }

    /// One row per run of equal consecutive keys.
    fn unique(
        py,
        input: PyTable,
        keys: Vec<i64>,
        keep: &Bound<'_, PyAny>,
        nulls_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyTable {
        let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
        let ne = extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal;
        run(py, move || sc::unique(&input.0, &k, keep, ne)).map(PyTable)
    }

    /// The row indices `distinct` keeps (all columns are the key).
    fn distinct_indices(
        py,
        input: PyTable,
        keep: &Bound<'_, PyAny>,
        nulls_equal: &Bound<'_, PyAny>,
        nans_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let keep = keep_option(keep)?;
        let (ne, na) = equalities(nulls_equal, nans_equal)?;
        run(py, move || sc::distinct_indices(&input.0, keep, ne, na)).map(PyColumn)
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        drop_nulls,
        drop_nans,
        apply_boolean_mask,
        apply_retention_mask,
        apply_deletion_mask,
        filter,
        unique,
        distinct,
        stable_distinct,
        distinct_indices,
        unique_count,
        distinct_count
    )
}
