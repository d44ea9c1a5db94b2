//! libcudf's `count_elements` and `extract_list_element`: one value per list row.

use super::maps::{self, Index};
use super::{check_list, check_rows, child, with_rows_mask};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::gather::gather_internal_nullable;
use crate::types::TypeId;

/// The number of elements of each list (INT32; null for a null list).
///
/// ```
/// use ferrodf_core::ops::lists::count_elements;
/// use ferrodf_core::interop::arrow::from_arrow;
/// use arrow_array::{ListArray, types::Int32Type};
/// let l = ListArray::from_iter_primitive::<Int32Type, _, _>(vec![Some(vec![Some(1), None]), None]);
/// let c = count_elements(&from_arrow(&l).unwrap()).unwrap();
/// assert_eq!((c.host_values::<i32>().unwrap()[0], c.null_count().unwrap()), (2, 1));
/// ```
pub fn count_elements(input: &Column) -> Result<Column> {
    check_list("count_elements", "input", input)?;
    let offs = maps::offsets(input)?;
    with_rows_mask(maps::sizes(&offs)?, input)
}

/// Which element [`extract_list_element`] takes.
pub enum ExtractIndex<'a> {
    /// Element `k` of every list (negative: from the end).
    All(i64),
    /// Element `index[i]` of list `i` (an INT32 column; a null index gives a null row).
    PerRow(&'a Column),
}

/// Element `index` of each list: null where the list is null, shorter than the index
/// needs, or the index is null.
pub fn extract_list_element(input: &Column, index: ExtractIndex) -> Result<Column> {
    let function = "extract_list_element";
    check_list(function, "input", input)?;
    let index = match index {
        ExtractIndex::All(k) => Index::All(k),
        ExtractIndex::PerRow(c) => {
            if c.dtype().id() != TypeId::Int32 {
                return Err(Error::type_err(format!(
                    "{function}: the index column must be INT32, got {}",
                    c.dtype()
                )));
            }
            check_rows(function, input, c, "the index column")?;
            Index::PerRow(c)
        }
    };
    let offs = maps::offsets(input)?;
    let map = maps::extract_map(&offs, input, &index)?;
    gather_internal_nullable(child(input), &map)
}
