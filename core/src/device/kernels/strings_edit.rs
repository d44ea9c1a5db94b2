//! Device launchers of the row-editing string kernels (`cuda/strings_edit.cu`, compiled in
//! the strings module): padding, repeat, reverse, replace_slice, replace_multiple,
//! partition, like and code_points.

use super::scan::exclusive_sum_with_total;
use super::strings::{Descs, build_rows, build_strings, map_rows, run, upload, upload_u32};
use super::{args, device_values};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// The values and the (mask, bit offset) of an INT64 column, or zeros for None.
fn int64_parts(c: Option<&Column>) -> Result<(u64, u64, u64)> {
    let Some(c) = c.filter(|c| c.size() > 0) else {
        return Ok((0, 0, 0));
    };
    let data = c.data().expect("INT64 values").device_ptr()? + (c.offset() * 8) as u64;
    let (mask, off) = match c.mask() {
        Some(m) if c.null_count()? > 0 => (m.device_ptr()?, c.offset() as u64),
        _ => (0, 0),
    };
    Ok((data, mask, off))
}

/// Pad to `width` characters with the UTF-8 character `fill` on side 0 (left), 1 (right)
/// or 2 (both).
pub fn pad(col: &Column, width: i64, side: i32, fill: &[u8]) -> Result<Column> {
    let f = upload(fill)?;
    let a = args![width, side, f.ptr(), fill.len() as i64];
    build_rows(col, "str_pad", &a)
}

/// The string kernels with an INT64 parameter that may differ per row (`row_param` in
/// `strings.cuh`).
#[derive(Debug, Clone, Copy)]
pub enum PerRowKernel {
    /// zfill to a width.
    Zfill,
    /// Every row a number of times.
    Repeat,
}

/// `kernel` with the parameter `value`, or each row's value of the INT64 column `per_row`
/// (a null row: 0); the output has `mask` as its validity.
pub fn per_row_param(
    kernel: PerRowKernel,
    col: &Column,
    value: i64,
    per_row: Option<&Column>,
    (mask, null_count): (Option<Buffer>, usize),
) -> Result<Column> {
    let name = match kernel {
        PerRowKernel::Zfill => "str_zfill",
        PerRowKernel::Repeat => "str_repeat",
    };
    let (p, m, off) = int64_parts(per_row)?;
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let a = args![d.ptr(), n as i64, value, p, m, off as i64];
    build_strings(name, n, mask, Some(null_count), &a)
}

/// The characters of every row reversed.
pub fn reverse(col: &Column) -> Result<Column> {
    build_rows(col, "str_reverse", &[])
}

/// Characters [start, stop) (stop < 0: the end) of every row replaced by `repl`.
pub fn replace_slice(col: &Column, repl: &[u8], start: i64, stop: i64) -> Result<Column> {
    let r = upload(repl)?;
    let a = args![r.ptr(), repl.len() as i64, start, stop];
    build_rows(col, "str_replace_slice", &a)
}

/// Replace the first matching of the `targets` at each position by the same row of
/// `repls` (or its row 0 when it has one row), up to `maxrepl` (< 0: all) times.
pub fn replace_multiple(
    col: &Column,
    targets: &Column,
    repls: &Column,
    maxrepl: i64,
) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false), (targets, false), (repls, repls.size() == 1)])?;
    let (mask, nulls) = super::transform::copied_validity(col)?;
    let a = args![d.ptr(), n as i64, targets.size() as i64, maxrepl];
    build_strings("str_replace_multi", n, mask, nulls, &a)
}

/// Part 0 (before), 1 (the delimiter) or 2 (after) of every row split at its first (or,
/// `rev`, last) `delim` (empty: any whitespace character).
pub fn partition(col: &Column, delim: &[u8], rev: bool, part: i32) -> Result<Column> {
    let dm = upload(delim)?;
    let a = args![dm.ptr(), delim.len() as i64, i32::from(rev), part];
    build_rows(col, "str_partition", &a)
}

/// BOOL8: whether every row matches the LIKE pattern `pat` (code points; `%` and `_` as
/// the markers of `str_like`).
pub fn like(col: &Column, pat: &[u32]) -> Result<Column> {
    let p = upload_u32(pat)?;
    map_rows(
        col,
        "str_like",
        TypeId::Bool8,
        &args![p.ptr(), pat.len() as i64],
    )
}

/// The characters of every valid row, one after the other, as INT32 (each character's UTF-8
/// bytes read as one big-endian integer).
pub fn code_points(col: &Column) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let offs = DeviceMemory::zeroed((n + 1) * 8)?;
    run("str_char_counts", n, &args![d.ptr(), n as i64, offs.ptr()])?;
    let total = exclusive_sum_with_total(&offs, n)? as usize;
    let out = DeviceMemory::alloc(total * 4)?;
    if total > 0 {
        let a = args![d.ptr(), n as i64, offs.ptr(), out.ptr()];
        run("str_code_points", n, &a)?;
    }
    device_values(TypeId::Int32.into(), total, out)
}
