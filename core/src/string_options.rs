//! Options of the strings family (pylibcudf's `strings.side_type`, `strings.combine`,
//! `strings.char_types` and `strings.translate` enums). `ops::strings` re-exports them at their old paths.

use crate::named_enum::named_enum;

named_enum! {
    /// Which end of a string to work on (libcudf's `side_type`).
    pub enum SideType in "strings.side_type" {
        /// The beginning.
        Left,
        /// The end.
        Right,
        /// Both ends.
        Both,
    }
}

named_enum! {
    /// Whether replaced null entries keep their separator (libcudf's `separator_on_nulls`).
    pub enum SeparatorOnNulls in "strings.combine" {
        Yes,
        No,
    }
}

named_enum! {
    /// libcudf's `output_if_empty_list`: what `join_list_elements` gives for a list
    /// without a valid element.
    pub enum OutputIfEmptyList in "strings.combine" {
        EmptyString,
        NullElement,
    }
}

named_enum! {
    /// Character classes as libcudf's `string_character_types` bit flags; values may be
    /// or-ed together (`ALPHA | UPPER`), so the functions take the bits as an integer.
    pub enum StringCharacterTypes in "strings.char_types" {
        /// Unicode general category Nd.
        Decimal = 1,
        /// Unicode general categories Nd, Nl and No.
        Numeric = 2,
        /// Nd, as DECIMAL (pyarrow's `utf8_is_digit` adds all of No: `²`, `½`, `①`;
        /// Python's `str.isdigit` adds `²` and `①`).
        Digit = 4,
        /// Unicode letters (general categories L*), as Python's `str.isalpha`.
        Alpha = 8,
        /// Unicode White_Space (Rust's `char::is_whitespace`).
        Space = 16,
        /// The Unicode Uppercase property (Rust's `char::is_uppercase`).
        Upper = 32,
        /// The Unicode Lowercase property (Rust's `char::is_lowercase`).
        Lower = 64,
        /// DECIMAL | NUMERIC | DIGIT | ALPHA.
        Alphanum = 15,
        /// UPPER | LOWER.
        CaseTypes = 96,
        /// Every class.
        AllTypes = 127,
    }
}

named_enum! {
    /// Whether `translate.filter_characters` keeps or removes the characters of its ranges
    /// (libcudf's `filter_type`).
    pub enum FilterType in "strings.translate" {
        Keep,
        Remove,
    }
}
