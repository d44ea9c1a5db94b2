//! Options of the strings family (pylibcudf's `strings.side_type` and `strings.combine`
//! enums). `ops::strings` re-exports them at their old paths.

use crate::named_enum::named_enum;

named_enum! {
    /// Which end of a string to work on (libcudf's `side_type`).
    pub enum SideType in "strings.side_type" {
        /// The beginning.
        Left = 0 => "LEFT",
        /// The end.
        Right = 1 => "RIGHT",
        /// Both ends.
        Both = 2 => "BOTH",
    }
}

named_enum! {
    /// Whether replaced null entries keep their separator (libcudf's `separator_on_nulls`).
    pub enum SeparatorOnNulls in "strings.combine" {
        Yes = 0 => "YES",
        No = 1 => "NO",
    }
}

named_enum! {
    /// libcudf's `output_if_empty_list` (for `join_list_elements`, which is not
    /// implemented).
    pub enum OutputIfEmptyList in "strings.combine" {
        EmptyString = 0 => "EMPTY_STRING",
        NullElement = 1 => "NULL_ELEMENT",
    }
}
