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

impl Mask {
    /// No mask: every row valid.
    pub const NONE: Mask = Mask { ptr: 0, offset: 0 };
}

/// One launcher value in kernel-parameter order: pushes the C arguments it stands for.
trait ListArg {
    fn push(self, args: &mut Vec<Arg>);
}

/// A device address.
impl ListArg for u64 {
    fn push(self, args: &mut Vec<Arg>) {
        args.push(Arg::P(self));
    }
}

/// An `int64_t` value.
impl ListArg for i64 {
    fn push(self, args: &mut Vec<Arg>) {
        args.push(Arg::I(self));
    }
}

/// A row count, passed as `int64_t`.
impl ListArg for usize {
    fn push(self, args: &mut Vec<Arg>) {
        args.push(Arg::I(self as i64));
    }
}

/// A flag, passed as `int` 0 or 1.
impl ListArg for bool {
    fn push(self, args: &mut Vec<Arg>) {
        args.push(Arg::I32(i32::from(self)));
    }
}

/// A mask: its address and the bit of row 0 (`int64_t`).
impl ListArg for Mask {
    fn push(self, args: &mut Vec<Arg>) {
        args.extend(args![self.ptr, self.offset as i64]);
    }
}

/// The kernel arguments of launcher values (each a [`ListArg`]), in kernel-parameter
/// order, without the output address that [`output`] appends.
macro_rules! list_args {
    ($($a:expr),* $(,)?) => {{
        let mut v = Vec::new();
        $(ListArg::push($a, &mut v);)*
        v
    }};
}

/// A new allocation of `n` items of `width` bytes written by kernel `name`, launched over
/// `items` threads with `args` and the output's address last (every lists kernel takes it
/// there).
fn output(
    name: &str,
    n: usize,
    width: usize,
    items: usize,
    mut args: Vec<Arg>,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * width)?;
    args.push(Arg::P(out.ptr()));
    // SAFETY: every caller passes buffers sized for its item count; `out` holds n items.
    unsafe { run_grid("lists", module_source, name, items, &args)? };
    Ok(out)
}

/// The size of each of the `n` rows (INT32).
pub fn sizes(offs: u64, n: usize) -> Result<DeviceMemory> {
    output("list_sizes", n, 4, n, list_args![offs, n])
}

/// The row of each of the `total` child rows from `offs[0]` on (INT32).
pub fn element_rows(offs: u64, n: usize, total: usize) -> Result<DeviceMemory> {
    output("element_rows", total, 4, total, list_args![offs, n, total])
}

/// The position inside its list of each of the `total` child rows from `offs[0]` on.
pub fn element_positions(offs: u64, rows: u64, total: usize) -> Result<DeviceMemory> {
    let a = list_args![offs, rows, total];
    output("element_positions", total, 4, total, a)
}

/// `n` INT32 sizes widened to `n + 1` int64 values, the last 0 (for an exclusive scan).
pub fn widen_sizes(sizes: u64, n: usize) -> Result<DeviceMemory> {
    output("widen_sizes", n + 1, 8, n + 1, list_args![sizes, n])
}

/// The number of rows explode emits per list row.
pub fn explode_counts(offs: u64, mask: Mask, n: usize, outer: bool) -> Result<DeviceMemory> {
    output("explode_counts", n, 4, n, list_args![offs, mask, n, outer])
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
    let a = list_args![
        out_offs,
        offs,
        mask,
        n,
        total,
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
    let a = list_args![offs, mask, n, index, index_mask, k0];
    output("extract_map", n, 4, n, a)
}

/// Whether each row holds a null element (BOOL8), for a child with mask `child_mask`.
pub fn rows_with_nulls(offs: u64, n: usize, child_mask: Mask) -> Result<DeviceMemory> {
    output("rows_with_nulls", n, 1, n, list_args![offs, n, child_mask])
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
    let a = list_args![offs, n, matched, m, find_last];
    output("match_positions", n, 4, n, a)
}

/// The `n + 1` offsets of the rows keeping only the `m` sorted child rows `kept`.
pub fn kept_offsets(offs: u64, n: usize, kept: u64, m: usize) -> Result<DeviceMemory> {
    output(
        "kept_offsets",
        n + 1,
        4,
        n + 1,
        list_args![offs, n, kept, m],
    )
}

/// reverse's map over the `total` child rows from `offs[0]` on.
pub fn reverse_map(offs: u64, rows: u64, total: usize) -> Result<DeviceMemory> {
    output(
        "reverse_map",
        total,
        4,
        total,
        list_args![offs, rows, total],
    )
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
    let a = list_args![
        g.offs,
        g.mask,
        g.map_offs,
        g.map_rows,
        g.indices,
        g.indices_mask,
        total
    ];
    output("segmented_gather_map", total, 4, total, a)
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
    let a = list_args![offs, rows, boffs, b, bmask, total];
    output("mask_flags", total, 1, total, a)
}

/// `inner[outer[i]]` for the `n1` outer offsets.
pub fn compose_offsets(outer: u64, inner: u64, n1: usize) -> Result<DeviceMemory> {
    output("compose_offsets", n1, 4, n1, list_args![outer, inner, n1])
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
    let a = list_args![irows, imask, orows, keep_row, total];
    output("flatten_flags", total, 1, total, a)
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
    output(
        "rows_of_valid_lists",
        n,
        1,
        n,
        list_args![offs, mask, n, imask, any],
    )
}
