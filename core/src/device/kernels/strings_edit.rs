//! Device launchers of the row-editing string kernels (`cuda/strings_edit.cu`, compiled in
//! the strings module): padding, repeat, reverse, replace_slice, replace_multiple,
//! partition, like, code_points, find_multiple, join_strings and join_list_elements.

use super::scan::exclusive_sum_with_total;
use super::strings::{
    Descs, build_flagged_strings, build_rows, build_strings, map_rows, run, upload, upload_u32,
};
use super::{args, device_values};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::{TypeId, fixed_width};

/// The values and the (mask, bit offset) of a fixed-width column (INT64 here, also the
/// inputs of `strings_convert.rs`), or zeros for None.
pub(crate) fn value_parts(c: Option<&Column>) -> Result<(u64, u64, u64)> {
    let Some(c) = c.filter(|c| c.size() > 0) else {
        return Ok((0, 0, 0));
    };
    let w = fixed_width(c.dtype().id()).expect("fixed-width values");
    let data = c.data().expect("values").device_ptr()? + (c.offset() * w) as u64;
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
    let (p, m, off) = value_parts(per_row)?;
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

/// LIST<INT32> with list offsets `offsets` (m per row): the character position of every
/// row of `targets` in every row (-1 when absent or for a null row).
pub fn find_multiple(col: &Column, targets: &Column, offsets: &[i32]) -> Result<Column> {
    let (n, m) = (col.size(), targets.size());
    let d = Descs::new(&[(col, false), (targets, false)])?;
    let out = DeviceMemory::alloc(n * m * 4)?;
    let a = args![d.ptr(), n as i64, m as i64, out.ptr()];
    run("str_find_multiple", n * m, &a)?;
    let values = device_values(TypeId::Int32.into(), n * m, out)?;
    let b: Vec<u8> = offsets.iter().flat_map(|x| x.to_le_bytes()).collect();
    let offsets = device_values(TypeId::Int32.into(), n + 1, upload(&b)?)?;
    let children = vec![offsets, values];
    Column::new(TypeId::List.into(), n, None, None, Some(0), 0, children)
}

/// One row: the rows joined with `sep`, a null row as `narep` or (None) left out. At least
/// one row must be written (the caller makes the all-left-out case a null row).
pub fn join_strings(col: &Column, sep: &[u8], narep: Option<&[u8]>) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let (s, r) = (upload(sep)?, upload(narep.unwrap_or(&[]))?);
    let pass = |write: i32, sizes: u64, out_off: u64, out_chars: u64| {
        let a = args![
            d.ptr(),
            n as i64,
            s.ptr(),
            sep.len() as i64,
            r.ptr(),
            narep.map_or(0, <[u8]>::len) as i64,
            i32::from(narep.is_some()),
            write,
            sizes,
            out_off,
            out_chars
        ];
        run("str_join_pieces", n, &a)
    };
    let sizes = DeviceMemory::zeroed((n + 1) * 8)?;
    pass(0, sizes.ptr(), 0, 0)?;
    let total = exclusive_sum_with_total(&sizes, n)? as usize;
    let chars = DeviceMemory::alloc(total)?;
    if total > 0 {
        pass(1, 0, sizes.ptr(), chars.ptr())?;
    }
    // Every written row ends with a separator; the last one is not part of the result.
    let len = total - sep.len();
    let offsets = if len <= i32::MAX as usize {
        let b: Vec<u8> = [0i32, len as i32]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        device_values(TypeId::Int32.into(), 2, upload(&b)?)?
    } else {
        let b: Vec<u8> = [0i64, len as i64]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        device_values(TypeId::Int64.into(), 2, upload(&b)?)?
    };
    let chars = Buffer::from_device(chars);
    Column::new(
        TypeId::String.into(),
        1,
        Some(chars),
        None,
        Some(0),
        0,
        vec![offsets],
    )
}

/// The options of [`join_list_elements`] (see `str_join_list_elements`).
pub struct JoinListOptions<'a> {
    /// The separator of a row whose separator is null (None: the row is null).
    pub sep_narep: Option<&'a [u8]>,
    /// The string of a null element (None: the row is null).
    pub narep: Option<&'a [u8]>,
    /// Whether null elements get separators.
    pub separate_nulls: bool,
    /// Whether a list without a valid element gives null (else an empty string).
    pub empty_null: bool,
}

/// Every list of the LIST<STRING> column `lists` joined with its row of `separators` (a
/// STRING column, or with `sep_is_scalar` a one-row column serving every row).
pub fn join_list_elements(
    lists: &Column,
    separators: &Column,
    sep_is_scalar: bool,
    o: &JoinListOptions,
) -> Result<Column> {
    let n = lists.size();
    let offsets = &lists.children()[0];
    let w = fixed_width(offsets.dtype().id()).expect("integer offsets");
    let list_off = offsets.data().expect("list offsets").device_ptr()?
        + ((offsets.offset() + lists.offset()) * w) as u64;
    let (mask, mask_off) = match lists.mask() {
        Some(m) if lists.null_count()? > 0 => (m.device_ptr()?, lists.offset() as i64),
        _ => (0, 0),
    };
    let d = Descs::new(&[(&lists.children()[1], false), (separators, sep_is_scalar)])?;
    let (sn, r) = (
        upload(o.sep_narep.unwrap_or(&[]))?,
        upload(o.narep.unwrap_or(&[]))?,
    );
    let a = args![
        d.ptr(),
        n as i64,
        list_off,
        i32::from(w == 8),
        mask,
        mask_off,
        sn.ptr(),
        o.sep_narep.map_or(0, <[u8]>::len) as i64,
        i32::from(o.sep_narep.is_some()),
        r.ptr(),
        o.narep.map_or(0, <[u8]>::len) as i64,
        i32::from(o.narep.is_some()),
        i32::from(o.separate_nulls),
        i32::from(o.empty_null)
    ];
    build_flagged_strings("str_join_list_elements", n, &a)
}

/// libcudf's `wrap` of every row at `width` characters (see `str_wrap`).
pub fn wrap(col: &Column, width: i64) -> Result<Column> {
    build_rows(col, "str_wrap", &args![width])
}
