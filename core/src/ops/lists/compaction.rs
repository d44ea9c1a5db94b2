//! libcudf's list `apply_boolean_mask` and `distinct`: elements dropped from each list,
//! keeping the rest in order. Both find the kept elements (a compaction of keep flags,
//! or the stream_compaction family's distinct over (row, element) pairs), then count the
//! kept elements of each row for the new offsets.

use super::maps;
use super::{check_list, check_rows, child, covered, kept_positions, list_column, rows_mask};
use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::Aggregation;
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::gather::gather_internal;
use crate::ops::reduce::reduce;
use crate::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
use crate::table::Table;
use crate::types::TypeId;

/// The lists keeping the ascending element positions `kept` (into `values`, whose rows
/// `offs` give), with `input`'s null rows.
pub(super) fn keep(
    input: &Column,
    offs: &Column,
    values: &Column,
    kept: &Column,
) -> Result<Column> {
    let offsets = maps::kept_offsets(offs, kept)?;
    let (mask, nulls) = rows_mask(input)?;
    list_column(offsets, gather_internal(values, kept)?, mask, nulls)
}

/// Each list keeping the elements whose entry in the same place of `boolean_mask` (a
/// LIST of BOOL8 column of the same shape) is true; a null entry drops its element.
pub fn apply_boolean_mask(input: &Column, boolean_mask: &Column) -> Result<Column> {
    let function = "apply_boolean_mask";
    check_list(function, "input", input)?;
    check_list(function, "boolean_mask", boolean_mask)?;
    if child(boolean_mask).dtype().id() != TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "{function}: boolean_mask must be a LIST of BOOL8 column, its elements are {}",
            child(boolean_mask).dtype()
        )));
    }
    check_rows(function, input, boolean_mask, "boolean_mask")?;
    let (offs, values) = covered(input)?;
    let moffs = maps::offsets(boolean_mask)?;
    // Every list must have as many flags as elements: the flags are read by position.
    let sizes_differ = binary_operation(
        Operand::Column(&maps::sizes(&offs)?),
        Operand::Column(&maps::sizes(&moffs)?),
        BinaryOperator::NotEqual,
        TypeId::Bool8.into(),
    )?;
    let any = reduce(&sizes_differ, &Aggregation::Any, TypeId::Bool8.into())?;
    if any.value::<u8>()?.is_some_and(|v| v != 0) {
        return Err(Error::value(format!(
            "{function}: boolean_mask must have as many entries as input in every row"
        )));
    }
    let flags = maps::mask_flags(&offs, &moffs, child(boolean_mask))?;
    let kept = kept_positions(&flags, 0)?;
    keep(input, &offs, &values, &kept)
}

/// Each list without repeated elements: the first of equal elements stays, in order.
/// `nulls_equal`/`nans_equal`: whether null (NaN) elements are equal to each other.
pub fn distinct(input: &Column, nulls_equal: bool, nans_equal: bool) -> Result<Column> {
    check_list("distinct", "input", input)?;
    let (offs, values) = covered(input)?;
    let kept = distinct_elements(&offs, &values, nulls_equal, nans_equal)?;
    keep(input, &offs, &values, &kept)
}

/// The ascending positions of the first of equal elements of each row.
pub(super) fn distinct_elements(
    offs: &Column,
    values: &Column,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let rows = maps::element_rows(offs)?;
    let pairs = Table::new(vec![rows, values.clone()])?;
    distinct_indices(
        &pairs,
        DuplicateKeepOption::KeepFirst,
        nulls_equal,
        nans_equal,
    )
}
