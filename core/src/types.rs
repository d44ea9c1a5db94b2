//! Logical types: [`TypeId`] (libcudf's `type_id`) and [`DataType`] (a type id plus the
//! decimal scale).

use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use std::fmt;

named_enum! {
    /// Every type id of libcudf / pylibcudf, with the same numeric values.
    ///
    /// ```
    /// use ferrodf_core::types::TypeId;
    /// assert_eq!(TypeId::Int64 as i32, 4);
    /// assert_eq!(TypeId::from_i32(23).unwrap(), TypeId::String);
    /// ```
    pub enum TypeId in "types" {
        Empty,
        Int8,
        Int16,
        Int32,
        Int64,
        Uint8,
        Uint16,
        Uint32,
        Uint64,
        Float32,
        Float64,
        Bool8,
        TimestampDays,
        TimestampSeconds,
        TimestampMilliseconds,
        TimestampMicroseconds,
        TimestampNanoseconds,
        DurationDays,
        DurationSeconds,
        DurationMilliseconds,
        DurationMicroseconds,
        DurationNanoseconds,
        Dictionary32,
        String,
        List,
        Decimal32,
        Decimal64,
        Decimal128,
        Struct,
    }
    python_only {
        "NUM_TYPE_IDS" = 29,
    }
}

impl fmt::Display for TypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A TypeError `"{function}: {a_name} is {a} but {b_name} is {b}"` unless `a == b`: the
/// check of the ops whose two inputs must have one type.
pub(crate) fn check_same_type(
    function: &str,
    (a_name, a): (&str, DataType),
    (b_name, b): (&str, DataType),
) -> Result<()> {
    if a == b {
        return Ok(());
    }
    Err(Error::type_err(format!(
        "{function}: {a_name} is {a} but {b_name} is {b}"
    )))
}

/// A logical type: a [`TypeId`] and, for decimals, a scale.
///
/// As in libcudf, a decimal's value is `unscaled * 10^scale`, so Arrow's `decimal128(p, 2)`
/// is `DataType::new(TypeId::Decimal128, -2)`.
///
/// ```
/// use ferrodf_core::types::{DataType, TypeId};
/// let t = DataType::new(TypeId::Decimal64, -2);
/// assert_eq!(t.scale(), -2);
/// assert_eq!(ferrodf_core::types::size_of(t).unwrap(), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DataType {
    id: TypeId,
    scale: i32,
}

impl DataType {
    /// A data type; the scale is kept only for decimal types (libcudf ignores it elsewhere).
    pub fn new(id: TypeId, scale: i32) -> Self {
        let scale = if id.is_decimal() { scale } else { 0 };
        DataType { id, scale }
    }
    /// The type id.
    pub fn id(&self) -> TypeId {
        self.id
    }
    /// The decimal scale (0 for every other type).
    pub fn scale(&self) -> i32 {
        self.scale
    }
}

impl From<TypeId> for DataType {
    fn from(id: TypeId) -> Self {
        DataType::new(id, 0)
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.id.is_decimal() {
            write!(f, "{}(scale={})", self.id, self.scale)
        } else {
            write!(f, "{}", self.id)
        }
    }
}

impl TypeId {
    /// Integer types (signed and unsigned), not bool.
    pub fn is_integer(self) -> bool {
        use TypeId::*;
        matches!(
            self,
            Int8 | Int16 | Int32 | Int64 | Uint8 | Uint16 | Uint32 | Uint64
        )
    }
    /// Signed integer types.
    pub fn is_signed_integer(self) -> bool {
        use TypeId::*;
        matches!(self, Int8 | Int16 | Int32 | Int64)
    }
    /// FLOAT32 and FLOAT64.
    pub fn is_floating(self) -> bool {
        matches!(self, TypeId::Float32 | TypeId::Float64)
    }
    /// Integers, floats and BOOL8: the types arithmetic is defined on.
    pub fn is_numeric(self) -> bool {
        self.is_integer() || self.is_floating() || self == TypeId::Bool8
    }
    /// TIMESTAMP_* types.
    pub fn is_timestamp(self) -> bool {
        (TypeId::TimestampDays as i32..=TypeId::TimestampNanoseconds as i32)
            .contains(&(self as i32))
    }
    /// DURATION_* types.
    pub fn is_duration(self) -> bool {
        (TypeId::DurationDays as i32..=TypeId::DurationNanoseconds as i32).contains(&(self as i32))
    }
    /// DECIMAL32/64/128.
    pub fn is_decimal(self) -> bool {
        matches!(
            self,
            TypeId::Decimal32 | TypeId::Decimal64 | TypeId::Decimal128
        )
    }
    /// Types whose values have one fixed byte width (libcudf's `is_fixed_width`).
    pub fn is_fixed_width(self) -> bool {
        self.is_numeric() || self.is_timestamp() || self.is_duration() || self.is_decimal()
    }
    /// STRING, LIST, STRUCT and DICTIONARY32.
    pub fn is_compound(self) -> bool {
        matches!(
            self,
            TypeId::String | TypeId::List | TypeId::Struct | TypeId::Dictionary32
        )
    }
}

/// The width in bytes of one value of a fixed-width type (libcudf's `size_of`).
///
/// Errors with `TypeError` for EMPTY, STRING, LIST, STRUCT and DICTIONARY32, which have no
/// fixed width.
pub fn size_of(dtype: DataType) -> Result<usize> {
    fixed_width(dtype.id()).ok_or_else(|| {
        Error::type_err(format!(
            "size_of is only defined for fixed-width types, not {}",
            dtype.id()
        ))
    })
}

/// Byte width of a type id, or `None` when it has no fixed width.
pub(crate) fn fixed_width(id: TypeId) -> Option<usize> {
    use TypeId::*;
    Some(match id {
        Int8 | Uint8 | Bool8 => 1,
        Int16 | Uint16 => 2,
        Int32 | Uint32 | Float32 | TimestampDays | DurationDays | Decimal32 => 4,
        Int64 | Uint64 | Float64 | Decimal64 => 8,
        TimestampSeconds | TimestampMilliseconds | TimestampMicroseconds | TimestampNanoseconds => {
            8
        }
        DurationSeconds | DurationMilliseconds | DurationMicroseconds | DurationNanoseconds => 8,
        Decimal128 => 16,
        Empty | Dictionary32 | String | List | Struct => return None,
    })
}
