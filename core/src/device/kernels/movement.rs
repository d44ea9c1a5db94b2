//! Launchers of the row-map kernels in `cuda/movement.cu` that several families share: the
//! identity map [`iota`] (copying, filling, sorting and the gathers build maps on it) and
//! [`nearest_valid_map`] (replace_nulls with a policy). The header `cuda/movement.cuh` and
//! [`run_grid`] serve the data-movement modules of the copying, stream_compaction, filling
//! and concatenate families too (`copying.rs`, `stream_compaction.rs`, `filling.rs`,
//! `concatenate.rs`), each of which is compiled as its own small module.

use super::scan::{ScanOp, scan_in_place};
use super::{Arg, COMMON, args, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::TypeId;

/// The grid-stride loop, the condition test of a BOOL8 condition column and a 16-byte
/// value type, shared by the data-movement modules.
pub(crate) const MOVEMENT_CUH: &str = include_str!("cuda/movement.cuh");

const SOURCE: &str = include_str!("cuda/movement.cu");

/// The CUDA source of the movement module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SOURCE}")
}

/// Launch grid-stride kernel `name` of the module `key` (compiled from `source` on first
/// use) over `n` items; nothing, not even the compilation, when `n == 0`.
///
/// # Safety
/// The arguments must match the kernel and the buffers must cover `n` items.
pub(crate) unsafe fn run_grid(
    key: &str,
    source: fn() -> String,
    name: &str,
    n: usize,
    args: &[Arg],
) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = runtime()?.function(key, source, name)?;
    // SAFETY: the caller vouches for the arguments.
    unsafe { launch(&f, grid(n)?, args) }
}

/// Launch a grid-stride movement kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("movement", module_source, name, n, args) }
}

/// An INT32 map of `n` entries `start, start + 1, ...`.
pub fn iota(n: usize, start: i64) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run("iota_i32", n, &args![out.ptr(), n as i64, start])?;
    Ok(out)
}

/// For replace_nulls with a policy: each row's nearest valid row at or before it
/// (`following == false`) or at or after it, as an INT32 map (-1 where there is none).
pub fn nearest_valid_map(
    mask: u64,
    offset: i64,
    n: usize,
    following: bool,
) -> Result<DeviceMemory> {
    let pos = DeviceMemory::alloc(n * 8)?;
    run(
        "valid_positions",
        n,
        &args![mask, offset, n as i64, following as i32, pos.ptr()],
    )?;
    scan_in_place(&pos, n, TypeId::Int64, ScanOp::Max, false)?;
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "positions_to_map",
        n,
        &args![pos.ptr(), n as i64, following as i32, out.ptr()],
    )?;
    Ok(out)
}
