//! The one definition of every enum that crosses into Python. [`named_enum!`] declares a
//! fieldless `#[repr(i32)]` enum from a list of variants (pylibcudf's value and name of
//! each follow from it unless spelled out) and describes it as an [`EnumInfo`]: the `ferrodf.plc` module that exposes it, its doc
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

/// The length of [`screaming_snake`]`(variant)`.
pub(crate) const fn screaming_snake_len(variant: &str) -> usize {
    let bytes = variant.as_bytes();
    let mut len = bytes.len();
    let mut i = 1;
    while i < bytes.len() {
        if bytes[i].is_ascii_uppercase() {
            len += 1;
        }
        i += 1;
    }
    len
}

/// A CamelCase variant name in pylibcudf's SCREAMING_SNAKE_CASE: an underscore before
/// every capital but the first, digits staying with their word (`NanIsNull` is
/// `NAN_IS_NULL`, `Atan2` is `ATAN2`, `DirectV2` is `DIRECT_V2`). `N` is
/// [`screaming_snake_len`]`(variant)`; the enums spell out only the names that do not
/// follow this rule.
pub(crate) const fn screaming_snake<const N: usize>(variant: &str) -> [u8; N] {
    let bytes = variant.as_bytes();
    let mut out = [0u8; N];
    let (mut i, mut o) = (0, 0);
    while i < bytes.len() {
        let b = bytes[i];
        assert!(
            b.is_ascii_alphanumeric(),
            "variant names are ASCII letters and digits"
        );
        if i > 0 && b.is_ascii_uppercase() {
            out[o] = b'_';
            o += 1;
        }
        out[o] = b.to_ascii_uppercase();
        o += 1;
        i += 1;
    }
    assert!(o == N, "N must be screaming_snake_len(variant)");
    out
}

/// `bytes` as a string; they come from [`screaming_snake`], so they are ASCII.
pub(crate) const fn ascii_str(bytes: &'static [u8]) -> &'static str {
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii(), "not ASCII");
        i += 1;
    }
    // SAFETY: every byte is ASCII (checked above), so the bytes are valid UTF-8.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// pylibcudf's name of a variant: the one spelled out after `=>`, or the variant's name in
/// SCREAMING_SNAKE_CASE.
macro_rules! member_name {
    ($variant:ident) => {{
        const NAME: [u8; $crate::named_enum::screaming_snake_len(stringify!($variant))] =
            $crate::named_enum::screaming_snake(stringify!($variant));
        $crate::named_enum::ascii_str(&NAME)
    }};
    ($variant:ident, $name:literal) => {
        $name
    };
}
pub(crate) use member_name;

/// Declares an enum and its [`EnumInfo`] from one list:
///
/// ```ignore
/// named_enum! {
///     /// Doc comment (also the Python docstring).
///     pub enum Order in "types" {
///         /// Variant docs and attributes (`#[default]`) are allowed.
///         Ascending,
///         Descending,
///     }
/// }
/// ```
///
/// As in any Rust enum, a variant's value (pylibcudf's number) is its position unless
/// given (`Variance = 11`), and the values after a given one count on from it. Its
/// pylibcudf name is the variant in SCREAMING_SNAKE_CASE (see [`screaming_snake`]) unless
/// given after `=>` (`None => "STATISTICS_NONE"`).
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
            $($(#[$vattr:meta])* $variant:ident $(= $value:literal)? $(=> $name:literal)?,)*
        }
        $(python_only { $($py_name:literal = $py_value:literal,)* })?
    ) => {
        $(#[doc = $doc])*
        #[repr(i32)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord $($(, $derive)*)?)]
        #[allow(missing_docs)]
        pub enum $Enum {
            $($(#[$vattr])* $variant $(= $value)?,)*
        }

        impl $Enum {
            /// Every variant, in declaration order.
            pub const ALL: [$Enum; [$(stringify!($variant)),*].len()] = [$($Enum::$variant),*];

            /// How the Python package describes this enum.
            pub const INFO: $crate::named_enum::EnumInfo = $crate::named_enum::EnumInfo {
                module: $module,
                name: stringify!($Enum),
                doc: concat!($($doc, "\n"),*),
                members: &[
                    $(($Enum::$variant.name(), $Enum::$variant as i32),)*
                    $($(($py_name, $py_value),)*)?
                ],
            };

            /// pylibcudf's name of the member (upper case).
            pub const fn name(self) -> &'static str {
                match self {
                    $($Enum::$variant => $crate::named_enum::member_name!($variant $(, $name)?),)*
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
    use super::{ascii_str, screaming_snake, screaming_snake_len};

    named_enum! {
        /// A test enum.
        /// Second line.
        #[derive(Default)]
        pub enum Sample in "types" {
            /// The first.
            FirstOne,
            #[default]
            Second = 2,
            Third => "THE_THIRD",
        }
        python_only {
            "FOURTH" = 4,
        }
    }

    #[test]
    fn declares_the_enum_and_its_description() {
        assert_eq!(
            Sample::ALL,
            [Sample::FirstOne, Sample::Second, Sample::Third]
        );
        assert_eq!(Sample::default(), Sample::Second);
        assert_eq!(Sample::FirstOne.name(), "FIRST_ONE");
        assert_eq!(Sample::Third.name(), "THE_THIRD");
        assert_eq!(Sample::from_i32(2).unwrap(), Sample::Second);
        assert_eq!(Sample::from_i32(3).unwrap(), Sample::Third);
        let err = Sample::from_i32(1).unwrap_err().to_string();
        assert!(
            err.contains("1 is not a valid Sample; valid values: FIRST_ONE = 0"),
            "{err}"
        );
        // A python-only member is no variant.
        assert!(Sample::from_i32(4).is_err());
        let info = Sample::INFO;
        assert_eq!((info.module, info.name), ("types", "Sample"));
        assert_eq!(info.doc, " A test enum.\n Second line.\n");
        assert_eq!(
            info.members,
            [
                ("FIRST_ONE", 0),
                ("SECOND", 2),
                ("THE_THIRD", 3),
                ("FOURTH", 4)
            ]
        );
        assert_eq!(
            info.c_defines("S"),
            "#define S_FIRST_ONE 0\n#define S_SECOND 2\n#define S_THE_THIRD 3\n#define S_FOURTH 4\n"
        );
    }

    #[test]
    fn variant_names_become_screaming_snake_case() {
        fn convert<const N: usize>(variant: &str) -> String {
            assert_eq!(screaming_snake_len(variant), N, "{variant}");
            let bytes: &'static [u8] = Box::leak(Box::new(screaming_snake::<N>(variant)));
            ascii_str(bytes).to_string()
        }
        assert_eq!(convert::<3>("Add"), "ADD");
        assert_eq!(convert::<5>("Atan2"), "ATAN2");
        assert_eq!(convert::<5>("Uint8"), "UINT8");
        assert_eq!(convert::<11>("NanIsNull"), "NAN_IS_NULL");
        assert_eq!(convert::<9>("DirectV2"), "DIRECT_V2");
        assert_eq!(convert::<20>("ShiftRightUnsigned"), "SHIFT_RIGHT_UNSIGNED");
    }
}
