//! Series accessors with pandas' names: [`Series::dt`] for date-time fields and rounding,
//! [`Series::str`] for string methods, [`Series::cat`] for categorical ones.

mod cat;
mod dt;
mod str;

pub use self::str::{PatternOptions, RE_FLAGS, StringMethods};
pub use cat::CategoricalMethods;
pub use dt::DatetimeMethods;
