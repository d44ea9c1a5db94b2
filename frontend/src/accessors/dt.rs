//! `s.dt`: fields and rounding of a timestamp Series, with pandas' types (int32 fields,
//! Monday = 0).

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::datetime::{
    DatetimeComponent, RoundingFrequency, ceil_datetimes, day_of_year, days_in_month,
    extract_datetime_component, extract_quarter, floor_datetimes, is_leap_year, round_datetimes,
};
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::scalar::Scalar;
use ferrodf_core::{Column, Error, Result, TypeId};

use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::dtype::dtype_name;
use crate::series::Series;

/// Date-time methods of a timestamp Series (pandas' `Series.dt`).
///
/// ```
/// use ferrodf::Series;
/// use ferrodf::core::{Column, TypeId};
/// // 2024-03-10 (a Sunday) as days since the epoch
/// let days = Column::from_values(vec![19792i32]);
/// let days = ferrodf::core::ops::cast::bit_cast(&days, TypeId::TimestampDays.into()).unwrap();
/// let s = Series::from_column(days, None, "when".into()).unwrap();
/// let dt = s.dt().unwrap();
/// assert_eq!(dt.month().unwrap().column().host_values::<i32>().unwrap()[0], 3);
/// assert_eq!(dt.dayofweek().unwrap().column().host_values::<i32>().unwrap()[0], 6);
/// ```
pub struct DatetimeMethods<'a> {
    series: &'a Series,
}

impl Series {
    /// The date-time accessor; TypeError unless the values are timestamps.
    pub fn dt(&self) -> Result<DatetimeMethods<'_>> {
        if !self.dtype().id().is_timestamp() {
            return Err(Error::type_err(format!(
                "Can only use .dt accessor with datetime values, not {}",
                dtype_name(self.dtype())
            )));
        }
        Ok(DatetimeMethods { series: self })
    }
}

/// pandas' frequency strings for rounding.
fn frequency(freq: &str) -> Result<RoundingFrequency> {
    use RoundingFrequency::*;
    Ok(match freq {
        "D" | "d" => Day,
        "h" | "H" => Hour,
        "min" | "T" => Minute,
        "s" | "S" => Second,
        "ms" | "L" => Millisecond,
        "us" | "U" => Microsecond,
        "ns" | "N" => Nanosecond,
        _ => {
            return Err(Error::value(format!(
                "unsupported frequency {freq:?}; use one of D, h, min, s, ms, us, ns"
            )));
        }
    })
}

impl DatetimeMethods<'_> {
    fn wrap(&self, column: Column) -> Result<Series> {
        self.series.with_column(column)
    }

    /// A component as int32 (pandas' field type; the core gives int16).
    fn field(&self, component: DatetimeComponent) -> Result<Column> {
        let _operation = ferrodf_core::memory::enter_operation();
        let c = extract_datetime_component(self.series.column(), component)?;
        cast(&c, TypeId::Int32.into())
    }

    /// A pandas field by name (`"year"`, `"month"`, `"dayofweek"`, `"microsecond"`, ...).
    pub fn get(&self, name: &str) -> Result<Series> {
        use DatetimeComponent::*;
        let component = match name {
            "year" => Year,
            "month" => Month,
            "day" => Day,
            "hour" => Hour,
            "minute" => Minute,
            "second" => Second,
            "nanosecond" => Nanosecond,
            "microsecond" => return self.microsecond(),
            "dayofweek" | "day_of_week" | "weekday" => return self.dayofweek(),
            "dayofyear" | "day_of_year" => return self.dayofyear(),
            "quarter" => return self.quarter(),
            "is_leap_year" => return self.is_leap_year(),
            "days_in_month" | "daysinmonth" => return self.days_in_month(),
            _ => {
                return Err(Error::value(format!(
                    "{name:?} is not a date-time field; use year, month, day, hour, minute, \
                     second, microsecond, nanosecond, dayofweek, dayofyear, quarter, \
                     is_leap_year or days_in_month"
                )));
            }
        };
        self.wrap(self.field(component)?)
    }

    /// The year.
    pub fn year(&self) -> Result<Series> {
        self.get("year")
    }

    /// The month, 1..=12.
    pub fn month(&self) -> Result<Series> {
        self.get("month")
    }

    /// The day of the month.
    pub fn day(&self) -> Result<Series> {
        self.get("day")
    }

    /// The hour.
    pub fn hour(&self) -> Result<Series> {
        self.get("hour")
    }

    /// The minute.
    pub fn minute(&self) -> Result<Series> {
        self.get("minute")
    }

    /// The second.
    pub fn second(&self) -> Result<Series> {
        self.get("second")
    }

    /// Nanoseconds within the microsecond, 0..=999.
    pub fn nanosecond(&self) -> Result<Series> {
        self.get("nanosecond")
    }

    /// Microseconds within the second, 0..=999999.
    pub fn microsecond(&self) -> Result<Series> {
        let ms = self.field(DatetimeComponent::Millisecond)?;
        let us = self.field(DatetimeComponent::Microsecond)?;
        let scaled = binary_column(&ms, BinaryOp::Mul, Operand::Value(&Value::Int(1000)), false)?;
        self.wrap(binary_column(
            &scaled,
            BinaryOp::Add,
            Operand::Column(&us),
            false,
        )?)
    }

    /// Monday = 0 .. Sunday = 6 (the core counts Monday = 1).
    pub fn dayofweek(&self) -> Result<Series> {
        let w = self.field(DatetimeComponent::Weekday)?;
        self.wrap(binary_column(
            &w,
            BinaryOp::Sub,
            Operand::Value(&Value::Int(1)),
            false,
        )?)
    }

    /// The day of the year, 1..=366.
    pub fn dayofyear(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let d = day_of_year(self.series.column())?;
        self.wrap(cast(&d, TypeId::Int32.into())?)
    }

    /// The quarter, 1..=4 (int32, as pandas).
    pub fn quarter(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let q = extract_quarter(self.series.column())?;
        self.wrap(cast(&q, TypeId::Int32.into())?)
    }

    /// Whether the year is a leap year (bool; NaT gives False, as pandas).
    pub fn is_leap_year(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let leap = is_leap_year(self.series.column())?;
        if leap.null_count()? == 0 {
            return self.wrap(leap);
        }
        let no = Scalar::from_native_as(TypeId::Bool8.into(), Some(0u8))?;
        self.wrap(replace_nulls(&leap, Replacement::Scalar(&no))?)
    }

    /// The number of days in the month, 28..=31 (int32, as pandas).
    pub fn days_in_month(&self) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let d = days_in_month(self.series.column())?;
        self.wrap(cast(&d, TypeId::Int32.into())?)
    }

    /// Rounded down to `freq` (`"D"`, `"h"`, `"min"`, `"s"`, `"ms"`, `"us"`, `"ns"`).
    pub fn floor(&self, freq: &str) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(floor_datetimes(self.series.column(), frequency(freq)?)?)
    }

    /// Rounded up to `freq`.
    pub fn ceil(&self, freq: &str) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(ceil_datetimes(self.series.column(), frequency(freq)?)?)
    }

    /// Rounded to the nearest multiple of `freq` (ties to even, as pandas).
    pub fn round(&self, freq: &str) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.wrap(round_datetimes(self.series.column(), frequency(freq)?)?)
    }
}
