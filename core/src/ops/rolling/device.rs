//! The device path of `rolling`: the launchers of `device/kernels/rolling.rs` over the
//! source's device data, with per-row validity bytes turned into masks.

use super::plan::{Collected, Plan};
use super::{Bounds, WindowSize};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::rolling::{self as dev, Mask, Source, Windows};
use crate::device::kernels::scan::{ScanOp, scan_in_place};
use crate::device::kernels::storage_id;
use crate::device::kernels::transform::{bools_to_mask, data_ptr, mask_arg};
use crate::device::kernels::{device_column, device_values};
use crate::error::Result;
use crate::types::{DataType, TypeId};

/// The windows of `n` rows.
pub(super) fn bounds(n: usize, pre: WindowSize<'_>, fol: WindowSize<'_>) -> Result<Bounds> {
    let arg = |w: WindowSize<'_>| -> Result<(u64, i64)> {
        Ok(match w {
            WindowSize::Fixed(v) => (0, i64::from(v)),
            WindowSize::PerRow(c) => (data_ptr(c)?, 0),
        })
    };
    let ((p, p0), (f, f0)) = (arg(pre)?, arg(fol)?);
    let (start, end) = dev::bounds(p, f, p0, f0, n)?;
    Ok(Bounds::Device(start, end))
}

fn mask_of(c: &Column) -> Result<Mask> {
    let (ptr, offset) = mask_arg(c)?;
    Ok(Mask { ptr, offset })
}

/// The source and windows as the typed kernels read them.
fn source_of(c: &Column, start: &DeviceMemory, end: &DeviceMemory) -> Result<Source> {
    Ok(Source {
        values: data_ptr(c)?,
        mask: mask_of(c)?,
        start: start.ptr(),
        end: end.ptr(),
        n: c.size(),
    })
}

/// The storage type of the source and the SUM accumulator its typed module is built with.
fn typed(source: &Column, sum_out: Option<TypeId>) -> (TypeId, TypeId) {
    let st = storage_id(source.dtype().id()).expect("checked by the plan");
    let acc = match sum_out {
        Some(out) => storage_id(out).expect("numeric or duration"),
        None => dev::typed_variants()
            .into_iter()
            .find(|(t, _)| *t == st)
            .map(|(_, a)| a)
            .expect("every storage type has a variant"),
    };
    (st, acc)
}

/// The gather map of a MIN, MAX, LEAD, LAG or NTH_ELEMENT plan; `None` for the others.
pub(super) fn gather_map(
    source: &Column,
    start: &DeviceMemory,
    end: &DeviceMemory,
    plan: &Plan,
    min_periods: i32,
) -> Result<Option<Column>> {
    let n = source.size();
    let (s, e) = (start.ptr(), end.ptr());
    let map = match *plan {
        Plan::Extreme { max } => {
            let (st, acc) = typed(source, None);
            dev::extreme_map(st, acc, source_of(source, start, end)?, min_periods, max)?
        }
        Plan::Shift { lead, offset } => dev::shift_map(s, e, n, lead, i64::from(offset))?,
        Plan::Nth {
            n: nth,
            exclude_nulls,
        } => {
            let mask = mask_of(source)?;
            let w = Windows {
                start: s,
                end: e,
                mask,
                n,
            };
            dev::nth_map(&w, i64::from(nth), exclude_nulls, min_periods)?
        }
        _ => return Ok(None),
    };
    Ok(Some(device_values(TypeId::Int32.into(), n, map)?))
}

/// A mask and null count from `n` validity bytes (None when every row is valid).
fn mask_from_bytes(valid: DeviceMemory, n: usize) -> Result<Option<(Buffer, usize)>> {
    let flags = device_values(TypeId::Bool8.into(), n, valid)?;
    let (mask, nulls) = bools_to_mask(&flags)?;
    Ok((nulls > 0).then_some((mask, nulls)))
}

/// COLLECT_LIST's offsets, map of source rows and null rows.
pub(super) fn collect_list(
    source: &Column,
    start: &DeviceMemory,
    end: &DeviceMemory,
    exclude_nulls: bool,
    min_periods: i32,
) -> Result<Collected> {
    let n = source.size();
    let (s, e) = (start.ptr(), end.ptr());
    let w = Windows {
        start: s,
        end: e,
        mask: mask_of(source)?,
        n,
    };
    let (offsets, valid) = dev::collect_sizes(&w, exclude_nulls, min_periods)?;
    scan_in_place(&offsets, n + 1, TypeId::Int32, ScanOp::Sum, true)?;
    let last = offsets.copy_to_host(n * 4, 4)?;
    let total = i32::from_le_bytes(last.as_slice().try_into().expect("4 bytes")) as usize;
    let map = dev::collect_map(&w, exclude_nulls, valid.ptr(), offsets.ptr(), total)?;
    let mask = mask_from_bytes(valid, n)?;
    Ok(Collected {
        offsets: device_values(TypeId::Int32.into(), n + 1, offsets)?,
        map: device_values(TypeId::Int32.into(), total, map)?,
        mask,
    })
}

/// The per-row values of a COUNT, ROW_NUMBER, SUM, MEAN, VARIANCE or STD plan.
pub(super) fn values(
    source: &Column,
    start: &DeviceMemory,
    end: &DeviceMemory,
    plan: &Plan,
    min_periods: i32,
) -> Result<Column> {
    let n = source.size();
    let (s, e) = (start.ptr(), end.ptr());
    let m = mask_of(source)?;
    let out_type: DataType = plan.output_type(source.dtype());
    let (out, valid) = match *plan {
        Plan::Count(mode) => {
            let w = Windows {
                start: s,
                end: e,
                mask: m,
                n,
            };
            dev::count(&w, min_periods, mode as i32)?
        }
        Plan::Sum { out } => {
            let (st, acc) = typed(source, Some(out));
            dev::sum(st, acc, source_of(source, start, end)?, min_periods)?
        }
        Plan::Mean | Plan::Variance { .. } => {
            let (st, acc) = typed(source, None);
            let (var, ddof) = match *plan {
                Plan::Variance { ddof, std } => (1 + i32::from(std), i64::from(ddof)),
                _ => (0, 0),
            };
            let src = source_of(source, start, end)?;
            dev::moment(st, acc, src, min_periods, var, ddof)?
        }
        _ => unreachable!("gather and list plans are handled by the caller"),
    };
    let (mask, nulls) = match mask_from_bytes(valid, n)? {
        Some((mask, nulls)) => (Some(mask), nulls),
        None => (None, 0),
    };
    device_column(out_type, n, out, mask, Some(nulls))
}

/// The preceding and following sizes (INT32 columns) of the range windows of `orderby`
/// within the groups marked by ascending ids `gid` (None: one group), by one kernel.
pub(super) fn range_windows(
    orderby: &Column,
    gid: Option<&Column>,
    desc: bool,
    nulls_before: bool,
    pre: dev::RangeReach,
    fol: dev::RangeReach,
) -> Result<(Column, Column)> {
    let n = orderby.size();
    let (st, acc) = typed(orderby, None);
    let gid = gid.map(data_ptr).transpose()?.unwrap_or(0);
    let (p, f) = dev::range_windows(
        st,
        acc,
        data_ptr(orderby)?,
        mask_of(orderby)?,
        gid,
        n,
        desc,
        nulls_before,
        pre,
        fol,
    )?;
    let int32 = DataType::from(TypeId::Int32);
    Ok((
        device_column(int32, n, p, None, None)?,
        device_column(int32, n, f, None, None)?,
    ))
}
