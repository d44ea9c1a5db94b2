//! Result types of pandas operations: NumPy's promotion between column types, and how a
//! weak (untyped) number meets a column.

use ferrodf_core::{Error, Result, TypeId};

fn width(t: TypeId) -> u32 {
    use TypeId::*;
    match t {
        Bool8 | Int8 | Uint8 => 1,
        Int16 | Uint16 => 2,
        Int32 | Uint32 | Float32 => 4,
        _ => 8,
    }
}

fn signed_of_width(bytes: u32) -> TypeId {
    match bytes {
        1 => TypeId::Int8,
        2 => TypeId::Int16,
        4 => TypeId::Int32,
        _ => TypeId::Int64,
    }
}

/// NumPy's `result_type` of two numeric (integer, float or bool) types: the smallest type
/// that holds every value of both (int64 with uint64 gives float64, as in NumPy).
///
/// ```
/// use ferrodf::compute::promote::result_type;
/// use ferrodf::core::TypeId::*;
/// assert_eq!(result_type(Int8, Uint8).unwrap(), Int16);
/// assert_eq!(result_type(Int64, Uint64).unwrap(), Float64);
/// assert_eq!(result_type(Int16, Float32).unwrap(), Float32);
/// assert_eq!(result_type(Int32, Float32).unwrap(), Float64);
/// assert_eq!(result_type(Bool8, Uint16).unwrap(), Uint16);
/// ```
pub fn result_type(a: TypeId, b: TypeId) -> Result<TypeId> {
    for t in [a, b] {
        if !t.is_numeric() {
            return Err(Error::type_err(format!(
                "{t} is not a numeric type; numeric promotion needs integers, floats or bools"
            )));
        }
    }
    if a == b {
        return Ok(a);
    }
    if a == TypeId::Bool8 {
        return Ok(b);
    }
    if b == TypeId::Bool8 {
        return Ok(a);
    }
    if a.is_floating() || b.is_floating() {
        let (f, other) = if a.is_floating() { (a, b) } else { (b, a) };
        if other.is_floating() {
            return Ok(TypeId::Float64);
        }
        // float32 holds every int8/int16 value exactly, not int32 or wider
        return Ok(if f == TypeId::Float32 && width(other) <= 2 {
            TypeId::Float32
        } else {
            TypeId::Float64
        });
    }
    let (sa, sb) = (a.is_signed_integer(), b.is_signed_integer());
    if sa == sb {
        return Ok(if width(a) >= width(b) { a } else { b });
    }
    let (s, u) = if sa { (a, b) } else { (b, a) };
    if width(s) > width(u) {
        Ok(s)
    } else if width(u) == 8 {
        Ok(TypeId::Float64)
    } else {
        Ok(signed_of_width(width(u) * 2))
    }
}

/// The type of `true_divide`: floats keep their type, everything else gives float64.
pub fn true_div_type(common: TypeId) -> TypeId {
    if common.is_floating() {
        common
    } else {
        TypeId::Float64
    }
}

/// The inclusive range of values an integer type holds.
pub fn integer_bounds(t: TypeId) -> (i128, i128) {
    use TypeId::*;
    match t {
        Int8 => (i8::MIN.into(), i8::MAX.into()),
        Int16 => (i16::MIN.into(), i16::MAX.into()),
        Int32 => (i32::MIN.into(), i32::MAX.into()),
        Int64 => (i64::MIN.into(), i64::MAX.into()),
        Uint8 => (0, u8::MAX.into()),
        Uint16 => (0, u16::MAX.into()),
        Uint32 => (0, u32::MAX.into()),
        Uint64 => (0, u64::MAX.into()),
        _ => (0, 1),
    }
}

/// `column` as type `to`, without a copy when it already is.
pub(crate) fn cast_to(
    column: &ferrodf_core::Column,
    to: ferrodf_core::DataType,
) -> Result<ferrodf_core::Column> {
    if column.dtype() == to {
        Ok(column.clone())
    } else {
        ferrodf_core::ops::cast::cast(column, to)
    }
}
