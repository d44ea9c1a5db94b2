//! Launchers of the concatenate family's kernels in `cuda/concatenate.cu`: offsets rebased
//! onto a new base and width (also used by the gathers to narrow INT64 offsets).

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args};
use crate::device::DeviceMemory;
use crate::error::Result;

const SOURCE: &str = include_str!("cuda/concatenate.cu");

/// The CUDA source of the concatenate module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// Launch a grid-stride concatenate kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("concatenate", module_source, name, n, args) }
}

/// `len` offsets from `src` (int64 when `src_wide`) minus `base` plus `add`, into a new
/// allocation of int64 (`out_wide`) or int32 offsets.
pub fn rebase_offsets(
    src: u64,
    src_wide: bool,
    len: usize,
    base: i64,
    add: i64,
    out_wide: bool,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(len * if out_wide { 8 } else { 4 })?;
    rebase_offsets_into(src, src_wide, len, base, add, out.ptr(), out_wide)?;
    Ok(out)
}

/// [`rebase_offsets`] into existing memory.
pub fn rebase_offsets_into(
    src: u64,
    src_wide: bool,
    len: usize,
    base: i64,
    add: i64,
    dst: u64,
    out_wide: bool,
) -> Result<()> {
    let name = format!(
        "rebase_o{}_o{}",
        if src_wide { 64 } else { 32 },
        if out_wide { 64 } else { 32 }
    );
    run(&name, len, &args![src, len as i64, base, add, dst])
}
