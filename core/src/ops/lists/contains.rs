//! libcudf's `contains`, `contains_nulls` and `index_of`: searches inside each list.
//!
//! The matching elements are found with the join family's left semi join (so every
//! element type it compares works on both paths, NaN equal to NaN as in libcudf): of
//! the elements against a scalar key, or of (row, element) pairs against (row, key)
//! pairs for a column of keys; the first or last match of each row is then a binary
//! search in the ascending matched positions.

use super::maps;
use super::{DuplicateFindOption, check_list, check_rows, covered, with_rows_mask};
use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::copy_options::MaskState;
use crate::error::Result;
use crate::ops::binaryop::{Operand, binary_operation};
use crate::ops::join::left_semi_join;
use crate::ops::null_mask::{bitmask_and, create_null_mask};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, check_same_type};

/// The key `contains` and `index_of` look for.
pub enum SearchKey<'a> {
    /// The same key in every list (a null key gives null rows).
    Scalar(&'a Scalar),
    /// Key `i` in list `i` (a null key gives a null row).
    Column(&'a Column),
}

/// The position of the first (or last) element of each list equal to its key, -1 when
/// there is none, with the input's and the keys' null rows.
fn find(function: &str, input: &Column, key: &SearchKey, last: bool) -> Result<Column> {
    check_list(function, "input", input)?;
    let n = input.size();
    let (offs, values) = covered(input)?;
    let key_type = match key {
        SearchKey::Scalar(s) => s.dtype(),
        SearchKey::Column(c) => c.dtype(),
    };
    check_same_type(
        function,
        ("the search key", key_type),
        ("the list elements", values.dtype()),
    )?;
    let matched = match key {
        SearchKey::Scalar(s) => {
            if !s.is_valid()? {
                let pos = Column::from_values(vec![-1i32; n]);
                let mask = create_null_mask(n, MaskState::AllNull)?;
                return pos.with_mask(Some(mask).filter(|_| n > 0), Some(n));
            }
            let right = Table::new(vec![s.as_column().clone()])?;
            left_semi_join(&Table::new(vec![values])?, &right, false)?
        }
        SearchKey::Column(c) => {
            check_rows(function, input, c, "the search keys")?;
            let rows = maps::element_rows(&offs)?;
            let left = Table::new(vec![rows, values])?;
            let right = Table::new(vec![maps::iota(n, 0)?, (*c).clone()])?;
            left_semi_join(&left, &right, false)?
        }
    };
    let pos = maps::match_positions(&offs, &matched, last)?;
    match key {
        SearchKey::Scalar(_) => with_rows_mask(pos, input),
        SearchKey::Column(c) => {
            let (mask, nulls) = bitmask_and(&[input.clone(), (*c).clone()])?;
            pos.with_mask(Some(mask).filter(|_| nulls > 0), Some(nulls))
        }
    }
}

/// Whether each list holds its key (BOOL8; null where the list or the key is null).
pub fn contains(input: &Column, search_key: SearchKey) -> Result<Column> {
    let pos = find("contains", input, &search_key, false)?;
    binary_operation(
        Operand::Column(&pos),
        Operand::Scalar(&Scalar::from_native(0i32)),
        BinaryOperator::GreaterEqual,
        TypeId::Bool8.into(),
    )
}

/// The position of the key in each list (INT32, -1 when absent; null where the list or
/// the key is null), the first or the last match by `find_option`.
pub fn index_of(
    input: &Column,
    search_key: SearchKey,
    find_option: DuplicateFindOption,
) -> Result<Column> {
    let last = find_option == DuplicateFindOption::FindLast;
    find("index_of", input, &search_key, last)
}

/// Whether each list holds a null element (BOOL8; null for a null list).
pub fn contains_nulls(input: &Column) -> Result<Column> {
    check_list("contains_nulls", "input", input)?;
    let offs = maps::offsets(input)?;
    let flags = maps::rows_with_nulls(&offs, super::child(input))?;
    with_rows_mask(flags, input)
}
