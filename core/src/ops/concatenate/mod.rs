//! `concatenate`: columns (or tables) of the same types, one after the other (pylibcudf's
//! `concatenate` module). Every column type works on the host (`host.rs`: fixed-width bytes
//! copied in parallel, other types through arrow-rs) and the device (`device.rs`: copies
//! plus the offset rebasing of `device/kernels/concatenate.rs`), except dictionaries,
//! which merge their keys on the host (a reported fallback).

mod device;
mod host;

use crate::column::{Column, MAX_ROWS};
use crate::error::{Error, Result};
use crate::placement::{host_fallback, use_device};
use crate::table::Table;
use crate::types::TypeId;

/// Concatenate columns of one type.
///
/// ```
/// use ferrodf_core::{column::Column, ops::concatenate::concatenate};
/// let c = concatenate(&[Column::from_values(vec![1i32, 2]), Column::from_values(vec![3i32])]).unwrap();
/// assert_eq!(c.host_values::<i32>().unwrap().to_vec(), vec![1, 2, 3]);
/// ```
pub fn concatenate(columns: &[Column]) -> Result<Column> {
    let first = columns
        .first()
        .ok_or_else(|| Error::value("concatenate needs at least one column"))?;
    for c in columns {
        if c.dtype() != first.dtype() {
            return Err(Error::type_err(format!(
                "concatenate needs columns of one type, got {} and {}",
                first.dtype(),
                c.dtype()
            )));
        }
    }
    let total: usize = columns.iter().map(Column::size).sum();
    if total > MAX_ROWS {
        return Err(Error::overflow(format!(
            "the concatenated column would have {total} rows, more than the {MAX_ROWS} a column holds"
        )));
    }
    if columns.len() == 1 {
        return Ok(first.clone());
    }
    if use_device()? {
        if !contains_dictionary(first) {
            return device::concatenate(columns, total);
        }
        host_fallback(
            "concatenate",
            "dictionary columns (their keys are merged on the host)",
        )?;
    }
    host::concatenate(columns, total)
}

/// Concatenate tables with the same column types, column by column.
pub fn concatenate_tables(tables: &[Table]) -> Result<Table> {
    let first = tables
        .first()
        .ok_or_else(|| Error::value("concatenate needs at least one table"))?;
    for t in tables {
        if t.num_columns() != first.num_columns() {
            return Err(Error::value(format!(
                "concatenate needs tables with the same number of columns, got {} and {}",
                first.num_columns(),
                t.num_columns()
            )));
        }
    }
    if first.num_columns() == 0 {
        return Ok(Table::empty_with_rows(
            tables.iter().map(Table::num_rows).sum(),
        ));
    }
    let columns = (0..first.num_columns())
        .map(|k| {
            let parts: Vec<Column> = tables.iter().map(|t| t.columns()[k].clone()).collect();
            concatenate(&parts)
        })
        .collect::<Result<Vec<_>>>()?;
    Table::new(columns)
}

fn contains_dictionary(c: &Column) -> bool {
    c.dtype().id() == TypeId::Dictionary32 || c.children().iter().any(contains_dictionary)
}
