//! pylibcudf's `strings.convert.convert_floats`.
//!
//! Parsing and formatting follow pyarrow's casts (which are correctly rounded; libcudf's
//! are not always, and its `from_floats` prints at most 9 significant digits).
//!
//! Both run on the device when placement says so (`cuda/strings_floats.cu`), with the
//! same bits as the host path: parsing by Eisel-Lemire over a generated table of 128-bit
//! powers of five, with an exact big-integer comparison for the rows it cannot decide (as
//! Rust's `core::num::dec2flt`, which the host path calls); formatting by exact
//! shortest-digit generation (Burger and Dybvig) with the tie rule of `shortest`.

use super::super::{HostStrs, check_strings};
use super::{check_dtype, check_type, format_rows, host_flags, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::Result;
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

const FLOAT: &str = "FLOAT32 or FLOAT64";

/// Whether `s` is a float literal (Rust's `f64::from_str`: an optional sign, digits with
/// an optional point and an optional exponent, or `inf`, `infinity`, `nan` in any case;
/// no spaces). pyarrow's cast reads the same strings.
fn parse<T: std::str::FromStr>(s: &str) -> Option<T> {
    s.parse::<T>().ok()
}

/// The floats of `output_type` (FLOAT32 or FLOAT64, `TypeError` otherwise) the rows
/// spell, correctly rounded (each type parsed directly, so FLOAT32 is not rounded twice);
/// out-of-range values are infinities. Null for null rows and rows that are not floats.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_floats::to_floats;
/// use ferrodf_core::types::TypeId;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["1e3", "-.5", "x"])).unwrap();
/// let r = to_arrow(&to_floats(&c, TypeId::Float64.into()).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::Float64Array>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(1000.0), Some(-0.5), None]);
/// ```
pub fn to_floats(strings: &Column, output_type: DataType) -> Result<Column> {
    const NAME: &str = "convert_floats.to_floats";
    check_strings(strings, NAME, "strings")?;
    check_dtype(output_type, TypeId::is_floating, NAME, FLOAT)?;
    if use_device()? {
        return dev::parse_floats(strings, output_type, false);
    }
    let h = HostStrs::of(strings)?;
    let rows = 0..h.len();
    if output_type.id() == TypeId::Float32 {
        let p: Vec<Option<f32>> = rows.map(|i| h.opt(i).and_then(parse)).collect();
        let valid: Vec<bool> = p.iter().map(Option::is_some).collect();
        let v = p.into_iter().map(|x| x.unwrap_or(0.0)).collect();
        return host_values_column(output_type, v, &valid);
    }
    let p: Vec<Option<f64>> = rows.map(|i| h.opt(i).and_then(parse)).collect();
    let valid: Vec<bool> = p.iter().map(Option::is_some).collect();
    let v = p.into_iter().map(|x| x.unwrap_or(0.0)).collect();
    host_values_column(output_type, v, &valid)
}

/// BOOL8: whether each row is a float literal that [`to_floats`] reads. Null rows stay null.
pub fn is_float(input: &Column) -> Result<Column> {
    const NAME: &str = "convert_floats.is_float";
    check_strings(input, NAME, "input")?;
    if use_device()? {
        // The grammar does not depend on the type: FLOAT64's flags are FLOAT32's.
        return dev::parse_floats(input, TypeId::Float64.into(), true);
    }
    let h = HostStrs::of(input)?;
    let flags = (0..h.len())
        .map(|i| h.opt(i).and_then(parse::<f64>).is_some())
        .collect();
    host_flags(input, flags)
}

/// The shortest digits that read back as `v` (of its own type), in Rust's `{:e}` form.
/// When two candidates of that length are equally close (1889013.25f32: ...2 and ...3),
/// the even one, as double-conversion (pyarrow's formatter) picks; Rust's shortest
/// formatting may pick the other.
fn shortest<T>(v: T) -> String
where
    T: std::fmt::LowerExp + std::str::FromStr + PartialEq + Copy,
{
    let s = format!("{v:e}");
    let Some((mantissa, _)) = s.split_once('e') else {
        return s; // NaN, inf
    };
    let digits = mantissa.trim_start_matches('-').len() - usize::from(mantissa.contains('.'));
    // Rust rounds the exact binary value to that many digits, ties to even.
    let even = format!("{v:.*e}", digits - 1);
    if even.parse::<T>().ok() == Some(v) {
        even
    } else {
        s
    }
}

/// The shortest digits `sci` of a value (see [`shortest`]) as pyarrow's cast to string
/// writes them: in positional notation for decimal exponents -6 to 9 ("0.000001",
/// "1234567890", "1" without a point) and scientific otherwise ("1e-7", "1.5e+300"), and
/// "nan", "inf", "-inf", "-0".
fn format_float(sci: String) -> String {
    // `sci` is Rust's shortest `{:e}`: "-1.25e-7", "1e20", "NaN", "inf".
    match sci.as_str() {
        "NaN" => return "nan".into(),
        "inf" | "-inf" => return sci,
        _ => {}
    }
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent");
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|&c| c != '.').collect();
    let k = digits.len() as i32;
    let body = if !(-6..10).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        let esign = if exp < 0 { "-" } else { "+" };
        format!("{first}{point}{rest}e{esign}{}", exp.abs())
    } else if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else if k <= exp + 1 {
        format!("{digits}{}", "0".repeat((exp + 1 - k) as usize))
    } else {
        let (int, frac) = digits.split_at(exp as usize + 1);
        format!("{int}.{frac}")
    };
    format!("{sign}{body}")
}

/// Every row of a FLOAT32 or FLOAT64 column as pyarrow's cast to string writes it (see
/// `format_float`): "1", "0.1", "1e+20", "1.5e-7". Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_floats::from_floats;
/// let c = from_arrow(&arrow_array::Float64Array::from(vec![1.0, 0.1, 1e20, 1e-7, f64::NAN])).unwrap();
/// let r = to_arrow(&from_floats(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), vec!["1", "0.1", "1e+20", "1e-7", "nan"]);
/// ```
pub fn from_floats(floats: &Column) -> Result<Column> {
    const NAME: &str = "convert_floats.from_floats";
    check_type(floats, TypeId::is_floating, NAME, FLOAT)?;
    if use_device()? {
        return dev::from_floats(floats);
    }
    if floats.dtype().id() == TypeId::Float32 {
        let v = floats.host_values::<f32>()?;
        return format_rows(floats, |i, out| {
            out.extend_from_slice(format_float(shortest(v[i])).as_bytes());
        });
    }
    let v = floats.host_values::<f64>()?;
    format_rows(floats, |i, out| {
        out.extend_from_slice(format_float(shortest(v[i])).as_bytes());
    })
}
