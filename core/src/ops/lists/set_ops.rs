//! libcudf's list set operations: `have_overlap`, `intersect_distinct`,
//! `union_distinct` and `difference_distinct`, row by row over two LIST columns.
//!
//! Elements are compared as (row, element) pairs through the join family's semi and
//! anti joins, and made distinct by the stream_compaction family's distinct over the same
//! pairs, so every element type those compare works on both paths. A result row is null
//! when either input row is. The elements of a result list keep the order of their
//! first occurrence (libcudf leaves it unspecified).

use super::compaction::distinct_elements;
use super::{check_list, check_rows, child, covered, list_column, maps};
use crate::binary_operator::BinaryOperator;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::gather::gather_internal;
use crate::ops::join::{left_anti_join, left_semi_join};
use crate::ops::null_mask::bitmask_and;
use crate::ops::replace::{Replacement, replace_nulls};
use crate::ops::stream_compaction::{DuplicateKeepOption, apply_boolean_mask, distinct_indices};
use crate::ops::unary::is_not_nan;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, check_same_type};

/// One input: its offsets (from 0), the values they cover and the row of each value.
struct Side {
    offs: Column,
    values: Column,
    pairs: Table,
}

fn side(list: &Column) -> Result<Side> {
    let (offs, values) = covered(list)?;
    let rows = maps::element_rows(&offs)?;
    let pairs = Table::new(vec![rows, values.clone()])?;
    Ok(Side {
        offs,
        values,
        pairs,
    })
}

/// Both inputs checked, as sides, with the validity both rows share.
fn sides(
    function: &str,
    lhs: &Column,
    rhs: &Column,
) -> Result<(Side, Side, Option<Buffer>, usize)> {
    check_list(function, "lhs", lhs)?;
    check_list(function, "rhs", rhs)?;
    check_rows(function, lhs, rhs, "rhs")?;
    check_same_type(
        function,
        ("the lhs elements", child(lhs).dtype()),
        ("the rhs elements", child(rhs).dtype()),
    )?;
    let (mask, nulls) = bitmask_and(&[lhs.clone(), rhs.clone()])?;
    Ok((
        side(lhs)?,
        side(rhs)?,
        Some(mask).filter(|_| nulls > 0),
        nulls,
    ))
}

/// The (row, element) pairs of `s` that may equal another: with `nans_equal` false a NaN
/// equals nothing, so NaN elements are left out (the join itself takes NaN == NaN).
fn matchable(s: &Side, nans_equal: bool) -> Result<Table> {
    if nans_equal || !s.values.dtype().id().is_floating() {
        return Ok(s.pairs.clone());
    }
    let yes = Scalar::from_native_as(TypeId::Bool8.into(), Some(1u8))?;
    let flags = replace_nulls(&is_not_nan(&s.values)?, Replacement::Scalar(&yes))?;
    apply_boolean_mask(&s.pairs, &flags)
}

/// The ascending lhs element positions that have (`semi`) or lack an equal element in
/// the same row of rhs. With NaNs unequal, rhs has no NaN to match, so no lhs NaN does.
fn matches(l: &Side, r: &Side, semi: bool, nulls_equal: bool, nans_equal: bool) -> Result<Column> {
    let right = matchable(r, nans_equal)?;
    if semi {
        left_semi_join(&l.pairs, &right, nulls_equal)
    } else {
        left_anti_join(&l.pairs, &right, nulls_equal)
    }
}

/// The distinct elements of lhs at the ascending positions `m`, as lists.
fn distinct_of(
    l: &Side,
    m: &Column,
    mask: Option<Buffer>,
    nulls: usize,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let rows = gather_internal(&l.pairs.columns()[0], m)?;
    let values = gather_internal(&l.values, m)?;
    let pairs = Table::new(vec![rows, values])?;
    let idx = distinct_indices(
        &pairs,
        DuplicateKeepOption::KeepFirst,
        nulls_equal,
        nans_equal,
    )?;
    let kept = gather_internal(m, &idx)?;
    let offsets = maps::kept_offsets(&l.offs, &kept)?;
    list_column(offsets, gather_internal(&l.values, &kept)?, mask, nulls)
}

/// Whether list `i` of `lhs` and of `rhs` share an element (BOOL8).
pub fn have_overlap(
    lhs: &Column,
    rhs: &Column,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let (l, r, mask, nulls) = sides("have_overlap", lhs, rhs)?;
    let m = matches(&l, &r, true, nulls_equal, nans_equal)?;
    let pos = maps::match_positions(&l.offs, &m, false)?.with_mask(mask, Some(nulls))?;
    binary_operation(
        Operand::Column(&pos),
        Operand::Scalar(&Scalar::from_native(0i32)),
        BinaryOperator::GreaterEqual,
        TypeId::Bool8.into(),
    )
}

/// The distinct elements list `i` of `lhs` shares with list `i` of `rhs`.
pub fn intersect_distinct(
    lhs: &Column,
    rhs: &Column,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let (l, r, mask, nulls) = sides("intersect_distinct", lhs, rhs)?;
    let m = matches(&l, &r, true, nulls_equal, nans_equal)?;
    distinct_of(&l, &m, mask, nulls, nulls_equal, nans_equal)
}

/// The distinct elements of list `i` of `lhs` that list `i` of `rhs` lacks.
pub fn difference_distinct(
    lhs: &Column,
    rhs: &Column,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let (l, r, mask, nulls) = sides("difference_distinct", lhs, rhs)?;
    let m = matches(&l, &r, false, nulls_equal, nans_equal)?;
    distinct_of(&l, &m, mask, nulls, nulls_equal, nans_equal)
}

/// The distinct elements of list `i` of `lhs` and of `rhs` (lhs's first).
pub fn union_distinct(
    lhs: &Column,
    rhs: &Column,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let (_, _, mask, nulls) = sides("union_distinct", lhs, rhs)?;
    let both = super::concatenate_rows(&Table::new(vec![lhs.clone(), rhs.clone()])?)?;
    let (offs, values) = covered(&both)?;
    let kept = distinct_elements(&offs, &values, nulls_equal, nans_equal)?;
    let offsets = maps::kept_offsets(&offs, &kept)?;
    list_column(offsets, gather_internal(&values, &kept)?, mask, nulls)
}
