//! Launchers of the lists family's kernels in `cuda/lists.cu`: the row maps, positions,
//! offsets and flags that `ops/lists` turns into gathers, compactions and sorts of the
//! child column. Every launcher takes the list's absolute INT32 offsets (`n + 1` entries,
//! a device address at the column's first row) and returns a new allocation.

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args};
use crate::device::DeviceMemory;
use crate::error::Result;

const SOURCE: &str = include_str!("cuda/lists.cu");

/// The CUDA source of the lists module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// A validity mask as a kernel sees it: its device address (0 when every row is valid)
/// and the bit of row 0.
#[derive(Clone, Copy)]
pub struct Mask {
    /// Device address of the mask bytes, or 0.
    pub ptr: u64,
    /// The bit of the first row.
    pub offset: usize,
}

/// A new allocation of `n` items of `width` bytes written by kernel `name`, launched over
/// `items` threads with `args(output address)`.
fn output(
    name: &str,
    n: usize,
    width: usize,
    items: usize,
    args: impl FnOnce(u64) -> Vec<Arg>,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * width)?;
    // SAFETY: every caller passes buffers sized for its item count; `out` holds n items.
    unsafe { run_grid("lists", module_source, name, items, &args(out.ptr()))? };
    Ok(out)
}

/// The size of each of the `n` rows (INT32).
pub fn sizes(offs: u64, n: usize) -> Result<DeviceMemory> {
    output("list_sizes", n, 4, n, |o| args![offs, n as i64, o].to_vec())
}

/// The row of each of the `total` child rows from `offs[0]` on (INT32).
pub fn element_rows(offs: u64, n: usize, total: usize) -> Result<DeviceMemory> {
    output("element_rows", total, 4, total, |o| {
        args![offs, n as i64, total as i64, o].to_vec()
    })
}

/// The position inside its list of each of the `total` child rows from `offs[0]` on.
pub fn element_positions(offs: u64, rows: u64, total: usize) -> Result<DeviceMemory> {
    output("element_positions", total, 4, total, |o| {
        args![offs, rows, total as i64, o].to_vec()
    })
}

/// `n` INT32 sizes widened to `n + 1` int64 values, the last 0 (for an exclusive scan).
pub fn widen_sizes(sizes: u64, n: usize) -> Result<DeviceMemory> {
    output("widen_sizes", n + 1, 8, n + 1, |o| {
        args![sizes, n as i64, o].to_vec()
    })
}

/// The number of rows explode emits per list row.
pub fn explode_counts(offs: u64, mask: Mask, n: usize, outer: bool) -> Result<DeviceMemory> {
    output("explode_counts", n, 4, n, |o| {
        args![
            offs,
            mask.ptr,
            mask.offset as i64,
            n as i64,
            i32::from(outer),
            o
        ]
        .to_vec()
    })
}

/// explode's maps over `total` output rows: input rows, child rows and positions.
pub fn explode_maps(
    out_offs: u64,
    offs: u64,
    mask: Mask,
    n: usize,
    total: usize,
) -> Result<[DeviceMemory; 3]> {
    let rows = DeviceMemory::alloc(total * 4)?;
    let elems = DeviceMemory::alloc(total * 4)?;
    let pos = DeviceMemory::alloc(total * 4)?;
    let a = args![
        out_offs,
        offs,
        mask.ptr,
        mask.offset as i64,
        n as i64,
        total as i64,
        rows.ptr(),
        elems.ptr(),
        pos.ptr()
    ];
    // SAFETY: the three outputs hold `total` entries; the offsets n + 1.
    unsafe { run_grid("lists", module_source, "explode_maps", total, &a)? };
    Ok([rows, elems, pos])
}

/// extract_list_element's map: the child row of element `k` of each row, `k` from the
/// INT32 `index` values (address 0: `k0` for every row).
pub fn extract_map(
    offs: u64,
    mask: Mask,
    n: usize,
    index: u64,
    index_mask: Mask,
    k0: i64,
) -> Result<DeviceMemory> {
    output("extract_map", n, 4, n, |o| {
        args![
            offs,
            mask.ptr,
            mask.offset as i64,
            n as i64,
            index,
            index_mask.ptr,
            index_mask.offset as i64,
            k0,
            o
        ]
        .to_vec()
    })
}

/// Whether each row holds a null element (BOOL8), for a child with mask `child_mask`.
pub fn rows_with_nulls(offs: u64, n: usize, child_mask: Mask) -> Result<DeviceMemory> {
    output("rows_with_nulls", n, 1, n, |o| {
        args![offs, n as i64, child_mask.ptr, child_mask.offset as i64, o].to_vec()
    })
}

/// The position of the first (or last) of the `m` sorted child rows `matched` in each
/// row, -1 where none is (INT32).
pub fn match_positions(
    offs: u64,
    n: usize,
    matched: u64,
    m: usize,
    find_last: bool,
) -> Result<DeviceMemory> {
    output("match_positions", n, 4, n, |o| {
        args![offs, n as i64, matched, m as i64, i32::from(find_last), o].to_vec()
    })
}

/// The `n + 1` offsets of the rows keeping only the `m` sorted child rows `kept`.
pub fn kept_offsets(offs: u64, n: usize, kept: u64, m: usize) -> Result<DeviceMemory> {
    output("kept_offsets", n + 1, 4, n + 1, |o| {
        args![offs, n as i64, kept, m as i64, o].to_vec()
    })
}

/// reverse's map over the `total` child rows from `offs[0]` on.
pub fn reverse_map(offs: u64, rows: u64, total: usize) -> Result<DeviceMemory> {
    output("reverse_map", total, 4, total, |o| {
        args![offs, rows, total as i64, o].to_vec()
    })
}

/// The lists of a segmented gather: the input's offsets and validity, the map lists'
/// offsets, element rows, INT32 indices and their validity.
pub struct SegmentedGather {
    pub offs: u64,
    pub mask: Mask,
    pub map_offs: u64,
    pub map_rows: u64,
    pub indices: u64,
    pub indices_mask: Mask,
}

/// segmented_gather's map over the `total` map elements.
pub fn segmented_gather_map(g: &SegmentedGather, total: usize) -> Result<DeviceMemory> {
    output("segmented_gather_map", total, 4, total, |o| {
        args![
            g.offs,
            g.mask.ptr,
            g.mask.offset as i64,
            g.map_offs,
            g.map_rows,
            g.indices,
            g.indices_mask.ptr,
            g.indices_mask.offset as i64,
            total as i64,
            o
        ]
        .to_vec()
    })
}

/// apply_boolean_mask's keep flags (BOOL8) of the `total` child rows from `offs[0]` on:
/// the mask lists' offsets `boffs`, BOOL8 values `b` and their validity.
pub fn mask_flags(
    offs: u64,
    rows: u64,
    boffs: u64,
    b: u64,
    bmask: Mask,
    total: usize,
) -> Result<DeviceMemory> {
    output("mask_flags", total, 1, total, |o| {
        args![
            offs,
            rows,
            boffs,
            b,
            bmask.ptr,
            bmask.offset as i64,
            total as i64,
            o
        ]
        .to_vec()
    })
}

/// `inner[outer[i]]` for the `n1` outer offsets.
pub fn compose_offsets(outer: u64, inner: u64, n1: usize) -> Result<DeviceMemory> {
    output("compose_offsets", n1, 4, n1, |o| {
        args![outer, inner, n1 as i64, o].to_vec()
    })
}

/// concatenate_list_elements' keep flags (BOOL8) of `total` innermost rows: their inner
/// rows `irows` (validity `imask`) and the outer rows `orows` of those, kept where
/// `keep_row` (BOOL8 per outer row) is set.
pub fn flatten_flags(
    irows: u64,
    imask: Mask,
    orows: u64,
    keep_row: u64,
    total: usize,
) -> Result<DeviceMemory> {
    output("flatten_flags", total, 1, total, |o| {
        args![
            irows,
            imask.ptr,
            imask.offset as i64,
            orows,
            keep_row,
            total as i64,
            o
        ]
        .to_vec()
    })
}

/// Whether each outer row is valid and all (or, with `any`, at least one) of its inner
/// lists are valid (BOOL8).
pub fn rows_of_valid_lists(
    offs: u64,
    mask: Mask,
    n: usize,
    imask: Mask,
    any: bool,
) -> Result<DeviceMemory> {
    output("rows_of_valid_lists", n, 1, n, |o| {
        args![
            offs,
            mask.ptr,
            mask.offset as i64,
            n as i64,
            imask.ptr,
            imask.offset as i64,
            i32::from(any),
            o
        ]
        .to_vec()
    })
}
