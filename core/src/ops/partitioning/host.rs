//! The host path of hash partitioning: a stable counting sort of the rows by partition.

use crate::column::Column;
use crate::error::Result;

/// A stable counting sort of the rows by partition: the gather map and partition starts.
pub(super) fn partition_map(hashes: &Column, parts: usize) -> Result<(Column, Vec<usize>)> {
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
