//! pylibcudf's `partitioning` module: `hash_partition`, `partition` and
//! `round_robin_partition`.
//!
//! Row `i` goes to partition `murmurhash3_x86_32(row i of the hashed columns, seed) %
//! num_partitions` (libcudf's formula; for a power-of-two count its bit mask is the same
//! thing). The output holds the partitions one after the other, and ferrodf keeps the input
//! order of the rows within each partition on both paths (libcudf leaves it unspecified);
//! the offsets are the first row of every partition.
//!
//! `partition` takes the partition of every row from a map (checked to lie in
//! `[0, num_partitions)`: libcudf leaves other values undefined) and returns
//! `num_partitions + 1` offsets, the last the row count, as libcudf does;
//! `round_robin_partition` sends row `i` to partition `(i + start_partition) %
//! num_partitions` (ids from the `round_robin_ids` kernel of `device/kernels/reshape.rs`
//! or a host loop).
//!
//! This module checks the arguments, computes the partition ids (hashes from
//! `ops::hashing`, the map, or the round-robin ids) and decides the placement of the one
//! step that differs: the gather map that orders the rows by partition, a stable counting
//! sort on the host ([`host`]) or the tiled counting kernels of
//! `device::kernels::partitioning` (`cuda/partitioning.cu`) on the device ([`device`]).
//! The rows are then gathered by `ops::gather` where they live.

mod device;
mod host;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::cast::cast;
use crate::ops::gather::{Bounds, gather_columns};
use crate::ops::hashing::murmurhash3_x86_32;
use crate::ops::reduce::minmax;
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;

/// libcudf's default hash seed.
pub const DEFAULT_HASH_SEED: u32 = 0;

/// Split the rows of `input` into `num_partitions` partitions by the MurmurHash3 of the
/// `columns_to_hash`; returns the reordered table and the start of each partition.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::partitioning::hash_partition};
/// let t = Table::new(vec![Column::from_values(vec![1i32, 2, 3, 4, 5])]).unwrap();
/// let (out, offsets) = hash_partition(&t, &[0], 3, 0).unwrap();
/// assert_eq!(out.num_rows(), 5);
/// assert_eq!(offsets.len(), 3);
/// assert_eq!(offsets[0], 0);
/// ```
pub fn hash_partition(
    input: &Table,
    columns_to_hash: &[usize],
    num_partitions: usize,
    seed: u32,
) -> Result<(Table, Vec<usize>)> {
    const NAME: &str = "partitioning.hash_partition";
    if num_partitions == 0 || num_partitions > i32::MAX as usize {
        return Err(Error::value(format!(
            "{NAME}: num_partitions must be between 1 and {}, got {num_partitions}",
            i32::MAX
        )));
    }
    let keys = columns_to_hash
        .iter()
        .map(|&k| {
            input.columns().get(k).cloned().ok_or_else(|| {
                Error::index(format!(
                    "{NAME}: column {k} does not exist in a table of {} columns",
                    input.num_columns()
                ))
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let n = input.num_rows();
    if n == 0 {
        return Ok((input.clone(), vec![0; num_partitions]));
    }
    let hashes = if keys.is_empty() {
        // No columns: every row hashes to the seed, as libcudf's row hasher gives.
        Column::from_values(vec![seed; n])
    } else {
        murmurhash3_x86_32(&Table::new(keys)?, seed)?
    };
    group_rows(input, &hashes, num_partitions)
}

/// Check a partition count (1 to `i32::MAX`).
fn check_partitions(name: &str, num_partitions: i64) -> Result<usize> {
    usize::try_from(num_partitions)
        .ok()
        .filter(|&p| p > 0 && p <= i32::MAX as usize)
        .ok_or_else(|| {
            Error::value(format!(
                "{name}: num_partitions must be between 1 and {}, got {num_partitions}",
                i32::MAX
            ))
        })
}

/// The rows of `input` grouped by partition, row `i` going to partition `ids[i] % parts`
/// (`ids`: a UINT32 column without nulls, hashes or ids already below `parts`), keeping
/// their order within a partition, and the partition starts.
fn group_rows(input: &Table, ids: &Column, parts: usize) -> Result<(Table, Vec<usize>)> {
    let n = input.num_rows();
    if n == 0 {
        return Ok((input.clone(), vec![0; parts]));
    }
    let (map, offsets) = if use_device()? {
        device::partition_map(ids, parts)?
    } else {
        host::partition_map(ids, parts)?
    };
    let cols = gather_columns(input.columns(), n, &map, Bounds::Trusted)?;
    let table = if cols.is_empty() {
        Table::empty_with_rows(n)
    } else {
        Table::new(cols)?
    };
    Ok((table, offsets))
}

/// Reorder the rows of `t` by the partition of each row given in `partition_map` (an
/// integer column without nulls, values in `[0, num_partitions)`), keeping the input
/// order within a partition (libcudf's `partition`). Returns the table and
/// `num_partitions + 1` offsets: partition `i` is rows `offsets[i]..offsets[i + 1]`.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::partitioning::partition};
/// let t = Table::new(vec![Column::from_values(vec![10i32, 11, 12, 13])]).unwrap();
/// let map = Column::from_values(vec![1i32, 0, 1, 0]);
/// let (out, offsets) = partition(&t, &map, 2).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![11, 13, 10, 12]);
/// assert_eq!(offsets, vec![0, 2, 4]);
/// ```
pub fn partition(
    t: &Table,
    partition_map: &Column,
    num_partitions: i64,
) -> Result<(Table, Vec<usize>)> {
    const NAME: &str = "partitioning.partition";
    let parts = check_partitions(NAME, num_partitions)?;
    if !partition_map.dtype().id().is_integer() {
        return Err(Error::type_err(format!(
            "{NAME}: partition_map must be an integer column, got {}",
            partition_map.dtype()
        )));
    }
    if partition_map.size() != t.num_rows() {
        return Err(Error::value(format!(
            "{NAME}: partition_map has {} rows but the table has {}",
            partition_map.size(),
            t.num_rows()
        )));
    }
    if partition_map.has_nulls()? {
        return Err(Error::value(format!(
            "{NAME}: partition_map cannot contain nulls"
        )));
    }
    let n = t.num_rows();
    if n == 0 {
        return Ok((t.clone(), vec![0; parts + 1]));
    }
    // The range check reads the values as INT64 (UINT64 values past i64::MAX wrap negative
    // and are caught too); once checked they fit the UINT32 ids the grouping reads.
    let (lo, hi) = minmax(&cast(partition_map, TypeId::Int64.into())?)?;
    let (lo, hi) = (lo.value::<i64>()?, hi.value::<i64>()?);
    if lo.is_some_and(|v| v < 0) || hi.is_some_and(|v| v >= parts as i64) {
        return Err(Error::index(format!(
            "{NAME}: partition_map values must lie in [0, {parts}), got values from {} to {}",
            lo.unwrap_or(0),
            hi.unwrap_or(0)
        )));
    }
    let ids = cast(partition_map, TypeId::Uint32.into())?;
    let (table, mut offsets) = group_rows(t, &ids, parts)?;
    offsets.push(n);
    Ok((table, offsets))
}

/// Deal the rows of `input` out to `num_partitions` partitions in turn, row `i` to
/// partition `(i + start_partition) % num_partitions`, and return them grouped by
/// partition (input order within each) with the start of every partition (libcudf's
/// `round_robin_partition`).
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::partitioning::round_robin_partition};
/// let t = Table::new(vec![Column::from_values(vec![0i32, 1, 2, 3, 4])]).unwrap();
/// let (out, offsets) = round_robin_partition(&t, 2, 1).unwrap();
/// assert_eq!(out.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![1, 3, 0, 2, 4]);
/// assert_eq!(offsets, vec![0, 2]);
/// ```
pub fn round_robin_partition(
    input: &Table,
    num_partitions: i64,
    start_partition: i64,
) -> Result<(Table, Vec<usize>)> {
    const NAME: &str = "partitioning.round_robin_partition";
    let parts = check_partitions(NAME, num_partitions)?;
    let start = usize::try_from(start_partition)
        .ok()
        .filter(|&s| s < parts)
        .ok_or_else(|| {
            Error::value(format!(
                "{NAME}: start_partition must be between 0 and num_partitions - 1 = {}, got {start_partition}",
                parts - 1
            ))
        })?;
    let n = input.num_rows();
    let ids = if use_device()? {
        crate::device::kernels::reshape::round_robin_ids(n, parts, start)?
    } else {
        Column::from_values(
            (0..n)
                .map(|i| ((i + start) % parts) as u32)
                .collect::<Vec<u32>>(),
        )
    };
    group_rows(input, &ids, parts)
}
