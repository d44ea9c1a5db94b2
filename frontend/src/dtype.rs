//! pandas' names for ferrodf's data types (`int64`, `object`, `datetime64[ns]`, ...).

use ferrodf_core::{DataType, TypeId};

/// The dtype name pandas 3 shows for `dtype`: NumPy names, `str` for strings (pandas 3's
/// default string dtype), `category`, and pyarrow-backed names for decimals.
///
/// ```
/// use ferrodf::dtype_name;
/// use ferrodf::core::{DataType, TypeId};
/// assert_eq!(dtype_name(TypeId::String.into()), "str");
/// assert_eq!(dtype_name(DataType::new(TypeId::Decimal64, -2)), "decimal64(18, 2)[pyarrow]");
/// ```
pub fn dtype_name(dtype: DataType) -> String {
    let name = match dtype.id() {
        TypeId::Empty => "empty",
        TypeId::Int8 => "int8",
        TypeId::Int16 => "int16",
        TypeId::Int32 => "int32",
        TypeId::Int64 => "int64",
        TypeId::Uint8 => "uint8",
        TypeId::Uint16 => "uint16",
        TypeId::Uint32 => "uint32",
        TypeId::Uint64 => "uint64",
        TypeId::Float32 => "float32",
        TypeId::Float64 => "float64",
        TypeId::Bool8 => "bool",
        TypeId::TimestampDays => "datetime64[D]",
        TypeId::TimestampSeconds => "datetime64[s]",
        TypeId::TimestampMilliseconds => "datetime64[ms]",
        TypeId::TimestampMicroseconds => "datetime64[us]",
        TypeId::TimestampNanoseconds => "datetime64[ns]",
        TypeId::DurationDays => "timedelta64[D]",
        TypeId::DurationSeconds => "timedelta64[s]",
        TypeId::DurationMilliseconds => "timedelta64[ms]",
        TypeId::DurationMicroseconds => "timedelta64[us]",
        TypeId::DurationNanoseconds => "timedelta64[ns]",
        TypeId::Dictionary32 => "category",
        TypeId::String => "str",
        TypeId::List => "list",
        TypeId::Struct => "struct",
        TypeId::Decimal32 | TypeId::Decimal64 | TypeId::Decimal128 => {
            // the widest precision of the width (libcudf keeps none); libcudf's scale is the
            // power of ten (-2 means hundredths), pandas shows the number of decimal places
            let (bits, precision) = match dtype.id() {
                TypeId::Decimal32 => (32, 9),
                TypeId::Decimal64 => (64, 18),
                _ => (128, 38),
            };
            return format!("decimal{bits}({precision}, {})[pyarrow]", -dtype.scale());
        }
    };
    name.to_string()
}

/// Whether values of `dtype` are right-aligned as numbers in tables.
pub fn is_numeric_display(dtype: DataType) -> bool {
    dtype.id().is_numeric() || dtype.id().is_decimal()
}

/// A dtype as pandas' `astype` takes it: a column type, or `category` (a categorical column
/// whose categories are the data's distinct values, sorted).
///
/// ```
/// use ferrodf::dtype::Dtype;
/// use ferrodf::core::TypeId;
/// assert_eq!(Dtype::parse("category").unwrap(), Dtype::Category);
/// assert!(matches!(Dtype::parse("int8").unwrap(), Dtype::Type(t) if t.id() == TypeId::Int8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    /// A column type.
    Type(DataType),
    /// pandas' `"category"`.
    Category,
}

impl From<DataType> for Dtype {
    fn from(t: DataType) -> Dtype {
        Dtype::Type(t)
    }
}

impl Dtype {
    /// The dtype pandas calls `name`: `"category"`, or a name [`parse_dtype`] reads.
    pub fn parse(name: &str) -> ferrodf_core::Result<Dtype> {
        match name {
            "category" => Ok(Dtype::Category),
            other => parse_dtype(other).map(Dtype::Type),
        }
    }
}

/// The data type pandas calls `name` (NumPy names, `"str"`/`"string"`/`"object"` for
/// strings, `"datetime64[unit]"`, `"timedelta64[unit]"`, `"bool"`); what `astype` takes.
///
/// ```
/// use ferrodf::dtype::parse_dtype;
/// use ferrodf::core::TypeId;
/// assert_eq!(parse_dtype("int32").unwrap().id(), TypeId::Int32);
/// assert_eq!(parse_dtype("datetime64[ms]").unwrap().id(), TypeId::TimestampMilliseconds);
/// assert!(parse_dtype("float16").is_err());
/// ```
pub fn parse_dtype(name: &str) -> ferrodf_core::Result<DataType> {
    // pandas' nullable names (Int64, UInt8, Float64, boolean): every ferrodf column is
    // nullable, so they are the NumPy types
    let lowered;
    let name = match name {
        "boolean" => "bool",
        n if n.starts_with("Int") || n.starts_with("UInt") || n.starts_with("Float") => {
            lowered = n.to_lowercase();
            &lowered
        }
        n => n,
    };
    let id = match name {
        "int8" => TypeId::Int8,
        "int16" => TypeId::Int16,
        "int32" => TypeId::Int32,
        "int64" | "int" => TypeId::Int64,
        "uint8" => TypeId::Uint8,
        "uint16" => TypeId::Uint16,
        "uint32" => TypeId::Uint32,
        "uint64" => TypeId::Uint64,
        "float32" => TypeId::Float32,
        "float64" | "float" => TypeId::Float64,
        "bool" => TypeId::Bool8,
        "str" | "string" | "object" => TypeId::String,
        "datetime64[D]" => TypeId::TimestampDays,
        "datetime64[s]" => TypeId::TimestampSeconds,
        "datetime64[ms]" => TypeId::TimestampMilliseconds,
        "datetime64[us]" => TypeId::TimestampMicroseconds,
        "datetime64[ns]" | "datetime64" => TypeId::TimestampNanoseconds,
        "timedelta64[D]" => TypeId::DurationDays,
        "timedelta64[s]" => TypeId::DurationSeconds,
        "timedelta64[ms]" => TypeId::DurationMilliseconds,
        "timedelta64[us]" => TypeId::DurationMicroseconds,
        "timedelta64[ns]" | "timedelta64" => TypeId::DurationNanoseconds,
        "category" => {
            return Err(ferrodf_core::Error::type_err(
                "category is not a column type here: astype('category') makes a categorical \
                 column (Dtype::Category), other places need the type of the values",
            ));
        }
        other => {
            return Err(ferrodf_core::Error::type_err(format!(
                "data type {other:?} not understood; use a NumPy name such as int64, float64, \
                 bool, str or datetime64[ns]"
            )));
        }
    };
    Ok(id.into())
}
