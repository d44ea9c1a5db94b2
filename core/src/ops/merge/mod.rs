//! Merging sorted tables (pylibcudf's `merge` module).
//!
//! The inputs are tables sorted by `key_cols` with the given orders; the result holds all
//! their rows sorted the same way, equal keys in input order (table by table, then row by
//! row). It is computed as a concatenation followed by a stable sort of the keys, on the
//! device or the host; the stable sort is what keeps ties in input order.
//!
//! The family has no host or device path of its own: `ops::concatenate`, `ops::sorting`
//! and `ops::gather` each decide their placement.

use crate::error::{Error, Result};
use crate::keys::{NullOrder, Order};
use crate::ops::concatenate::concatenate_tables;
use crate::ops::gather::{Bounds, gather_columns};
use crate::ops::sorting::stable_sorted_order;
use crate::table::Table;

/// Merge `tables` (each sorted by `key_cols`) into one sorted table (libcudf's `merge`).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::{merge::merge, search::Order}};
/// let a = Table::new(vec![Column::from_values(vec![1i32, 4, 9])]).unwrap();
/// let b = Table::new(vec![Column::from_values(vec![2i32, 4])]).unwrap();
/// let m = merge(&[a, b], &[0], &[Order::Ascending], &[]).unwrap();
/// assert_eq!(m.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 2, 4, 4, 9]);
/// ```
pub fn merge(
    tables: &[Table],
    key_cols: &[usize],
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    const NAME: &str = "merge.merge";
    let Some(first) = tables.first() else {
        return Ok(Table::empty_with_rows(0));
    };
    if column_order.len() != key_cols.len() {
        return Err(Error::value(format!(
            "{NAME}: column_order has {} entries for {} key columns",
            column_order.len(),
            key_cols.len()
        )));
    }
    if !null_precedence.is_empty() && null_precedence.len() != key_cols.len() {
        return Err(Error::value(format!(
            "{NAME}: null_precedence has {} entries for {} key columns",
            null_precedence.len(),
            key_cols.len()
        )));
    }
    for (i, t) in tables.iter().enumerate() {
        if t.num_columns() != first.num_columns() {
            return Err(Error::value(format!(
                "{NAME}: table {i} has {} columns but table 0 has {}",
                t.num_columns(),
                first.num_columns()
            )));
        }
        for (c, (a, b)) in first.columns().iter().zip(t.columns()).enumerate() {
            if a.dtype() != b.dtype() {
                return Err(Error::type_err(format!(
                    "{NAME}: column {c} is {} in table 0 but {} in table {i}",
                    a.dtype(),
                    b.dtype()
                )));
            }
        }
    }
    for &k in key_cols {
        if k >= first.num_columns() {
            return Err(Error::index(format!(
                "{NAME}: key column {k} does not exist in tables of {} columns",
                first.num_columns()
            )));
        }
    }
    let all = concatenate_tables(tables)?;
    if key_cols.is_empty() || all.num_rows() == 0 {
        return Ok(all);
    }
    let keys = Table::new(key_cols.iter().map(|&k| all.columns()[k].clone()).collect())?;
    let map = stable_sorted_order(&keys, column_order, null_precedence)?;
    let cols = gather_columns(all.columns(), all.num_rows(), &map, Bounds::Trusted)?;
    Table::new(cols)
}
