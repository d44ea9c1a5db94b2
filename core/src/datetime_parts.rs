//! pylibcudf's datetime enums: the components `extract_datetime_component` reads and the
//! frequencies timestamps are rounded to. `ops::datetime` re-exports them (and adds each
//! frequency's length).

use crate::named_enum::named_enum;

named_enum! {
    /// libcudf's datetime components (WEEKDAY: Monday = 1 .. Sunday = 7).
    pub enum DatetimeComponent in "datetime" {
        /// The year (negative before year 0).
        Year,
        /// 1..=12.
        Month,
        /// Day of the month, 1..=31.
        Day,
        /// ISO weekday: Monday = 1 .. Sunday = 7.
        Weekday,
        /// 0..=23.
        Hour,
        /// 0..=59.
        Minute,
        /// 0..=59.
        Second,
        /// Milliseconds within the second, 0..=999.
        Millisecond,
        /// Microseconds within the millisecond, 0..=999.
        Microsecond,
        /// Nanoseconds within the microsecond, 0..=999.
        Nanosecond,
    }
}

named_enum! {
    /// libcudf's rounding frequencies.
    pub enum RoundingFrequency in "datetime" {
        Day,
        Hour,
        Minute,
        Second,
        Millisecond,
        Microsecond,
        Nanosecond,
    }
}
