//! pylibcudf's datetime enums: the components `extract_datetime_component` reads and the
//! frequencies timestamps are rounded to. `ops::datetime` re-exports them (and adds each
//! frequency's length).

use crate::named_enum::named_enum;

named_enum! {
    /// libcudf's datetime components (WEEKDAY: Monday = 1 .. Sunday = 7).
    pub enum DatetimeComponent in "datetime" {
        /// The year (negative before year 0).
        Year = 0 => "YEAR",
        /// 1..=12.
        Month = 1 => "MONTH",
        /// Day of the month, 1..=31.
        Day = 2 => "DAY",
        /// ISO weekday: Monday = 1 .. Sunday = 7.
        Weekday = 3 => "WEEKDAY",
        /// 0..=23.
        Hour = 4 => "HOUR",
        /// 0..=59.
        Minute = 5 => "MINUTE",
        /// 0..=59.
        Second = 6 => "SECOND",
        /// Milliseconds within the second, 0..=999.
        Millisecond = 7 => "MILLISECOND",
        /// Microseconds within the millisecond, 0..=999.
        Microsecond = 8 => "MICROSECOND",
        /// Nanoseconds within the microsecond, 0..=999.
        Nanosecond = 9 => "NANOSECOND",
    }
}

named_enum! {
    /// libcudf's rounding frequencies.
    pub enum RoundingFrequency in "datetime" {
        Day = 0 => "DAY",
        Hour = 1 => "HOUR",
        Minute = 2 => "MINUTE",
        Second = 3 => "SECOND",
        Millisecond = 4 => "MILLISECOND",
        Microsecond = 5 => "MICROSECOND",
        Nanosecond = 6 => "NANOSECOND",
    }
}
