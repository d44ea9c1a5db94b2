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

/// A column holding `values`, typed as pandas types a list of them: integers int64, any
/// float among numbers float64, booleans bool, strings str, typed scalars their own type
/// (all the same); missing values are nulls (all missing: float64, as pandas' NaN). A mix
/// that only an object column could hold is a TypeError.
///
/// ```
/// use ferrodf::compute::{Value, column_from_values};
/// let c = column_from_values(&[Value::Int(1), Value::Null, Value::Float(2.5)]).unwrap();
/// assert_eq!(ferrodf::dtype_name(c.dtype()), "float64");
/// assert_eq!(c.null_count().unwrap(), 1);
/// assert!(column_from_values(&[Value::Int(1), Value::from("a")]).is_err());
/// ```
pub fn column_from_values(values: &[Value]) -> Result<ferrodf_core::Column> {
    use ferrodf_core::Column;
    let all = |f: fn(&Value) -> bool| values.iter().all(|v| matches!(v, Value::Null) || f(v));
    if all(|v| matches!(v, Value::Int(_))) && !values.iter().all(|v| matches!(v, Value::Null)) {
        let ints = values
            .iter()
            .map(|v| match v {
                Value::Int(i) => i64::try_from(*i)
                    .map(Some)
                    .map_err(|_| Error::overflow(format!("the integer {i} does not fit in int64"))),
                _ => Ok(None),
            })
            .collect::<Result<Vec<_>>>()?;
        return Ok(Column::from_options(ints));
    }
    if all(|v| matches!(v, Value::Int(_) | Value::Float(_))) {
        let floats: Vec<Option<f64>> = values
            .iter()
            .map(|v| match v {
                Value::Int(i) => Some(*i as f64),
                Value::Float(x) => Some(*x),
                _ => None,
            })
            .collect();
        return Ok(Column::from_options(floats));
    }
    if all(|v| matches!(v, Value::Bool(_))) {
        let flags: arrow_array::BooleanArray = values
            .iter()
            .map(|v| match v {
                Value::Bool(b) => Some(*b),
                _ => None,
            })
            .collect();
        return from_arrow(&flags);
    }
    if all(|v| matches!(v, Value::Str(_))) {
        let strings: arrow_array::StringArray = values
            .iter()
            .map(|v| match v {
                Value::Str(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        return from_arrow(&strings);
    }
    let first_type = values.iter().find_map(|v| match v {
        Value::Scalar(s) => Some(s.dtype()),
        _ => None,
    });
    if let Some(t) = first_type.filter(|t| {
        values
            .iter()
            .all(|v| matches!(v, Value::Null) || matches!(v, Value::Scalar(s) if s.dtype() == *t))
    }) {
        let parts = values
            .iter()
            .map(|v| match v {
                Value::Scalar(s) => Ok(s.as_column().clone()),
                _ => ferrodf_core::ops::filling::all_null(t, 1),
            })
            .collect::<Result<Vec<_>>>()?;
        return ferrodf_core::ops::concatenate::concatenate(&parts);
    }
    Err(Error::type_err(
        "values of mixed types (strings next to numbers, say) have no single column type in \
         ferrodf (pandas makes an object column); give values of one type",
    ))
}
