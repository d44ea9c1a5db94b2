//! Series accessors with pandas' names: [`Series::dt`] for date-time fields and rounding.

mod dt;

pub use dt::DatetimeMethods;
