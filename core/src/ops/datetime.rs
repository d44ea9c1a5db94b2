//! pylibcudf's `datetime` module: `extract_datetime_component`, `day_of_year` and
//! `floor_datetimes` / `ceil_datetimes` / `round_datetimes` on TIMESTAMP columns of every
//! unit. Dates are proleptic Gregorian (days <-> civil conversion by Howard Hinnant's
//! algorithms) and times before 1970 use floor division, so they are correct. Nulls stay
//! null. Time zones are not interpreted: ticks are UTC.

use crate::column::Column;
use crate::device::kernels::datetime as dev;
use crate::error::{Error, Result};
use crate::ops::unary::{host_column, map_values};
use crate::placement::use_device;
use crate::types::TypeId;

pub use crate::datetime_parts::{DatetimeComponent, RoundingFrequency};

impl RoundingFrequency {
    fn nanos(self) -> i64 {
        match self {
            RoundingFrequency::Day => 86_400_000_000_000,
            RoundingFrequency::Hour => 3_600_000_000_000,
            RoundingFrequency::Minute => 60_000_000_000,
            RoundingFrequency::Second => 1_000_000_000,
            RoundingFrequency::Millisecond => 1_000_000,
            RoundingFrequency::Microsecond => 1_000,
            RoundingFrequency::Nanosecond => 1,
        }
    }
}

/// Ticks per second of a timestamp type (0 for TIMESTAMP_DAYS); `TypeError` otherwise.
fn ticks_per_second(function: &str, input: &Column) -> Result<i64> {
    Ok(match input.dtype().id() {
        TypeId::TimestampDays => 0,
        TypeId::TimestampSeconds => 1,
        TypeId::TimestampMilliseconds => 1_000,
        TypeId::TimestampMicroseconds => 1_000_000,
        TypeId::TimestampNanoseconds => 1_000_000_000,
        other => {
            return Err(Error::type_err(format!(
                "datetime.{function} needs a TIMESTAMP column, got {other}; cast the column \
                 to a timestamp type first"
            )));
        }
    })
}

/// Days since 1970-01-01 -> (year, month, day).
pub(crate) fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// (year, month, day) -> days since 1970-01-01.
pub(crate) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = y - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Component `comp` (10: day of year) of tick value `v`; mirrors `dt_extract`.
fn component(v: i64, comp: i32, tpd: i64, tps: i64) -> i16 {
    let days = v.div_euclid(tpd);
    let rem = v.rem_euclid(tpd);
    let r = match comp {
        0..=2 | 10 => {
            let (y, m, d) = civil_from_days(days);
            match comp {
                0 => y,
                1 => m,
                2 => d,
                _ => days - days_from_civil(y, 1, 1) + 1,
            }
        }
        3 => (days + 3).rem_euclid(7) + 1,
        _ if tps == 0 => 0,
        4 => rem / (3600 * tps),
        5 => (rem / (60 * tps)) % 60,
        6 => (rem / tps) % 60,
        7 if tps >= 1_000 => (rem % tps) / (tps / 1_000) % 1_000,
        8 if tps >= 1_000_000 => (rem % tps) / (tps / 1_000_000) % 1_000,
        9 if tps >= 1_000_000_000 => (rem % tps) % 1_000,
        _ => 0,
    };
    r as i16
}

fn extract(input: &Column, comp: i32, function: &str) -> Result<Column> {
    let tps = ticks_per_second(function, input)?;
    let tpd = if tps == 0 { 1 } else { 86_400 * tps };
    if use_device()? {
        return dev::extract(input, comp, tpd, tps);
    }
    let v = if tps == 0 {
        map_values(&input.host_values::<i32>()?, |x| {
            component(i64::from(x), comp, tpd, tps)
        })
    } else {
        map_values(&input.host_values::<i64>()?, |x| {
            component(x, comp, tpd, tps)
        })
    };
    host_column(input, TypeId::Int16.into(), v)
}

/// The `component` of every timestamp, as INT16 (libcudf's output type).
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::datetime::{extract_datetime_component, DatetimeComponent};
/// use ferrodf_core::types::TypeId;
/// // 1969-12-31T23:00:00 in seconds
/// let c = Column::from_values(vec![-3600i64]);
/// let c = Column::new(TypeId::TimestampSeconds.into(), 1, c.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let y = extract_datetime_component(&c, DatetimeComponent::Year).unwrap();
/// assert_eq!(y.host_values::<i16>().unwrap()[0], 1969);
/// let h = extract_datetime_component(&c, DatetimeComponent::Hour).unwrap();
/// assert_eq!(h.host_values::<i16>().unwrap()[0], 23);
/// ```
pub fn extract_datetime_component(input: &Column, component: DatetimeComponent) -> Result<Column> {
    extract(input, component as i32, "extract_datetime_component")
}

/// The day of the year (1..=366) of every timestamp, as INT16.
pub fn day_of_year(input: &Column) -> Result<Column> {
    extract(input, 10, "day_of_year")
}

/// Floor (0), ceil (1) or round half to even (2) `v` to a multiple of `f`; mirrors `dt_round`.
fn round_value(v: i64, mode: i32, f: i64) -> i64 {
    let q = v.div_euclid(f);
    let r = v.rem_euclid(f);
    let up = match mode {
        1 => r != 0,
        2 => 2 * r > f || (2 * r == f && q & 1 != 0),
        _ => false,
    };
    let fl = v.wrapping_sub(r);
    if up { fl.wrapping_add(f) } else { fl }
}

fn round_to(input: &Column, freq: RoundingFrequency, mode: i32, function: &str) -> Result<Column> {
    let tps = ticks_per_second(function, input)?;
    // Nanoseconds per tick; a frequency finer than the unit leaves values unchanged.
    let unit_ns = if tps == 0 {
        86_400_000_000_000
    } else {
        1_000_000_000 / tps
    };
    let f = (freq.nanos() / unit_ns).max(1);
    if f == 1 {
        return Ok(input.clone());
    }
    if use_device()? {
        return dev::round(input, mode, f);
    }
    if tps == 0 {
        let v = map_values(&input.host_values::<i32>()?, |x| {
            round_value(i64::from(x), mode, f) as i32
        });
        host_column(input, input.dtype(), v)
    } else {
        let v = map_values(&input.host_values::<i64>()?, |x| round_value(x, mode, f));
        host_column(input, input.dtype(), v)
    }
}

/// Every timestamp rounded down (towards the past) to a multiple of `freq`.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::datetime::{floor_datetimes, RoundingFrequency};
/// use ferrodf_core::types::TypeId;
/// let c = Column::from_values(vec![-1i64, 90]);
/// let c = Column::new(TypeId::TimestampSeconds.into(), 2, c.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let f = floor_datetimes(&c, RoundingFrequency::Minute).unwrap();
/// assert_eq!(f.host_values::<i64>().unwrap().to_vec(), vec![-60, 60]);
/// ```
pub fn floor_datetimes(input: &Column, freq: RoundingFrequency) -> Result<Column> {
    round_to(input, freq, 0, "floor_datetimes")
}

/// Every timestamp rounded up (towards the future) to a multiple of `freq`.
pub fn ceil_datetimes(input: &Column, freq: RoundingFrequency) -> Result<Column> {
    round_to(input, freq, 1, "ceil_datetimes")
}

/// Every timestamp rounded to the nearest multiple of `freq`, halves to the even multiple
/// (as libcudf's `cuda::std::chrono::round` and pandas).
pub fn round_datetimes(input: &Column, freq: RoundingFrequency) -> Result<Column> {
    round_to(input, freq, 2, "round_datetimes")
}
