//! The device path of the lists primitives (`maps.rs`): the launchers of
//! `device/kernels/lists.rs` over device-resident INT32 offsets, maps and flags.

use super::maps::{GatherLists, Index};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::concatenate::rebase_offsets;
use crate::device::kernels::device_values;
use crate::device::kernels::lists::{self as k, Mask, SegmentedGather};
use crate::device::kernels::movement::iota as iota_map;
use crate::device::kernels::scan::exclusive_sum_with_total;
use crate::error::Result;
use crate::ops::gather::device_map;
use crate::types::{TypeId, fixed_width};

/// The device address of `c`'s values at its first row (0 without data).
fn ptr(c: &Column) -> Result<u64> {
    let w = fixed_width(c.dtype().id()).expect("fixed-width") as u64;
    Ok(match c.data() {
        Some(d) if c.size() > 0 => d.device_ptr()? + c.offset() as u64 * w,
        _ => 0,
    })
}

/// `c`'s validity as the kernels read it (address 0: every row valid).
fn mask(c: &Column) -> Result<Mask> {
    Ok(match c.mask() {
        Some(m) if c.has_nulls()? => Mask {
            ptr: m.device_ptr()?,
            offset: c.offset(),
        },
        _ => Mask::NONE,
    })
}

fn bools(mem: DeviceMemory, n: usize) -> Result<Column> {
    device_values(TypeId::Bool8.into(), n, mem)
}

/// The number of child rows `offs` spans.
fn span(offs: &Column) -> Result<usize> {
    let (first, last) = super::maps::bounds(offs)?;
    Ok(last - first)
}

pub(super) fn offsets(list: &Column) -> Result<Column> {
    let n1 = list.size() + 1;
    let child = &list.children()[0];
    let wide = child.dtype().id() == TypeId::Int64;
    let w = if wide { 8 } else { 4 };
    let src = child.data().expect("offsets").device_ptr()?
        + ((child.offset() + list.offset()) * w) as u64;
    device_map(rebase_offsets(src, wide, n1, 0, 0, false)?, n1)
}

pub(super) fn zeros(n: usize) -> Result<Column> {
    device_map(DeviceMemory::zeroed(n * 4)?, n)
}

pub(super) fn rebased(offs: &Column, first: usize) -> Result<Column> {
    let n1 = offs.size();
    device_map(
        rebase_offsets(ptr(offs)?, false, n1, first as i64, 0, false)?,
        n1,
    )
}

pub(super) fn iota(n: usize, first: usize) -> Result<Column> {
    device_map(iota_map(n, first as i64)?, n)
}

pub(super) fn sizes(offs: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    device_map(k::sizes(ptr(offs)?, n)?, n)
}

pub(super) fn element_rows(offs: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    let total = span(offs)?;
    device_map(k::element_rows(ptr(offs)?, n, total)?, total)
}

pub(super) fn element_positions(offs: &Column, rows: &Column) -> Result<Column> {
    let total = rows.size();
    device_map(k::element_positions(ptr(offs)?, ptr(rows)?, total)?, total)
}

pub(super) fn exclusive_offsets(sizes: &Column) -> Result<(Column, i64)> {
    let n = sizes.size();
    let wide = k::widen_sizes(ptr(sizes)?, n)?;
    let total = exclusive_sum_with_total(&wide, n)?;
    let narrow = rebase_offsets(wide.ptr(), true, n + 1, 0, 0, false)?;
    Ok((device_map(narrow, n + 1)?, total))
}

pub(super) fn explode_maps(
    offs: &Column,
    list: &Column,
    outer: bool,
) -> Result<(Column, Column, Column)> {
    let n = list.size();
    let m = mask(list)?;
    let o = ptr(offs)?;
    let counts = device_map(k::explode_counts(o, m, n, outer)?, n)?;
    let (out_offs, total) = super::maps::exclusive_offsets(&counts)?;
    let [rows, elems, pos] = k::explode_maps(ptr(&out_offs)?, o, m, n, total)?;
    Ok((
        device_map(rows, total)?,
        device_map(elems, total)?,
        device_map(pos, total)?,
    ))
}

pub(super) fn extract_map(offs: &Column, list: &Column, index: &Index) -> Result<Column> {
    let n = list.size();
    let (idx, imask, k0) = match index {
        Index::All(k0) => (0, Mask::NONE, *k0),
        Index::PerRow(c) => (ptr(c)?, mask(c)?, 0),
    };
    device_map(
        k::extract_map(ptr(offs)?, mask(list)?, n, idx, imask, k0)?,
        n,
    )
}

pub(super) fn rows_with_nulls(offs: &Column, child: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    bools(k::rows_with_nulls(ptr(offs)?, n, mask(child)?)?, n)
}

pub(super) fn match_positions(offs: &Column, matched: &Column, find_last: bool) -> Result<Column> {
    let n = offs.size() - 1;
    let out = k::match_positions(ptr(offs)?, n, ptr(matched)?, matched.size(), find_last)?;
    device_map(out, n)
}

pub(super) fn kept_offsets(offs: &Column, kept: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    device_map(
        k::kept_offsets(ptr(offs)?, n, ptr(kept)?, kept.size())?,
        n + 1,
    )
}

pub(super) fn reverse_map(offs: &Column, rows: &Column) -> Result<Column> {
    let total = rows.size();
    device_map(k::reverse_map(ptr(offs)?, ptr(rows)?, total)?, total)
}

pub(super) fn segmented_gather_map(g: &GatherLists) -> Result<Column> {
    let total = g.map_rows.size();
    let args = SegmentedGather {
        offs: ptr(g.offs)?,
        mask: mask(g.list)?,
        map_offs: ptr(g.map_offs)?,
        map_rows: ptr(g.map_rows)?,
        indices: ptr(g.indices)?,
        indices_mask: mask(g.indices)?,
    };
    device_map(k::segmented_gather_map(&args, total)?, total)
}

pub(super) fn mask_flags(
    offs: &Column,
    rows: &Column,
    boffs: &Column,
    b: &Column,
) -> Result<Column> {
    let total = rows.size();
    let out = k::mask_flags(
        ptr(offs)?,
        ptr(rows)?,
        ptr(boffs)?,
        ptr(b)?,
        mask(b)?,
        total,
    )?;
    bools(out, total)
}

pub(super) fn compose_offsets(outer: &Column, inner: &Column) -> Result<Column> {
    let n1 = outer.size();
    device_map(k::compose_offsets(ptr(outer)?, ptr(inner)?, n1)?, n1)
}

pub(super) fn flatten_flags(
    irows: &Column,
    inner: &Column,
    orows: &Column,
    keep_row: &Column,
) -> Result<Column> {
    let total = irows.size();
    let out = k::flatten_flags(
        ptr(irows)?,
        mask(inner)?,
        ptr(orows)?,
        ptr(keep_row)?,
        total,
    )?;
    bools(out, total)
}

pub(super) fn rows_of_valid_lists(
    offs: &Column,
    list: &Column,
    inner: &Column,
    any: bool,
) -> Result<Column> {
    let n = list.size();
    let out = k::rows_of_valid_lists(ptr(offs)?, mask(list)?, n, mask(inner)?, any)?;
    bools(out, n)
}
