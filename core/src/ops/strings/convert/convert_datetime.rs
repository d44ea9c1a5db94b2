//! pylibcudf's `strings.convert.convert_datetime`: strings to and from timestamps with
//! strftime-style formats.
//!
//! Both paths: the device kernels (`strings_convert.cu`) walk the same compiled format.
//!
//! Fields have libcudf's fixed widths: `%Y` four digits, `%y %m %d %H %I %M %S` two, `%j`
//! three, `%f` six (`%3f`, `%6f`, `%9f`: that many), `%z` a sign and four digits
//! (`+HHMM`), `%p` `AM`/`PM` in either case. Parsing takes `%Y %y %m %d %j %H %I %p %M %S
//! %f %z %%` and literal characters, must consume the whole row, and checks every field's
//! range as Python's `datetime.strptime` does (day within the month, hour below 24, ...);
//! libcudf leaves malformed rows undefined, here they are null. Missing fields default to
//! 1970-01-01 00:00:00 (libcudf's; Python's year is 1900). `%z` offsets are subtracted.

use super::super::{HostStrs, check_strings};
use super::{check_dtype, check_type, format_rows, host_flags, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::{Error, Result};
use crate::ops::datetime::host::{civil_from_days, days_from_civil, days_in_month, is_leap};
use crate::placement::use_device;
use crate::types::{DataType, TypeId};

/// One piece of a format: a literal byte or a specifier with its digit count (`%3f`).
#[derive(Clone, Copy)]
enum Item {
    Lit(u8),
    Spec(u8, usize),
}

/// The items of `format`; `ValueError` for a specifier outside `allowed`.
fn items(format: &str, allowed: &[u8], function: &str) -> Result<Vec<Item>> {
    let b = format.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k] != b'%' {
            out.push(Item::Lit(b[k]));
            k += 1;
            continue;
        }
        let mut width = 0;
        if let Some(d @ b'1'..=b'9') = b.get(k + 1).copied()
            && b.get(k + 2) == Some(&b'f')
        {
            width = usize::from(d - b'0');
            k += 1;
        }
        match b.get(k + 1).copied() {
            Some(b'%') => out.push(Item::Lit(b'%')),
            Some(c) if allowed.contains(&c) => {
                let w = match c {
                    b'f' if width > 0 => width,
                    b'f' => 6,
                    b'Y' => 4,
                    b'j' => 3,
                    _ => 2,
                };
                out.push(Item::Spec(c, w));
            }
            c => {
                let c = c.map_or("end of format".into(), |c| format!("%{}", c as char));
                return Err(Error::value(format!(
                    "strings.{function}: format specifier {c} is not supported"
                )));
            }
        }
        k += 2;
    }
    Ok(out)
}

/// Nanoseconds per tick of a timestamp type (a day for TIMESTAMP_DAYS).
fn ns_per_tick(id: TypeId) -> i128 {
    match id {
        TypeId::TimestampDays => 86_400_000_000_000,
        TypeId::TimestampSeconds => 1_000_000_000,
        TypeId::TimestampMilliseconds => 1_000_000,
        TypeId::TimestampMicroseconds => 1_000,
        _ => 1,
    }
}

/// Exactly `n` ASCII digits of `s` at `*k`.
fn digits(s: &[u8], k: &mut usize, n: usize) -> Option<i64> {
    let d = s.get(*k..*k + n)?;
    if !d.iter().all(u8::is_ascii_digit) {
        return None;
    }
    *k += n;
    Some(d.iter().fold(0, |v, &c| v * 10 + i64::from(c - b'0')))
}

/// Row `s` read with `items`: nanoseconds since the epoch, or None when it does not fit.
fn parse(s: &[u8], items: &[Item]) -> Option<i128> {
    let (mut y, mut mo, mut d, mut yday) = (1970, 1, 1, None);
    let (mut h, mut mi, mut sec, mut ns, mut off) = (0, 0, 0, 0i64, 0);
    let (mut h12, mut pm) = (None, None);
    let mut k = 0;
    for &item in items {
        match item {
            Item::Lit(c) => {
                if s.get(k) != Some(&c) {
                    return None;
                }
                k += 1;
            }
            Item::Spec(c, w) => match c {
                b'Y' => y = digits(s, &mut k, w)?,
                b'y' => {
                    let v = digits(s, &mut k, w)?;
                    y = if v < 69 { 2000 + v } else { 1900 + v };
                }
                b'm' => mo = digits(s, &mut k, w)?,
                b'd' => d = digits(s, &mut k, w)?,
                b'j' => yday = Some(digits(s, &mut k, w)?),
                b'H' => h = digits(s, &mut k, w)?,
                b'I' => h12 = Some(digits(s, &mut k, w)?),
                b'M' => mi = digits(s, &mut k, w)?,
                b'S' => sec = digits(s, &mut k, w)?,
                b'f' => ns = digits(s, &mut k, w)? * 10i64.pow(9 - w as u32),
                b'p' => {
                    let t = s.get(k..k + 2)?.to_ascii_uppercase();
                    pm = Some(match t.as_slice() {
                        b"AM" => false,
                        b"PM" => true,
                        _ => return None,
                    });
                    k += 2;
                }
                _ => {
                    // %z: +HHMM or -HHMM
                    let sign = match s.get(k) {
                        Some(b'+') => 1,
                        Some(b'-') => -1,
                        _ => return None,
                    };
                    k += 1;
                    let (oh, om) = (digits(s, &mut k, 2)?, digits(s, &mut k, 2)?);
                    if oh > 23 || om > 59 {
                        return None;
                    }
                    off = sign * (oh * 60 + om);
                }
            },
        }
    }
    if k != s.len() || !(1..=12).contains(&mo) || !(1..=days_in_month(y, mo)).contains(&d) {
        return None;
    }
    if let Some(v) = h12 {
        if !(1..=12).contains(&v) {
            return None;
        }
        h = v % 12 + if pm == Some(true) { 12 } else { 0 };
    }
    if h > 23 || mi > 59 || sec > 59 {
        return None;
    }
    let days = match yday {
        Some(j) if !(1..=365 + i64::from(is_leap(y))).contains(&j) => return None,
        Some(j) => days_from_civil(y, 1, 1) + j - 1,
        None => days_from_civil(y, mo, d),
    };
    let secs = days * 86_400 + h * 3600 + mi * 60 + sec - off * 60;
    Some(i128::from(secs) * 1_000_000_000 + i128::from(ns))
}

/// The device kernels' form of `items`: three bytes an item (0, the literal, 0) or (1, the
/// specifier, its digit count).
fn code(items: &[Item]) -> Vec<u8> {
    items
        .iter()
        .flat_map(|i| match *i {
            Item::Lit(c) => [0, c, 0],
            Item::Spec(c, w) => [1, c, w as u8],
        })
        .collect()
}

const PARSED: &[u8] = b"YymdjHIpMSfz";

/// The timestamps of `timestamp_type` the rows spell in `format` (see the module docs),
/// floored to the type's unit; null for null rows, rows that do not match and values
/// out of the type's range.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_datetime::to_timestamps;
/// use ferrodf_core::types::TypeId;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["2024-02-29 12:30", "2023-02-29 00:00"])).unwrap();
/// let r = to_arrow(&to_timestamps(&c, TypeId::TimestampSeconds.into(), "%Y-%m-%d %H:%M").unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::TimestampSecondArray>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(1_709_209_800), None]);
/// ```
pub fn to_timestamps(input: &Column, timestamp_type: DataType, format: &str) -> Result<Column> {
    const NAME: &str = "convert_datetime.to_timestamps";
    check_strings(input, NAME, "input")?;
    check_dtype(
        timestamp_type,
        TypeId::is_timestamp,
        NAME,
        "a TIMESTAMP type",
    )?;
    let items = items(format, PARSED, NAME)?;
    let per = ns_per_tick(timestamp_type.id());
    if use_device()? {
        return dev::parse_timestamps(input, timestamp_type, &code(&items), per as i64, false);
    }
    let h = HostStrs::of(input)?;
    let ticks: Vec<Option<i64>> = (0..h.len())
        .map(|i| {
            let ns = parse(h.opt(i)?.as_bytes(), &items)?;
            i64::try_from(ns.div_euclid(per)).ok()
        })
        .collect();
    if timestamp_type.id() == TypeId::TimestampDays {
        let v: Vec<Option<i32>> = ticks
            .into_iter()
            .map(|t| t.and_then(|t| i32::try_from(t).ok()))
            .collect();
        let valid: Vec<bool> = v.iter().map(Option::is_some).collect();
        let v = v.into_iter().map(Option::unwrap_or_default).collect();
        return host_values_column::<i32>(timestamp_type, v, &valid);
    }
    let valid: Vec<bool> = ticks.iter().map(Option::is_some).collect();
    let v = ticks.into_iter().map(Option::unwrap_or_default).collect();
    host_values_column::<i64>(timestamp_type, v, &valid)
}

/// BOOL8: whether each row matches `format` (exactly the rows [`to_timestamps`] reads,
/// whatever the unit's range). Null rows stay null.
pub fn is_timestamp(input: &Column, format: &str) -> Result<Column> {
    const NAME: &str = "convert_datetime.is_timestamp";
    check_strings(input, NAME, "input")?;
    let items = items(format, PARSED, NAME)?;
    if use_device()? {
        let t = TypeId::TimestampNanoseconds.into();
        return dev::parse_timestamps(input, t, &code(&items), 1, true);
    }
    let h = HostStrs::of(input)?;
    let flags = (0..h.len())
        .map(|i| {
            h.opt(i)
                .is_some_and(|s| parse(s.as_bytes(), &items).is_some())
        })
        .collect();
    host_flags(input, flags)
}

/// The 40 names `%p %A %a %B %b` take from `input_strings_names` (libcudf's order: AM, PM,
/// the weekdays from Sunday, then abbreviated, the months, then abbreviated).
const NAMES: usize = 40;

/// Every timestamp as `format` writes it: the fields of the module docs plus `%z`
/// (`+0000`), `%Z` (`UTC`), `%u` (Monday 1 .. Sunday 7), `%w` (Sunday 0 .. Saturday 6),
/// `%U` / `%W` (week of the year from the first Sunday / Monday, two digits), and `%a %A
/// %b %B %p`, which need the 40 `input_strings_names` (an empty column otherwise; `%p`
/// writes AM/PM without them). `%f` writes the first digits of the nanoseconds. Nulls
/// stay null.
pub fn from_timestamps(
    timestamps: &Column,
    format: &str,
    input_strings_names: &Column,
) -> Result<Column> {
    const NAME: &str = "convert_datetime.from_timestamps";
    check_type(timestamps, TypeId::is_timestamp, NAME, "a TIMESTAMP column")?;
    check_strings(input_strings_names, NAME, "input_strings_names")?;
    let items = items(format, b"YymdjHIpMSfzZuwUWaAbB", NAME)?;
    let names = HostStrs::of(input_strings_names)?;
    let needs_names = items
        .iter()
        .any(|i| matches!(i, Item::Spec(b'a' | b'A' | b'b' | b'B', _)));
    if (needs_names || names.len() > 0) && names.len() != NAMES {
        return Err(Error::value(format!(
            "strings.{NAME}: input_strings_names must have {NAMES} rows (AM, PM, the weekdays, \
             their abbreviations, the months, their abbreviations), got {}",
            names.len()
        )));
    }
    let id = timestamps.dtype().id();
    if use_device()? {
        let per = ns_per_tick(id) as i64;
        let names = (names.len() == NAMES).then_some(input_strings_names);
        return dev::from_timestamps(timestamps, &code(&items), per, names);
    }
    let ticks: Vec<i64> = if id == TypeId::TimestampDays {
        timestamps
            .host_values::<i32>()?
            .iter()
            .map(|&v| i64::from(v))
            .collect()
    } else {
        timestamps.host_values::<i64>()?.to_vec()
    };
    let per = ns_per_tick(id);
    let name = |k: usize| names.get(k).as_bytes();
    format_rows(timestamps, |i, out| {
        let ns = i128::from(ticks[i]) * per;
        let day_ns = 86_400_000_000_000i128;
        let days = ns.div_euclid(day_ns) as i64;
        let rem = ns.rem_euclid(day_ns) as i64;
        let (y, mo, d) = civil_from_days(days);
        let (h, mi, s) = (
            rem / 3_600_000_000_000,
            rem / 60_000_000_000 % 60,
            rem / 1_000_000_000 % 60,
        );
        let sub = rem % 1_000_000_000;
        let yday = days - days_from_civil(y, 1, 1);
        let wday = (days + 4).rem_euclid(7);
        for &item in &items {
            let text = match item {
                Item::Lit(c) => {
                    out.push(c);
                    continue;
                }
                Item::Spec(c, w) => match c {
                    b'Y' => format!("{y:04}"),
                    b'y' => format!("{:02}", y.rem_euclid(100)),
                    b'm' => format!("{mo:02}"),
                    b'd' => format!("{d:02}"),
                    b'j' => format!("{:03}", yday + 1),
                    b'H' => format!("{h:02}"),
                    b'I' => format!("{:02}", if h % 12 == 0 { 12 } else { h % 12 }),
                    b'M' => format!("{mi:02}"),
                    b'S' => format!("{s:02}"),
                    b'f' => format!("{sub:09}")[..w].to_string(),
                    b'z' => "+0000".into(),
                    b'Z' => "UTC".into(),
                    b'u' => format!("{}", if wday == 0 { 7 } else { wday }),
                    b'w' => format!("{wday}"),
                    b'U' => format!("{:02}", (yday + 7 - wday) / 7),
                    b'W' => format!("{:02}", (yday + 7 - (wday + 6) % 7) / 7),
                    b'p' if names.len() == NAMES => {
                        out.extend_from_slice(name(usize::from(h >= 12)));
                        continue;
                    }
                    b'p' => (if h >= 12 { "PM" } else { "AM" }).into(),
                    _ => {
                        let k = match c {
                            b'A' => 2 + wday as usize,
                            b'a' => 9 + wday as usize,
                            b'B' => 15 + mo as usize,
                            _ => 27 + mo as usize,
                        };
                        out.extend_from_slice(name(k));
                        continue;
                    }
                },
            };
            out.extend_from_slice(text.as_bytes());
        }
    })
}
