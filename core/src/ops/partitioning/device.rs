//! The device path of hash partitioning: the tiled counting kernels of
//! [`crate::device::kernels::partitioning`], their map wrapped as an INT32 column.

use crate::column::Column;
use crate::device::kernels::partitioning as dev;
use crate::error::Result;
use crate::ops::gather::device_map;

/// The gather map that orders the rows by `hashes % parts` (stably) and the partition
/// starts; `hashes` is a UINT32 column without nulls.
pub(super) fn partition_map(hashes: &Column, parts: usize) -> Result<(Column, Vec<usize>)> {
    let n = hashes.size();
    let (map, offsets) = dev::hash_partition_map(hashes, n, parts)?;
    Ok((device_map(map, n)?, offsets))
}
