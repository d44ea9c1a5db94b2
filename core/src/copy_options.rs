//! Options of the copying and null-mask families (pylibcudf's `copying` and `types`
//! enums): what `gather` does out of bounds, and how new null masks are allocated. Kept
//! at layer 0 with the other Python-visible enums; `ops::copying` and `ops::null_mask`
//! re-export them at their old paths.

use crate::named_enum::named_enum;

named_enum! {
    /// What `gather` does with map entries outside `[-n, n)`.
    ///
    /// `DONT_CHECK` is undefined behaviour in libcudf; ferrodf still checks and raises
    /// IndexError, so nothing outside the source is ever read.
    pub enum OutOfBoundsPolicy in "copying" {
        /// They give null rows.
        Nullify,
        /// libcudf leaves them undefined; ferrodf still checks and raises IndexError, so no
        /// memory outside the source is ever read.
        DontCheck,
    }
}

named_enum! {
    /// Whether `allocate_like` gives the new column a null mask.
    pub enum MaskAllocationPolicy in "copying" {
        /// Never.
        Never,
        /// When the input has one.
        Retain,
        /// Always.
        Always,
    }
}

named_enum! {
    /// libcudf's `mask_state`: how a new mask is initialised.
    pub enum MaskState in "types" {
        /// No mask at all (an empty buffer).
        Unallocated,
        /// Allocated, contents unspecified (ferrodf zeroes them).
        Uninitialized,
        /// Every bit set.
        AllValid,
        /// Every bit unset.
        AllNull,
    }
}

named_enum! {
    /// libcudf's `sample_with_replacement`: whether `sample` may draw a row more than once.
    pub enum SampleWithReplacement in "types" {
        /// Each row at most once.
        False,
        /// Rows may repeat.
        True,
    }
}
