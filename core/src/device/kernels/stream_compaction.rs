//! Device duplicate removal on [`super::hash_table`]: keep flags for `distinct` (first,
//! last or only row per key, reduced per slot with atomics), consecutive-duplicate flags for
//! `unique`, and the `unique_count` / `distinct_count` reductions.

use super::Arg;
use super::hash_table::{DeviceKeys, RowHashTable, filled_i32, run};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::keys::KeyKind;
use crate::params::DuplicateKeepOption;
use crate::table::Table;

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
    let k = keep as i32;
    // SAFETY: reads n slots (< cap or -1), updates per-slot values, writes n flags.
    unsafe {
        run(
            "distinct_reduce",
            n,
            &[
                Arg::P(slots.ptr()),
                Arg::I(n as i64),
                Arg::I32(k),
                Arg::P(first.ptr()),
                Arg::P(last.ptr()),
                Arg::P(count.ptr()),
            ],
        )?;
        run(
            "distinct_flags",
            n,
            &[
                Arg::P(slots.ptr()),
                Arg::I(n as i64),
                Arg::I32(k),
                Arg::P(first.ptr()),
                Arg::P(last.ptr()),
                Arg::P(count.ptr()),
                Arg::P(flags.ptr()),
            ],
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
        run(
            "unique_flags",
            n,
            &[
                Arg::P(dk.ptr()),
                Arg::I32(dk.ncols()),
                Arg::I(n as i64),
                Arg::I32(nulls_equal as i32),
                Arg::I32(keep as i32),
                Arg::P(flags.ptr()),
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
        run(
            "unique_count_runs",
            n,
            &[
                Arg::P(dk.ptr()),
                Arg::I(n as i64),
                Arg::I32(include_nulls as i32),
                Arg::I32(nan_is_null as i32),
                Arg::P(out.ptr()),
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
