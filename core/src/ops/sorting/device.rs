//! The device path of the sorting functions: the LSD radix sort and the small kernels of
//! [`crate::device::kernels::sorting`], fed with the checked settings of [`super::Keys`].

use super::Keys;
use crate::column::Column;
use crate::device::kernels::{movement, sorting as dev};
use crate::error::Result;
use crate::ops::gather::device_map;
use crate::table::Table;

pub(super) use dev::{count_distinct, rank};

/// `0..n` as an INT32 map on the device.
pub(super) fn identity_map(n: usize) -> Result<Column> {
    device_map(movement::iota(n, 0)?, n)
}

/// The stable sorted order of `keys` (at least one column and one row).
pub(super) fn sorted_order(keys: &Table, k: &Keys) -> Result<Column> {
    dev::sorted_order(keys.columns(), &k.kinds, &k.orders, &k.nulls, None)
}

/// The order that sorts `keys` within each segment of `offsets` (INT32, no nulls), or
/// `None` when the offsets are not non-decreasing values in `[0, rows]` (checked on the
/// device). `trivial`: no row moves, the identity map.
pub(super) fn segmented_order(
    keys: &Table,
    k: &Keys,
    offsets: &Column,
    trivial: bool,
) -> Result<Option<Column>> {
    let n = keys.num_rows();
    if !dev::segment_offsets_valid(offsets, n)? {
        return Ok(None);
    }
    if trivial {
        return identity_map(n).map(Some);
    }
    dev::sorted_order(keys.columns(), &k.kinds, &k.orders, &k.nulls, Some(offsets)).map(Some)
}

/// Whether the rows of `table` (at least two rows and one column) are sorted.
pub(super) fn is_sorted(table: &Table, k: &Keys) -> Result<bool> {
    dev::is_sorted(table.columns(), &k.kinds, &k.orders, &k.nulls)
}
