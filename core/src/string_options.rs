//! Options of the strings family (pylibcudf's `strings.side_type` and `strings.combine`
//! enums). `ops::strings` re-exports them at their old paths.

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
    /// libcudf's `output_if_empty_list` (for `join_list_elements`, which is not
    /// implemented).
    pub enum OutputIfEmptyList in "strings.combine" {
        EmptyString,
        NullElement,
    }
}
