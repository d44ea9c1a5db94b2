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

/// Flat key columns with the order and null order of each.
pub(crate) type FlatKeys = (Table, Vec<Order>, Vec<NullOrder>);

/// Whether any key column is a STRUCT (only then is flattening needed).
pub(crate) fn has_struct_keys(keys: &Table) -> bool {
    keys.columns()
        .iter()
        .any(|c| c.dtype().id() == TypeId::Struct)
}

/// `keys` with every STRUCT column replaced by its flat keys, each with the order and null
/// order of the struct it came from (`orders` and `nulls` have one entry per key column).
pub(super) fn flatten(keys: &Table, orders: &[Order], nulls: &[NullOrder]) -> Result<FlatKeys> {
    flatten_with(keys, orders, nulls, false)
}

/// `keys` flattened for ordering across tables (search): as [`flatten`], except that every
/// struct gets its null indicator even without nulls, so a haystack and its needles of the
/// same struct types flatten to the same column types whatever their nulls.
pub(crate) fn flatten_aligned(
    keys: &Table,
    orders: &[Order],
    nulls: &[NullOrder],
) -> Result<FlatKeys> {
    flatten_with(keys, orders, nulls, true)
}

fn flatten_with(
    keys: &Table,
    orders: &[Order],
    nulls: &[NullOrder],
    always_indicator: bool,
) -> Result<FlatKeys> {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for ((c, &o), &n) in keys.columns().iter().zip(orders).zip(nulls) {
        push(c, o, n, always_indicator, &mut out)?;
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
    let n = keys.num_columns();
    let orders = vec![Order::Ascending; n];
    let nulls = vec![NullOrder::Before; n];
    Ok(flatten_with(keys, &orders, &nulls, true)?.0)
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

/// `keys` flattened for grouping. With null keys forming a group this is
/// [`flatten_for_equality`]. When rows with null keys are left out, only a null in a
/// top-level key column leaves a row out (libcudf masks the rows with the AND of the key
/// columns' own masks), so a null *field* of a valid struct must not: each nullable column
/// the struct flattens to becomes a non-null "is null" flag and its values with the nulls
/// filled by zeros (or empty strings), while the struct's null indicator keeps its nulls.
pub(crate) fn flatten_for_grouping(keys: &Table, include_nulls: bool) -> Result<Table> {
    let flat = flatten_for_equality(keys)?;
    if include_nulls {
        return Ok(flat);
    }
    let mut out = Vec::new();
    let mut flat_cols = flat.columns().iter();
    for c in keys.columns() {
        let Some(first) = flat_cols.next() else {
            break;
        };
        out.push(first.clone());
        if c.dtype().id() != TypeId::Struct {
            continue;
        }
        // The struct's own indicator is `first`; then come its leaves (inner indicators
        // included), as many as `flatten_for_equality` made for it.
        for leaf in flat_cols.by_ref().take(flat_width(c) - 1) {
            if leaf.null_count()? == 0 {
                out.push(leaf.clone());
                continue;
            }
            out.push(crate::ops::unary::is_null(leaf)?);
            out.push(crate::ops::replace::replace_nulls(
                leaf,
                crate::ops::replace::Replacement::Scalar(&zero_of(leaf)?),
            )?);
        }
    }
    Table::new(out)
}

/// How many flat columns [`flatten_for_equality`] makes of `c`.
fn flat_width(c: &Column) -> usize {
    if c.dtype().id() != TypeId::Struct {
        return 1;
    }
    1 + c.children().iter().map(flat_width).sum::<usize>()
}

/// A valid zero of `c`'s type (an empty string for strings): the value a grouping key's
/// nulls are filled with once a flag records where they were.
fn zero_of(c: &Column) -> Result<crate::scalar::Scalar> {
    let one = if c.dtype().id() == TypeId::String {
        crate::interop::arrow::from_arrow(&arrow_array::StringArray::from(vec![""]))?
    } else {
        all_null(c.dtype(), 1)?.with_mask(None, Some(0))?
    };
    crate::scalar::Scalar::from_column(one)
}
