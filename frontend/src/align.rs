//! Index alignment (pandas' automatic alignment of `a + b` on row labels), computed where
//! the labels live: sort, binary search and gather, on the GPU for device indexes.

use ferrodf_core::ops::binaryop::{BinaryOperator, Operand, binary_operation};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::concatenate::concatenate_tables;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, Side, copy_if_else, empty_like, gather};
use ferrodf_core::ops::search::{NullOrder, Order, lower_bound};
use ferrodf_core::ops::sorting::{sort, sorted_order};
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct, distinct_count};
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::compute::promote::result_type;
use crate::index::Index;
use crate::label::Label;
use crate::reshape::gather_column;

/// Two indexes aligned: the union of their labels and, for each side, the row of that side
/// holding each union label (`None`: the side's own rows, unchanged).
#[derive(Clone, Debug)]
pub struct Alignment {
    /// The labels of the result.
    pub index: Index,
    /// Gather map into the left side (out of bounds where the label is missing there).
    pub left: Option<Column>,
    /// Gather map into the right side.
    pub right: Option<Column>,
}

impl Alignment {
    /// The rows of `column` (the left side's values) in the aligned order, missing where
    /// the left side lacks the label.
    pub fn take_left(&self, column: &Column) -> Result<Column> {
        take(column, self.left.as_ref())
    }

    /// The rows of `column` (the right side's values) in the aligned order.
    pub fn take_right(&self, column: &Column) -> Result<Column> {
        take(column, self.right.as_ref())
    }
}

fn take(column: &Column, map: Option<&Column>) -> Result<Column> {
    match map {
        None => Ok(column.clone()),
        Some(m) => gather_column(column.clone(), m, OutOfBoundsPolicy::Nullify),
    }
}

/// pandas' alignment of `left` and `right`: equal indexes stay as they are; otherwise the
/// result holds the sorted union of the labels, and each side's rows move to their label.
/// Labels must be unique on each side (ValueError otherwise, as pandas' reindex).
///
/// ```
/// use ferrodf::align::align;
/// use ferrodf::Index;
/// use ferrodf::core::Column;
/// let a = Index::from_column(Column::from_values(vec![3i64, 1]), None);
/// let b = Index::from_column(Column::from_values(vec![2i64, 3]), None);
/// let al = align(&a, &b).unwrap();
/// let labels = &al.index.level_columns().unwrap()[0];
/// assert_eq!(labels.host_values::<i64>().unwrap().to_vec(), vec![1, 2, 3]);
/// let left = al.take_left(&Column::from_values(vec![30.0f64, 10.0])).unwrap();
/// assert_eq!(left.null_count().unwrap(), 1); // label 2 is not on the left
/// ```
pub fn align(left: &Index, right: &Index) -> Result<Alignment> {
    let _operation = ferrodf_core::memory::enter_operation();
    if left.same_labels(right)? {
        return Ok(Alignment {
            index: left.clone(),
            left: None,
            right: None,
        });
    }
    let (lcols, rcols) = common_levels(left, right)?;
    let (lt, rt) = (Table::new(lcols)?, Table::new(rcols)?);
    for (t, side) in [(&lt, "left"), (&rt, "right")] {
        if !is_unique(t)? {
            return Err(Error::value(format!(
                "cannot align on an index with duplicate labels (the {side} side has some); \
                 make the labels unique first, e.g. with reset_index() or groupby()"
            )));
        }
    }
    let names = merged_names(left, right);
    // the sorted union (pandas' outer join of the labels; one empty side included)
    let distinct_rows = if right.is_empty() {
        lt.clone()
    } else if left.is_empty() {
        rt.clone()
    } else {
        let both = concatenate_tables(&[lt.clone(), rt.clone()])?;
        let keys: Vec<usize> = (0..both.num_columns()).collect();
        distinct(&both, &keys, DuplicateKeepOption::KeepFirst, true, true)?
    };
    let k = distinct_rows.num_columns();
    let union = sort(
        &distinct_rows,
        &vec![Order::Ascending; k],
        &vec![NullOrder::After; k],
    )?;
    let left_map = positions_of(&lt, &union)?;
    let right_map = positions_of(&rt, &union)?;
    let mut index = left.rebuild(union.into_columns());
    index = index.with_names(names)?;
    Ok(Alignment {
        index,
        left: Some(left_map),
        right: Some(right_map),
    })
}

/// Level columns of both indexes in one type per level (numbers promoted as NumPy does);
/// ValueError unless they have as many levels.
fn common_levels(left: &Index, right: &Index) -> Result<(Vec<Column>, Vec<Column>)> {
    if left.nlevels() != right.nlevels() {
        return Err(Error::value(format!(
            "cannot align an index of {} levels with one of {}",
            left.nlevels(),
            right.nlevels()
        )));
    }
    let (a, b) = (left.level_columns()?, right.level_columns()?);
    let mut out_a = Vec::with_capacity(a.len());
    let mut out_b = Vec::with_capacity(b.len());
    for (x, y) in a.into_iter().zip(b) {
        let (tx, ty) = (x.dtype(), y.dtype());
        if tx == ty {
            out_a.push(x);
            out_b.push(y);
        } else if tx.id().is_numeric() && ty.id().is_numeric() {
            let t = result_type(tx.id(), ty.id())?.into();
            out_a.push(cast(&x, t)?);
            out_b.push(cast(&y, t)?);
        } else if x.size() == 0 {
            // an empty side takes the other's type
            out_a.push(empty_like(&y)?);
            out_b.push(y);
        } else if y.size() == 0 {
            out_b.push(empty_like(&x)?);
            out_a.push(x);
        } else {
            return Err(Error::type_err(format!(
                "cannot align labels of type {tx} with labels of type {ty}; convert one index \
                 with astype() first"
            )));
        }
    }
    Ok((out_a, out_b))
}

fn is_unique(t: &Table) -> Result<bool> {
    if t.num_rows() < 2 {
        return Ok(true);
    }
    if t.num_columns() == 1 {
        return Ok(distinct_count(&t.columns()[0], true, false)? == t.num_rows());
    }
    let keys: Vec<usize> = (0..t.num_columns()).collect();
    let d = distinct(t, &keys, DuplicateKeepOption::KeepFirst, true, true)?;
    Ok(d.num_rows() == t.num_rows())
}

/// For each label of `onto`, the row of `from` holding it (out of bounds where `from`
/// lacks it): the gather map of pandas' `from_values.reindex(onto)`. The labels of `from`
/// must be unique (ValueError otherwise, as pandas' reindex).
pub(crate) fn reindex_map(from: &Index, onto: &Index) -> Result<Column> {
    let (own, wanted) = common_levels(from, onto)?;
    let own = Table::new(own)?;
    if !is_unique(&own)? {
        return Err(Error::value(
            "cannot reindex on an axis with duplicate labels; make the labels unique first, \
             e.g. with reset_index() or groupby()"
                .to_string(),
        ));
    }
    positions_of(&own, &Table::new(wanted)?)
}

fn merged_names(a: &Index, b: &Index) -> Vec<Label> {
    a.names()
        .into_iter()
        .zip(b.names())
        .map(|(x, y)| if x == y { x } else { Label::None })
        .collect()
}

/// For each row of `union`, the row of `side` holding the same labels, or `side`'s length
/// (out of bounds) where `side` lacks them.
fn positions_of(side: &Table, union: &Table) -> Result<Column> {
    let n = side.num_rows();
    let k = side.num_columns();
    let order = vec![Order::Ascending; k];
    let nulls = vec![NullOrder::After; k];
    let perm = sorted_order(side, &order, &nulls)?;
    let sorted = gather(side, &perm, OutOfBoundsPolicy::DontCheck)?;
    let pos = lower_bound(&sorted, union, &order, &nulls)?;
    let found_rows = gather(&sorted, &pos, OutOfBoundsPolicy::Nullify)?;
    let mut found: Option<Column> = None;
    for (x, y) in found_rows.columns().iter().zip(union.columns()) {
        let eq = binary_operation(
            Operand::Column(x),
            Operand::Column(y),
            BinaryOperator::NullEquals,
            TypeId::Bool8.into(),
        )?;
        // a row past the end of `sorted` is null: NullEquals is false unless the union
        // label is null too, which the validity of `pos`'s gather settles below
        found = Some(match found {
            None => eq,
            Some(f) => binary_operation(
                Operand::Column(&f),
                Operand::Column(&eq),
                BinaryOperator::LogicalAnd,
                TypeId::Bool8.into(),
            )?,
        });
    }
    let in_bounds = binary_operation(
        Operand::Column(&pos),
        Operand::Scalar(&Scalar::from_native(n as i32)),
        BinaryOperator::Less,
        TypeId::Bool8.into(),
    )?;
    let found = binary_operation(
        Operand::Column(&found.expect("at least one level")),
        Operand::Column(&in_bounds),
        BinaryOperator::LogicalAnd,
        TypeId::Bool8.into(),
    )?;
    let rows = gather_column(perm, &pos, OutOfBoundsPolicy::Nullify)?;
    let missing = Scalar::from_native(n as i32);
    copy_if_else(Side::Column(&rows), Side::Scalar(&missing), &found)
}
