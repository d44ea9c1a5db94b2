//! pylibcudf's `datetime` module: `extract_datetime_component`, `day_of_year`,
//! `extract_quarter`, `days_in_month`, `is_leap_year`, `last_day_of_month`,
//! `add_calendrical_months` and `floor_datetimes` / `ceil_datetimes` / `round_datetimes` on
//! TIMESTAMP columns of every unit. Dates are proleptic Gregorian (days <-> civil conversion by Howard Hinnant's
//! algorithms) and times before 1970 use floor division, so they are correct. Nulls stay
//! null. Time zones are not interpreted: ticks are UTC.
//!
//! The public functions check the column here and decide once between the host path
//! ([`host`]) and the launchers of `device/kernels/datetime.rs` (`cuda/datetime.cu`, which
//! mirrors the host's formulas).

pub(crate) mod host;

use crate::column::Column;
use crate::device::kernels::datetime as dev;
use crate::error::{Error, Result};
use crate::ops::cast::cast;
use crate::ops::null_mask::{MaskState, bitmask_and, create_null_mask};
use crate::placement::use_device;
use crate::scalar::Scalar;
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

fn extract(input: &Column, comp: i32, function: &str) -> Result<Column> {
    let tps = ticks_per_second(function, input)?;
    let tpd = if tps == 0 { 1 } else { 86_400 * tps };
    if use_device()? {
        dev::extract(input, comp, tpd, tps)
    } else {
        host::extract(input, comp, tpd, tps)
    }
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
        dev::round(input, mode, f)
    } else {
        host::round(input, mode, f)
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

/// Ticks per day of a timestamp column (1 for TIMESTAMP_DAYS); `TypeError` otherwise.
fn ticks_per_day(function: &str, input: &Column) -> Result<i64> {
    let tps = ticks_per_second(function, input)?;
    Ok(if tps == 0 { 1 } else { 86_400 * tps })
}

fn calendar(input: &Column, op: i32, function: &str) -> Result<Column> {
    let tpd = ticks_per_day(function, input)?;
    if use_device()? {
        dev::calendar(input, op, tpd)
    } else {
        host::calendar(input, op, tpd)
    }
}

/// Whether the year of every timestamp is a leap year, as BOOL8.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::datetime::is_leap_year;
/// use ferrodf_core::types::TypeId;
/// // 2000-02-29 and 1900-03-01, in days since 1970
/// let v = Column::from_values(vec![11_016i32, -25_508]);
/// let c = Column::new(TypeId::TimestampDays.into(), 2, v.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let leap = is_leap_year(&c).unwrap();
/// assert_eq!(leap.host_values::<u8>().unwrap().to_vec(), vec![1, 0]);
/// ```
pub fn is_leap_year(input: &Column) -> Result<Column> {
    calendar(input, 0, "is_leap_year")
}

/// The last day of the month of every timestamp, as TIMESTAMP_DAYS.
pub fn last_day_of_month(input: &Column) -> Result<Column> {
    calendar(input, 1, "last_day_of_month")
}

/// The number of days in the month of every timestamp (28..=31), as INT16.
pub fn days_in_month(input: &Column) -> Result<Column> {
    calendar(input, 2, "days_in_month")
}

/// The quarter (1..=4) of every timestamp, as INT16.
pub fn extract_quarter(input: &Column) -> Result<Column> {
    calendar(input, 3, "extract_quarter")
}

/// The months `add_calendrical_months` adds: one number per row, or one for every row.
#[derive(Clone, Copy)]
pub enum Months<'a> {
    /// Row `i` adds `column[i]` months (a null gives a null row).
    Column(&'a Column),
    /// Every row adds this many months (a null scalar gives all nulls).
    Scalar(&'a Scalar),
}

/// Every timestamp plus a number of calendar months, with the day clamped to the last day
/// of the new month (January 31 plus one month is February's last day) and the time of day
/// kept: libcudf's `add_calendrical_months`, pandas' `+ DateOffset(months=k)`. The months
/// are any integer type. Results beyond what the timestamp type can hold wrap, as
/// libcudf's do.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::ops::datetime::{add_calendrical_months, Months};
/// use ferrodf_core::scalar::Scalar;
/// use ferrodf_core::types::TypeId;
/// // 2024-01-31 in days since 1970, plus one month: 2024-02-29
/// let v = Column::from_values(vec![19_753i32]);
/// let c = Column::new(TypeId::TimestampDays.into(), 1, v.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let one = Scalar::from_native(1i32);
/// let r = add_calendrical_months(&c, Months::Scalar(&one)).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap()[0], 19_782);
/// ```
pub fn add_calendrical_months(input: &Column, months: Months<'_>) -> Result<Column> {
    let tpd = ticks_per_day("add_calendrical_months", input)?;
    let months_type = match months {
        Months::Column(c) => c.dtype(),
        Months::Scalar(s) => s.dtype(),
    };
    if !crate::traits::is_integral_not_bool(months_type) {
        return Err(Error::type_err(format!(
            "datetime.add_calendrical_months needs integer months, got {}; cast them to \
             an integer type first",
            months_type.id()
        )));
    }
    match months {
        Months::Scalar(s) => {
            let Some(k) = scalar_months(s)? else {
                let mask = create_null_mask(input.size(), MaskState::AllNull)?;
                let nulls = input.size();
                return input.with_mask(Some(mask), Some(nulls));
            };
            if use_device()? {
                dev::add_months(input, tpd, None, k)
            } else {
                host::add_months(input, tpd, None, k)
            }
        }
        Months::Column(m) => {
            if m.size() != input.size() {
                return Err(Error::value(format!(
                    "datetime.add_calendrical_months: the months column has {} rows and the \
                     timestamps {}; give one month count per timestamp, or a Scalar",
                    m.size(),
                    input.size()
                )));
            }
            let m = cast(m, TypeId::Int64.into())?;
            let shifted = if use_device()? {
                dev::add_months(input, tpd, Some(&m), 0)
            } else {
                host::add_months(input, tpd, Some(&m.host_values::<i64>()?), 0)
            }?;
            if m.null_count()? == 0 {
                return Ok(shifted);
            }
            let (mask, nulls) = bitmask_and(&[shifted.clone(), m])?;
            shifted.with_mask(Some(mask), Some(nulls))
        }
    }
}

/// A months scalar's value as i64 (`None` when null).
fn scalar_months(s: &Scalar) -> Result<Option<i64>> {
    let t = s.dtype().id();
    Ok(match t {
        TypeId::Int8 => s.value::<i8>()?.map(i64::from),
        TypeId::Int16 => s.value::<i16>()?.map(i64::from),
        TypeId::Int32 => s.value::<i32>()?.map(i64::from),
        TypeId::Int64 => s.value::<i64>()?,
        TypeId::Uint8 => s.value::<u8>()?.map(i64::from),
        TypeId::Uint16 => s.value::<u16>()?.map(i64::from),
        TypeId::Uint32 => s.value::<u32>()?.map(i64::from),
        // Beyond i64::MAX the clamp inside the kernels applies anyway.
        _ => s.value::<u64>()?.map(|v| v.min(i64::MAX as u64) as i64),
    })
}
