//! [`Value`]: a scalar operand as a user writes it.

use ferrodf_core::interop::arrow::from_arrow;
use ferrodf_core::{Error, Result, Scalar};

/// A scalar operand. Rust and Python numbers (`Int`, `Float`, `Bool`) are *weak*: they take
/// the type of the column they meet where it can hold them, as NumPy 2 and pandas do
/// (`int8 column + 1` stays int8); a [`Scalar`] keeps its own type.
///
/// ```
/// use ferrodf::compute::Value;
/// let v: Value = 3.into();
/// assert!(matches!(v, Value::Int(3)));
/// assert!(matches!(Value::from("Oslo"), Value::Str(_)));
/// ```
#[derive(Clone, Debug)]
pub enum Value {
    /// A missing value (`None`, `NaN`, `pd.NA`).
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer of no fixed width.
    Int(i128),
    /// A floating-point number (NaN is [`Value::Null`]).
    Float(f64),
    /// A string; compared with a timestamp column it is parsed as a date-time.
    Str(String),
    /// A typed value (a timestamp, a duration, a decimal, a typed number).
    Scalar(Scalar),
}

impl Value {
    /// A string scalar holding `s`.
    pub(crate) fn string_scalar(s: &str) -> Result<Scalar> {
        Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![s]))?)
    }

    /// The value as a typed scalar where its type is fixed without a column to meet.
    pub fn to_scalar(&self) -> Result<Scalar> {
        Ok(match self {
            Value::Null => {
                return Err(Error::value(
                    "a missing value has no type of its own; give a typed null scalar",
                ));
            }
            Value::Bool(b) => {
                Scalar::from_native_as(ferrodf_core::TypeId::Bool8.into(), Some(u8::from(*b)))?
            }
            Value::Int(v) => {
                Scalar::from_native(i64::try_from(*v).map_err(|_| {
                    Error::overflow(format!("the integer {v} does not fit in int64"))
                })?)
            }
            Value::Float(v) => Scalar::from_native(*v),
            Value::Str(s) => Value::string_scalar(s)?,
            Value::Scalar(s) => s.clone(),
        })
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::Int(v as i128)
            }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        if v.is_nan() {
            Value::Null
        } else {
            Value::Float(v)
        }
    }
}

from_impls!(Value {
    f32 => |v| Value::from(f64::from(v)),
    bool => |v| Value::Bool(v),
    &str => |v| Value::Str(v.to_string()),
    String => |v| Value::Str(v),
    Scalar => |v| Value::Scalar(v),
});

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}
