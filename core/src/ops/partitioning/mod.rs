//! pylibcudf's `partitioning` module: `hash_partition`.
//!
//! Row `i` goes to partition `murmurhash3_x86_32(row i of the hashed columns, seed) %
//! num_partitions` (libcudf's formula; for a power-of-two count its bit mask is the same
//! thing). The output holds the partitions one after the other, and ferrodf keeps the input
//! order of the rows within each partition on both paths (libcudf leaves it unspecified);
//! the offsets are the first row of every partition.
//!
//! This module checks the arguments, hashes the key columns (`ops::hashing`) and decides
//! the placement of the one step that differs: the gather map that orders the rows by
//! partition, a stable counting sort on the host ([`host`]) or the tiled counting kernels
//! of `device::kernels::partitioning` (`cuda/partitioning.cu`) on the device ([`device`]).
//! The rows are then gathered by `ops::gather` where they live.

mod device;
mod host;

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::gather::{Bounds, gather_columns};
use crate::ops::hashing::murmurhash3_x86_32;
use crate::placement::use_device;
use crate::table::Table;

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
    let (map, offsets) = if use_device()? {
        device::partition_map(&hashes, num_partitions)?
    } else {
        host::partition_map(&hashes, num_partitions)?
    };
    let cols = gather_columns(input.columns(), n, &map, Bounds::Trusted)?;
    let table = if cols.is_empty() {
        Table::empty_with_rows(n)
    } else {
        Table::new(cols)?
    };
    Ok((table, offsets))
}
