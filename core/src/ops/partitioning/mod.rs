//! pylibcudf's `partitioning` module: `hash_partition`.
//!
//! Row `i` goes to partition `murmurhash3_x86_32(row i of the hashed columns, seed) %
//! num_partitions` (libcudf's formula; for a power-of-two count its bit mask is the same
//! thing). The output holds the partitions one after the other, and ferrodf keeps the input
//! order of the rows within each partition on both paths (libcudf leaves it unspecified);
//! the offsets are the first row of every partition.

use super::gather::{Bounds, device_map, gather_columns};
use super::hashing::murmurhash3_x86_32;
use crate::column::Column;
use crate::device::kernels::partition as dev;
use crate::error::{Error, Result};
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
        let (map, offsets) = dev::hash_partition_map(&hashes, n, num_partitions)?;
        (device_map(map, n)?, offsets)
    } else {
        host_partition_map(&hashes, num_partitions)?
    };
    let cols = gather_columns(input.columns(), n, &map, Bounds::Trusted)?;
    let table = if cols.is_empty() {
        Table::empty_with_rows(n)
    } else {
        Table::new(cols)?
    };
    Ok((table, offsets))
}

/// A stable counting sort of the rows by partition: the gather map and partition starts.
fn host_partition_map(hashes: &Column, parts: usize) -> Result<(Column, Vec<usize>)> {
    let h = hashes.host_values::<u32>()?;
    let pid: Vec<u32> = h.iter().map(|&v| v % parts as u32).collect();
    let mut offsets = vec![0usize; parts];
    for &p in &pid {
        offsets[p as usize] += 1;
    }
    let mut start = 0;
    for o in offsets.iter_mut() {
        let c = *o;
        *o = start;
        start += c;
    }
    let mut next = offsets.clone();
    let mut map = vec![0i32; pid.len()];
    for (i, &p) in pid.iter().enumerate() {
        map[next[p as usize]] = i as i32;
        next[p as usize] += 1;
    }
    Ok((Column::from_values(map), offsets))
}
