//! libcudf's `explode` family: one output row per list element, the other columns'
//! rows repeated alongside. The `outer` variants keep null and empty lists as one row
//! with a null element; the `position` variants add the element's position in its list
//! (an INT32 column just before the exploded one; 0 for the row of a null or empty list).

use super::{check_list, child, maps};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::gather::{Bounds, gather_columns, gather_internal_nullable};
use crate::table::Table;

fn explode_impl(table: &Table, idx: usize, outer: bool, position: bool) -> Result<Table> {
    let function = if outer { "explode_outer" } else { "explode" };
    let list = table.columns().get(idx).ok_or_else(|| {
        Error::index(format!(
            "{function}: explode_column_idx {idx} is out of range for a table of {} columns",
            table.num_columns()
        ))
    })?;
    check_list(function, "the exploded column", list)?;
    let offs = maps::offsets(list)?;
    let (rows, elems, pos) = maps::explode_maps(&offs, list, outer)?;
    let mut others: Vec<Column> = table.columns().to_vec();
    others.remove(idx);
    let mut out = gather_columns(&others, table.num_rows(), &rows, Bounds::Trusted)?;
    out.insert(idx, gather_internal_nullable(child(list), &elems)?);
    if position {
        out.insert(idx, pos);
    }
    Table::new(out)
}

/// Each element of the lists in column `explode_column_idx` on its own row; null and
/// empty lists give no row.
pub fn explode(table: &Table, explode_column_idx: usize) -> Result<Table> {
    explode_impl(table, explode_column_idx, false, false)
}

/// [`explode`] with the position of each element in its list.
pub fn explode_position(table: &Table, explode_column_idx: usize) -> Result<Table> {
    explode_impl(table, explode_column_idx, false, true)
}

/// [`explode`], but a null or empty list gives one row whose element is null.
///
/// ```
/// use ferrodf_core::{Column, table::Table, ops::lists::explode_outer};
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use arrow_array::{Array, ListArray, types::Int32Type};
/// let lists = ListArray::from_iter_primitive::<Int32Type, _, _>(vec![
///     Some(vec![Some(1), Some(2)]), None, Some(vec![]),
/// ]);
/// let t = Table::new(vec![Column::from_values(vec![10i64, 20, 30]), from_arrow(&lists).unwrap()]).unwrap();
/// let out = explode_outer(&t, 1).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i64>().unwrap().to_vec(), vec![10, 10, 20, 30]);
/// assert_eq!(to_arrow(&out.columns()[1]).unwrap().null_count(), 2);
/// ```
pub fn explode_outer(table: &Table, explode_column_idx: usize) -> Result<Table> {
    explode_impl(table, explode_column_idx, true, false)
}

/// [`explode_outer`] with the position of each element in its list.
pub fn explode_outer_position(table: &Table, explode_column_idx: usize) -> Result<Table> {
    explode_impl(table, explode_column_idx, true, true)
}
