//! The lists family's primitives: INT32 offsets, row maps, positions and flags computed
//! from a list column's offsets, each with its one host/device decision (`host.rs` loops,
//! `device.rs` the kernels of `device/kernels/lists.rs`). The public functions compose
//! them with the shared gather, compaction, sort and join of other families, so every
//! child type works on both paths through one mechanism.
//!
//! Offsets here are *absolute*: `n + 1` INT32 entries where row `i` holds child rows
//! `offs[i]..offs[i + 1]` of the (unsliced) child column; a column of them lives where the
//! work runs.

use super::{device, host};
use crate::column::{Column, MAX_ROWS};
use crate::error::{Error, Result};
use crate::placement::use_device;

/// Primitives that are only their host/device decision: each `fn f(args) -> T;` becomes
/// `f`, calling `device::f` when the work runs on the device and `host::f` otherwise (the
/// two paths share the signature).
macro_rules! host_or_device {
    ($($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        $(#[$doc])*
        pub(super) fn $name($($arg: $ty),*) -> Result<$ret> {
            if use_device()? {
                device::$name($($arg),*)
            } else {
                host::$name($($arg),*)
            }
        }
    )*};
}

/// The first and last of `offs` (read on the host: two values).
pub(super) fn bounds(offs: &Column) -> Result<(usize, usize)> {
    let n1 = offs.size();
    let data = offs.data().expect("offsets have data");
    let at = |i: usize| -> Result<usize> {
        let b = data.host_range((offs.offset() + i) * 4, 4)?;
        Ok(i32::from_le_bytes(b.as_slice().try_into().expect("4 bytes")) as usize)
    };
    Ok((at(0)?, at(n1 - 1)?))
}

/// The absolute INT32 offsets of the rows of LIST column `list`.
pub(super) fn offsets(list: &Column) -> Result<Column> {
    let n = list.size();
    let child = &list.children()[0];
    if n == 0 || child.size() == 0 {
        return zeros(n + 1);
    }
    if child.dtype().id() == crate::types::TypeId::Int64 {
        // The maps are INT32: the rows must cover at most MAX_ROWS child rows.
        let at = (child.offset() + list.offset() + n) * 8;
        let b = child.data().expect("offsets have data").host_range(at, 8)?;
        let last = i64::from_le_bytes(b.as_slice().try_into().expect("8 bytes"));
        if last > MAX_ROWS as i64 {
            return Err(Error::overflow(format!(
                "the lists reach child row {last}; ferrodf's list functions handle at most \
                 {MAX_ROWS} child rows"
            )));
        }
    }
    if use_device()? {
        device::offsets(list)
    } else {
        host::offsets(list)
    }
}

/// `n` zero offsets (INT32), where the work runs.
pub(super) fn zeros(n: usize) -> Result<Column> {
    if use_device()? {
        device::zeros(n)
    } else {
        Ok(Column::from_values(vec![0i32; n]))
    }
}

/// `offs - offs[0]`: offsets starting at 0 (those of a child sliced at `offs[0]`).
pub(super) fn rebased(offs: &Column) -> Result<Column> {
    let (first, _) = bounds(offs)?;
    if first == 0 {
        return Ok(offs.clone());
    }
    if use_device()? {
        device::rebased(offs, first)
    } else {
        host::rebased(offs, first)
    }
}

host_or_device! {
    /// The size of every row (INT32).
    fn sizes(offs: &Column) -> Column;
    /// The row of each child row `offs[0]..offs[n]` (INT32).
    fn element_rows(offs: &Column) -> Column;
    /// The position inside its list of each child row `offs[0]..offs[n]` (their rows
    /// `rows`).
    fn element_positions(offs: &Column, rows: &Column) -> Column;
}

/// Offsets `0, s0, s0 + s1, ...` of INT32 sizes (none negative), and their total.
pub(super) fn exclusive_offsets(sizes: &Column) -> Result<(Column, usize)> {
    let (offs, total) = if use_device()? {
        device::exclusive_offsets(sizes)?
    } else {
        host::exclusive_offsets(sizes)?
    };
    if total > MAX_ROWS as i64 {
        return Err(Error::overflow(format!(
            "the result would have {total} list elements, more than {MAX_ROWS}"
        )));
    }
    Ok((offs, total as usize))
}

/// The child rows `first..first + n` (INT32), where the work runs.
pub(super) fn iota(n: usize, first: usize) -> Result<Column> {
    if use_device()? {
        device::iota(n, first)
    } else {
        Ok(Column::from_values(
            (first as i32..(first + n) as i32).collect(),
        ))
    }
}

host_or_device! {
    /// explode's maps: for each output row the input row, the child row (`NULL_ROW` for
    /// the row an empty or null list emits with `outer`) and the position in the list (0
    /// there). `list` gives the validity of the rows.
    fn explode_maps(offs: &Column, list: &Column, outer: bool) -> (Column, Column, Column);
}

/// Which element extract_list_element takes from every row.
pub(super) enum Index<'a> {
    /// The same index in every row (negative: from the end).
    All(i64),
    /// An INT32 column of one index per row; a null index gives a null row.
    PerRow(&'a Column),
}

host_or_device! {
    /// extract_list_element's map: the child row of the chosen element of each row of
    /// `list`, `NULL_ROW` where the row is null or too short, or the index null.
    fn extract_map(offs: &Column, list: &Column, index: &Index) -> Column;
}

/// Whether each row holds a null element of `child` (BOOL8, no nulls).
pub(super) fn rows_with_nulls(offs: &Column, child: &Column) -> Result<Column> {
    if !child.has_nulls()? {
        let n = offs.size() - 1;
        return super::bools(vec![false; n]);
    }
    if use_device()? {
        device::rows_with_nulls(offs, child)
    } else {
        host::rows_with_nulls(offs, child)
    }
}

host_or_device! {
    /// The position in its row of the first (or last) of the ascending child rows `matched`
    /// that the row holds, -1 when it holds none (INT32).
    fn match_positions(offs: &Column, matched: &Column, find_last: bool) -> Column;
    /// The offsets (from 0) of the rows keeping only the ascending child rows `kept`.
    fn kept_offsets(offs: &Column, kept: &Column) -> Column;
    /// reverse's map over the child rows `offs[0]..offs[n]` (their rows `rows`).
    fn reverse_map(offs: &Column, rows: &Column) -> Column;
}

/// The inputs of segmented_gather's map.
pub(super) struct GatherLists<'a> {
    /// The gathered lists and their offsets.
    pub list: &'a Column,
    pub offs: &'a Column,
    /// The offsets of the map lists, the rows of their elements and the INT32 indices
    /// (the map lists' child).
    pub map_offs: &'a Column,
    pub map_rows: &'a Column,
    pub indices: &'a Column,
}

/// A list of lists as concatenate_list_elements flattens it: the outer rows `list`, their
/// offsets `offs` into the lists `inner`, and `inner_offs`, those lists' offsets.
pub(super) struct Nested<'a> {
    pub list: &'a Column,
    pub offs: &'a Column,
    pub inner: &'a Column,
    pub inner_offs: &'a Column,
}

host_or_device! {
    /// segmented_gather's map over the map lists' elements.
    fn segmented_gather_map(g: &GatherLists) -> Column;
    /// apply_boolean_mask's keep flags of the child rows `offs[0]..offs[n]`: the element
    /// at the same position of the mask lists (offsets `boffs`, BOOL8 child `b`) is valid
    /// and true.
    fn mask_flags(offs: &Column, boffs: &Column, b: &Column) -> Column;
    /// `inner[outer[i]]`: the offsets of a list of lists flattened by one level.
    fn compose_offsets(outer: &Column, inner: &Column) -> Column;
    /// concatenate_list_elements' keep flags of the innermost rows: their inner list is
    /// valid and that list's outer row is kept (`keep_row`, BOOL8).
    fn flatten_flags(l: &Nested, keep_row: &Column) -> Column;
    /// Whether each row of the list of lists is valid and all (or, with `any`, at least
    /// one) of its lists are valid (BOOL8).
    fn rows_of_valid_lists(l: &Nested, any: bool) -> Column;
}
