//! # ferrodf (frontend crate)
//!
//! The pandas-like layer for Rust and evcxr users: [`DataFrame`], [`Series`], [`Index`]
//! and the [`ColumnAccessor`] that maps column labels (MultiIndex keys included) to
//! columns, with text and HTML display. It is built on [`ferrodf_core`], re-exported here
//! as [`core`], so `ferrodf` is the one dependency a Rust user adds. The Python package
//! `ferrodf` wraps these types; the semantics live here.
//!
//! Every public method that computes runs as one [`core::memory::operation`]: the device
//! buffers it touches are not spilled while it runs, and when the GPU fills up its
//! allocations spill other, least-recently-used buffers to host memory.
//!
//! ```
//! use ferrodf::{DataFrame, LabelKey, Selected};
//! use ferrodf::core::Column;
//! let df = DataFrame::from_columns(vec![
//!     (("a", "x").into(), Column::from_values(vec![1i64, 2])),
//!     (("a", "y").into(), Column::from_values(vec![3i64, 4])),
//!     (("b", "x").into(), Column::from_values(vec![5i64, 6])),
//! ]).unwrap();
//! let Selected::Frame(a) = df.get(&LabelKey::Label("a".into())).unwrap() else { panic!() };
//! assert_eq!(a.shape(), (2, 2));
//! assert!(df.to_html().unwrap().contains("colspan=\"2\""));
//! ```

pub use ferrodf_core as core;

/// `impl From<$from> for $to` for each `$from => |v| body`: the conversions that only wrap
/// a value in one of `$to`'s variants.
macro_rules! from_impls {
    ($to:ty { $($from:ty => |$v:ident| $body:expr),+ $(,)? }) => {$(
        impl From<$from> for $to {
            fn from($v: $from) -> $to {
                $body
            }
        }
    )+};
}

pub mod accessors;
pub mod align;
pub mod assign;
mod categorical;
pub mod column_accessor;
pub mod compute;
pub mod construct;
pub mod dataframe;
pub mod display;
pub mod dtype;
pub mod frame_columns;
pub mod frame_flex;
pub mod frame_ops;
pub mod groupby;
pub mod index;
pub mod index_ops;
pub mod indexer;
pub mod io;
pub mod label;
pub mod label_map;
pub mod loc;
pub mod lookup;
pub mod memory_usage;
pub mod merge;
pub mod reindex;
pub mod reshape;
pub mod rows;
pub mod select_dtypes;
pub mod selection;
pub mod series;
pub mod sort;
mod suggest;
#[cfg(test)]
mod test_util;
pub mod transpose;

pub use column_accessor::{ColumnAccessor, LabelKey, LevelKey, PositionKey};
pub use dataframe::{DataFrame, Selected};
pub use display::{DisplayOptions, display_options, set_display_options};
pub use dtype::dtype_name;
pub use groupby::aggregate::AggRequest;
pub use groupby::{AggSpec, GroupBy, GroupBySelection, SeriesGroupBy};
pub use index::Index;
pub use label::Label;
pub use loc::Located;
pub use merge::{JoinHow, Merge};
pub use rows::RowSelection;
pub use series::{IntoColumn, Series};
pub use sort::SortOptions;

/// A DataFrame from `label => values` pairs, the values anything [`IntoColumn`] takes
/// (vectors, arrays, `Option`s for missing values, strings, dates); it evaluates to a
/// `Result<DataFrame>`, an error when the columns differ in length.
///
/// ```
/// use ferrodf::df;
/// let sales = df!(
///     "city" => ["Oslo", "Rome", "Oslo"],
///     "revenue" => [10.0, 20.5, 30.0],
///     "units" => vec![Some(1i64), None, Some(3)],
/// ).unwrap();
/// assert_eq!(sales.shape(), (3, 3));
/// assert!(df!("a" => [1i64], "b" => [1i64, 2]).is_err());
/// ```
#[macro_export]
macro_rules! df {
    ($($label:expr => $values:expr),+ $(,)?) => {
        $crate::DataFrame::from_columns(vec![
            $(($crate::Label::from($label), $crate::IntoColumn::into_column($values))),+
        ])
    };
}

/// The Rust examples of docs/rust.md, compiled and run as doc tests of this crate.
#[cfg(doctest)]
#[doc = include_str!("../../docs/rust.md")]
pub struct RustGuideExamples;
