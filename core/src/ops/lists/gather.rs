//! libcudf's `segmented_gather` and `reverse`: elements reordered inside each list, as a
//! row map over the values child and one gather.

use super::maps::{self, GatherLists};
use super::{check_list, check_rows, child, covered, list_column, rows_mask};
use crate::column::Column;
use crate::copy_options::OutOfBoundsPolicy;
use crate::error::{Error, Result};
use crate::ops::gather::{gather_internal, gather_internal_nullable};
use crate::types::TypeId;

/// List `i` of the result takes the elements of list `i` of `input` at the indices of
/// list `i` of `gather_map_list` (a LIST of INT32 column; negative indices count from
/// the end). A null or out-of-range index gives a null element with either policy
/// (libcudf leaves out-of-range indices undefined under `DONT_CHECK`); a null input list
/// gives a null row.
pub fn segmented_gather(
    input: &Column,
    gather_map_list: &Column,
    bounds_policy: OutOfBoundsPolicy,
) -> Result<Column> {
    let function = "segmented_gather";
    check_list(function, "input", input)?;
    check_list(function, "gather_map_list", gather_map_list)?;
    let indices = child(gather_map_list);
    if indices.dtype().id() != TypeId::Int32 {
        return Err(Error::type_err(format!(
            "{function}: gather_map_list must be a LIST of INT32 column, its elements are {}",
            indices.dtype()
        )));
    }
    check_rows(function, input, gather_map_list, "gather_map_list")?;
    // Both policies give the same (defined) result.
    let _ = bounds_policy;
    let offs = maps::offsets(input)?;
    let map_offs = maps::offsets(gather_map_list)?;
    let map_rows = maps::element_rows(&map_offs)?;
    let map = maps::segmented_gather_map(&GatherLists {
        list: input,
        offs: &offs,
        map_offs: &map_offs,
        map_rows: &map_rows,
        indices,
    })?;
    let values = gather_internal_nullable(child(input), &map)?;
    let (mask, nulls) = rows_mask(input)?;
    list_column(maps::rebased(&map_offs)?, values, mask, nulls)
}

/// Each list's elements in reverse order.
pub fn reverse(input: &Column) -> Result<Column> {
    check_list("reverse", "input", input)?;
    let (offs, values) = covered(input)?;
    let rows = maps::element_rows(&offs)?;
    let map = maps::reverse_map(&offs, &rows)?;
    let (mask, nulls) = rows_mask(input)?;
    list_column(offs, gather_internal(&values, &map)?, mask, nulls)
}
