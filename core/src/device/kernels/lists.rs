//! The lists family's kernels in `cuda/lists.cu`: the row maps, positions, offsets and
//! flags that `ops/lists` turns into gathers, compactions and sorts of the child column.
//! All but explode's write one array over one thread per item with the output address
//! last, so they are a table (`Kernel`) and one launcher (`output`); the offsets they
//! read are the list's absolute INT32 offsets (`n + 1` entries, a device address at the
//! column's first row).

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args};
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::{TypeId, fixed_width};

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
pub(crate) trait ListArg {
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

/// The kernel arguments of launcher values (each a [`ListArg`]: addresses `u64`, counts
/// `usize`, flags `bool`, masks [`Mask`]), in kernel-parameter order, without the output
/// address that [`output`] appends.
macro_rules! list_args {
    ($($a:expr),* $(,)?) => {{
        let mut v = Vec::new();
        $($crate::device::kernels::lists::ListArg::push($a, &mut v);)*
        v
    }};
}
pub(crate) use list_args;

/// The arguments of a lists kernel, as [`list_args!`] builds them.
pub(crate) type ListArgs = Vec<Arg>;

/// A kernel of `cuda/lists.cu` that writes one array: its name and the type of the items.
/// The docs of the table below give each one's arguments, in order, before the output.
#[derive(Clone, Copy)]
pub(crate) struct Kernel {
    name: &'static str,
    out: TypeId,
}

impl Kernel {
    const fn new(name: &'static str, out: TypeId) -> Kernel {
        Kernel { name, out }
    }

    /// The type of the items the kernel writes.
    pub(crate) fn out(self) -> TypeId {
        self.out
    }
}

/// `offs, n`: the size of each of the `n` rows (INT32).
pub(crate) const SIZES: Kernel = Kernel::new("list_sizes", TypeId::Int32);
/// `offs, n, total`: the row of each of the `total` child rows from `offs[0]` on (INT32).
pub(crate) const ELEMENT_ROWS: Kernel = Kernel::new("element_rows", TypeId::Int32);
/// `offs, rows, total`: the position inside its list of each of the `total` child rows
/// from `offs[0]` on (INT32).
pub(crate) const ELEMENT_POSITIONS: Kernel = Kernel::new("element_positions", TypeId::Int32);
/// `sizes, n` over `n + 1` items: `n` INT32 sizes widened to int64, the last 0 (for an
/// exclusive scan).
pub(crate) const WIDEN_SIZES: Kernel = Kernel::new("widen_sizes", TypeId::Int64);
/// `offs, mask, n, outer`: the number of rows explode emits per list row (INT32).
pub(crate) const EXPLODE_COUNTS: Kernel = Kernel::new("explode_counts", TypeId::Int32);
/// `offs, mask, n, index, index_mask, k0`: extract_list_element's map, the child row of
/// element `k` of each row, `k` from the INT32 `index` values (address 0: `k0` for every
/// row).
pub(crate) const EXTRACT_MAP: Kernel = Kernel::new("extract_map", TypeId::Int32);
/// `offs, n, child_mask`: whether each row holds a null element (BOOL8).
pub(crate) const ROWS_WITH_NULLS: Kernel = Kernel::new("rows_with_nulls", TypeId::Bool8);
/// `offs, n, matched, m, find_last`: the position of the first (or last) of the `m` sorted
/// child rows `matched` in each row, -1 where none is (INT32).
pub(crate) const MATCH_POSITIONS: Kernel = Kernel::new("match_positions", TypeId::Int32);
/// `offs, n, kept, m` over `n + 1` items: the offsets of the rows keeping only the `m`
/// sorted child rows `kept` (INT32).
pub(crate) const KEPT_OFFSETS: Kernel = Kernel::new("kept_offsets", TypeId::Int32);
/// `offs, rows, total`: reverse's map over the `total` child rows from `offs[0]` on.
pub(crate) const REVERSE_MAP: Kernel = Kernel::new("reverse_map", TypeId::Int32);
/// `offs, mask, map_offs, map_rows, indices, indices_mask, total`: segmented_gather's map
/// over the `total` map elements (the map lists' offsets, element rows and INT32 indices).
pub(crate) const SEGMENTED_GATHER_MAP: Kernel = Kernel::new("segmented_gather_map", TypeId::Int32);
/// `offs, rows, boffs, b, bmask, total`: apply_boolean_mask's keep flags (BOOL8) of the
/// `total` child rows from `offs[0]` on, from the mask lists' offsets `boffs` and BOOL8
/// values `b`.
pub(crate) const MASK_FLAGS: Kernel = Kernel::new("mask_flags", TypeId::Bool8);
/// `outer, inner, n1`: `inner[outer[i]]` for the `n1` outer offsets.
pub(crate) const COMPOSE_OFFSETS: Kernel = Kernel::new("compose_offsets", TypeId::Int32);
/// `irows, imask, orows, keep_row, total`: concatenate_list_elements' keep flags (BOOL8) of
/// `total` innermost rows, from their inner rows `irows` and the outer rows `orows` of
/// those, kept where `keep_row` (BOOL8 per outer row) is set.
pub(crate) const FLATTEN_FLAGS: Kernel = Kernel::new("flatten_flags", TypeId::Bool8);
/// `offs, mask, n, imask, any`: whether each outer row is valid and all (or, with `any`,
/// at least one) of its inner lists are valid (BOOL8).
pub(crate) const ROWS_OF_VALID_LISTS: Kernel = Kernel::new("rows_of_valid_lists", TypeId::Bool8);

/// A new allocation of `n` items written by `kernel` over `n` threads, with `args` (as its
/// table entry lists them) and the output's address last.
pub(crate) fn output(kernel: Kernel, n: usize, mut args: ListArgs) -> Result<DeviceMemory> {
    let width = fixed_width(kernel.out).expect("fixed-width output");
    let out = DeviceMemory::alloc(n * width)?;
    args.push(Arg::P(out.ptr()));
    // SAFETY: the callers pass the arguments of the kernel's table entry, their buffers
    // sized for its `n` items; `out` holds n items.
    unsafe { run_grid("lists", module_source, kernel.name, n, &args)? };
    Ok(out)
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
