//! `DataFrame::select_dtypes`: pandas' dtype selectors matched against the column types,
//! as pandas matches them against the dtypes ferrodf's `to_pandas` gives each column
//! (decimal, list and struct columns are pandas `object` columns there).

use std::str::FromStr;

use ferrodf_core::{Error, Result, TypeId};

use crate::DataFrame;
use crate::column_accessor::PositionKey;

/// One `include`/`exclude` entry of `select_dtypes`, by the name pandas (or NumPy) gives
/// it: a dtype name (`"int64"`, `"f8"`, `"datetime64[ns]"`), a kind (`"number"`,
/// `"integer"`, `"floating"`, `"datetime"`, `"timedelta"`, `"category"`, `"object"`,
/// `"str"`) or the name of a Python or NumPy type (`"int"`, `"float"`, `"signedinteger"`).
///
/// ```
/// use ferrodf::select_dtypes::DtypeSelector;
/// assert_eq!("float".parse::<DtypeSelector>().unwrap(), DtypeSelector::Floating);
/// assert_eq!("i8".parse::<DtypeSelector>().unwrap(), "int64".parse().unwrap());
/// assert!("foo".parse::<DtypeSelector>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DtypeSelector {
    /// Integers, floats and, as NumPy's `timedelta64` derives from `signedinteger`,
    /// durations; not bool.
    Number,
    /// Integers and durations (NumPy's `integer`).
    Integer,
    /// Signed integers and durations.
    SignedInteger,
    /// Unsigned integers.
    UnsignedInteger,
    /// FLOAT32 and FLOAT64 (`"float"` too: pandas reads it as NumPy's `floating`).
    Floating,
    /// Date-times of any unit.
    Datetime,
    /// Durations of any unit.
    Timedelta,
    /// Date-times with a time zone: ferrodf has none, so this selects no column.
    DatetimeTz,
    /// Categorical columns.
    Category,
    /// pandas' `object`: strings (pandas 3 still includes them, deprecated) and the
    /// columns `to_pandas` gives as Python objects (decimals, lists, structs).
    Object,
    /// Strings (pandas 3's `str`).
    Str,
    /// Complex numbers: ferrodf has none, so this selects no column.
    Complex,
    /// Exactly this column type.
    Exact(TypeId),
}

impl FromStr for DtypeSelector {
    type Err = Error;

    fn from_str(name: &str) -> Result<DtypeSelector> {
        use DtypeSelector::*;
        use TypeId::*;
        Ok(match name {
            "number" => Number,
            "integer" => Integer,
            "signedinteger" => SignedInteger,
            "unsignedinteger" => UnsignedInteger,
            "float" | "floating" => Floating,
            "datetime" | "datetime64" | "M8" => Datetime,
            "timedelta" | "timedelta64" | "m8" => Timedelta,
            "datetimetz" => DatetimeTz,
            "category" => Category,
            "object" | "object_" | "O" => Object,
            "str" | "string" | "str_" => Str,
            "complex" | "complex64" | "complex128" | "complexfloating" => Complex,
            "bool" | "bool_" | "?" => Exact(Bool8),
            "int" | "int64" | "i8" | "long" => Exact(Int64),
            "int32" | "i4" => Exact(Int32),
            "int16" | "i2" => Exact(Int16),
            "int8" | "i1" => Exact(Int8),
            "uint64" | "u8" => Exact(Uint64),
            "uint32" | "u4" => Exact(Uint32),
            "uint16" | "u2" => Exact(Uint16),
            "uint8" | "u1" => Exact(Uint8),
            "float64" | "f8" | "double" => Exact(Float64),
            "float32" | "f4" | "single" => Exact(Float32),
            // "datetime64[ns, UTC]": pandas' DatetimeTZDtype
            _ if name.starts_with("datetime64[") && name.contains(',') => DatetimeTz,
            _ => match unit_type(name) {
                Some(t) => Exact(t),
                None => {
                    return Err(Error::type_err(format!(
                        "data type '{name}' not understood"
                    )));
                }
            },
        })
    }
}

/// The date-time or duration type of a NumPy name with a unit (`"datetime64[ms]"`,
/// `"<m8[ns]"`).
fn unit_type(name: &str) -> Option<TypeId> {
    use TypeId::*;
    let name = name.trim_start_matches(['<', '>', '=']);
    let (kind, unit) = name.strip_suffix(']')?.split_once('[')?;

    let datetime = match kind {
        "datetime64" | "M8" => true,
        "timedelta64" | "m8" => false,
        _ => return None,
    };
    Some(match (datetime, unit) {
        (true, "D") => TimestampDays,
        (true, "s") => TimestampSeconds,
        (true, "ms") => TimestampMilliseconds,
        (true, "us") => TimestampMicroseconds,
        (true, "ns") => TimestampNanoseconds,
        (false, "D") => DurationDays,
        (false, "s") => DurationSeconds,
        (false, "ms") => DurationMilliseconds,
        (false, "us") => DurationMicroseconds,
        (false, "ns") => DurationNanoseconds,
        _ => return None,
    })
}

impl std::fmt::Display for DtypeSelector {
    /// The selector as pandas users write it (`"number"`, `"int64"`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use DtypeSelector::*;
        let name = match self {
            Number => "number",
            Integer => "integer",
            SignedInteger => "signedinteger",
            UnsignedInteger => "unsignedinteger",
            Floating => "floating",
            Datetime => "datetime",
            Timedelta => "timedelta",
            DatetimeTz => "datetimetz",
            Category => "category",
            Object => "object",
            Str => "str",
            Complex => "complex",
            Exact(t) => return f.write_str(&crate::dtype::dtype_name((*t).into())),
        };
        f.write_str(name)
    }
}

impl DtypeSelector {
    /// Whether a column of type `t` is selected.
    pub fn matches(self, t: TypeId) -> bool {
        use DtypeSelector::*;
        let duration = t.is_duration();
        match self {
            Number => t.is_integer() || t.is_floating() || duration,
            Integer => t.is_integer() || duration,
            SignedInteger => t.is_signed_integer() || duration,
            UnsignedInteger => t.is_integer() && !t.is_signed_integer(),
            Floating => t.is_floating(),
            Datetime => t.is_timestamp(),
            Timedelta => duration,
            Category => t == TypeId::Dictionary32,
            Object => matches!(
                t,
                TypeId::String
                    | TypeId::Decimal32
                    | TypeId::Decimal64
                    | TypeId::Decimal128
                    | TypeId::List
                    | TypeId::Struct
                    | TypeId::Empty
            ),
            Str => t == TypeId::String,
            DatetimeTz | Complex => false,
            Exact(e) => e == t,
        }
    }
}

impl DataFrame {
    /// The columns whose types `include` selects (every column when `include` is empty)
    /// and `exclude` does not, in order (pandas' `select_dtypes`). ValueError when both
    /// are empty or they share a selector.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::select_dtypes::DtypeSelector;
    /// let df = df!("a" => [1i64, 2], "s" => ["x", "y"], "f" => [0.5f64, 1.5]).unwrap();
    /// let numbers = df.select_dtypes(&[DtypeSelector::Number], &[]).unwrap();
    /// assert_eq!(numbers.shape(), (2, 2));
    /// let no_floats = df.select_dtypes(&[], &["float".parse().unwrap()]).unwrap();
    /// assert_eq!(no_floats.shape(), (2, 2));
    /// assert!(df.select_dtypes(&[], &[]).is_err());
    /// ```
    pub fn select_dtypes(
        &self,
        include: &[DtypeSelector],
        exclude: &[DtypeSelector],
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        if include.is_empty() && exclude.is_empty() {
            return Err(Error::value(
                "at least one of include or exclude must be nonempty".to_string(),
            ));
        }
        if let Some(both) = include.iter().find(|s| exclude.contains(s)) {
            return Err(Error::value(format!(
                "include and exclude overlap on {both}: name each dtype in one of them only"
            )));
        }
        let keep = self
            .data()
            .columns()
            .iter()
            .map(|c| {
                let t = c.dtype().id();
                (include.is_empty() || include.iter().any(|s| s.matches(t)))
                    && !exclude.iter().any(|s| s.matches(t))
            })
            .collect();
        self.select_columns_by_position(&PositionKey::Mask(keep))
    }
}
