//! pylibcudf's `lists` module: functions over LIST columns, on the host and the device.
//!
//! A LIST column is an offsets child and a values child (see [`crate::column`]). Every
//! function here is built the same way: the primitives of `maps.rs` turn the offsets into
//! INT32 row maps, positions or keep flags, each deciding once between the host loops of
//! `host.rs` and the kernels of `device/kernels/lists.rs` (`device.rs`); the values child
//! then moves through the shared gather, compaction, sort and join of the other families,
//! which make their own decision. So a child of any type works on both paths, and the
//! result's offsets are always INT32 from 0.
//!
//! One file per sub-family, as libcudf groups them: `explode.rs`, `extract.rs`
//! (count_elements, extract_list_element), `contains.rs`, `combine.rs` (concatenate_rows,
//! concatenate_list_elements), `sorting.rs`, `compaction.rs` (apply_boolean_mask,
//! distinct), `gather.rs` (segmented_gather, reverse), `filling.rs` (sequences) and
//! `set_ops.rs`.

mod combine;
mod compaction;
mod contains;
mod device;
mod explode;
mod extract;
mod filling;
mod gather;
mod host;
mod maps;
mod set_ops;
mod sorting;

pub use combine::{concatenate_list_elements, concatenate_rows};
pub use compaction::{apply_boolean_mask, distinct};
pub use contains::{SearchKey, contains, contains_nulls, index_of};
pub use explode::{explode, explode_outer, explode_outer_position, explode_position};
pub use extract::{ExtractIndex, count_elements, extract_list_element};
pub use filling::sequences;
pub use gather::{reverse, segmented_gather};
pub use set_ops::{difference_distinct, have_overlap, intersect_distinct, union_distinct};
pub use sorting::sort_lists;

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::ops::gather::mask_copy;
use crate::table::Table;
use crate::types::TypeId;

named_enum! {
    /// libcudf's `lists::concatenate_null_policy`: what a null list does to the row it is
    /// concatenated into.
    pub enum ConcatenateNullPolicy in "lists" {
        /// A null list is skipped (as if it were empty).
        Ignore,
        /// A null list makes the output row null.
        NullifyOutputRow,
    }
}

named_enum! {
    /// libcudf's `lists::duplicate_find_option`: which match `index_of` reports when a
    /// list holds the key more than once.
    pub enum DuplicateFindOption in "lists" {
        /// The first match.
        FindFirst,
        /// The last match.
        FindLast,
    }
}

/// pylibcudf's `ListsColumnView`: a LIST column seen as its offsets and values.
///
/// ```
/// use ferrodf_core::ops::lists::ListsColumnView;
/// use ferrodf_core::Column;
/// assert!(ListsColumnView::new(&Column::from_values(vec![1i32])).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct ListsColumnView {
    column: Column,
}

impl ListsColumnView {
    /// A view of `column`; a TypeError unless it is a LIST column.
    pub fn new(column: &Column) -> Result<Self> {
        check_list("list_view", "the column", column)?;
        Ok(ListsColumnView {
            column: column.clone(),
        })
    }
    /// The LIST column itself.
    pub fn parent(&self) -> &Column {
        &self.column
    }
    /// The offsets child (INT32 or INT64), unsliced: row `i` of the parent is child rows
    /// `offsets[offset + i]..offsets[offset + i + 1]`.
    pub fn offsets(&self) -> &Column {
        &self.column.children()[0]
    }
    /// The values child, unsliced.
    pub fn child(&self) -> &Column {
        &self.column.children()[1]
    }
}

/// A TypeError unless `col` is a LIST column.
fn check_list(function: &str, what: &str, col: &Column) -> Result<()> {
    if col.dtype().id() != TypeId::List {
        return Err(Error::type_err(format!(
            "{function}: {what} must be a LIST column, got {}",
            col.dtype()
        )));
    }
    Ok(())
}

/// A ValueError unless `a` and `b` have the same number of rows.
fn check_rows(function: &str, a: &Column, b: &Column, what: &str) -> Result<()> {
    if a.size() != b.size() {
        return Err(Error::value(format!(
            "{function}: the lists column has {} rows but {what} has {}",
            a.size(),
            b.size()
        )));
    }
    Ok(())
}

/// The values child of a LIST column.
fn child(list: &Column) -> &Column {
    &list.children()[1]
}

/// A LIST column of `offsets.size() - 1` rows over `offsets` (INT32, into `values`) with
/// the validity `mask` (`nulls` null rows).
pub(crate) fn list_column(
    offsets: Column,
    values: Column,
    mask: Option<Buffer>,
    nulls: usize,
) -> Result<Column> {
    Column::list(offsets, values, mask.filter(|_| nulls > 0), nulls)
}

/// `list`'s null rows as a mask from bit 0, with their count.
fn rows_mask(list: &Column) -> Result<(Option<Buffer>, usize)> {
    Ok((mask_copy(list)?, list.null_count()?))
}

/// `values` (fixed-width, no nulls) with `like`'s null rows.
fn with_rows_mask(values: Column, like: &Column) -> Result<Column> {
    let (mask, nulls) = rows_mask(like)?;
    values.with_mask(mask.filter(|_| nulls > 0), Some(nulls))
}

/// A host BOOL8 column without nulls.
fn bools(v: Vec<bool>) -> Result<Column> {
    let n = v.len();
    let bytes: Vec<u8> = v.into_iter().map(u8::from).collect();
    Column::without_nulls(TypeId::Bool8.into(), n, Buffer::from_vec(bytes))
}

/// The values child rows that `list`'s rows cover (sliced), with the list's offsets
/// rebased onto it: the form every composition works on.
fn covered(list: &Column) -> Result<(Column, Column)> {
    let offs = maps::offsets(list)?;
    let (first, last) = maps::bounds(&offs)?;
    let values = child(list).slice(first, last - first)?;
    Ok((maps::rebased(&offs)?, values))
}

/// The positions `first + p` of the set `flags` (BOOL8), ascending.
fn kept_positions(flags: &Column, first: usize) -> Result<Column> {
    let rows = maps::iota(flags.size(), first)?;
    let kept = crate::ops::stream_compaction::apply_boolean_mask(&Table::new(vec![rows])?, flags)?;
    Ok(kept.into_columns().remove(0))
}
