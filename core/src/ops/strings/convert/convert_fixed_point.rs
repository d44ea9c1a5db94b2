//! pylibcudf's `strings.convert.convert_fixed_point`: decimal strings to and from
//! DECIMAL32, DECIMAL64 and DECIMAL128.
//!
//! A row is an optional `+` or `-`, one or more ASCII digits with at most one `.` among
//! them, and optionally `e` or `E` with an optional sign and one or more digits. Its value
//! is the exact decimal truncated toward zero to the type's scale, as libcudf truncates
//! (`"1.239"` as DECIMAL64 with scale -2 is 123). libcudf stops reading at the first other
//! character and does not check overflow; here such rows, and values that do not fit the
//! storage type, are null (see [`super`]), so `to_fixed_point` is null exactly where
//! `is_fixed_point` is false. `from_fixed_point` writes `[-]integer.fraction` with
//! `-scale` fraction digits, or for a scale of zero or more the integer followed by
//! `scale` zeros; zero with a positive scale is written `0` (libcudf writes `0` followed by
//! `scale` zeros).

use super::super::{HostStrs, check_strings};
use super::{check_dtype, check_type, format_rows, host_flags, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::Result;
use crate::placement::use_device;
use crate::types::{DataType, TypeId, fixed_width};

const DECIMAL: &str = "a DECIMAL type (DECIMAL32, DECIMAL64 or DECIMAL128)";

/// The most a decimal exponent is taken to be: beyond it every nonzero value overflows
/// or truncates to zero, whatever the row's length.
const EXPONENT_CAP: i64 = 1_000_000_000;

/// Row `s` as a decimal of `scale` stored in `bits` bits (the host twin of
/// `parse_fixed_point` in strings_convert.cu): the value, or None when the row is not a
/// decimal number or its value does not fit.
pub(crate) fn parse(s: &[u8], scale: i32, bits: u32) -> Option<i128> {
    let mut k = 0;
    let neg = matches!(s.first(), Some(b'-'));
    if matches!(s.first(), Some(b'-' | b'+')) {
        k = 1;
    }
    // The significant digits (leading zeros left out) and how many follow the point.
    let (mut sig, mut digits, mut frac, mut dot) = (Vec::new(), 0usize, 0i64, false);
    while k < s.len() {
        match s[k] {
            b'.' if !dot => dot = true,
            c @ b'0'..=b'9' => {
                digits += 1;
                frac += i64::from(dot);
                if c != b'0' || !sig.is_empty() {
                    sig.push(c - b'0');
                }
            }
            _ => break,
        }
        k += 1;
    }
    if digits == 0 {
        return None;
    }
    let mut exp = 0i64;
    if k < s.len() {
        if !matches!(s[k], b'e' | b'E') {
            return None;
        }
        k += 1;
        let eneg = matches!(s.get(k), Some(b'-'));
        if matches!(s.get(k), Some(b'-' | b'+')) {
            k += 1;
        }
        if k == s.len() {
            return None;
        }
        for &c in &s[k..] {
            if !c.is_ascii_digit() {
                return None;
            }
            exp = (exp * 10 + i64::from(c - b'0')).min(EXPONENT_CAP);
        }
        if eneg {
            exp = -exp;
        }
    }
    // value = sig * 10^(exp - frac - scale), truncated toward zero.
    let shift = exp - frac - i64::from(scale);
    let keep = sig.len() as i64 + shift.min(0);
    let mut v: u128 = 0;
    for &d in sig.iter().take(keep.max(0) as usize) {
        v = v.checked_mul(10)?.checked_add(u128::from(d))?;
    }
    if v != 0 {
        for _ in 0..shift.max(0) {
            v = v.checked_mul(10)?;
        }
    }
    let limit = 1u128 << (bits - 1);
    if (neg && v > limit) || (!neg && v >= limit) {
        return None;
    }
    Some(if neg {
        0u128.wrapping_sub(v) as i128
    } else {
        v as i128
    })
}

/// `value` with `scale` as text (the host twin of `str_from_fixed_point`).
pub(crate) fn format(value: i128, scale: i32, out: &mut Vec<u8>) {
    let mag = value.unsigned_abs();
    if value < 0 {
        out.push(b'-');
    }
    if scale >= 0 {
        out.extend_from_slice(mag.to_string().as_bytes());
        if mag != 0 {
            out.resize(out.len() + scale as usize, b'0');
        }
        return;
    }
    let digits = mag.to_string();
    let frac = (-scale) as usize;
    if digits.len() > frac {
        let (int, fraction) = digits.split_at(digits.len() - frac);
        out.extend_from_slice(int.as_bytes());
        out.push(b'.');
        out.extend_from_slice(fraction.as_bytes());
    } else {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + frac - digits.len(), b'0');
        out.extend_from_slice(digits.as_bytes());
    }
}

/// The storage width of a DECIMAL type in bits.
fn bits_of(t: DataType) -> u32 {
    8 * fixed_width(t.id()).expect("a DECIMAL type is fixed-width") as u32
}

/// Parse every row for `t`: the values, or with `flags_only` whether each row parses.
fn parse_rows(input: &Column, t: DataType, flags_only: bool) -> Result<Column> {
    if use_device()? {
        return dev::parse_fixed_point(input, t, flags_only);
    }
    let h = HostStrs::of(input)?;
    let bits = bits_of(t);
    let parsed: Vec<Option<i128>> = (0..h.len())
        .map(|i| h.opt(i).and_then(|s| parse(s.as_bytes(), t.scale(), bits)))
        .collect();
    let valid: Vec<bool> = parsed.iter().map(Option::is_some).collect();
    if flags_only {
        return host_flags(input, valid);
    }
    let values = parsed.into_iter().map(|v| v.unwrap_or(0));
    match t.id() {
        TypeId::Decimal32 => host_values_column(t, values.map(|v| v as i32).collect(), &valid),
        TypeId::Decimal64 => host_values_column(t, values.map(|v| v as i64).collect(), &valid),
        _ => host_values_column(t, values.collect::<Vec<i128>>(), &valid),
    }
}

/// The decimals of `output_type` (a DECIMAL type, `TypeError` otherwise) that the rows of
/// `input` spell (see the module docs): truncated toward zero to the type's scale; null for
/// null rows, rows that are not decimal numbers and values that do not fit.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_fixed_point::to_fixed_point;
/// use ferrodf_core::types::{DataType, TypeId};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["123", "-8.765", "1.5e2", "x"])).unwrap();
/// let r = to_fixed_point(&c, DataType::new(TypeId::Decimal64, -2)).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Decimal64Array>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(12300), Some(-876), Some(15000), None]);
/// ```
pub fn to_fixed_point(input: &Column, output_type: DataType) -> Result<Column> {
    const NAME: &str = "convert_fixed_point.to_fixed_point";
    check_strings(input, NAME, "input")?;
    check_dtype(output_type, TypeId::is_decimal, NAME, DECIMAL)?;
    parse_rows(input, output_type, false)
}

/// BOOL8: whether each row is a decimal number whose value fits `decimal_type` (a DECIMAL
/// type, DECIMAL64 with scale 0 when None, as libcudf's default); nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_fixed_point::is_fixed_point;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["-0.005", "1.2.3", "+17E30"])).unwrap();
/// let r = to_arrow(&is_fixed_point(&c, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::BooleanArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(true), Some(false), Some(false)]);
/// ```
pub fn is_fixed_point(input: &Column, decimal_type: Option<DataType>) -> Result<Column> {
    const NAME: &str = "convert_fixed_point.is_fixed_point";
    check_strings(input, NAME, "input")?;
    let t = decimal_type.unwrap_or(DataType::new(TypeId::Decimal64, 0));
    check_dtype(t, TypeId::is_decimal, NAME, DECIMAL)?;
    parse_rows(input, t, true)
}

/// Every row of the DECIMAL column `input` (`TypeError` otherwise) as text: `-` for a
/// negative value, the scale placing the decimal point (see the module docs); nulls stay
/// null.
///
/// ```
/// use ferrodf_core::buffer::Buffer;
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::to_arrow;
/// use ferrodf_core::ops::strings::convert::convert_fixed_point::from_fixed_point;
/// use ferrodf_core::types::{DataType, TypeId};
/// let t = DataType::new(TypeId::Decimal64, -2);
/// let data = Some(Buffer::from_vec(vec![110i64, 3330, -1]));
/// let c = Column::new(t, 3, data, None, Some(0), 0, vec![]).unwrap();
/// let r = to_arrow(&from_fixed_point(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some("1.10"), Some("33.30"), Some("-0.01")]);
/// ```
pub fn from_fixed_point(input: &Column) -> Result<Column> {
    const NAME: &str = "convert_fixed_point.from_fixed_point";
    check_type(input, TypeId::is_decimal, NAME, "a DECIMAL column")?;
    if use_device()? {
        return dev::from_fixed_point(input);
    }
    let scale = input.dtype().scale();
    let values: Vec<i128> = match input.dtype().id() {
        TypeId::Decimal32 => input
            .host_values::<i32>()?
            .iter()
            .map(|&v| i128::from(v))
            .collect(),
        TypeId::Decimal64 => input
            .host_values::<i64>()?
            .iter()
            .map(|&v| i128::from(v))
            .collect(),
        _ => input.host_values::<i128>()?.to_vec(),
    };
    format_rows(input, |i, out| format(values[i], scale, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str, scale: i32) -> Option<i128> {
        parse(s.as_bytes(), scale, 64)
    }

    #[test]
    fn parse_truncates_toward_zero_to_the_scale() {
        assert_eq!(p("1.239", -2), Some(123));
        assert_eq!(p("-1.239", -2), Some(-123));
        assert_eq!(p("1.5e2", -2), Some(15000));
        assert_eq!(p("15E-1", 0), Some(1));
        assert_eq!(p(".5", -1), Some(5));
        assert_eq!(p("5.", 0), Some(5));
        assert_eq!(p("0000000000000000000000000000000000000000001", 0), Some(1));
        assert_eq!(p("1e-999999999999999", 0), Some(0));
    }

    #[test]
    fn parse_refuses_malformed_rows_and_overflow() {
        for s in ["", "+", ".", "1.2.3", "1e", "1e+", "12a", " 1", "e5", "--1"] {
            assert_eq!(p(s, 0), None, "{s:?}");
        }
        assert_eq!(p("9223372036854775807", 0), Some(i128::from(i64::MAX)));
        assert_eq!(p("9223372036854775808", 0), None);
        assert_eq!(p("-9223372036854775808", 0), Some(i128::from(i64::MIN)));
        assert_eq!(p("1e999999999999", 0), None);
        assert_eq!(p("0e999999999999", 0), Some(0));
    }

    #[test]
    fn format_places_the_point() {
        let f = |v: i128, s: i32| {
            let mut out = Vec::new();
            format(v, s, &mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(f(110, -2), "1.10");
        assert_eq!(f(-1, -2), "-0.01");
        assert_eq!(f(0, -3), "0.000");
        assert_eq!(f(5, 2), "500");
        assert_eq!(f(0, 2), "0");
        assert_eq!(
            f(i128::MIN, -38),
            "-1.70141183460469231731687303715884105728"
        );
    }
}
