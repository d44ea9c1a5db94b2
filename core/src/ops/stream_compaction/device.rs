//! The stream_compaction family's device path: keep flags (the condition column, per-row
//! counts against a threshold, or the duplicate-removal flags of the hash table) and then
//! the compaction of `device/kernels/stream_compaction.rs`.

use super::table_of;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::copying::DeviceCond;
use crate::device::kernels::stream_compaction as dev;
use crate::device::kernels::transform::{data_ptr, mask_arg};
use crate::error::Result;
use crate::keys::KeyKind;
use crate::ops::copying::device::device_cond;
use crate::ops::gather::{Bounds, device_map, gather_columns};
use crate::params::DuplicateKeepOption;
use crate::table::Table;
use crate::types::{TypeId, fixed_width};

/// The rows of `table` where `mask` is valid and true.
pub(super) fn apply_boolean_mask(table: &Table, mask: &Column) -> Result<Table> {
    compact_device(table, device_cond(mask)?)
}

/// Rows with at least `keep_threshold` valid values among the `keys` columns.
pub(super) fn drop_nulls(table: &Table, keys: &[Column], keep_threshold: usize) -> Result<Table> {
    let n = table.num_rows();
    let counts = dev::zeroed_counts(n)?;
    for k in keys {
        let (m, off) = mask_arg(k)?;
        dev::count_valid(m, off, n, &counts)?;
    }
    let flags = dev::threshold_flags(&counts, n, keep_threshold)?;
    compact_device(table, flags_cond(&flags))
}

/// Rows with at least `keep_threshold` non-NaN values among the float `keys` columns.
pub(super) fn drop_nans(table: &Table, keys: &[Column], keep_threshold: usize) -> Result<Table> {
    let n = table.num_rows();
    let counts = dev::zeroed_counts(n)?;
    for k in keys {
        let double = k.dtype().id() == TypeId::Float64;
        let data = data_ptr(k)?;
        let (m, off) = mask_arg(k)?;
        dev::count_not_nan(data, double, m, off, n, &counts)?;
    }
    let flags = dev::threshold_flags(&counts, n, keep_threshold)?;
    compact_device(table, flags_cond(&flags))
}

/// Rows kept from runs of consecutive rows with equal keys `cols` (of `kinds`).
pub(super) fn unique(
    table: &Table,
    cols: &[Column],
    kinds: &[KeyKind],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
) -> Result<Table> {
    let flags = dev::unique_flags(&Table::new(cols.to_vec())?, kinds, keep, nulls_equal)?;
    compact_device(table, flags_cond(&flags))
}

/// One row per distinct key of `cols` (of `kinds`), in input order.
pub(super) fn distinct(
    table: &Table,
    cols: &[Column],
    kinds: &[KeyKind],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Table> {
    let keys = Table::new(cols.to_vec())?;
    let flags = dev::distinct_flags(&keys, kinds, keep, nulls_equal, nans_equal)?;
    compact_device(table, flags_cond(&flags))
}

/// The (ascending) row numbers [`distinct`] keeps, comparing all columns, as INT32.
pub(super) fn distinct_indices(
    table: &Table,
    kinds: &[KeyKind],
    keep: DuplicateKeepOption,
    nulls_equal: bool,
    nans_equal: bool,
) -> Result<Column> {
    let n = table.num_rows();
    let flags = dev::distinct_flags(table, kinds, keep, nulls_equal, nans_equal)?;
    let (map, kept) = dev::compact(flags_cond(&flags), n)?;
    device_map(map, kept)
}

/// The rows of `table` whose condition holds, in order.
fn compact_device(table: &Table, cond: DeviceCond) -> Result<Table> {
    let n = table.num_rows();
    // Fixed-width columns without nulls are compacted directly; anything else gathers
    // through the kept row numbers.
    let mut direct = !table.columns().is_empty();
    for c in table.columns() {
        direct &= fixed_width(c.dtype().id()).is_some() && !c.has_nulls()?;
    }
    if direct {
        let sources = table
            .columns()
            .iter()
            .map(|c| {
                let w = fixed_width(c.dtype().id()).expect("fixed width");
                let ptr = match c.data() {
                    Some(d) if n > 0 => d.device_ptr()? + (c.offset() * w) as u64,
                    _ => 0,
                };
                Ok((ptr, w))
            })
            .collect::<Result<Vec<_>>>()?;
        let (outs, kept) = dev::compact_fixed(cond, n, &sources)?;
        let cols = table
            .columns()
            .iter()
            .zip(outs)
            .map(|(c, mem)| Column::without_nulls(c.dtype(), kept, Buffer::from_device(mem)))
            .collect::<Result<Vec<_>>>()?;
        return table_of(cols, kept);
    }
    let (map, kept) = dev::compact(cond, n)?;
    let map = device_map(map, kept)?;
    let cols = gather_columns(table.columns(), n, &map, Bounds::Trusted)?;
    table_of(cols, kept)
}

/// Keep flags (one byte per row, no mask) as a condition column.
fn flags_cond(flags: &DeviceMemory) -> DeviceCond {
    DeviceCond {
        data: flags.ptr(),
        mask: 0,
        offset: 0,
    }
}
