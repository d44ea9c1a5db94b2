//! Launchers of the stream_compaction family's kernels.
//!
//! - `cuda/stream_compaction.cu` (its own module): per-row counts for `drop_nulls` and
//!   `drop_nans`, and the three-phase compaction behind `apply_boolean_mask` ([`compact`],
//!   [`compact_fixed`], also used by joins).
//! - `cuda/stream_compaction_distinct.cu`, compiled into the shared
//!   [`super::hash_table`] module whose table it reads: keep flags for `distinct` (first,
//!   last or only row per key, reduced per slot with atomics), consecutive-duplicate flags
//!   for `unique`, and the `unique_count` / `distinct_count` reductions.

use super::copying::DeviceCond;
use super::hash_table::{DeviceKeys, RowHashTable, filled_i32, run as run_hash};
use super::movement::{MOVEMENT_CUH, run_grid};
use super::{Arg, COMMON, SCAN_CUH, args, launch, one_block, tiles};
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::keys::KeyKind;
use crate::params::DuplicateKeepOption;
use crate::table::Table;
use cudarc::driver::CudaFunction;

const SOURCE: &str = include_str!("cuda/stream_compaction.cu");

/// The CUDA source of the stream_compaction module.
pub fn module_source() -> String {
    format!("{COMMON}\n{MOVEMENT_CUH}\n{SCAN_CUH}\n{SOURCE}")
}

fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("stream_compaction", module_source, name)
}

/// Launch a grid-stride stream_compaction kernel over `n` items (nothing when `n == 0`).
fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    // SAFETY: every caller in this module passes buffers sized for `n` items.
    unsafe { run_grid("stream_compaction", module_source, name, n, args) }
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
        &args![mask, offset, n as i64, counts.ptr()],
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
    run(name, n, &args![data, mask, offset, n as i64, counts.ptr()])
}

/// Bytes flags `counts[i] >= threshold`.
pub fn threshold_flags(counts: &DeviceMemory, n: usize, threshold: usize) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n)?;
    run(
        "threshold_flags",
        n,
        &args![counts.ptr(), n as i64, threshold as i64, out.ptr()],
    )?;
    Ok(out)
}

/// Phases 1 and 2 of a compaction: per-tile kept counts turned into exclusive prefixes
/// (`ntiles + 1` int64, the last one the total), and the number of kept rows.
fn compact_prefixes(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, usize)> {
    let (ntiles, cfg) = tiles(n);
    let totals = DeviceMemory::alloc((ntiles + 1) * 8)?;
    let (totals_f, prefix_f) = (function("compact_totals")?, function("compact_prefix")?);
    // SAFETY: reads n flag bytes (and mask bits); totals holds ntiles + 1 entries.
    unsafe {
        launch(&totals_f, cfg, &phase_args(cond, n, &args![totals.ptr()]))?;
    }
    // Exclusive prefixes over ntiles + 1 entries give the kept total in the last one.
    zero_last(&totals, ntiles)?;
    // SAFETY: one block scans ntiles + 1 totals in place.
    unsafe {
        launch(
            &prefix_f,
            one_block(),
            &args![totals.ptr(), ntiles as i64 + 1],
        )?
    };
    let last = totals.copy_to_host(ntiles * 8, 8)?;
    let kept = i64::from_le_bytes(last.as_slice().try_into().expect("8 bytes")) as usize;
    Ok((totals, kept))
}

/// The arguments of a compaction kernel: the condition (flags, mask, bit offset) and the
/// row count, then `rest`.
fn phase_args(cond: DeviceCond, n: usize, rest: &[Arg]) -> Vec<Arg> {
    let mut args = vec![
        Arg::P(cond.data),
        Arg::P(cond.mask),
        Arg::I(cond.offset),
        Arg::I(n as i64),
    ];
    args.extend_from_slice(rest);
    args
}

/// The row numbers (INT32, in order) of the rows whose condition holds, and their count.
pub fn compact(cond: DeviceCond, n: usize) -> Result<(DeviceMemory, usize)> {
    if n == 0 {
        return Ok((DeviceMemory::alloc(0)?, 0));
    }
    let (totals, kept) = compact_prefixes(cond, n)?;
    let out = DeviceMemory::alloc(kept * 4)?;
    let (_, cfg) = tiles(n);
    let write_f = function("compact_write")?;
    let args = phase_args(cond, n, &args![totals.ptr(), out.ptr()]);
    // SAFETY: writes exactly `kept` row numbers.
    unsafe { launch(&write_f, cfg, &args)? };
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
    let mut outs = Vec::with_capacity(columns.len());
    for &(src, width) in columns {
        let out = DeviceMemory::alloc(kept * width)?;
        if kept > 0 {
            let f = function(&format!("compact_values_w{width}"))?;
            let args = phase_args(cond, n, &args![totals.ptr(), src, out.ptr()]);
            // SAFETY: reads n values of `width` bytes, writes exactly `kept`.
            unsafe { launch(&f, cfg, &args)? };
        }
        outs.push(out);
    }
    Ok((outs, kept))
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

/// One byte per row of `keys`: whether `distinct` keeps it.
pub(crate) fn distinct_flags(
    keys: &Table,
    kinds: &[KeyKind],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<DeviceMemory> {
    let n = keys.num_rows();
    let dk = DeviceKeys::new(keys, kinds)?;
    let table = RowHashTable::for_rows(n)?;
    let slots = table.insert(&dk, nulls_equal, nans_equal)?;
    let cap = table.capacity();
    let first = filled_i32(cap, i32::MAX)?;
    let last = filled_i32(cap, -1)?;
    let count = DeviceMemory::zeroed(cap * 4)?;
    let flags = DeviceMemory::alloc(n.max(1))?;
    // Both passes read the slots and the per-slot state; the second also writes the flags.
    let state = [
        Arg::P(slots.ptr()),
        Arg::I(n as i64),
        Arg::I32(keep as i32),
        Arg::P(first.ptr()),
        Arg::P(last.ptr()),
        Arg::P(count.ptr()),
    ];
    // SAFETY: reads n slots (< cap or -1), updates per-slot values, writes n flags.
    unsafe {
        run_hash("distinct_reduce", n, &state)?;
        run_hash(
            "distinct_flags",
            n,
            &[&state[..], &args![flags.ptr()]].concat(),
        )?;
    }
    Ok(flags)
}

/// One byte per row of `keys`: whether `unique` keeps it (runs of consecutive equal rows).
pub(crate) fn unique_flags(
    keys: &Table,
    kinds: &[KeyKind],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
) -> Result<DeviceMemory> {
    let n = keys.num_rows();
    let dk = DeviceKeys::new(keys, kinds)?;
    let flags = DeviceMemory::alloc(n.max(1))?;
    // SAFETY: reads rows i - 1..=i + 1 (< n) through the descriptors, writes n flags.
    unsafe {
        run_hash(
            "unique_flags",
            n,
            &args![
                dk.ptr(),
                dk.ncols(),
                n as i64,
                nulls_equal as i32,
                keep as i32,
                flags.ptr()
            ],
        )?
    };
    Ok(flags)
}

fn one_table(col: &Column) -> Result<Table> {
    Table::new(vec![col.clone()])
}

/// Runs of consecutive equal values of `col` (see `stream_compaction::unique_count`).
pub(crate) fn unique_count(
    col: &Column,
    kind: KeyKind,
    include_nulls: bool,
    nan_is_null: bool,
) -> Result<usize> {
    let n = col.size();
    let dk = DeviceKeys::new(&one_table(col)?, &[kind])?;
    let out = DeviceMemory::zeroed(8)?;
    // SAFETY: reads n rows, adds to one counter.
    unsafe {
        run_hash(
            "unique_count_runs",
            n,
            &args![
                dk.ptr(),
                n as i64,
                include_nulls as i32,
                nan_is_null as i32,
                out.ptr()
            ],
        )?
    };
    let b = out.copy_to_host(0, 8)?;
    Ok(u64::from_le_bytes(b.as_slice().try_into().expect("8 bytes")) as usize)
}

/// Distinct values of `col` (see `stream_compaction::distinct_count`): the non-null values
/// (NaN too unless `nan_is_null`) go through the hash table; null-like rows are "alone" and
/// counted as one value when `include_nulls`.
pub(crate) fn distinct_count(
    col: &Column,
    kind: KeyKind,
    include_nulls: bool,
    nan_is_null: bool,
) -> Result<usize> {
    let n = col.size();
    let dk = DeviceKeys::new(&one_table(col)?, &[kind])?;
    let table = RowHashTable::for_rows(n)?;
    table.insert(&dk, false, !nan_is_null)?;
    let (distinct, alone) = table.counts()?;
    Ok(distinct as usize + usize::from(include_nulls && alone > 0))
}
