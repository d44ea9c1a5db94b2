//! Device paths of the order-based groupby operations: the grouped order is the stable
//! sorted order of the device group ids (rows in no group, id -1, sort first and are cut
//! off), and the group starts are an exclusive scan of the group sizes. `get_groups`
//! gathers through it; `shift` and `replace_nulls` build their gather maps with one kernel
//! (and, for replace_nulls, a max scan of valid positions); COUNT scans and SUM scans of
//! integers are a global sum scan minus its value before each group's start; RANK scans
//! are composed from sorts and searches ([`super::rank`]).

use super::rank::{RankSpec, grouped_rank};
use super::types::output_type;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::groupby::{self as dev, DeviceGroups, DeviceOrder, GroupScan};
use crate::error::Result;
use crate::ops::aggregation::{Aggregation, NullPolicy};
use crate::ops::concatenate::concatenate;
use crate::ops::filling::sequence;
use crate::ops::gather::{NULL_ROW, device_map, gather_internal, gather_internal_nullable};
use crate::ops::search::{NullOrder, Order, key_kind};
use crate::ops::sorting::{is_sorted, stable_sorted_order};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, size_of};

/// A device grouping with its grouped order.
pub(crate) struct Sorted {
    g: DeviceGroups,
    /// The grouped order: an INT32 map of `m` rows.
    pub order: Column,
    offsets: DeviceMemory,
    m: usize,
}

impl Sorted {
    fn view(&self) -> Result<DeviceOrder<'_>> {
        let ptr = match self.order.data() {
            Some(d) if self.m > 0 => d.device_ptr()? + (self.order.offset() * 4) as u64,
            _ => 0,
        };
        Ok(DeviceOrder {
            order: ptr,
            m: self.m,
            offsets: &self.offsets,
            groups: &self.g,
        })
    }

    /// The group starts on the host (`groups + 1` entries; the API returns a list).
    pub(crate) fn host_offsets(&self) -> Result<Vec<usize>> {
        let bytes = self.offsets.copy_to_host(0, (self.g.groups + 1) * 4)?;
        Ok(bytes
            .as_slice()
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes(b.try_into().expect("4 bytes")) as usize)
            .collect())
    }
}

/// The device grouping of `keys` (`n > 0` rows), or None for key types without device
/// comparisons.
pub(crate) fn grouped(keys: &Table, include_nulls: bool) -> Result<Option<Sorted>> {
    let mut kinds = vec![];
    for c in keys.columns() {
        match key_kind("groupby", c.dtype()) {
            Ok(k) => kinds.push(k),
            Err(_) => return Ok(None),
        }
    }
    let n = keys.num_rows();
    let g = dev::group(keys, &kinds, include_nulls)?;
    let ids = Table::new(vec![g.gid_column(n)?])?;
    // Ids number groups by first appearance, so they already ascend when every group is
    // contiguous (keys_are_sorted, or a frame sorted by its keys): one pass instead of a
    // sort.
    let full = if is_sorted(&ids, &[Order::Ascending], &[NullOrder::Before])? {
        sequence(n, &Scalar::from_native(0i32), &Scalar::from_native(1i32))?
    } else {
        stable_sorted_order(&ids, &[Order::Ascending], &[NullOrder::Before])?
    };
    let offsets = dev::group_offsets(&g, n)?;
    let total = offsets.copy_to_host(g.groups * 4, 4)?;
    let m = i32::from_le_bytes(total.as_slice().try_into().expect("4 bytes")) as usize;
    let order = full.slice(n - m, m)?;
    Ok(Some(Sorted {
        g,
        order,
        offsets,
        m,
    }))
}

/// groupby.shift on the device.
pub(crate) fn shift(
    s: &Sorted,
    values: &Table,
    offsets: &[i64],
    fills: &[Scalar],
) -> Result<Table> {
    let v = s.view()?;
    let n = values.num_rows() as i32;
    let cols = values
        .columns()
        .iter()
        .zip(offsets.iter().zip(fills))
        .map(|(c, (&off, fill))| {
            let map = device_map(dev::shift_map(&v, off, n)?, s.m)?;
            gather_internal(&concatenate(&[c.clone(), fill.as_column().clone()])?, &map)
        })
        .collect::<Result<Vec<_>>>()?;
    super::ordered::table_of(cols, s.m)
}

/// groupby.replace_nulls on the device.
pub(crate) fn replace_nulls(s: &Sorted, values: &Table, following: &[bool]) -> Result<Table> {
    let v = s.view()?;
    let cols = values
        .columns()
        .iter()
        .zip(following)
        .map(|(c, &fwd)| {
            let (mask, off) = match c.mask() {
                Some(m) if c.has_nulls()? => (m.device_ptr()?, c.offset() as i64),
                _ => (0, 0),
            };
            let map = device_map(dev::fill_map(&v, mask, off, fwd, NULL_ROW)?, s.m)?;
            gather_internal_nullable(c, &map)
        })
        .collect::<Result<Vec<_>>>()?;
    super::ordered::table_of(cols, s.m)
}

/// Whether `agg` of `values` has a device group scan.
pub(crate) fn scan_supported(values: &Column, agg: &Aggregation) -> bool {
    let id = values.dtype().id();
    match agg {
        Aggregation::Count(_) => true,
        // BOOL8 bytes other than 0/1 would need normalising: left to the host.
        Aggregation::Sum | Aggregation::Product | Aggregation::Min | Aggregation::Max => {
            dev::seg_scan_code(id).is_some()
                && output_type(values.dtype(), agg)
                    .ok()
                    .and_then(|t| crate::device::kernels::storage_id(t.id()))
                    .and_then(dev::seg_scan_code)
                    .is_some()
        }
        Aggregation::Rank { .. } => {
            let id = values.dtype().id();
            id.is_fixed_width() || id == TypeId::String
        }
        _ => false,
    }
}

/// A running SUM (of floats), PRODUCT, MIN or MAX within each group, one device thread
/// per group; null where the value is null.
fn running(
    s: &Sorted,
    values: &Column,
    agg: &Aggregation,
    out: crate::types::DataType,
    mask: u64,
    off: i64,
) -> Result<Column> {
    let op = match agg {
        Aggregation::Sum => dev::SegScan::Sum,
        Aggregation::Product => dev::SegScan::Product,
        Aggregation::Max => dev::SegScan::Max,
        _ => dev::SegScan::Min,
    };
    let acc_t = crate::device::kernels::storage_id(out.id()).expect("checked by scan_supported");
    let acc = dev::seg_scan_code(acc_t).expect("checked by scan_supported");
    let input = dev::seg_scan_code(values.dtype().id()).expect("checked by scan_supported");
    let w = size_of(values.dtype())?;
    let data = match values.data() {
        Some(d) if values.size() > 0 => d.device_ptr()? + (values.offset() * w) as u64,
        _ => 0,
    };
    let result = dev::group_seg_scan(&s.view()?, op, data, input, acc, size_of(out)?, mask, off)?;
    grouped_result(s, values, out, result, mask != 0)
}

/// A scan result in grouped order, null where the value is when `masked` (the values'
/// mask gathered into grouped order).
fn grouped_result(
    s: &Sorted,
    values: &Column,
    out: crate::types::DataType,
    result: DeviceMemory,
    masked: bool,
) -> Result<Column> {
    let mask = if masked {
        gather_internal(values, &s.order)?.mask().cloned()
    } else {
        None
    };
    let nc = if mask.is_some() { None } else { Some(0) };
    Column::new(
        out,
        s.m,
        Some(Buffer::from_device(result)),
        mask,
        nc,
        0,
        vec![],
    )
}

/// One supported group scan of `values`, in grouped order.
pub(crate) fn scan(s: &Sorted, values: &Column, agg: &Aggregation) -> Result<Column> {
    let out = output_type(values.dtype(), agg)?;
    let v = s.view()?;
    let (mask, off) = match values.mask() {
        Some(m) if values.has_nulls()? => (m.device_ptr()?, values.offset() as i64),
        _ => (0, 0),
    };
    if let Some(spec) = RankSpec::of(agg) {
        let gid = gather_internal(&s.g.gid_column(values.size())?, &s.order)?;
        let grouped = gather_internal(values, &s.order)?;
        return grouped_rank(&gid, s.g.groups, &grouped, spec);
    }
    let integer_sum = matches!(agg, Aggregation::Sum) && values.dtype().id().is_integer();
    if !integer_sum && !matches!(agg, Aggregation::Count(_)) {
        return running(s, values, agg, out, mask, off);
    }
    let (kind, data, width, signed) = match agg {
        Aggregation::Count(NullPolicy::Include) => (GroupScan::CountAll, 0, 0, false),
        Aggregation::Count(NullPolicy::Exclude) => (GroupScan::CountValid, 0, 0, false),
        _ => {
            let w = size_of(values.dtype())?;
            let data = match values.data() {
                Some(d) if values.size() > 0 => d.device_ptr()? + (values.offset() * w) as u64,
                _ => 0,
            };
            (
                GroupScan::Sum,
                data,
                w,
                values.dtype().id().is_signed_integer(),
            )
        }
    };
    let result = dev::group_scan(&v, kind, data, width, signed, mask, off)?;
    // Sums are null where the value is; counts never are.
    grouped_result(s, values, out, result, kind == GroupScan::Sum && mask != 0)
}
