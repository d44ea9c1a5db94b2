//! Algorithms, one module per pylibcudf module. Each public function has pylibcudf's
//! semantics and dispatches to a device or a host implementation by [`crate::placement`].

pub mod aggregation;
pub mod binaryop;
pub mod cast;
pub mod column_factories;
pub mod concatenate;
pub mod copying;
pub mod datetime;
pub mod expressions;
pub mod filling;
pub(crate) mod gather;
pub mod groupby;
pub mod hashing;
pub mod join;
pub mod kernel_manifest;
pub mod labeling;
pub mod lists;
pub mod merge;
pub mod null_mask;
pub(crate) mod numeric;
pub mod nvtext;
pub mod partitioning;
pub mod quantiles;
pub mod reduce;
pub mod replace;
pub mod reshape;
pub mod rolling;
pub mod round;
pub mod scan;
pub mod search;
pub(crate) mod select;
pub mod sorting;
pub mod stream_compaction;
pub mod strings;
pub mod transform;
pub mod unary;
