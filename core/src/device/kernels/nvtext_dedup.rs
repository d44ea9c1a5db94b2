//! Device launchers of nvtext's `deduplicate` (`cuda/nvtext_dedup.cu`, compiled in the
//! strings module): the steps of prefix doubling (keys, ranks) and of the duplicate
//! resolution (adjacent and paired common prefixes, overlap collapse, the substrings).
//! `ops::nvtext::deduplicate` strings them together with the device sort and compaction.

use super::gather::flag_is_set;
use super::scan::{ScanOp, scan_in_place};
use super::strings::{build_strings, run};
use super::transform::data_ptr;
use super::{args, device_values};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// The bytes of a STRING column's rows (from the first row's first byte to the last row's
/// last byte, as libcudf's chars span) on the device.
#[derive(Clone, Copy)]
pub struct DeviceText {
    /// Address of the first byte (0 when there are none).
    pub ptr: u64,
    /// Number of bytes.
    pub len: usize,
}

/// Offset `i` of the offsets child `child` (INT32 or INT64), read from the device.
fn offset_at(child: &Column, i: usize) -> Result<i64> {
    let wide = child.dtype().id() == TypeId::Int64;
    let w = if wide { 8 } else { 4 };
    let data = child.data().expect("offsets");
    let b = data.host_range((child.offset() + i) * w, w)?;
    Ok(if wide {
        i64::from_le_bytes(b.as_slice().try_into().expect("8 bytes"))
    } else {
        i64::from(i32::from_le_bytes(
            b.as_slice().try_into().expect("4 bytes"),
        ))
    })
}

/// The text of `col`, a STRING column (two offsets read back).
pub fn text(col: &Column) -> Result<DeviceText> {
    let n = col.size();
    if n == 0 || col.children().is_empty() {
        return Ok(DeviceText { ptr: 0, len: 0 });
    }
    let child = &col.children()[0];
    let (first, last) = (
        offset_at(child, col.offset())?,
        offset_at(child, col.offset() + n)?,
    );
    let len = (last - first) as usize;
    let ptr = match col.data() {
        Some(d) if len > 0 => d.device_ptr()? + first as u64,
        _ => 0,
    };
    Ok(DeviceText { ptr, len })
}

fn int32_out(n: usize) -> Result<DeviceMemory> {
    DeviceMemory::alloc(n * 4)
}

/// UINT64: the first sort key of every suffix of `t` (its first 7 bytes and how many of
/// them exist).
pub fn initial_keys(t: DeviceText) -> Result<Column> {
    let keys = DeviceMemory::alloc(t.len * 8)?;
    run(
        "dedup_initial_keys",
        t.len,
        &args![t.ptr, t.len as i64, keys.ptr()],
    )?;
    device_values(TypeId::Uint64.into(), t.len, keys)
}

/// UINT64: every suffix's rank by `h` bytes, then the rank of the suffix `h` bytes on.
pub fn pair_keys(rank: &Column, h: usize) -> Result<Column> {
    let n = rank.size();
    let keys = DeviceMemory::alloc(n * 8)?;
    run(
        "dedup_pair_keys",
        n,
        &args![data_ptr(rank)?, n as i64, h as i64, keys.ptr()],
    )?;
    device_values(TypeId::Uint64.into(), n, keys)
}

/// INT32 ranks (from 1) of the positions whose `keys` `order` sorts, equal keys sharing a
/// rank, and the highest rank (one value read back).
pub fn ranks(keys: &Column, order: &Column) -> Result<(Column, usize)> {
    let n = keys.size();
    let scanned = int32_out(n)?;
    let rank = int32_out(n)?;
    if n == 0 {
        return Ok((device_values(TypeId::Int32.into(), 0, rank)?, 0));
    }
    let (kp, op) = (data_ptr(keys)?, data_ptr(order)?);
    run(
        "dedup_rank_starts",
        n,
        &args![kp, op, n as i64, scanned.ptr()],
    )?;
    scan_in_place(&scanned, n, TypeId::Int32, ScanOp::Sum, false)?;
    let last = scanned.copy_to_host((n - 1) * 4, 4)?;
    let top = i32::from_le_bytes(last.as_slice().try_into().expect("4 bytes")) as usize;
    run(
        "dedup_scatter_ranks",
        n,
        &args![scanned.ptr(), op, n as i64, rank.ptr()],
    )?;
    Ok((device_values(TypeId::Int32.into(), n, rank)?, top))
}

/// BOOL8: whether each entry of the INT32 `order` is below `size`.
pub fn keep_below(order: &Column, size: usize) -> Result<Column> {
    let n = order.size();
    let keep = DeviceMemory::alloc(n)?;
    run(
        "dedup_keep_below",
        n,
        &args![data_ptr(order)?, n as i64, size as i64, keep.ptr()],
    )?;
    device_values(TypeId::Bool8.into(), n, keep)
}

/// Whether every value of the INT32 column `idx` lies in `[0, n)`.
pub fn indices_in_range(idx: &Column, n: usize) -> Result<bool> {
    let bad = DeviceMemory::zeroed(4)?;
    run(
        "dedup_check_indices",
        idx.size(),
        &args![data_ptr(idx)?, idx.size() as i64, n as i64, bad.ptr()],
    )?;
    Ok(!flag_is_set(&bad)?)
}

/// INT32 sizes and BOOL8 "keep" flags from a kernel writing one of each per entry.
fn sizes_and_flags(
    m: usize,
    launch: impl FnOnce(u64, u64) -> Result<()>,
) -> Result<(Column, Column)> {
    let sizes = int32_out(m)?;
    let keep = DeviceMemory::alloc(m)?;
    launch(sizes.ptr(), keep.ptr())?;
    Ok((
        device_values(TypeId::Int32.into(), m, sizes)?,
        device_values(TypeId::Bool8.into(), m, keep)?,
    ))
}

/// For every entry of the suffix array `sa` of `t`: the bytes it shares with the entry
/// before it when at least `width` (else 0), and whether that is not 0.
pub fn adjacent_sizes(t: DeviceText, sa: &Column, width: usize) -> Result<(Column, Column)> {
    let m = sa.size();
    sizes_and_flags(m, |sizes, keep| {
        run(
            "dedup_adjacent_sizes",
            m,
            &args![
                t.ptr,
                t.len as i64,
                data_ptr(sa)?,
                m as i64,
                width as i32,
                sizes,
                keep
            ],
        )
    })
}

/// For every entry of `t1`'s suffix array `sa1`: the most bytes it shares with a suffix
/// of `t2` (found by binary search in `sa2`) when at least `width` (else 0), and whether
/// that is not 0.
pub fn pair_sizes(
    t1: DeviceText,
    sa1: &Column,
    t2: DeviceText,
    sa2: &Column,
    width: usize,
) -> Result<(Column, Column)> {
    let m = sa1.size();
    sizes_and_flags(m, |sizes, keep| {
        run(
            "dedup_pair_sizes",
            m,
            &args![
                t1.ptr,
                t1.len as i64,
                data_ptr(sa1)?,
                m as i64,
                t2.ptr,
                t2.len as i64,
                data_ptr(sa2)?,
                sa2.size() as i64,
                width as i32,
                sizes,
                keep
            ],
        )
    })
}

/// BOOL8: which candidates (INT32 offsets in ascending order and their sizes) are not
/// covered by the candidate one byte before them.
pub fn collapse(offsets: &Column, sizes: &Column) -> Result<Column> {
    let m = offsets.size();
    let keep = DeviceMemory::alloc(m)?;
    run(
        "dedup_collapse",
        m,
        &args![data_ptr(offsets)?, data_ptr(sizes)?, m as i64, keep.ptr()],
    )?;
    device_values(TypeId::Bool8.into(), m, keep)
}

/// The candidates (INT32 offsets and sizes) narrowed to whole UTF-8 characters of `t`.
pub fn trim(t: DeviceText, offsets: &Column, sizes: &Column) -> Result<(Column, Column)> {
    let m = offsets.size();
    let (o, s) = (int32_out(m)?, int32_out(m)?);
    run(
        "dedup_trim",
        m,
        &args![
            t.ptr,
            data_ptr(offsets)?,
            data_ptr(sizes)?,
            m as i64,
            o.ptr(),
            s.ptr()
        ],
    )?;
    Ok((
        device_values(TypeId::Int32.into(), m, o)?,
        device_values(TypeId::Int32.into(), m, s)?,
    ))
}

/// STRING: the substrings of `t` at the INT32 `offsets` with the INT32 `sizes`.
pub fn take(t: DeviceText, offsets: &Column, sizes: &Column) -> Result<Column> {
    let m = offsets.size();
    let a = args![t.ptr, data_ptr(offsets)?, data_ptr(sizes)?, m as i64];
    build_strings("dedup_take", m, None, Some(0), &a)
}
