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

/// The size of every row (INT32).
pub(super) fn sizes(offs: &Column) -> Result<Column> {
    if use_device()? {
        device::sizes(offs)
    } else {
        host::sizes(offs)
    }
}

/// The row of each child row `offs[0]..offs[n]` (INT32).
pub(super) fn element_rows(offs: &Column) -> Result<Column> {
    if use_device()? {
        device::element_rows(offs)
    } else {
        host::element_rows(offs)
    }
}

/// The position inside its list of each child row `offs[0]..offs[n]` (their rows
/// `rows`).
pub(super) fn element_positions(offs: &Column, rows: &Column) -> Result<Column> {
    if use_device()? {
        device::element_positions(offs, rows)
    } else {
        host::element_positions(offs, rows)
    }
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

/// explode's maps: for each output row the input row, the child row (`NULL_ROW` for
/// the row an empty or null list emits with `outer`) and the position in the list (0
/// there). `list` gives the validity of the rows.
pub(super) fn explode_maps(
    offs: &Column,
    list: &Column,
    outer: bool,
) -> Result<(Column, Column, Column)> {
    if use_device()? {
        device::explode_maps(offs, list, outer)
    } else {
        host::explode_maps(offs, list, outer)
    }
}

/// Which element extract_list_element takes from every row.
pub(super) enum Index<'a> {
    /// The same index in every row (negative: from the end).
    All(i64),
    /// An INT32 column of one index per row; a null index gives a null row.
    PerRow(&'a Column),
}

/// extract_list_element's map: the child row of the chosen element of each row of
/// `list`, `NULL_ROW` where the row is null or too short, or the index null.
pub(super) fn extract_map(offs: &Column, list: &Column, index: &Index) -> Result<Column> {
    if use_device()? {
        device::extract_map(offs, list, index)
    } else {
        host::extract_map(offs, list, index)
    }
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

/// The position in its row of the first (or last) of the ascending child rows `matched`
/// that the row holds, -1 when it holds none (INT32).
pub(super) fn match_positions(offs: &Column, matched: &Column, find_last: bool) -> Result<Column> {
    if use_device()? {
        device::match_positions(offs, matched, find_last)
    } else {
        host::match_positions(offs, matched, find_last)
    }
}

/// The offsets (from 0) of the rows keeping only the ascending child rows `kept`.
pub(super) fn kept_offsets(offs: &Column, kept: &Column) -> Result<Column> {
    if use_device()? {
        device::kept_offsets(offs, kept)
    } else {
        host::kept_offsets(offs, kept)
    }
}

/// reverse's map over the child rows `offs[0]..offs[n]` (their rows `rows`).
pub(super) fn reverse_map(offs: &Column, rows: &Column) -> Result<Column> {
    if use_device()? {
        device::reverse_map(offs, rows)
    } else {
        host::reverse_map(offs, rows)
    }
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

/// segmented_gather's map over the map lists' elements.
pub(super) fn segmented_gather_map(g: &GatherLists) -> Result<Column> {
    if use_device()? {
        device::segmented_gather_map(g)
    } else {
        host::segmented_gather_map(g)
    }
}

/// apply_boolean_mask's keep flags of the child rows `offs[0]..offs[n]` (their rows
/// `rows`): the element at the same position of the mask lists (offsets `boffs`, BOOL8
/// child `b`) is valid and true.
pub(super) fn mask_flags(
    offs: &Column,
    rows: &Column,
    boffs: &Column,
    b: &Column,
) -> Result<Column> {
    if use_device()? {
        device::mask_flags(offs, rows, boffs, b)
    } else {
        host::mask_flags(offs, rows, boffs, b)
    }
}

/// `inner[outer[i]]`: the offsets of a list of lists flattened by one level.
pub(super) fn compose_offsets(outer: &Column, inner: &Column) -> Result<Column> {
    if use_device()? {
        device::compose_offsets(outer, inner)
    } else {
        host::compose_offsets(outer, inner)
    }
}

/// concatenate_list_elements' keep flags of innermost rows: their inner list (row
/// `irows[p]` of `inner`) is valid and that list's outer row (`orows`) is kept
/// (`keep_row`, BOOL8).
pub(super) fn flatten_flags(
    irows: &Column,
    inner: &Column,
    orows: &Column,
    keep_row: &Column,
) -> Result<Column> {
    if use_device()? {
        device::flatten_flags(irows, inner, orows, keep_row)
    } else {
        host::flatten_flags(irows, inner, orows, keep_row)
    }
}

/// Whether each row of `list` (offsets `offs` into the lists `inner`) is valid and all
/// (or, with `any`, at least one) of its lists are valid (BOOL8).
pub(super) fn rows_of_valid_lists(
    offs: &Column,
    list: &Column,
    inner: &Column,
    any: bool,
) -> Result<Column> {
    if use_device()? {
        device::rows_of_valid_lists(offs, list, inner, any)
    } else {
        host::rows_of_valid_lists(offs, list, inner, any)
    }
}
