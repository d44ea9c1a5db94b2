//! The device path of the lists primitives (`maps.rs`): the launchers of
//! `device/kernels/lists.rs` over device-resident INT32 offsets, maps and flags.

use super::maps::{GatherLists, Index, Nested};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::device::kernels::concatenate::rebase_offsets;
use crate::device::kernels::device_values;
use crate::device::kernels::lists::{self as k, Kernel, ListArgs, Mask, list_args};
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

/// The `n` items `kernel` writes (its arguments `args`), as a column of their type.
fn run(kernel: Kernel, n: usize, args: ListArgs) -> Result<Column> {
    device_values(kernel.out().into(), n, k::output(kernel, n, args)?)
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
    run(k::SIZES, n, list_args![ptr(offs)?, n])
}

pub(super) fn element_rows(offs: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    let total = span(offs)?;
    run(k::ELEMENT_ROWS, total, list_args![ptr(offs)?, n, total])
}

pub(super) fn element_positions(offs: &Column, rows: &Column) -> Result<Column> {
    let total = rows.size();
    let a = list_args![ptr(offs)?, ptr(rows)?, total];
    run(k::ELEMENT_POSITIONS, total, a)
}

pub(super) fn exclusive_offsets(sizes: &Column) -> Result<(Column, i64)> {
    let n = sizes.size();
    let wide = k::output(k::WIDEN_SIZES, n + 1, list_args![ptr(sizes)?, n])?;
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
    let counts = run(k::EXPLODE_COUNTS, n, list_args![o, m, n, outer])?;
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
    let a = list_args![ptr(offs)?, mask(list)?, n, idx, imask, k0];
    run(k::EXTRACT_MAP, n, a)
}

pub(super) fn rows_with_nulls(offs: &Column, child: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    let a = list_args![ptr(offs)?, n, mask(child)?];
    run(k::ROWS_WITH_NULLS, n, a)
}

pub(super) fn match_positions(offs: &Column, matched: &Column, find_last: bool) -> Result<Column> {
    let n = offs.size() - 1;
    let a = list_args![ptr(offs)?, n, ptr(matched)?, matched.size(), find_last];
    run(k::MATCH_POSITIONS, n, a)
}

pub(super) fn kept_offsets(offs: &Column, kept: &Column) -> Result<Column> {
    let n = offs.size() - 1;
    let a = list_args![ptr(offs)?, n, ptr(kept)?, kept.size()];
    run(k::KEPT_OFFSETS, n + 1, a)
}

pub(super) fn reverse_map(offs: &Column, rows: &Column) -> Result<Column> {
    let total = rows.size();
    let a = list_args![ptr(offs)?, ptr(rows)?, total];
    run(k::REVERSE_MAP, total, a)
}

pub(super) fn segmented_gather_map(g: &GatherLists) -> Result<Column> {
    let total = g.map_rows.size();
    let list = (ptr(g.offs)?, mask(g.list)?);
    let map_list = (ptr(g.map_offs)?, ptr(g.map_rows)?);
    let indices = (ptr(g.indices)?, mask(g.indices)?);
    let a = list_args![
        list.0, list.1, map_list.0, map_list.1, indices.0, indices.1, total
    ];
    run(k::SEGMENTED_GATHER_MAP, total, a)
}

pub(super) fn mask_flags(offs: &Column, boffs: &Column, b: &Column) -> Result<Column> {
    let rows = element_rows(offs)?;
    let total = rows.size();
    let (o, r, bo) = (ptr(offs)?, ptr(&rows)?, ptr(boffs)?);
    let a = list_args![o, r, bo, ptr(b)?, mask(b)?, total];
    run(k::MASK_FLAGS, total, a)
}

pub(super) fn compose_offsets(outer: &Column, inner: &Column) -> Result<Column> {
    let n1 = outer.size();
    let a = list_args![ptr(outer)?, ptr(inner)?, n1];
    run(k::COMPOSE_OFFSETS, n1, a)
}

pub(super) fn flatten_flags(l: &Nested, keep_row: &Column) -> Result<Column> {
    let (irows, orows) = (element_rows(l.inner_offs)?, element_rows(l.offs)?);
    let total = irows.size();
    let (ir, imask, or) = (ptr(&irows)?, mask(l.inner)?, ptr(&orows)?);
    let a = list_args![ir, imask, or, ptr(keep_row)?, total];
    run(k::FLATTEN_FLAGS, total, a)
}

pub(super) fn rows_of_valid_lists(l: &Nested, any: bool) -> Result<Column> {
    let n = l.list.size();
    let a = list_args![ptr(l.offs)?, mask(l.list)?, n, mask(l.inner)?, any];
    run(k::ROWS_OF_VALID_LISTS, n, a)
}
