//! Device hash partitioning: partition ids and per-tile counts, an exclusive scan of the
//! counts (partition-major), then stable positions handed out tile by tile (see
//! `cuda/partitioning.cu`). The rows arrive already hashed, so no hash table is involved.

use super::scan::{ScanOp, scan_in_place};
use super::{Arg, COMMON, args, grid, launch};
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::TypeId;
use cudarc::driver::CudaFunction;

const SOURCE: &str = include_str!("cuda/partitioning.cu");

/// The CUDA source of the partitioning module (one variant).
pub fn module_source() -> String {
    format!("{COMMON}\n{SOURCE}")
}

fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("partitioning", module_source, name)
}

/// Launch a grid-stride kernel of this module over `n` items (nothing when `n == 0`).
///
/// # Safety
/// The arguments must match the kernel and cover `n` items.
unsafe fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = function(name)?;
    // SAFETY: the caller vouches for the arguments.
    unsafe { launch(&f, grid(n)?, args) }
}

/// Entries of the (partitions x tiles) count matrix we allow.
const MAX_CELLS: usize = 1 << 26;

/// The gather map that orders `n` rows by `hashes % parts` (stably) and the partition
/// starts. `hashes` is a UINT32 column without nulls.
pub(crate) fn hash_partition_map(
    hashes: &Column,
    n: usize,
    parts: usize,
) -> Result<(DeviceMemory, Vec<usize>)> {
    let h = hashes.data().expect("hash values").device_ptr()? + (hashes.offset() * 4) as u64;
    // Tiles of at least 4096 rows, more when many partitions would make the matrix large.
    let tile = 4096usize.max((n * parts).div_ceil(MAX_CELLS).next_multiple_of(256));
    let ntiles = n.div_ceil(tile);
    let cells = parts * ntiles;
    let counts = DeviceMemory::zeroed(cells * 4)?;
    let pid = DeviceMemory::alloc(n * 4)?;
    // SAFETY: reads n hashes, writes n ids and counts inside the parts x ntiles matrix.
    unsafe {
        run(
            "partition_ids",
            n,
            &args![
                h,
                n as i64,
                parts as i32,
                tile as i64,
                ntiles as i64,
                pid.ptr(),
                counts.ptr()
            ],
        )?
    };
    scan_in_place(&counts, cells, TypeId::Int32, ScanOp::Sum, true)?;
    let starts = DeviceMemory::alloc(parts * 4)?;
    // SAFETY: reads the first cell of every partition's row of the matrix.
    unsafe {
        run(
            "partition_offsets",
            parts,
            &args![counts.ptr(), parts as i64, ntiles as i64, starts.ptr()],
        )?
    };
    let map = DeviceMemory::alloc(n * 4)?;
    let f = function("partition_positions")?;
    let cfg = super::blocks(ntiles, 256);
    // SAFETY: one block per tile; every row gets one position below n (the scanned counts
    // partition 0..n).
    unsafe {
        launch(
            &f,
            cfg,
            &args![
                pid.ptr(),
                n as i64,
                tile as i64,
                ntiles as i64,
                counts.ptr(),
                map.ptr()
            ],
        )?
    };
    let bytes = starts.copy_to_host(0, parts * 4)?;
    let offsets = bytes
        .as_slice()
        .chunks_exact(4)
        .map(|b| i32::from_le_bytes(b.try_into().expect("4 bytes")) as usize)
        .collect();
    Ok((map, offsets))
}
