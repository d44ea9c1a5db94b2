//! The one definition of every enum that crosses into Python. [`named_enum!`] declares a
//! fieldless `#[repr(i32)]` enum from a list of (variant, value, pylibcudf name) and
//! describes it as an [`EnumInfo`]: the `ferrodf.plc` module that exposes it, its doc
//! comment and its `(NAME, value)` members. The Python package builds its `IntEnum`s from
//! these descriptions at import time (`ferrodf._lib.enums`), the stubs repeat them for type
//! checkers, and `core/tests/python_enums.rs` fails when a stub drifts.

/// A Python-visible enum: where pylibcudf defines it, what it is, and its members.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnumInfo {
    /// The module under `ferrodf.plc` (`"types"`, `"strings.side_type"`, `"io.types"`).
    pub module: &'static str,
    /// The class name (`"TypeId"`).
    pub name: &'static str,
    /// The Rust doc comment, one line per `///` line (the Python docstring).
    pub doc: &'static str,
    /// `(NAME, value)` of every member in declaration order: the variants, then any
    /// members that only pylibcudf has (such as `TypeId.NUM_TYPE_IDS`).
    pub members: &'static [(&'static str, i32)],
}

impl EnumInfo {
    /// `NAME = value, ...`, for error messages.
    pub fn choices(&self) -> String {
        let members: Vec<String> = self
            .members
            .iter()
            .map(|(name, value)| format!("{name} = {value}"))
            .collect();
        members.join(", ")
    }

    /// `#define <PREFIX>_<NAME> <value>` for every member, one a line: CUDA sources that
    /// switch on the enum name its members through these, so the numbers have one source.
    pub fn c_defines(&self, prefix: &str) -> String {
        self.members
            .iter()
            .map(|(name, value)| format!("#define {prefix}_{name} {value}\n"))
            .collect()
    }
}

/// What every [`named_enum!`] enum offers, for code generic over them (the bindings'
/// conversion of Python enum members).
pub trait NamedEnum: Sized + Copy + 'static {
    /// How the Python package describes the enum.
    const INFO: EnumInfo;
    /// The variant with pylibcudf's numeric value `v` (a ValueError otherwise).
    fn from_i32(v: i32) -> crate::error::Result<Self>;
}

/// Declares an enum and its [`EnumInfo`] from one list:
///
/// ```ignore
/// named_enum! {
///     /// Doc comment (also the Python docstring).
///     pub enum Order in "types" {
///         /// Variant docs and attributes (`#[default]`) are allowed.
///         Ascending = 0 => "ASCENDING",
///         Descending = 1 => "DESCENDING",
///     }
/// }
/// ```
///
/// The enum gets `ALL`, `name()` (pylibcudf's member name), `from_i32` (a ValueError that
/// lists the members for any other value), `INFO` and an impl of [`NamedEnum`]. An optional
/// `#[derive(Default)]` after the doc comment derives `Default`, and an optional
/// `python_only { "NAME" = value, }` block after the enum adds members that only the
/// Python enum has (pylibcudf names ferrodf does not implement).
macro_rules! named_enum {
    (
        $(#[doc = $doc:literal])*
        $(#[derive($($derive:ident),*)])?
        pub enum $Enum:ident in $module:literal {
            $($(#[$vattr:meta])* $variant:ident = $value:literal => $name:literal,)*
        }
        $(python_only { $($py_name:literal = $py_value:literal,)* })?
    ) => {
        $(#[doc = $doc])*
        #[repr(i32)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord $($(, $derive)*)?)]
        #[allow(missing_docs)]
        pub enum $Enum {
            $($(#[$vattr])* $variant = $value,)*
        }

        impl $Enum {
            /// Every variant, in declaration order.
            pub const ALL: [$Enum; [$($value),*].len()] = [$($Enum::$variant),*];

            /// How the Python package describes this enum.
            pub const INFO: $crate::named_enum::EnumInfo = $crate::named_enum::EnumInfo {
                module: $module,
                name: stringify!($Enum),
                doc: concat!($($doc, "\n"),*),
                members: &[$(($name, $value),)* $($(($py_name, $py_value),)*)?],
            };

            /// pylibcudf's name of the member (upper case).
            pub const fn name(self) -> &'static str {
                match self {
                    $($Enum::$variant => $name,)*
                }
            }

            /// The variant with pylibcudf's numeric value `v`.
            pub fn from_i32(v: i32) -> $crate::error::Result<$Enum> {
                Self::ALL
                    .into_iter()
                    .find(|e| *e as i32 == v)
                    .ok_or_else(|| {
                        $crate::error::Error::value(format!(
                            "{v} is not a valid {}; valid values: {}",
                            stringify!($Enum),
                            Self::INFO.choices()
                        ))
                    })
            }
        }

        impl $crate::named_enum::NamedEnum for $Enum {
            const INFO: $crate::named_enum::EnumInfo = $Enum::INFO;
            fn from_i32(v: i32) -> $crate::error::Result<$Enum> {
                $Enum::from_i32(v)
            }
        }
    };
}
pub(crate) use named_enum;

#[cfg(test)]
mod tests {
    named_enum! {
        /// A test enum.
        /// Second line.
        #[derive(Default)]
        pub enum Sample in "types" {
            /// The first.
            First = 0 => "FIRST",
            #[default]
            Second = 2 => "SECOND",
        }
        python_only {
            "THIRD" = 3,
        }
    }

    #[test]
    fn declares_the_enum_and_its_description() {
        assert_eq!(Sample::ALL, [Sample::First, Sample::Second]);
        assert_eq!(Sample::default(), Sample::Second);
        assert_eq!(Sample::Second.name(), "SECOND");
        assert_eq!(Sample::from_i32(2).unwrap(), Sample::Second);
        let err = Sample::from_i32(1).unwrap_err().to_string();
        assert!(
            err.contains("1 is not a valid Sample; valid values: FIRST = 0"),
            "{err}"
        );
        // A python-only member is no variant.
        assert!(Sample::from_i32(3).is_err());
        let info = Sample::INFO;
        assert_eq!((info.module, info.name), ("types", "Sample"));
        assert_eq!(info.doc, " A test enum.\n Second line.\n");
        assert_eq!(info.members, [("FIRST", 0), ("SECOND", 2), ("THIRD", 3)]);
        assert_eq!(
            info.c_defines("S"),
            "#define S_FIRST 0\n#define S_SECOND 2\n#define S_THIRD 3\n"
        );
    }
}
