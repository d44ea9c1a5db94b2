//! pylibcudf's `stream_compaction` module: keep the rows a mask or a rule selects.
//!
//! `apply_boolean_mask`, `drop_nulls` and `drop_nans` run on the device (flags, a scan and a
//! gather) and the host (arrow-rs `filter`). The duplicate-removal functions (`unique`,
//! `distinct`, `distinct_indices`, `stable_distinct`, `unique_count`, `distinct_count`)
//! compare whole key rows through arrow-rs's row format and hash them with hashbrown on the
//! host, and run on the device through the row hash table of
//! [`crate::device::kernels::hash_table`] (distinct: first/last/count per key slot, then
//! keep flags and a compaction, so the kept rows stay in input order; unique: an
//! adjacent-row comparison and a compaction). Nested key columns fall back to the host.
//!
//! Key equality follows libcudf: `-0.0 == 0.0`; NaNs are equal to each other when
//! `nans_equal`, else every NaN row is distinct; null keys are equal when `nulls_equal`.
//!
//! Each public function validates its arguments here and decides once between the host
//! path (`host.rs` for the mask and null rules, `host_distinct.rs` for duplicate removal)
//! and the device path (`device.rs`, on the launchers of
//! `device/kernels/stream_compaction.rs`); key types the device does not compare fall back
//! to the host through [`crate::placement::host_fallback`].

mod device;
mod host;
pub(crate) mod host_distinct;

use super::copying::check_condition;
use super::search::{KeyKind, key_kind};
use crate::column::Column;
use crate::device::kernels::stream_compaction as dev;
use crate::error::{Error, Result};
use crate::ops::expressions::{Expression, compute_column, result_type};
use crate::ops::replace::{Replacement, replace_nulls};
use crate::ops::unary::{UnaryOperator, unary_operation};
use crate::placement::{host_fallback, use_device};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::TypeId;

pub use crate::params::DuplicateKeepOption;

/// The rows of `table` where `mask` (BOOL8) is valid and true.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, scalar::Scalar, types::*};
/// use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
/// let t = Table::new(vec![Column::from_values(vec![1i32, 2, 3])]).unwrap();
/// let m = Column::from_options(vec![Some(1u8), None, Some(1)]);
/// let m = ferrodf_core::Column::new(TypeId::Bool8.into(), 3, m.data().cloned(), m.mask().cloned(), None, 0, vec![]).unwrap();
/// let out = apply_boolean_mask(&t, &m).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 3]);
/// ```
pub fn apply_boolean_mask(table: &Table, mask: &Column) -> Result<Table> {
    check_condition("apply_boolean_mask", mask, table.num_rows())?;
    if use_device()? {
        device::apply_boolean_mask(table, mask)
    } else {
        host::apply_boolean_mask(table, mask)
    }
}

/// pylibcudf's newer name for [`apply_boolean_mask`]: the rows where `retention_mask` is
/// valid and true.
pub fn apply_retention_mask(table: &Table, retention_mask: &Column) -> Result<Table> {
    apply_boolean_mask(table, retention_mask)
}

/// The rows of `table` except those where `deletion_mask` (BOOL8) is valid and true
/// (libcudf's `apply_deletion_mask`): a null in the mask keeps its row. The mask is
/// turned into a retention mask (nulls to false, then NOT) by two column passes on the
/// same device, then [`apply_boolean_mask`].
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, types::TypeId};
/// use ferrodf_core::ops::stream_compaction::apply_deletion_mask;
/// let t = Table::new(vec![Column::from_values(vec![1i32, 2, 3])]).unwrap();
/// let m = Column::from_options(vec![Some(1u8), None, Some(0)]);
/// let m = Column::new(TypeId::Bool8.into(), 3, m.data().cloned(), m.mask().cloned(), None, 0, vec![]).unwrap();
/// let out = apply_deletion_mask(&t, &m).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![2, 3]);
/// ```
pub fn apply_deletion_mask(table: &Table, deletion_mask: &Column) -> Result<Table> {
    check_condition("apply_deletion_mask", deletion_mask, table.num_rows())?;
    let valid_and_true = replace_nulls(
        deletion_mask,
        Replacement::Scalar(&Scalar::from_native_as(TypeId::Bool8.into(), Some(0u8))?),
    )?;
    let keep = unary_operation(&valid_and_true, UnaryOperator::Not)?;
    apply_boolean_mask(table, &keep)
}

/// The rows of `filter_table` where `predicate_expr`, evaluated on `predicate_table`, is
/// true (pylibcudf's `stream_compaction.filter`): [`compute_column`] then
/// [`apply_boolean_mask`]. The predicate must give BOOL8 (TypeError otherwise) and both
/// tables must have the same number of rows (ValueError otherwise); null predicate rows
/// are dropped.
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, table::Table};
/// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
/// use ferrodf_core::ops::stream_compaction::filter;
/// use std::sync::Arc;
/// let t = Table::new(vec![Column::from_values(vec![5i32, 1, 7])]).unwrap();
/// let a = Arc::new(Expression::column(0, TableReference::Left));
/// let four = Arc::new(Expression::literal(Scalar::from_native(4i32)).unwrap());
/// let e = Expression::operation(ASTOperator::Greater, a, Some(four)).unwrap();
/// let out = filter(&t, &e, &t).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![5, 7]);
/// ```
pub fn filter(
    predicate_table: &Table,
    predicate_expr: &Expression,
    filter_table: &Table,
) -> Result<Table> {
    if predicate_table.num_rows() != filter_table.num_rows() {
        return Err(Error::value(format!(
            "filter needs a predicate table and a filter table of the same number of rows, \
             got {} and {}",
            predicate_table.num_rows(),
            filter_table.num_rows()
        )));
    }
    let types: Vec<_> = predicate_table
        .columns()
        .iter()
        .map(|c| c.dtype())
        .collect();
    let out = result_type(predicate_expr, &types)?;
    if out.id() != TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "filter needs a predicate that gives BOOL8 values, this one gives {out}"
        )));
    }
    let mask = compute_column(predicate_table, predicate_expr)?;
    apply_boolean_mask(filter_table, &mask)
}

fn table_of(cols: Vec<Column>, rows: usize) -> Result<Table> {
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(rows));
    }
    Table::new(cols)
}

fn key_columns(table: &Table, keys: &[usize]) -> Result<Vec<Column>> {
    keys.iter()
        .map(|&k| {
            table.columns().get(k).cloned().ok_or_else(|| {
                Error::index(format!(
                    "key column {k} does not exist in a table of {} columns",
                    table.num_columns()
                ))
            })
        })
        .collect()
}

/// Rows with at least `keep_threshold` non-null values among the `keys` columns.
pub fn drop_nulls(table: &Table, keys: &[usize], keep_threshold: usize) -> Result<Table> {
    let keys = key_columns(table, keys)?;
    if use_device()? {
        device::drop_nulls(table, &keys, keep_threshold)
    } else {
        host::drop_nulls(table, &keys, keep_threshold)
    }
}

/// Rows with at least `keep_threshold` non-NaN values among the (floating-point) `keys`
/// columns; a null counts as non-NaN.
pub fn drop_nans(table: &Table, keys: &[usize], keep_threshold: usize) -> Result<Table> {
    let keys = key_columns(table, keys)?;
    for k in &keys {
        if !k.dtype().id().is_floating() {
            return Err(Error::type_err(format!(
                "drop_nans needs floating-point key columns, got {}",
                k.dtype()
            )));
        }
    }
    if use_device()? {
        device::drop_nans(table, &keys, keep_threshold)
    } else {
        host::drop_nans(table, &keys, keep_threshold)
    }
}

/// The key columns, and their comparison kinds when the work runs on the device. Key types
/// the device kernels do not compare (nested types) fall back to the host, as documented.
fn check_keys_for(
    what: &str,
    table: &Table,
    keys: &[usize],
) -> Result<(Vec<Column>, Option<Vec<KeyKind>>)> {
    let cols = key_columns(table, keys)?;
    let kinds = device_kinds(what, &cols)?;
    Ok((cols, kinds))
}

fn device_kinds(what: &str, cols: &[Column]) -> Result<Option<Vec<KeyKind>>> {
    if !use_device()? {
        return Ok(None);
    }
    match cols
        .iter()
        .map(|c| key_kind(what, c.dtype()))
        .collect::<Result<Vec<_>>>()
    {
        Ok(kinds) => Ok(Some(kinds)),
        Err(_) => {
            host_fallback(what, "nested key columns")?;
            Ok(None)
        }
    }
}

/// Rows kept from runs of consecutive rows with equal keys.
pub fn unique(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
) -> Result<Table> {
    let (cols, kinds) = check_keys_for("stream_compaction.unique", table, keys)?;
    if cols.is_empty() {
        return Ok(table.clone());
    }
    match kinds {
        Some(kinds) => device::unique(table, &cols, &kinds, keep, nulls_equal),
        None => host_distinct::unique(table, &cols, keep, nulls_equal),
    }
}

/// One row per distinct key (ferrodf keeps the input order of the kept rows).
pub fn distinct(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    distinct_named(
        "stream_compaction.distinct",
        table,
        keys,
        keep,
        nulls_equal,
        nans_equal,
    )
}

/// [`distinct`], guaranteed to keep the input order.
pub fn stable_distinct(
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    let name = "stream_compaction.stable_distinct";
    distinct_named(name, table, keys, keep, nulls_equal, nans_equal)
}

fn distinct_named(
    name: &str,
    table: &Table,
    keys: &[usize],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    let (cols, kinds) = check_keys_for(name, table, keys)?;
    if cols.is_empty() {
        return Ok(table.clone());
    }
    match kinds {
        Some(kinds) => device::distinct(table, &cols, &kinds, keep, nulls_equal, nans_equal),
        None => host_distinct::distinct(table, &cols, keep, nulls_equal, nans_equal),
    }
}

/// The (ascending) row numbers [`distinct`] keeps, comparing all columns, as INT32.
pub fn distinct_indices(
    table: &Table,
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let all: Vec<usize> = (0..table.num_columns()).collect();
    let (cols, kinds) = check_keys_for("stream_compaction.distinct_indices", table, &all)?;
    match kinds {
        Some(kinds) if !cols.is_empty() => {
            device::distinct_indices(table, &kinds, keep, nulls_equal, nans_equal)
        }
        _ => host_distinct::distinct_indices(table, &cols, keep, nulls_equal, nans_equal),
    }
}

/// Number of runs of consecutive equal values. `include_nulls`: a run of nulls counts;
/// `nan_is_null`: NaNs are treated as nulls.
pub fn unique_count(col: &Column, include_nulls: bool, nan_is_null: bool) -> Result<usize> {
    let name = "stream_compaction.unique_count";
    match device_kinds(name, std::slice::from_ref(col))? {
        Some(kinds) => dev::unique_count(col, kinds[0], include_nulls, nan_is_null),
        None => host_distinct::unique_count(col, include_nulls, nan_is_null),
    }
}

/// Number of distinct values (see [`unique_count`] for the options).
pub fn distinct_count(col: &Column, include_nulls: bool, nan_is_null: bool) -> Result<usize> {
    let name = "stream_compaction.distinct_count";
    match device_kinds(name, std::slice::from_ref(col))? {
        Some(kinds) => dev::distinct_count(col, kinds[0], include_nulls, nan_is_null),
        None => host_distinct::distinct_count(col, include_nulls, nan_is_null),
    }
}
