//! libcudf's type traits on [`DataType`] (pylibcudf's `traits` module): pure host logic.
//!
//! Each function answers for the C++ type libcudf stores a type id as: BOOL8 is `bool`,
//! timestamps and durations are `cuda::std::chrono` wrappers, decimals are `fixed_point`,
//! STRING is `string_view`, DICTIONARY32 is `dictionary32`, LIST/STRUCT are views, and EMPTY
//! is `void` (for which every trait is false).
//!
//! ```
//! use ferrodf_core::traits;
//! use ferrodf_core::types::{DataType, TypeId};
//! assert!(traits::is_numeric(DataType::from(TypeId::Bool8)));
//! assert!(!traits::is_index_type(DataType::from(TypeId::Bool8)));
//! assert!(traits::is_bit_castable(TypeId::Int32.into(), TypeId::Float32.into()));
//! ```

use crate::types::{DataType, TypeId, fixed_width};

/// Whether values of the type support `<` and `>` (numbers, chrono types, decimals, strings
/// and dictionaries; not lists, structs or EMPTY).
pub fn is_relationally_comparable(t: DataType) -> bool {
    let id = t.id();
    id.is_fixed_width() || matches!(id, TypeId::String | TypeId::Dictionary32)
}

/// Whether values of the type support `==` (the same types as
/// [`is_relationally_comparable`]).
pub fn is_equality_comparable(t: DataType) -> bool {
    is_relationally_comparable(t)
}

/// Integers, floats and BOOL8 (C++ arithmetic types).
pub fn is_numeric(t: DataType) -> bool {
    t.id().is_numeric()
}

/// Integers and floats, not BOOL8.
pub fn is_numeric_not_bool(t: DataType) -> bool {
    t.id().is_numeric() && t.id() != TypeId::Bool8
}

/// Types usable as row indices: the integer types (not BOOL8).
pub fn is_index_type(t: DataType) -> bool {
    t.id().is_integer()
}

/// Unsigned integer types and BOOL8 (C++'s `std::is_unsigned`).
pub fn is_unsigned(t: DataType) -> bool {
    (t.id().is_integer() && !t.id().is_signed_integer()) || t.id() == TypeId::Bool8
}

/// Integer types and BOOL8 (C++'s `std::is_integral`).
pub fn is_integral(t: DataType) -> bool {
    t.id().is_integer() || t.id() == TypeId::Bool8
}

/// Integer types, not BOOL8.
pub fn is_integral_not_bool(t: DataType) -> bool {
    t.id().is_integer()
}

/// FLOAT32 and FLOAT64.
pub fn is_floating_point(t: DataType) -> bool {
    t.id().is_floating()
}

/// BOOL8.
pub fn is_boolean(t: DataType) -> bool {
    t.id() == TypeId::Bool8
}

/// TIMESTAMP_* types.
pub fn is_timestamp(t: DataType) -> bool {
    t.id().is_timestamp()
}

/// DECIMAL32/64/128.
pub fn is_fixed_point(t: DataType) -> bool {
    t.id().is_decimal()
}

/// DURATION_* types.
pub fn is_duration(t: DataType) -> bool {
    t.id().is_duration()
}

/// Timestamps and durations.
pub fn is_chrono(t: DataType) -> bool {
    t.id().is_timestamp() || t.id().is_duration()
}

/// DICTIONARY32.
pub fn is_dictionary(t: DataType) -> bool {
    t.id() == TypeId::Dictionary32
}

/// Types whose values all have the same byte width (numbers, chrono types, decimals).
pub fn is_fixed_width(t: DataType) -> bool {
    t.id().is_fixed_width()
}

/// STRING, DICTIONARY32, LIST and STRUCT.
pub fn is_compound(t: DataType) -> bool {
    t.id().is_compound()
}

/// LIST and STRUCT.
pub fn is_nested(t: DataType) -> bool {
    matches!(t.id(), TypeId::List | TypeId::Struct)
}

/// Whether the bytes of one `from` value can be reinterpreted as one `to` value: both types
/// are fixed-width with storage of the same size (libcudf's `is_bit_castable`).
pub fn is_bit_castable(from: DataType, to: DataType) -> bool {
    match (fixed_width(from.id()), fixed_width(to.id())) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traits_partition_the_type_ids() {
        for id in TypeId::ALL {
            let t = DataType::from(id);
            assert_eq!(is_integral(t), is_integral_not_bool(t) || is_boolean(t));
            assert_eq!(is_numeric(t), is_numeric_not_bool(t) || is_boolean(t));
            assert_eq!(is_chrono(t), is_timestamp(t) || is_duration(t));
            assert!(!(is_fixed_width(t) && is_compound(t)));
            if id == TypeId::Empty {
                assert!(!is_equality_comparable(t) && !is_bit_castable(t, t));
            }
        }
        assert!(is_bit_castable(
            DataType::new(TypeId::Decimal64, -2),
            TypeId::TimestampSeconds.into()
        ));
        assert!(!is_bit_castable(
            TypeId::String.into(),
            TypeId::String.into()
        ));
    }
}
