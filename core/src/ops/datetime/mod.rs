//! pylibcudf's `datetime` module: `extract_datetime_component`, `day_of_year` and
//! `floor_datetimes` / `ceil_datetimes` / `round_datetimes` on TIMESTAMP columns of every
//! unit. Dates are proleptic Gregorian (days <-> civil conversion by Howard Hinnant's
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
