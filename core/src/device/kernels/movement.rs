//! Launchers of the small data-movement kernels in `cuda/movement.cu`: offset rebasing, INT32 row-map builders and stream compaction.

use super::scan::{ScanOp, scan};
use super::{Arg, COMMON, SCAN_CUH, grid, launch, one_block, tiles};
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::TypeId;
use cudarc::driver::CudaFunction;

// The device runtime's copies and mask writes, here for the op families that call them
// as `movement::...`.
pub use crate::device::primitives::bitmask::{copy_bits, set_bits};
pub use crate::device::primitives::copy::{memcpy, write_bytes};

const SOURCE: &str = include_str!("cuda/movement.cu");

/// The CUDA source of the movement module.
pub fn module_source() -> String {
    format!("{COMMON}\n{SCAN_CUH}\n{SOURCE}")
}

fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("movement", module_source, name)
}

/// Launch a grid-stride movement kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = function(name)?;
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { launch(&f, grid(n)?, args) }
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
    run(
        &name,
        len,
        &[
            Arg::P(src),
            Arg::I(len as i64),
            Arg::I(base),
            Arg::I(add),
            Arg::P(dst),
        ],
    )
}

/// An INT32 map of `n` entries `start, start + 1, ...`.
pub fn iota(n: usize, start: i64) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "iota_i32",
        n,
        &[Arg::P(out.ptr()), Arg::I(n as i64), Arg::I(start)],
    )?;
    Ok(out)
}

/// `out[map[i]] = base + step * i` for the `n` entries of a normalised INT32 map.
pub fn scatter_positions(map: u64, n: usize, base: i64, step: i64, out: u64) -> Result<()> {
    run(
        "scatter_positions",
        n,
        &[
            Arg::P(map),
            Arg::I(n as i64),
            Arg::I(base),
            Arg::I(step),
            Arg::P(out),
        ],
    )
}

/// A condition column on the device: BOOL8 bytes, its mask (0: none) and bit offset.
#[derive(Clone, Copy)]
pub struct DeviceCond {
    /// Address of row 0's byte.
    pub data: u64,
    /// Mask address, 0 when every row is valid.
    pub mask: u64,
    /// Bit offset of row 0 in the mask.
    pub offset: i64,
}

/// The copy_if_else map (see `select_map` in movement.cu).
pub fn select_map(
    cond: DeviceCond,
    n: usize,
    l_scalar: bool,
    r_scalar: bool,
    n_left: usize,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "select_map",
        n,
        &[
            Arg::P(cond.data),
            Arg::P(cond.mask),
            Arg::I(cond.offset),
            Arg::I(n as i64),
            Arg::I32(l_scalar as i32),
            Arg::I32(r_scalar as i32),
            Arg::I(n_left as i64),
            Arg::P(out.ptr()),
        ],
    )?;
    Ok(out)
}

/// The copy_range map: rows `begin..end` take rows `source..`, others stay.
pub fn range_map(n: usize, begin: usize, end: usize, source: i64) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "range_map",
        n,
        &[
            Arg::I(n as i64),
            Arg::I(begin as i64),
            Arg::I(end as i64),
            Arg::I(source),
            Arg::P(out.ptr()),
        ],
    )?;
    Ok(out)
}

/// Condition flags as bytes plus the exclusive running count of true rows and its total.
pub fn cond_prefix(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, DeviceMemory, usize)> {
    let flags = DeviceMemory::alloc(n)?;
    let counts = DeviceMemory::zeroed((n + 1) * 8)?;
    run(
        "cond_flags",
        n,
        &[
            Arg::P(cond.data),
            Arg::P(cond.mask),
            Arg::I(cond.offset),
            Arg::I(n as i64),
            Arg::P(flags.ptr()),
            Arg::P(counts.ptr()),
        ],
    )?;
    let total = super::scan::exclusive_sum_with_total(&counts, n)?;
    Ok((flags, counts, total as usize))
}

/// The boolean_mask_scatter map from [`cond_prefix`]'s flags and counts.
pub fn mask_scatter_map(
    flags: &DeviceMemory,
    prefix: &DeviceMemory,
    n: usize,
    base: i64,
    step: i64,
) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "mask_scatter_map",
        n,
        &[
            Arg::P(flags.ptr()),
            Arg::P(prefix.ptr()),
            Arg::I(n as i64),
            Arg::I(base),
            Arg::I(step),
            Arg::P(out.ptr()),
        ],
    )?;
    Ok(out)
}

/// The repeat map for `n` rows whose exclusive count offsets (n + 1 int64) are `offsets`.
pub fn repeat_map(offsets: u64, n: usize, total: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(total * 4)?;
    run(
        "repeat_map",
        total,
        &[
            Arg::P(offsets),
            Arg::I(n as i64),
            Arg::I(total as i64),
            Arg::P(out.ptr()),
        ],
    )?;
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
        &[
            Arg::P(mask),
            Arg::I(offset),
            Arg::I(n as i64),
            Arg::I32(following as i32),
            Arg::P(pos.ptr()),
        ],
    )?;
    scan(pos.ptr(), pos.ptr(), n, TypeId::Int64, ScanOp::Max, false)?;
    let out = DeviceMemory::alloc(n * 4)?;
    run(
        "positions_to_map",
        n,
        &[
            Arg::P(pos.ptr()),
            Arg::I(n as i64),
            Arg::I32(following as i32),
            Arg::P(out.ptr()),
        ],
    )?;
    Ok(out)
}

/// Per-row counters for drop_nulls / drop_nans (int32, zeroed).
pub fn zeroed_counts(n: usize) -> Result<DeviceMemory> {
    DeviceMemory::zeroed(n * 4)
}

/// `counts[i] += 1` where row i is valid (`mask == 0`: every row).
pub fn count_valid(mask: u64, offset: i64, n: usize, counts: &DeviceMemory) -> Result<()> {
    run(
        "count_valid",
        n,
        &[
            Arg::P(mask),
            Arg::I(offset),
            Arg::I(n as i64),
            Arg::P(counts.ptr()),
        ],
    )
}

/// `counts[i] += 1` where float row i is null or not NaN.
pub fn count_not_nan(
    data: u64,
    double: bool,
    mask: u64,
    offset: i64,
    n: usize,
    counts: &DeviceMemory,
) -> Result<()> {
    let name = if double {
        "count_not_nan_f64"
    } else {
        "count_not_nan_f32"
    };
    run(
        name,
        n,
        &[
            Arg::P(data),
            Arg::P(mask),
            Arg::I(offset),
            Arg::I(n as i64),
            Arg::P(counts.ptr()),
        ],
    )
}

/// Bytes flags `counts[i] >= threshold`.
pub fn threshold_flags(counts: &DeviceMemory, n: usize, threshold: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n)?;
    run(
        "threshold_flags",
        n,
        &[
            Arg::P(counts.ptr()),
            Arg::I(n as i64),
            Arg::I(threshold as i64),
            Arg::P(out.ptr()),
        ],
    )?;
    Ok(out)
}

/// Phases 1 and 2 of a compaction: per-tile kept counts turned into exclusive prefixes
/// (`ntiles + 1` int64, the last one the total), and the number of kept rows.
fn compact_prefixes(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, usize)> {
    let (ntiles, cfg) = tiles(n);
    let totals = DeviceMemory::alloc((ntiles + 1) * 8)?;
    let (totals_f, prefix_f) = (function("compact_totals")?, function("compact_prefix")?);
    let c = cond_args(cond, n);
    // SAFETY: reads n flag bytes (and mask bits); totals holds ntiles + 1 entries.
    unsafe {
        launch(
            &totals_f,
            cfg,
            &[c[0], c[1], c[2], c[3], Arg::P(totals.ptr())],
        )?;
    }
    // Exclusive prefixes over ntiles + 1 entries give the kept total in the last one.
    zero_last(&totals, ntiles)?;
    // SAFETY: one block scans ntiles + 1 totals in place.
    unsafe {
        launch(
            &prefix_f,
            one_block(),
            &[Arg::P(totals.ptr()), Arg::I(ntiles as i64 + 1)],
        )?
    };
    let last = totals.copy_to_host(ntiles * 8, 8)?;
    let kept = i64::from_le_bytes(last.as_slice().try_into().expect("8 bytes")) as usize;
    Ok((totals, kept))
}

fn cond_args(cond: DeviceCond, n: usize) -> [Arg; 4] {
    [
        Arg::P(cond.data),
        Arg::P(cond.mask),
        Arg::I(cond.offset),
        Arg::I(n as i64),
    ]
}

/// The row numbers (INT32, in order) of the rows whose condition holds, and their count.
pub fn compact(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, usize)> {
    if n == 0 {
        return Ok((DeviceMemory::alloc(0)?, 0));
    }
    let (totals, kept) = compact_prefixes(cond, n)?;
    let out = DeviceMemory::alloc(kept * 4)?;
    let c = cond_args(cond, n);
    let (_, cfg) = tiles(n);
    let write_f = function("compact_write")?;
    // SAFETY: writes exactly `kept` row numbers.
    unsafe {
        launch(
            &write_f,
            cfg,
            &[
                c[0],
                c[1],
                c[2],
                c[3],
                Arg::P(totals.ptr()),
                Arg::P(out.ptr()),
            ],
        )?
    };
    Ok((out, kept))
}

/// The kept values of several fixed-width columns without nulls, each given as (address of
/// row 0, width in bytes), compacted directly; returns the new allocations and the count.
pub fn compact_fixed(
    cond: DeviceCond,
    n: usize,
    columns: &[(u64, usize)],
) -> Result<(Vec<DeviceMemory>, usize)> {
    let (totals, kept) = if n == 0 {
        (DeviceMemory::alloc(8)?, 0)
    } else {
        compact_prefixes(cond, n)?
    };
    let (_, cfg) = tiles(n);
    let c = cond_args(cond, n);
    let mut outs = Vec::with_capacity(columns.len());
    for &(src, width) in columns {
        let out = DeviceMemory::alloc(kept * width)?;
        if kept > 0 {
            let f = function(&format!("compact_values_w{width}"))?;
            // SAFETY: reads n values of `width` bytes, writes exactly `kept`.
            unsafe {
                launch(
                    &f,
                    cfg,
                    &[
                        c[0],
                        c[1],
                        c[2],
                        c[3],
                        Arg::P(totals.ptr()),
                        Arg::P(src),
                        Arg::P(out.ptr()),
                    ],
                )?
            };
        }
        outs.push(out);
    }
    Ok((outs, kept))
}

/// One side of [`select_values`]: row 0's address, 1 for a column or 0 for a scalar, and
/// the validity mask (0: all valid) with its bit offset.
#[derive(Clone, Copy)]
pub struct SelectSide {
    /// Address of row 0's value.
    pub data: u64,
    /// 1 for a column, 0 for a scalar.
    pub stride: i64,
    /// Mask address, 0 when every row is valid.
    pub mask: u64,
    /// Bit offset of row 0 in the mask.
    pub offset: i64,
}

/// copy_if_else of fixed-width values of `width` bytes into `out` (n values) and, when
/// `out_mask` is not 0, its validity.
pub fn select_values(
    cond: DeviceCond,
    l: SelectSide,
    r: SelectSide,
    n: usize,
    width: usize,
    out: u64,
    out_mask: u64,
) -> Result<()> {
    run(
        &format!("select_values_w{width}"),
        n.div_ceil(32) * 32,
        &[
            Arg::P(cond.data),
            Arg::P(cond.mask),
            Arg::I(cond.offset),
            Arg::P(l.data),
            Arg::I(l.stride),
            Arg::P(l.mask),
            Arg::I(l.offset),
            Arg::P(r.data),
            Arg::I(r.stride),
            Arg::P(r.mask),
            Arg::I(r.offset),
            Arg::I(n as i64),
            Arg::P(out),
            Arg::P(out_mask),
        ],
    )
}

fn zero_last(mem: &DeviceMemory, index: usize) -> Result<()> {
    let rt = runtime()?;
    // SAFETY: `mem` holds at least index + 1 int64 values.
    unsafe {
        cudarc::driver::result::memset_d8_async(
            mem.ptr() + (index * 8) as u64,
            0,
            8,
            rt.stream().cu_stream(),
        )?;
    }
    Ok(())
}
