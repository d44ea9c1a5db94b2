//! libcudf's `sort_lists` and `stable_sort_lists`: the elements of each list sorted, as a
//! segmented sort of the values child by itself (the sorting family's, on either path).

use super::{check_list, covered, list_column, rows_mask};
use crate::column::Column;
use crate::error::Result;
use crate::keys::{NullOrder, Order};
use crate::ops::sorting::{segmented_sort_by_key, stable_segmented_sort_by_key};
use crate::table::Table;

/// Each list's elements sorted by `sort_order`, nulls placed by `na_position`; `stable`
/// keeps equal elements in their order (ferrodf's sorts always do).
pub fn sort_lists(
    input: &Column,
    sort_order: Order,
    na_position: NullOrder,
    stable: bool,
) -> Result<Column> {
    check_list("sort_lists", "input", input)?;
    let (offs, values) = covered(input)?;
    let t = Table::new(vec![values])?;
    let sort = if stable {
        stable_segmented_sort_by_key
    } else {
        segmented_sort_by_key
    };
    let sorted = sort(&t, &t, &offs, &[sort_order], &[na_position])?;
    let (mask, nulls) = rows_mask(input)?;
    list_column(offs, sorted.into_columns().remove(0), mask, nulls)
}
