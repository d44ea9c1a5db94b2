//! Device launchers of `plc.strings.convert` (`cuda/strings_convert.cu`, compiled in the
//! strings module): integer parsing and formatting (decimal and hex), booleans to strings,
//! URL encoding and IPv4 addresses.

use super::strings::{Descs, build_flagged_strings, build_rows, build_strings, run, upload};
use super::strings_edit::value_parts;
use super::transform::{bools_to_mask, copied_validity};
use super::{args, device_column, device_values};
use crate::column::Column;
use crate::device::DeviceMemory;
use crate::error::Result;
use crate::types::TypeId;

/// The validity that BOOL8 `flags` give (None when every row is set).
fn flag_mask(flags: &Column) -> Result<(Option<crate::buffer::Buffer>, usize)> {
    if flags.size() == 0 {
        return Ok((None, 0));
    }
    let (mask, nulls) = bools_to_mask(flags)?;
    Ok(((nulls > 0).then_some(mask), nulls))
}

/// How [`parse_integers`] reads the rows.
#[derive(Clone, Copy)]
pub struct IntegerGrammar {
    /// Hex digits after an optional `0x` (any value) rather than signed decimal.
    pub hex: bool,
    /// The decimal value must fit an unsigned (else signed) integer of `bits` bits.
    pub is_unsigned: bool,
    /// The width the decimal value must fit, 0 for any value.
    pub bits: i32,
}

/// Parse every row as `g` says: the rows that parse as BOOL8 flags (nulls kept), and, when
/// `values`, their 64-bit values (UINT64 when `g.is_unsigned`, else INT64) with the rows
/// that do not parse null.
pub fn parse_integers(col: &Column, g: IntegerGrammar, values: bool) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let out = if values {
        Some(DeviceMemory::alloc(n * 8)?)
    } else {
        None
    };
    let ok = DeviceMemory::zeroed(n)?;
    let a = args![
        d.ptr(),
        n as i64,
        i32::from(g.hex),
        i32::from(g.is_unsigned),
        g.bits,
        out.as_ref().map_or(0, DeviceMemory::ptr),
        ok.ptr()
    ];
    run("str_parse_integers", n, &a)?;
    let flags = device_values(TypeId::Bool8.into(), n, ok)?;
    let Some(out) = out else {
        let (mask, nulls) = copied_validity(col)?;
        return flags.with_mask(mask, nulls);
    };
    let (mask, nulls) = flag_mask(&flags)?;
    let id = if g.is_unsigned {
        TypeId::Uint64
    } else {
        TypeId::Int64
    };
    device_column(id.into(), n, out, mask, Some(nulls))
}

/// Every valid row of the INT64 or UINT64 column `ints` in decimal, or with `hex_width`
/// its low `hex_width` bytes in upper-case hex (leading zero bytes left out).
pub fn from_integers(ints: &Column, hex_width: Option<usize>) -> Result<Column> {
    let n = ints.size();
    let (v, m, off) = value_parts(Some(ints))?;
    let (mask, nulls) = copied_validity(ints)?;
    let a = args![
        v,
        n as i64,
        m,
        off as i64,
        i32::from(ints.dtype().id() == TypeId::Uint64),
        i32::from(hex_width.is_some()),
        hex_width.unwrap_or(0) as i32
    ];
    build_strings("str_from_integers", n, mask, nulls, &a)
}

/// Every valid row of the BOOL8 column `bools` as `t` (true) or `f`.
pub fn from_booleans(bools: &Column, t: &[u8], f: &[u8]) -> Result<Column> {
    let n = bools.size();
    let (v, m, off) = value_parts(Some(bools))?;
    let (mask, nulls) = copied_validity(bools)?;
    let (td, fd) = (upload(t)?, upload(f)?);
    let a = args![
        v,
        n as i64,
        m,
        off as i64,
        td.ptr(),
        t.len() as i64,
        fd.ptr(),
        f.len() as i64
    ];
    build_strings("str_from_booleans", n, mask, nulls, &a)
}

/// URL encoding: every byte but `A-Z a-z 0-9 - . _ ~` as `%XX`.
pub fn url_encode(col: &Column) -> Result<Column> {
    build_rows(col, "str_url_encode", &[])
}

/// URL decoding of `%XX`; a row whose decoded bytes are not UTF-8 becomes null.
pub fn url_decode(col: &Column) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    build_flagged_strings("str_url_decode", n, &args![d.ptr(), n as i64])
}

/// Every row as an IPv4 address: UINT32, null where a row is not `a.b.c.d` (or, with
/// `flags_only`, BOOL8 flags with the input's nulls).
pub fn parse_ipv4(col: &Column, flags_only: bool) -> Result<Column> {
    let n = col.size();
    let d = Descs::new(&[(col, false)])?;
    let out = DeviceMemory::alloc(if flags_only { 0 } else { n * 4 })?;
    let ok = DeviceMemory::zeroed(n)?;
    let out_ptr = if flags_only { 0 } else { out.ptr() };
    run(
        "str_parse_ipv4",
        n,
        &args![d.ptr(), n as i64, out_ptr, ok.ptr()],
    )?;
    let flags = device_values(TypeId::Bool8.into(), n, ok)?;
    if flags_only {
        let (mask, nulls) = copied_validity(col)?;
        return flags.with_mask(mask, nulls);
    }
    let (mask, nulls) = flag_mask(&flags)?;
    device_column(TypeId::Uint32.into(), n, out, mask, Some(nulls))
}

/// Every valid row of the UINT32 column `addrs` as `a.b.c.d`.
pub fn from_ipv4(addrs: &Column) -> Result<Column> {
    let n = addrs.size();
    let (v, m, off) = value_parts(Some(addrs))?;
    let (mask, nulls) = copied_validity(addrs)?;
    build_strings(
        "str_from_ipv4",
        n,
        mask,
        nulls,
        &args![v, n as i64, m, off as i64],
    )
}
