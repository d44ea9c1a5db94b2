//! Series accessors with pandas' names: [`Series::dt`] for date-time fields and rounding,
//! [`Series::str`] for string methods.

mod dt;
mod str;

pub use self::str::{PatternOptions, RE_FLAGS, StringMethods};
pub use dt::DatetimeMethods;
