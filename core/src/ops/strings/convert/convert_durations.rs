//! pylibcudf's `strings.convert.convert_durations`: strings to and from DURATION columns
//! with libcudf's duration formats.
//!
//! Specifiers (libcudf's): `%D` days, `%H` hours (00-23 of the day), `%I` the hour on a
//! 12-hour clock (00-11), `%M` minutes, `%S` seconds with, for a value with a nonzero
//! fraction, `.` and 3, 6 or 9 digits (milli-, micro-, nanoseconds), `%OH %OI %OM %OS` the
//! same without a sign (`%OS` without the fraction), `%p` `AM`/`PM`, `%R` = `%H:%M`, `%T`
//! = `%H:%M:%S` (no fraction), `%r` = `%OI:%OM:%OS %p`, and `%% %n %t`. A negative value
//! writes one `-` before the first of `%D %H %I %M %S %R %T`; every field is written as
//! its magnitude. Formatting follows libcudf exactly (days beyond INT32 are written in
//! full where libcudf's INT32 day count would wrap).
//!
//! Parsing reads what formatting writes: the row must match the format to its end, an
//! optional `-` where the sign goes, one or more digits for `%D`, one or two for the
//! other fields, an optional `.` and one to nine digits after `%S`'s seconds, `AM`/`PM`
//! for `%p`. The value is the fields' sum (a `PM` adds 12 hours to `%I`), negated after
//! a `-`, truncated toward zero to the unit. libcudf leaves rows that do not match
//! undefined (an empty row gives 0); here they, and values out of the type's range, are
//! null (see [`super`]).

use super::super::{HostStrs, check_strings};
use super::{check_dtype, check_type, format_rows, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

/// One piece of a compiled duration format.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Item {
    /// A byte written and matched as is.
    Lit(u8),
    /// Where a negative value's `-` goes.
    Sign,
    /// A specifier: `D H I M S p R T r`, or `s` for `%OS` (seconds without the fraction).
    Spec(u8),
}

impl Item {
    /// The two bytes the device kernels read: 0 and the literal, 1 and `-` for the sign,
    /// 2 and the specifier.
    pub(crate) fn code(self) -> [u8; 2] {
        match self {
            Item::Lit(c) => [0, c],
            Item::Sign => [1, b'-'],
            Item::Spec(c) => [2, c],
        }
    }
}

/// The items of `format` (libcudf's compiler: the sign goes before the first signed
/// specifier); `ValueError` for an empty format or an unknown specifier.
pub(crate) fn compile(format: &str, function: &str) -> Result<Vec<Item>> {
    let bad = |what: String| Error::value(format!("strings.{function}: {what}"));
    if format.is_empty() {
        return Err(bad("the format must not be empty".into()));
    }
    let b = format.as_bytes();
    let (mut out, mut signed, mut k) = (Vec::new(), false, 0);
    while k < b.len() {
        if b[k] != b'%' {
            out.push(Item::Lit(b[k]));
            k += 1;
            continue;
        }
        let Some(&c) = b.get(k + 1) else {
            return Err(bad("the format ends inside a specifier (a lone %)".into()));
        };
        k += 2;
        match c {
            b'%' => out.push(Item::Lit(b'%')),
            b'n' => out.push(Item::Lit(b'\n')),
            b't' => out.push(Item::Lit(b'\t')),
            b'O' => {
                let spec = match b.get(k) {
                    Some(b'H') => b'H',
                    Some(b'I') => b'I',
                    Some(b'M') => b'M',
                    Some(b'S') => b's',
                    other => {
                        let other = other.map_or("the end".into(), |&c| format!("%O{}", c as char));
                        return Err(bad(format!(
                            "{other} is not a duration specifier (%O takes H, I, M or S)"
                        )));
                    }
                };
                k += 1;
                out.push(Item::Spec(spec));
            }
            b'D' | b'H' | b'I' | b'M' | b'S' | b'R' | b'T' | b'p' | b'r' => {
                if !signed && c != b'p' && c != b'r' {
                    out.push(Item::Sign);
                    signed = true;
                }
                out.push(Item::Spec(c));
            }
            _ => {
                return Err(bad(format!(
                    "%{} is not a duration specifier (use %D %H %I %M %S %p %R %T %r, their \
                     %O forms, %% %n %t)",
                    c as char
                )));
            }
        }
    }
    Ok(out)
}

/// The device kernels' form of `items`: two bytes an item.
fn code(items: &[Item]) -> Vec<u8> {
    items.iter().flat_map(|i| i.code()).collect()
}

/// Ticks of a DURATION type per second (0 for DURATION_DAYS) and its fraction digits.
pub(crate) fn unit(id: TypeId) -> (i64, u32) {
    match id {
        TypeId::DurationDays => (0, 0),
        TypeId::DurationSeconds => (1, 0),
        TypeId::DurationMilliseconds => (1_000, 3),
        TypeId::DurationMicroseconds => (1_000_000, 6),
        _ => (1_000_000_000, 9),
    }
}

/// `value` ticks of a unit with `per_sec` ticks a second (0: days) written with `items`
/// (the host twin of `str_from_durations`).
pub(crate) fn write_duration(
    value: i64,
    per_sec: i64,
    frac_digits: u32,
    items: &[Item],
    out: &mut Vec<u8>,
) {
    let neg = value < 0;
    let (day, hour, minute, second, sub) = if per_sec == 0 {
        (value, 0, 0, 0, 0)
    } else {
        let secs = value / per_sec;
        (
            secs / 86_400,
            (secs / 3600 % 24).abs(),
            (secs / 60 % 60).abs(),
            (secs % 60).abs(),
            (value % per_sec).abs(),
        )
    };
    let two = |out: &mut Vec<u8>, v: i64| {
        out.extend_from_slice(&[b'0' + (v / 10) as u8, b'0' + (v % 10) as u8])
    };
    let ampm = |out: &mut Vec<u8>| out.extend_from_slice(if hour >= 12 { b"PM" } else { b"AM" });
    for &item in items {
        match item {
            Item::Lit(c) => out.push(c),
            Item::Sign => {
                if neg {
                    out.push(b'-');
                }
            }
            Item::Spec(c) => match c {
                b'D' => out.extend_from_slice(day.unsigned_abs().to_string().as_bytes()),
                b'H' => two(out, hour),
                b'I' => two(out, hour % 12),
                b'M' => two(out, minute),
                b's' => two(out, second),
                b'S' => {
                    two(out, second);
                    if sub != 0 {
                        out.push(b'.');
                        let text = format!("{sub:0width$}", width = frac_digits as usize);
                        out.extend_from_slice(text.as_bytes());
                    }
                }
                b'p' => ampm(out),
                b'R' | b'T' => {
                    two(out, hour);
                    out.push(b':');
                    two(out, minute);
                    if c == b'T' {
                        out.push(b':');
                        two(out, second);
                    }
                }
                _ => {
                    // %r
                    two(out, hour % 12);
                    out.push(b':');
                    two(out, minute);
                    out.push(b':');
                    two(out, second);
                    out.push(b' ');
                    ampm(out);
                }
            },
        }
    }
}

/// One to `max` ASCII digits of `s` at `*k` (at most 18, so the value fits an i64).
fn digits(s: &[u8], k: &mut usize, max: usize) -> Option<i64> {
    let n = s[*k..]
        .iter()
        .take(max)
        .take_while(|c| c.is_ascii_digit())
        .count();
    if n == 0 {
        return None;
    }
    let v = s[*k..*k + n]
        .iter()
        .fold(0, |v, &c| v * 10 + i64::from(c - b'0'));
    *k += n;
    Some(v)
}

/// `AM` (false) or `PM` (true) at `*k`.
fn am_pm(s: &[u8], k: &mut usize) -> Option<bool> {
    let pm = match s.get(*k..*k + 2)? {
        b"AM" => false,
        b"PM" => true,
        _ => return None,
    };
    *k += 2;
    Some(pm)
}

/// `c` at `*k`.
fn byte(s: &[u8], k: &mut usize, c: u8) -> Option<()> {
    (s.get(*k) == Some(&c)).then(|| *k += 1)
}

/// Row `s` read with `items` (the host twin of `parse_duration` in strings_convert.cu):
/// nanoseconds, or None when the row does not match.
pub(crate) fn parse(s: &[u8], items: &[Item]) -> Option<i128> {
    let (mut neg, mut k) = (false, 0);
    let (mut day, mut hour, mut minute, mut second, mut nanos, mut shift) = (0i64, 0, 0, 0, 0, 0);
    for &item in items {
        match item {
            Item::Lit(c) => byte(s, &mut k, c)?,
            Item::Sign => {
                if s.get(k) == Some(&b'-') {
                    neg = true;
                    k += 1;
                }
            }
            Item::Spec(c) => match c {
                b'D' => day = digits(s, &mut k, 18)?,
                b'H' => {
                    hour = digits(s, &mut k, 2)?;
                    shift = 0;
                }
                b'I' => hour = digits(s, &mut k, 2)?,
                b'M' => minute = digits(s, &mut k, 2)?,
                b's' => second = digits(s, &mut k, 2)?,
                b'S' => {
                    second = digits(s, &mut k, 2)?;
                    if s.get(k) == Some(&b'.') {
                        k += 1;
                        let start = k;
                        let v = digits(s, &mut k, 9)?;
                        nanos = v * 10i64.pow(9 - (k - start) as u32);
                    }
                }
                b'p' => shift = if am_pm(s, &mut k)? { 12 } else { 0 },
                b'R' | b'T' => {
                    hour = digits(s, &mut k, 2)?;
                    shift = 0;
                    byte(s, &mut k, b':')?;
                    minute = digits(s, &mut k, 2)?;
                    if c == b'T' {
                        byte(s, &mut k, b':')?;
                        second = digits(s, &mut k, 2)?;
                    }
                }
                _ => {
                    // %r
                    hour = digits(s, &mut k, 2)?;
                    byte(s, &mut k, b':')?;
                    minute = digits(s, &mut k, 2)?;
                    byte(s, &mut k, b':')?;
                    second = digits(s, &mut k, 2)?;
                    byte(s, &mut k, b' ')?;
                    shift = if am_pm(s, &mut k)? { 12 } else { 0 };
                }
            },
        }
    }
    if k != s.len() {
        return None;
    }
    let secs = ((i128::from(day) * 24 + i128::from(hour + shift)) * 60 + i128::from(minute)) * 60
        + i128::from(second);
    let ns = secs * 1_000_000_000 + i128::from(nanos);
    Some(if neg { -ns } else { ns })
}

/// Nanoseconds per tick of a DURATION type.
fn ns_per_tick(id: TypeId) -> i128 {
    match unit(id).0 {
        0 => 86_400_000_000_000,
        per_sec => 1_000_000_000 / i128::from(per_sec),
    }
}

/// The durations of `duration_type` (a DURATION type, `TypeError` otherwise) the rows of
/// `input` spell in `format` (see the module docs); null for null rows, rows that do not
/// match and values out of the type's range.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_durations::to_durations;
/// use ferrodf_core::types::TypeId;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["1 days 02:03:04.5", "-0 days 00:00:01", "x"])).unwrap();
/// let t = TypeId::DurationMilliseconds.into();
/// let r = to_arrow(&to_durations(&c, t, "%D days %H:%M:%S").unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::DurationMillisecondArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(93_784_500), Some(-1_000), None]);
/// ```
pub fn to_durations(input: &Column, duration_type: DataType, format: &str) -> Result<Column> {
    const NAME: &str = "convert_durations.to_durations";
    check_strings(input, NAME, "input")?;
    check_dtype(duration_type, TypeId::is_duration, NAME, "a DURATION type")?;
    let items = compile(format, NAME)?;
    let per = ns_per_tick(duration_type.id());
    if use_device()? {
        return dev::parse_durations(input, duration_type, &code(&items), per as i64);
    }
    let days = duration_type.id() == TypeId::DurationDays;
    let h = HostStrs::of(input)?;
    let parsed: Vec<Option<i64>> = (0..h.len())
        .map(|i| {
            let ticks = parse(h.opt(i)?.as_bytes(), &items)? / per;
            let ticks = i64::try_from(ticks).ok()?;
            (!days || i32::try_from(ticks).is_ok()).then_some(ticks)
        })
        .collect();
    let valid: Vec<bool> = parsed.iter().map(Option::is_some).collect();
    let values = parsed.into_iter().map(|v| v.unwrap_or(0));
    if days {
        host_values_column(duration_type, values.map(|v| v as i32).collect(), &valid)
    } else {
        host_values_column(duration_type, values.collect::<Vec<i64>>(), &valid)
    }
}

/// Every row of the DURATION column `durations` (`TypeError` otherwise) written with
/// `format` (libcudf's default is `"%D days %H:%M:%S"`; see the module docs); nulls stay
/// null.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_durations::from_durations;
/// let d = arrow_array::DurationSecondArray::from(vec![93_784, -3_600]);
/// let c = from_arrow(&d).unwrap();
/// let r = to_arrow(&from_durations(&c, "%D days %H:%M:%S").unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some("1 days 02:03:04"), Some("-0 days 01:00:00")]);
/// ```
pub fn from_durations(durations: &Column, format: &str) -> Result<Column> {
    const NAME: &str = "convert_durations.from_durations";
    check_type(durations, TypeId::is_duration, NAME, "a DURATION column")?;
    let items = compile(format, NAME)?;
    let (per_sec, frac) = unit(durations.dtype().id());
    if use_device()? {
        return dev::from_durations(durations, &code(&items), per_sec, frac);
    }
    let values: Vec<i64> = if durations.dtype().id() == TypeId::DurationDays {
        durations
            .host_values::<i32>()?
            .iter()
            .map(|&v| i64::from(v))
            .collect()
    } else {
        durations.host_values::<i64>()?.to_vec()
    };
    format_rows(durations, |i, out| {
        write_duration(values[i], per_sec, frac, &items, out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(v: i64, id: TypeId, f: &str) -> String {
        let (per, frac) = unit(id);
        let mut out = Vec::new();
        write_duration(v, per, frac, &compile(f, "t").unwrap(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn format_follows_libcudf() {
        let ms = TypeId::DurationMilliseconds;
        assert_eq!(
            show(93_784_500, ms, "%D days %H:%M:%S"),
            "1 days 02:03:04.500"
        );
        assert_eq!(
            show(-93_784_000, ms, "%D days %H:%M:%S"),
            "-1 days 02:03:04"
        );
        assert_eq!(show(-1, ms, "%H:%M:%S"), "-00:00:00.001");
        assert_eq!(
            show(13 * 3_600_000, ms, "%r|%OI%p|%R|%T"),
            "01:00:00 PM|01PM|13:00|13:00:00"
        );
        assert_eq!(show(5, TypeId::DurationDays, "%D%%%n"), "5%\n");
        assert_eq!(show(-5, TypeId::DurationDays, "%OH %D"), "00 -5");
    }

    #[test]
    fn parse_reads_what_format_writes() {
        let items = compile("%D days %H:%M:%S", "t").unwrap();
        for v in [
            0i64,
            1,
            -1,
            999_999_999,
            86_400_000_000_001,
            -7_654_321_987_654,
        ] {
            let mut out = Vec::new();
            write_duration(v, 1_000_000_000, 9, &items, &mut out);
            assert_eq!(
                parse(&out, &items),
                Some(i128::from(v)),
                "{}",
                String::from_utf8_lossy(&out)
            );
        }
        let r = compile("%r", "t").unwrap();
        assert_eq!(
            parse(b"01:02:03 PM", &r),
            Some(i128::from(13 * 3600 + 123) * 1_000_000_000)
        );
        for bad in [
            "",
            "1 days 00:00",
            "1 days 00:00:00x",
            "x days 00:00:00",
            "1 days 00:00:00.",
        ] {
            assert_eq!(parse(bad.as_bytes(), &items), None, "{bad:?}");
        }
    }

    #[test]
    fn compile_refuses_unknown_specifiers() {
        for f in ["", "%", "%Q", "%OX", "%O"] {
            assert!(compile(f, "t").is_err(), "{f:?}");
        }
    }
}
