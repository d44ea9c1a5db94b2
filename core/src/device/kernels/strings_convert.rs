//! Device launchers of `plc.strings.convert` (`cuda/strings_convert.cu`, compiled in the
//! strings module): integer parsing and formatting (decimal and hex), booleans to strings,
//! URL encoding and IPv4 addresses, fixed-point numbers, durations and timestamps, and
//! floats (`cuda/strings_floats.cu`, after the table of powers of five that
//! [`pow5_128_source`] generates: correctly rounded parsing, shortest formatting).

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

/// Every valid row of the FLOAT32 or FLOAT64 column `floats` as pyarrow's cast to string
/// writes it: the shortest digits that read back (see `str_from_floats`).
pub fn from_floats(floats: &Column) -> Result<Column> {
    let n = floats.size();
    let (v, m, off) = value_parts(Some(floats))?;
    let (mask, nulls) = copied_validity(floats)?;
    let f32 = i32::from(floats.dtype().id() == TypeId::Float32);
    build_strings(
        "str_from_floats",
        n,
        mask,
        nulls,
        &args![v, n as i64, m, off as i64, f32],
    )
}

/// Every row read as a float of `t` (FLOAT32 or FLOAT64, correctly rounded, see
/// `str_parse_floats`): the values with the rows that are not floats null, or with
/// `flags_only` BOOL8 flags with the input's nulls.
pub fn parse_floats(col: &Column, t: DataType, flags_only: bool) -> Result<Column> {
    let n = col.size();
    let f32 = t.id() == TypeId::Float32;
    let d = Descs::new(&[(col, false)])?;
    let out = values_buffer(n, if f32 { 4 } else { 8 }, flags_only)?;
    let ok = DeviceMemory::zeroed(n)?;
    let out_ptr = out.as_ref().map_or(0, DeviceMemory::ptr);
    let a = args![d.ptr(), n as i64, i32::from(f32), out_ptr, ok.ptr()];
    run("str_parse_floats", n, &a)?;
    parsed(col, t, ok, out)
}

/// The smallest and largest decimal exponents q of the table of [`pow5_128_source`].
const POW5_RANGE: (i32, i32) = (-342, 308);

/// The source of `cuda/pow5_128.cuh`: `FLT_POW5_128`, for q from -342 to 308, the 128 bits
/// of 5^q that Eisel-Lemire multiplies by (two words, high first) in `str_parse_floats`:
/// 5^q shifted so that its top bit is bit 127 and truncated for q >= 0; for q < 0,
/// floor(2^b / 5^-q) + 1 truncated to its top 128 bits, with b = z + 127 for q >= -27 and
/// 2z + 128 below (z the bit length of 5^-q), as Rust's `core::num::dec2flt` table and
/// fast_float's are built. The file is checked against this (see the tests) rather than
/// built at compile time, so the CPU tests of the kernels read the same table.
pub fn pow5_128_source() -> String {
    // Little-endian 32-bit words.
    fn bits(v: &[u32]) -> usize {
        v.iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| 32 * i + 32 - v[i].leading_zeros() as usize)
    }
    fn mul_small(v: &mut Vec<u32>, m: u32) {
        let mut carry = 0u64;
        for w in v.iter_mut() {
            let t = u64::from(*w) * u64::from(m) + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            v.push(carry as u32);
        }
    }
    fn div_small(v: &mut [u32], d: u32) {
        let mut rem = 0u64;
        for w in v.iter_mut().rev() {
            let t = (rem << 32) | u64::from(*w);
            *w = (t / u64::from(d)) as u32;
            rem = t % u64::from(d);
        }
    }
    fn pow2(b: usize) -> Vec<u32> {
        let mut v = vec![0u32; b / 32 + 1];
        v[b / 32] = 1 << (b % 32);
        v
    }
    /// The bits [lo, lo + 128) of v, high word first.
    fn window(v: &[u32], lo: isize) -> (u64, u64) {
        let bit = |i: isize| {
            let i = i + lo;
            i >= 0 && (i as usize) < 32 * v.len() && (v[i as usize / 32] >> (i % 32)) & 1 == 1
        };
        let word = |from: isize| (0..64).fold(0u64, |w, j| w | (u64::from(bit(from + j)) << j));
        (word(64), word(0))
    }
    let mut out = String::from(
        "// Generated by ferrodf_core::device::kernels::strings_convert::pow5_128_source (the\n\
         // test pow5_table_is_generated checks it; FERRODF_WRITE_TABLES=1 rewrites it): the\n\
         // 128-bit powers of five of Eisel-Lemire, for q from -342 to 308, high word first.\n\
         __device__ const uint64_t FLT_POW5_128[] = {\n",
    );
    for q in POW5_RANGE.0..=POW5_RANGE.1 {
        let n = q.unsigned_abs() as usize;
        let mut p5 = vec![1u32];
        for _ in 0..n {
            mul_small(&mut p5, 5);
        }
        let (hi, lo) = if q >= 0 {
            // 5^q with its top bit at bit 127 (low bits shifted out or zeros shifted in).
            window(&p5, bits(&p5) as isize - 128)
        } else {
            let z = bits(&p5);
            let b = if q >= -27 { z + 127 } else { 2 * z + 128 };
            let mut c = pow2(b);
            // floor(2^b / 5^n) as n floor divisions by 5.
            for _ in 0..n {
                div_small(&mut c, 5);
            }
            // + 1, then the top 128 bits.
            let mut k = 0;
            loop {
                let (w, carry) = c[k].overflowing_add(1);
                c[k] = w;
                if !carry {
                    break;
                }
                k += 1;
            }
            window(&c, bits(&c) as isize - 128)
        };
        out.push_str(&format!("    {hi:#018x}, {lo:#018x},  // 5^{q}\n"));
    }
    out.push_str("};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::pow5_128_source;

    /// `cuda/pow5_128.cuh` is what [`pow5_128_source`] builds (FERRODF_WRITE_TABLES=1
    /// writes it).
    #[test]
    fn pow5_table_is_generated() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/device/kernels/cuda/pow5_128.cuh"
        );
        let src = pow5_128_source();
        if std::env::var_os("FERRODF_WRITE_TABLES").is_some() {
            std::fs::write(path, &src).unwrap();
        }
        assert_eq!(std::fs::read_to_string(path).unwrap(), src);
    }

    /// Entries checked against values computed another way: 5^q exactly for small q, and
    /// 1/5 and 5^-342 (the first entry of Rust's and fast_float's tables).
    #[test]
    fn pow5_table_entries() {
        let src = pow5_128_source();
        let entry = |q: i32| {
            let line = src
                .lines()
                .find(|l| l.ends_with(&format!("// 5^{q}")))
                .unwrap();
            let words: Vec<u64> = line
                .split(',')
                .take(2)
                .map(|w| u64::from_str_radix(w.trim().trim_start_matches("0x"), 16).unwrap())
                .collect();
            (words[0], words[1])
        };
        for q in 0..=55u32 {
            let p = 5u128.pow(q);
            let p = p << p.leading_zeros();
            assert_eq!(entry(q as i32), ((p >> 64) as u64, p as u64), "5^{q}");
        }
        assert_eq!(entry(-1), (0xcccccccccccccccc, 0xcccccccccccccccd));
        assert_eq!(entry(-342), (0xeef453d6923bd65a, 0x113faa2906a13b3f));
        assert_eq!(src.matches("// 5^").count(), 651);
    }
}
