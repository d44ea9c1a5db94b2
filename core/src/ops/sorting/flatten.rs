//! STRUCT sort keys as flat keys, the way libcudf compares nested rows: a struct key
//! becomes, in order, a null indicator (where the struct has nulls: all rows equal except
//! that null structs sort by the key's null order) and then its fields, each with the
//! struct's nulls laid over its own, so the fields of a null struct compare equal. Fields
//! that are structs are flattened the same way. Every step is an existing column
//! operation, so the sort runs where the flat keys live (the GPU or the host).

use crate::column::Column;
use crate::error::Result;
use crate::ops::concatenate::concatenate;
use crate::ops::copying::empty_like;
use crate::ops::filling::all_null;
use crate::ops::null_mask::bitmask_and;
use crate::table::Table;
use crate::types::TypeId;

use super::{NullOrder, Order};

/// Whether any key column is a STRUCT (only then is flattening needed).
pub(crate) fn has_struct_keys(keys: &Table) -> bool {
    keys.columns()
        .iter()
        .any(|c| c.dtype().id() == TypeId::Struct)
}

/// `keys` with every STRUCT column replaced by its flat keys, each with the order and null
/// order of the struct it came from (`orders` and `nulls` have one entry per key column).
pub(super) fn flatten(
    keys: &Table,
    orders: &[Order],
    nulls: &[NullOrder],
) -> Result<(Table, Vec<Order>, Vec<NullOrder>)> {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for ((c, &o), &n) in keys.columns().iter().zip(orders).zip(nulls) {
        push(c, o, n, false, &mut out)?;
    }
    let table = if out.0.is_empty() {
        Table::empty_with_rows(keys.num_rows())
    } else {
        Table::new(out.0)?
    };
    Ok((table, out.1, out.2))
}

/// `keys` flattened for equality (joins): as [`flatten`], except that every struct gets
/// its null indicator even without nulls, so two tables of the same struct types flatten
/// to the same column types whatever their nulls.
pub(crate) fn flatten_for_equality(keys: &Table) -> Result<Table> {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for c in keys.columns() {
        push(c, Order::Ascending, NullOrder::Before, true, &mut out)?;
    }
    if out.0.is_empty() {
        return Ok(Table::empty_with_rows(keys.num_rows()));
    }
    Table::new(out.0)
}

type Flat = (Vec<Column>, Vec<Order>, Vec<NullOrder>);

fn push(c: &Column, o: Order, n: NullOrder, always_indicator: bool, out: &mut Flat) -> Result<()> {
    if c.dtype().id() != TypeId::Struct {
        out.0.push(c.clone());
        out.1.push(o);
        out.2.push(n);
        return Ok(());
    }
    // At offset 0 the fields line up with the struct's rows and its mask.
    let c = if c.offset() != 0 {
        concatenate(&[c.clone(), empty_like(c)?])?
    } else {
        c.clone()
    };
    let nulls = c.null_count()?;
    let indicator = if nulls > 0 || always_indicator {
        let zeros = all_null(TypeId::Int8.into(), c.size())?;
        let indicator = zeros.with_mask(c.mask().cloned(), Some(nulls))?;
        out.0.push(indicator.clone());
        out.1.push(o);
        out.2.push(n);
        Some(indicator)
    } else {
        None
    };
    for field in c.children() {
        let field = field.slice(0, c.size())?;
        let field = match &indicator {
            Some(_) if nulls == 0 => field,
            Some(ind) if field.offset() == 0 => {
                let (mask, count) = bitmask_and(&[field.clone(), ind.clone()])?;
                field.with_mask(Some(mask), Some(count))?
            }
            Some(ind) => {
                let whole = concatenate(&[field.clone(), empty_like(&field)?])?;
                let (mask, count) = bitmask_and(&[whole.clone(), ind.clone()])?;
                whole.with_mask(Some(mask), Some(count))?
            }
            None => field,
        };
        push(&field, o, n, always_indicator, out)?;
    }
    Ok(())
}
