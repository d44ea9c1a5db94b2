//! The device path of the joins: the hash-join launchers of
//! [`crate::device::kernels::join`] (on the row hash table of `kernels::hash_table`), and
//! the cross join's maps wrapped as INT32 columns.

use crate::column::Column;
use crate::device::kernels::join as dev;
use crate::error::Result;
use crate::ops::gather::device_map;

pub(super) use dev::{filter_join, pair_join};

/// The left and right gather maps of a cross join of `nl` x `nr` rows (the product fits
/// INT32), computed on the device.
pub(super) fn cross_maps(nl: usize, nr: usize) -> Result<(Column, Column)> {
    let n = nl * nr;
    let (l, r) = dev::cross_maps(nl, nr)?;
    Ok((device_map(l, n)?, device_map(r, n)?))
}
