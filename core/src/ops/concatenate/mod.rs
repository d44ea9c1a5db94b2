//! `concatenate`: columns (or tables) of the same types, one after the other (pylibcudf's
//! `concatenate` module). Every column type works on the host (`host.rs`: fixed-width bytes
//! copied in parallel, other types through arrow-rs) and the device (`device.rs`: copies
//! plus the offset rebasing of `device/kernels/concatenate.rs`), except dictionaries with
//! different keys, which merge their keys on the host (a reported fallback); dictionaries
//! sharing their keys concatenate their indices on the device.

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
        if let Some(out) = same_keys_on_device(columns, total)? {
            return Ok(out);
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

/// Dictionary columns that share their keys (parts of one categorical column, as in
/// `concat([df, df.iloc[::-1]])`): their indices concatenated on the device under the same
/// keys, no key merged. `None` when the keys differ (or an indices child has an offset of
/// its own), which the host path merges.
fn same_keys_on_device(columns: &[Column], total: usize) -> Result<Option<Column>> {
    let first = &columns[0];
    if first.dtype().id() != TypeId::Dictionary32 {
        return Ok(None);
    }
    let keys = &first.children()[1];
    for c in columns {
        if c.children()[0].offset() != 0 || !same_values(&c.children()[1], keys)? {
            return Ok(None);
        }
    }
    // each part's indices under its own validity, as one integer column per part
    let indices = columns
        .iter()
        .map(|c| {
            let idx = &c.children()[0];
            Column::new(
                idx.dtype(),
                c.size(),
                idx.data().cloned(),
                c.mask().cloned(),
                None,
                c.offset(),
                vec![],
            )
        })
        .collect::<Result<Vec<_>>>()?;
    let joined = device::concatenate(&indices, total)?;
    let mask = joined.mask().cloned();
    let codes = Column::new(
        joined.dtype(),
        total,
        joined.data().cloned(),
        None,
        Some(0),
        0,
        vec![],
    )?;
    Column::new(
        first.dtype(),
        total,
        None,
        mask,
        Some(joined.null_count()?),
        0,
        vec![codes, keys.clone()],
    )
    .map(Some)
}

/// Whether two columns hold the same values (row by row, nulls equal), compared where they
/// live: the keys of a categorical are few, so this is one small kernel and one flag read.
fn same_values(a: &Column, b: &Column) -> Result<bool> {
    use crate::ops::binaryop::{BinaryOperator, Operand, binary_operation};
    if a.size() != b.size() || a.dtype() != b.dtype() {
        return Ok(false);
    }
    if a.size() == 0 {
        return Ok(true);
    }
    let equal = binary_operation(
        Operand::Column(a),
        Operand::Column(b),
        BinaryOperator::NullEquals,
        TypeId::Bool8.into(),
    )?;
    let all = crate::ops::reduce::reduce(
        &equal,
        &crate::ops::aggregation::Aggregation::All,
        TypeId::Bool8.into(),
    )?;
    Ok(all.value::<u8>()? == Some(1))
}

fn contains_dictionary(c: &Column) -> bool {
    c.dtype().id() == TypeId::Dictionary32 || c.children().iter().any(contains_dictionary)
}
