//! Launchers of the concatenate family's kernels in `cuda/concatenate.cu`: offsets rebased
//! onto a new base and width (also used by the gathers to narrow INT64 offsets).

use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, args, launch};
use crate::device::DeviceMemory;
use crate::device::runtime;
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

/// Copy `pieces` (device source address, byte length) one after the other into `out`, in
/// one launch: one row of blocks per piece (the metadata goes up in one small copy).
pub fn batched_copy(pieces: &[(u64, usize)], out: u64) -> Result<()> {
    if pieces.is_empty() {
        return Ok(());
    }
    let n = pieces.len();
    // Three arrays of n u64: the source addresses, the output byte offsets, the lengths.
    let mut meta = vec![0u64; 3 * n];
    let mut pos = 0u64;
    for (k, &(src, len)) in pieces.iter().enumerate() {
        meta[k] = src;
        meta[n + k] = pos;
        meta[2 * n + k] = len as u64;
        pos += len as u64;
    }
    let longest = pieces.iter().map(|p| p.1).max().unwrap_or(0);
    let meta: Vec<u8> = meta.iter().flat_map(|v| v.to_le_bytes()).collect();
    let meta = DeviceMemory::from_host(&meta)?;
    let base = meta.ptr();
    let (src, off, len) = (base, base + 8 * n as u64, base + 16 * n as u64);
    let f = runtime()?.function("concatenate", module_source, "batched_copy")?;
    const THREADS: u32 = 256;
    // Enough blocks along x for the longest piece's 16-byte words, at most 64.
    let gx = longest.div_ceil(16 * THREADS as usize).clamp(1, 64) as u32;
    let gy = n.min(65_535) as u32;
    let cfg = cudarc::driver::LaunchConfig {
        grid_dim: (gx, gy, 1),
        block_dim: (THREADS, 1, 1),
        shared_mem_bytes: 0,
    };
    // SAFETY: every piece's source covers its length, and `out` covers their sum (the
    // caller's allocation); the metadata arrays hold `n` entries each.
    unsafe { launch(&f, cfg, &args![src, off, len, n as i64, out]) }
}
