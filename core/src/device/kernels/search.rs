//! Search kernels: binary search of sorted tables and hash-set membership, over column
//! descriptors read at run time (one module for every type).

use super::{chars_ptr, device_values, string_parts};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::keys::{KeyKind, NullOrder, Order};
use crate::table::Table;
use crate::types::{TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

/// The search kernels' source (also the row comparisons of the sort module).
pub(crate) const SOURCE: &str = include_str!("cuda/search.cu");

/// The CUDA source of the search module (one variant).
pub fn module_source() -> String {
    format!("{}\n{SOURCE}", super::COMMON)
}

/// The `ColDesc` of a column as 9 little-endian 64-bit fields (see search.cu).
pub(crate) fn descriptor(
    c: &Column,
    kind: KeyKind,
    order: Order,
    nulls: NullOrder,
) -> Result<[u64; 9]> {
    let (mask, mask_off) = match c.mask() {
        Some(m) if c.has_nulls()? => (m.device_ptr()?, c.offset() as u64),
        _ => (0, 0),
    };
    let (data, offsets, row_off, off64) = if kind == KeyKind::Str {
        if c.size() == 0 {
            (chars_ptr(c)?, 0, 0, 0)
        } else {
            let (data, offs, wide) = string_parts(c)?;
            (data, offs, c.offset() as u64, u64::from(wide))
        }
    } else {
        let w = fixed_width(c.dtype().id()).expect("fixed width");
        let data = match c.data() {
            Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * w) as u64,
            _ => 0,
        };
        (data, 0, 0, 0)
    };
    Ok([
        data,
        offsets,
        mask,
        mask_off,
        row_off,
        kind as u64,
        off64,
        u64::from(order == Order::Descending),
        u64::from(nulls == NullOrder::Before),
    ])
}

pub(crate) fn upload(descs: &[[u64; 9]]) -> Result<DeviceMemory> {
    let bytes: Vec<u8> = descs
        .iter()
        .flat_map(|d| d.iter().flat_map(|x| x.to_le_bytes()))
        .collect();
    DeviceMemory::from_host(&bytes)
}

pub(crate) fn descriptors(
    t: &Table,
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
) -> Result<Vec<[u64; 9]>> {
    t.columns()
        .iter()
        .enumerate()
        .map(|(i, c)| descriptor(c, kinds[i], orders[i], nulls[i]))
        .collect()
}

/// lower_bound (or upper_bound) of every needle row; an INT32 column.
pub(crate) fn bound(
    haystack: &Table,
    needles: &Table,
    kinds: &[KeyKind],
    orders: &[Order],
    nulls: &[NullOrder],
    upper: bool,
) -> Result<Column> {
    let rt = runtime()?;
    let n = needles.num_rows();
    let hay = upload(&descriptors(haystack, kinds, orders, nulls)?)?;
    let ndl = upload(&descriptors(needles, kinds, orders, nulls)?)?;
    let out = DeviceMemory::alloc(n * 4)?;
    let f = rt.function("search", module_source, "bound")?;
    let (hp, np, ncols, hay_n, n64, up, op) = (
        hay.ptr(),
        ndl.ptr(),
        kinds.len() as i32,
        haystack.num_rows() as i64,
        n as i64,
        i32::from(upper),
        out.ptr(),
    );
    let cfg = rt.grid_stride_config(n, 256, 8);
    let mut launch = rt.stream().launch_builder(&f);
    launch
        .arg(&hp)
        .arg(&np)
        .arg(&ncols)
        .arg(&hay_n)
        .arg(&n64)
        .arg(&up)
        .arg(&op);
    // SAFETY: reads rows of both tables inside their checked ranges through the uploaded
    // descriptors and writes n INT32 values.
    unsafe { launch.launch(cfg)? };
    device_values(TypeId::Int32.into(), n, out)
}

/// One byte per needle: whether it occurs among the valid haystack rows (0 for nulls).
pub(crate) fn contains(haystack: &Column, needles: &Column, kind: KeyKind) -> Result<Buffer> {
    let rt = runtime()?;
    let n = needles.size();
    let out = DeviceMemory::zeroed(n)?;
    let hay_n = haystack.size();
    if hay_n == 0 {
        return Ok(Buffer::from_device(out));
    }
    let (o, nl) = (Order::Ascending, NullOrder::Before);
    let hay = upload(&[descriptor(haystack, kind, o, nl)?])?;
    let ndl = upload(&[descriptor(needles, kind, o, nl)?])?;
    let cap = (2 * hay_n).next_power_of_two().max(64);
    let table = DeviceMemory::zeroed(cap * 4)?;
    let cap_mask = (cap - 1) as u64;
    let (hp, np, tp, hn, n64, outp) = (
        hay.ptr(),
        ndl.ptr(),
        table.ptr(),
        hay_n as i64,
        n as i64,
        out.ptr(),
    );
    let build = rt.function("search", module_source, "contains_build")?;
    let mut launch = rt.stream().launch_builder(&build);
    launch.arg(&hp).arg(&hn).arg(&tp).arg(&cap_mask);
    // SAFETY: reads the haystack's rows, writes slots of a table of `cap` INT32 entries
    // (at most hay_n < cap are filled, so probing always finds an empty slot).
    unsafe { launch.launch(rt.grid_stride_config(hay_n, 256, 8))? };
    let probe = rt.function("search", module_source, "contains_probe")?;
    let mut launch = rt.stream().launch_builder(&probe);
    launch
        .arg(&hp)
        .arg(&np)
        .arg(&n64)
        .arg(&tp)
        .arg(&cap_mask)
        .arg(&outp);
    // SAFETY: reads the table and both columns' rows, writes n bytes of `out`.
    unsafe { launch.launch(rt.grid_stride_config(n, 256, 8))? };
    Ok(Buffer::from_device(out))
}
