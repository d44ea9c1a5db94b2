//! Algorithms, one module per pylibcudf module. Each public function has pylibcudf's
//! semantics and dispatches to a device or a host implementation by [`crate::placement`].

pub mod aggregation;
pub mod binaryop;
pub mod hashing;
pub mod null_mask;
pub(crate) mod numeric;
pub mod reduce;
pub mod search;
