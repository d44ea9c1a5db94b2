//! Plain Rust values as columns: what [`Series::new`](super::Series::new) and the
//! [`df!`](crate::df) macro accept.

use arrow_array::{Array, BooleanArray, Date32Array, StringArray, TimestampMicrosecondArray};
use chrono::{NaiveDate, NaiveDateTime};
use ferrodf_core::Column;
use ferrodf_core::interop::arrow::from_arrow;

/// Values that become one column: vectors, arrays and slices of numbers, `bool`s,
/// strings, [`NaiveDate`]s and [`NaiveDateTime`]s, with `Option` for missing values, or
/// a [`Column`] as it is.
///
/// ```
/// use ferrodf::Series;
/// let n = Series::new("n", vec![Some(1i64), None]);
/// let s = Series::new("s", ["a", "b"]);
/// let d = Series::new("d", [chrono::NaiveDate::from_ymd_opt(2024, 6, 1).unwrap()]);
/// assert_eq!((n.len(), s.len(), d.len()), (2, 2, 1));
/// assert_eq!(ferrodf::dtype_name(d.dtype()), "datetime64[D]");
/// ```
pub trait IntoColumn {
    /// The column holding these values.
    fn into_column(self) -> Column;
}

impl IntoColumn for Column {
    fn into_column(self) -> Column {
        self
    }
}

fn arrow_column(array: &dyn Array) -> Column {
    from_arrow(array).expect("arrays of plain Rust values always convert")
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl IntoColumn for Vec<$t> {
            fn into_column(self) -> Column {
                Column::from_values(self)
            }
        }
        impl IntoColumn for Vec<Option<$t>> {
            fn into_column(self) -> Column {
                Column::from_options(self)
            }
        }
        impl IntoColumn for &[$t] {
            fn into_column(self) -> Column {
                Column::from_values(self.to_vec())
            }
        }
        impl<const N: usize> IntoColumn for [$t; N] {
            fn into_column(self) -> Column {
                Column::from_values(self.to_vec())
            }
        }
        impl<const N: usize> IntoColumn for [Option<$t>; N] {
            fn into_column(self) -> Column {
                Column::from_options(self.to_vec())
            }
        }
    )*};
}
numbers!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

/// Types that become an arrow array element by element (`Option` = missing).
macro_rules! via_arrow {
    ($array:ty; $($t:ty => $conv:expr),*) => {$(
        impl IntoColumn for Vec<$t> {
            fn into_column(self) -> Column {
                let array: $array = self.into_iter().map(|v| Some($conv(v))).collect();
                arrow_column(&array)
            }
        }
        impl IntoColumn for Vec<Option<$t>> {
            fn into_column(self) -> Column {
                let array: $array = self.into_iter().map(|v| v.map($conv)).collect();
                arrow_column(&array)
            }
        }
        impl<const N: usize> IntoColumn for [$t; N] {
            fn into_column(self) -> Column {
                self.to_vec().into_column()
            }
        }
        impl<const N: usize> IntoColumn for [Option<$t>; N] {
            fn into_column(self) -> Column {
                self.to_vec().into_column()
            }
        }
    )*};
}
via_arrow!(BooleanArray; bool => |v: bool| v);
via_arrow!(StringArray; &str => |v: &str| v.to_string(), String => |v: String| v);
via_arrow!(Date32Array; NaiveDate => days_since_epoch);
via_arrow!(TimestampMicrosecondArray; NaiveDateTime => micros_since_epoch);

fn days_since_epoch(d: NaiveDate) -> i32 {
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).expect("the epoch is a date");
    (d - epoch).num_days() as i32
}

fn micros_since_epoch(t: NaiveDateTime) -> i64 {
    // chrono's years (±262,000) fit in microseconds since 1970 (±292,000 years), so
    // this never overflows; pandas 3 also keeps datetime objects in microseconds
    t.and_utc().timestamp_micros()
}
