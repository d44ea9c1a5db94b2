//! pylibcudf's `strings.convert.convert_integers`: decimal and hex strings to and from
//! integers.
//!
//! Decimal rows are an optional `+` or `-` and one or more ASCII digits (libcudf's
//! `is_integer`; pyarrow's cast takes no `+` but reads `0x` hex). Hex rows are an optional
//! `0x`/`0X` and one or more hex digits. libcudf's `to_integers` and `hex_to_integers`
//! stop at the first other character and wrap on overflow ("12ab" gives 12, "ab" 0);
//! here such rows, and decimal values out of the output type's range, are null (see
//! [`super`]). Hex values keep their low bits, as in libcudf ("FF" as INT8 is -1).

use super::super::{HostStrs, check_strings};
use super::{check_dtype, check_type, format_rows, host_flags, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert::{self as dev, IntegerGrammar};
use crate::error::Result;
use crate::ops::cast::cast;
use crate::placement::use_device;
use crate::types::{DataType, TypeId, fixed_width};

const INTEGER: &str = "an integer type (INT8..UINT64)";

/// The grammar of decimal rows whose value must fit `t` (None: any value).
fn decimal(t: Option<DataType>) -> IntegerGrammar {
    IntegerGrammar {
        hex: false,
        is_unsigned: t.is_some_and(|t| !t.id().is_signed_integer()),
        bits: t.map_or(0, |t| 8 * fixed_width(t.id()).unwrap_or(0) as i32),
    }
}

const HEX: IntegerGrammar = IntegerGrammar {
    hex: true,
    is_unsigned: false,
    bits: 0,
};

/// Row `s` read as `g` says (the host twin of `parse_integer` in strings_convert.cu): its
/// value's 64 bits, or None when it does not parse.
fn parse(s: &[u8], g: IntegerGrammar) -> Option<i64> {
    let (neg, digits) = match s {
        [b'0', b'x' | b'X', rest @ ..] if g.hex => (false, rest),
        [b'-', rest @ ..] if !g.hex => (true, rest),
        [b'+', rest @ ..] if !g.hex => (false, rest),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut mag: u64 = 0;
    let mut overflow = false;
    for &c in digits {
        if g.hex {
            mag = (mag << 4) | u64::from((c as char).to_digit(16)?);
        } else {
            if !c.is_ascii_digit() {
                return None;
            }
            let (m, o1) = mag.overflowing_mul(10);
            let (m, o2) = m.overflowing_add(u64::from(c - b'0'));
            overflow |= o1 || o2;
            mag = m;
        }
    }
    if !g.hex && g.bits > 0 {
        let bits = g.bits as u32;
        let fits = if overflow {
            false
        } else if g.is_unsigned {
            if neg {
                mag == 0
            } else {
                bits == 64 || mag < 1 << bits
            }
        } else {
            let limit = 1u64 << (bits - 1);
            if neg { mag <= limit } else { mag < limit }
        };
        if !fits {
            return None;
        }
    }
    Some(if neg {
        0u64.wrapping_sub(mag) as i64
    } else {
        mag as i64
    })
}

/// Whether every row parses as `g` (BOOL8, nulls kept), or with `values` the parsed
/// values (INT64, or UINT64 for an unsigned `g`) with the other rows null.
fn parse_rows(input: &Column, g: IntegerGrammar, values: bool) -> Result<Column> {
    if use_device()? {
        return dev::parse_integers(input, g, values);
    }
    let h = HostStrs::of(input)?;
    let parsed: Vec<Option<i64>> = (0..h.len())
        .map(|i| h.opt(i).and_then(|s| parse(s.as_bytes(), g)))
        .collect();
    if !values {
        return host_flags(input, parsed.iter().map(Option::is_some).collect());
    }
    let valid: Vec<bool> = parsed.iter().map(Option::is_some).collect();
    let v: Vec<i64> = parsed.into_iter().map(|x| x.unwrap_or(0)).collect();
    let id = if g.is_unsigned {
        TypeId::Uint64
    } else {
        TypeId::Int64
    };
    host_values_column(id.into(), v, &valid)
}

/// The integers of `output_type` (an integer type, `TypeError` otherwise) that the rows
/// of `input` spell in decimal; null for null rows, rows that are not integers and values
/// out of the type's range.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_integers::to_integers;
/// use ferrodf_core::types::TypeId;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["-12", "+7", "300", "1x"])).unwrap();
/// let r = to_arrow(&to_integers(&c, TypeId::Int8.into()).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Int8Array>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(-12), Some(7), None, None]);
/// ```
pub fn to_integers(input: &Column, output_type: DataType) -> Result<Column> {
    const NAME: &str = "convert_integers.to_integers";
    check_strings(input, NAME, "input")?;
    check_dtype(output_type, TypeId::is_integer, NAME, INTEGER)?;
    cast(
        &parse_rows(input, decimal(Some(output_type)), true)?,
        output_type,
    )
}

/// BOOL8: whether each row is a decimal integer, and with `int_type` whether its value
/// also fits that type. Null rows stay null.
pub fn is_integer(input: &Column, int_type: Option<DataType>) -> Result<Column> {
    const NAME: &str = "convert_integers.is_integer";
    check_strings(input, NAME, "input")?;
    if let Some(t) = int_type {
        check_dtype(t, TypeId::is_integer, NAME, INTEGER)?;
    }
    parse_rows(input, decimal(int_type), false)
}

/// The integers of `output_type` that the rows spell in hex (optional `0x`), keeping the
/// low bits of longer values; null for null rows and rows that are not hex.
pub fn hex_to_integers(input: &Column, output_type: DataType) -> Result<Column> {
    const NAME: &str = "convert_integers.hex_to_integers";
    check_strings(input, NAME, "input")?;
    check_dtype(output_type, TypeId::is_integer, NAME, INTEGER)?;
    cast(&parse_rows(input, HEX, true)?, output_type)
}

/// BOOL8: whether each row is hex (an optional `0x` and one or more hex digits).
pub fn is_hex(input: &Column) -> Result<Column> {
    check_strings(input, "convert_integers.is_hex", "input")?;
    parse_rows(input, HEX, false)
}

/// `integers` as 64-bit values (UINT64 stays unsigned) and its type's width in bytes.
fn widened(integers: &Column, function: &str) -> Result<(Column, usize)> {
    check_type(integers, TypeId::is_integer, function, INTEGER)?;
    let id = integers.dtype().id();
    let wide = if id == TypeId::Uint64 {
        integers.clone()
    } else {
        cast(integers, TypeId::Int64.into())?
    };
    Ok((wide, fixed_width(id).unwrap_or(8)))
}

/// Format the 64-bit column `wide` on the host: decimal, or hex of `hex_width` bytes.
fn format_host(wide: &Column, hex_width: Option<usize>) -> Result<Column> {
    let unsigned = wide.dtype().id() == TypeId::Uint64;
    let v = wide.host_values::<i64>()?;
    format_rows(wide, |i, out| {
        let x = v[i];
        let s = match hex_width {
            Some(w) => hex_bytes(x as u64, w),
            None if unsigned => (x as u64).to_string(),
            None => x.to_string(),
        };
        out.extend_from_slice(s.as_bytes());
    })
}

/// The low `width` bytes of `u` in upper-case hex, two digits a byte, without leading
/// zero bytes (0 is "00").
fn hex_bytes(u: u64, width: usize) -> String {
    let mut top = width - 1;
    while top > 0 && (u >> (8 * top)) & 0xFF == 0 {
        top -= 1;
    }
    (0..=top)
        .rev()
        .map(|b| format!("{:02X}", (u >> (8 * b)) & 0xFF))
        .collect()
}

/// Every row of an integer column in decimal (`-` for negative values); nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_integers::from_integers;
/// let c = from_arrow(&arrow_array::Int16Array::from(vec![Some(-32768), None, Some(7)])).unwrap();
/// let r = to_arrow(&from_integers(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some("-32768"), None, Some("7")]);
/// ```
pub fn from_integers(integers: &Column) -> Result<Column> {
    let (wide, _) = widened(integers, "convert_integers.from_integers")?;
    if use_device()? {
        return dev::from_integers(&wide, None);
    }
    format_host(&wide, None)
}

/// Every row of an integer column as upper-case hex of its bytes (two's complement for
/// negative values), leading zero bytes left out, as libcudf: 1234 is "04D2", -1 as
/// INT32 "FFFFFFFF", 0 "00". Nulls stay null.
pub fn integers_to_hex(input: &Column) -> Result<Column> {
    let (wide, width) = widened(input, "convert_integers.integers_to_hex")?;
    if use_device()? {
        return dev::from_integers(&wide, Some(width));
    }
    format_host(&wide, Some(width))
}
