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
use crate::types::{DataType, TypeId, fixed_width};

/// The validity that BOOL8 `flags` give (None when every row is set).
fn flag_mask(flags: &Column) -> Result<(Option<crate::buffer::Buffer>, usize)> {
    if flags.size() == 0 {
        return Ok((None, 0));
    }
    let (mask, nulls) = bools_to_mask(flags)?;
    Ok(((nulls > 0).then_some(mask), nulls))
}

/// The values buffer of a parsing kernel for `n` rows of `width` bytes (None with
/// `flags_only`: the kernel then writes only the `ok` flags).
fn values_buffer(n: usize, width: usize, flags_only: bool) -> Result<Option<DeviceMemory>> {
    (!flags_only)
        .then(|| DeviceMemory::alloc(n * width))
        .transpose()
}

/// The result of a parsing kernel that wrote one `ok` byte per row of `input` and, into
/// `out` when given, the values: a `t` column null where `ok` is 0, or without `out` the
/// BOOL8 flags with the input's nulls.
fn parsed(
    input: &Column,
    t: DataType,
    ok: DeviceMemory,
    out: Option<DeviceMemory>,
) -> Result<Column> {
    let n = input.size();
    let flags = device_values(TypeId::Bool8.into(), n, ok)?;
    let Some(out) = out else {
        let (mask, nulls) = copied_validity(input)?;
        return flags.with_mask(mask, nulls);
    };
    let (mask, nulls) = flag_mask(&flags)?;
    device_column(t, n, out, mask, Some(nulls))
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
    let out = values_buffer(n, 8, !values)?;
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
    let id = if g.is_unsigned {
        TypeId::Uint64
    } else {
        TypeId::Int64
    };
    parsed(col, id.into(), ok, out)
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
    let out = values_buffer(n, 4, flags_only)?;
    let ok = DeviceMemory::zeroed(n)?;
    let out_ptr = out.as_ref().map_or(0, DeviceMemory::ptr);
    run(
        "str_parse_ipv4",
        n,
        &args![d.ptr(), n as i64, out_ptr, ok.ptr()],
    )?;
    parsed(col, TypeId::Uint32.into(), ok, out)
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

/// Parse every row as a decimal of `t` (DECIMAL32/64/128): the values with the rows that
/// do not parse or fit null, or with `flags_only` BOOL8 flags with the input's nulls.
pub fn parse_fixed_point(col: &Column, t: DataType, flags_only: bool) -> Result<Column> {
    let n = col.size();
    let width = fixed_width(t.id()).expect("a DECIMAL type is fixed-width");
    let d = Descs::new(&[(col, false)])?;
    let out = values_buffer(n, width, flags_only)?;
    let ok = DeviceMemory::zeroed(n)?;
    let out_ptr = out.as_ref().map_or(0, DeviceMemory::ptr);
    let a = args![
        d.ptr(),
        n as i64,
        t.scale(),
        8 * width as i32,
        out_ptr,
        ok.ptr()
    ];
    run("str_parse_fixed_point", n, &a)?;
    parsed(col, t, ok, out)
}

/// Every valid row of the DECIMAL column `decimals` as text (see `str_from_fixed_point`).
pub fn from_fixed_point(decimals: &Column) -> Result<Column> {
    let n = decimals.size();
    let t = decimals.dtype();
    let width = fixed_width(t.id()).expect("a DECIMAL type is fixed-width");
    let (v, m, off) = value_parts(Some(decimals))?;
    let (mask, nulls) = copied_validity(decimals)?;
    let a = args![v, n as i64, m, off as i64, 8 * width as i32, t.scale()];
    build_strings("str_from_fixed_point", n, mask, nulls, &a)
}

/// Every row read as a duration of `t` (INT32 days, else INT64 ticks of `ns_per_tick`
/// nanoseconds) with a compiled format (`code`: two bytes an item, see
/// `str_parse_durations`); rows that do not match or fit are null.
pub fn parse_durations(col: &Column, t: DataType, code: &[u8], ns_per_tick: i64) -> Result<Column> {
    let n = col.size();
    let days = t.id() == TypeId::DurationDays;
    let d = Descs::new(&[(col, false)])?;
    let items = upload(code)?;
    let out = DeviceMemory::alloc(n * if days { 4 } else { 8 })?;
    let ok = DeviceMemory::zeroed(n)?;
    let a = args![
        d.ptr(),
        n as i64,
        items.ptr(),
        (code.len() / 2) as i64,
        ns_per_tick,
        i32::from(days),
        out.ptr(),
        ok.ptr()
    ];
    run("str_parse_durations", n, &a)?;
    parsed(col, t, ok, Some(out))
}

/// Every valid row of the DURATION column `durations` (`per_sec` ticks a second, 0 for
/// days; `frac_digits` fraction digits) written with a compiled format (`code`, see
/// `str_from_durations`).
pub fn from_durations(
    durations: &Column,
    code: &[u8],
    per_sec: i64,
    frac_digits: u32,
) -> Result<Column> {
    let n = durations.size();
    let (v, m, off) = value_parts(Some(durations))?;
    let (mask, nulls) = copied_validity(durations)?;
    let items = upload(code)?;
    let a = args![
        v,
        n as i64,
        m,
        off as i64,
        per_sec,
        frac_digits as i32,
        items.ptr(),
        (code.len() / 2) as i64
    ];
    build_strings("str_from_durations", n, mask, nulls, &a)
}

/// Every row read as a timestamp of `t` (INT32 days, else INT64 ticks of `ns_per_tick`
/// nanoseconds) with a compiled format (`code`: three bytes an item, see
/// `str_parse_timestamps`), floored to the unit; rows that do not match or fit are null.
/// With `flags_only`, BOOL8 flags of the rows that match (the input's nulls kept).
pub fn parse_timestamps(
    col: &Column,
    t: DataType,
    code: &[u8],
    ns_per_tick: i64,
    flags_only: bool,
) -> Result<Column> {
    let n = col.size();
    let days = t.id() == TypeId::TimestampDays;
    let d = Descs::new(&[(col, false)])?;
    let items = upload(code)?;
    let width = if days { 4 } else { 8 };
    let out = values_buffer(n, width, flags_only)?;
    let ok = DeviceMemory::zeroed(n)?;
    let out_ptr = out.as_ref().map_or(0, DeviceMemory::ptr);
    let a = args![
        d.ptr(),
        n as i64,
        items.ptr(),
        (code.len() / 3) as i64,
        ns_per_tick,
        i32::from(days),
        i32::from(flags_only),
        out_ptr,
        ok.ptr()
    ];
    run("str_parse_timestamps", n, &a)?;
    parsed(col, t, ok, out)
}

/// Every valid row of the TIMESTAMP column `timestamps` (ticks of `ns_per_tick`
/// nanoseconds) written with a compiled format (`code`, see `str_from_timestamps`);
/// `names` (40 rows) gives `%p %A %a %B %b`.
pub fn from_timestamps(
    timestamps: &Column,
    code: &[u8],
    ns_per_tick: i64,
    names: Option<&Column>,
) -> Result<Column> {
    let n = timestamps.size();
    let days = timestamps.dtype().id() == TypeId::TimestampDays;
    let (v, m, off) = value_parts(Some(timestamps))?;
    let (mask, nulls) = copied_validity(timestamps)?;
    let items = upload(code)?;
    // The kernel reads the names only when there are 40 of them.
    let d = names.map(|c| Descs::new(&[(c, false)])).transpose()?;
    let a = args![
        v,
        n as i64,
        m,
        off as i64,
        ns_per_tick,
        i32::from(days),
        items.ptr(),
        (code.len() / 3) as i64,
        d.as_ref().map_or(0, Descs::ptr),
        i32::from(names.is_some())
    ];
    build_strings("str_from_timestamps", n, mask, nulls, &a)
}

/// The deepest list nesting [`format_lists`] writes (`FMT_MAX_DEPTH` in the kernel).
pub const FORMAT_LISTS_MAX_DEPTH: usize = 16;

/// Every row of a LIST column of STRING as libcudf writes it (see
/// `ops::strings::convert::convert_lists`): `levels` are the list column and its nested
/// list children, `strings` the innermost child, `marks` na_rep, the separator and the left
/// and right enclosures. No nulls in the result. At most [`FORMAT_LISTS_MAX_DEPTH`] levels.
pub fn format_lists(levels: &[Column], strings: &Column, marks: [&[u8]; 4]) -> Result<Column> {
    let mut cols: Vec<(&Column, bool)> = levels.iter().map(|c| (c, false)).collect();
    cols.push((strings, false));
    let d = Descs::new(&cols)?;
    let bytes: Vec<u8> = marks.concat();
    // One byte more, so that an empty set of marks still uploads.
    let m = upload(&[bytes.as_slice(), &[0]].concat())?;
    let lens: Vec<u8> = marks
        .iter()
        .flat_map(|x| (x.len() as i64).to_le_bytes())
        .collect();
    let l = upload(&lens)?;
    let n = levels[0].size();
    let a = args![d.ptr(), levels.len() as i32, n as i64, m.ptr(), l.ptr()];
    build_strings("str_format_lists", n, None, Some(0), &a)
}
