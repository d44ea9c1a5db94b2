//! # ferrodf (frontend crate)
//!
//! The pandas-like layer (Series, DataFrame, Index, ColumnAccessor) for Rust and evcxr users
//! is built on [`ferrodf_core`], re-exported here as [`core`] so that `ferrodf` is the one
//! dependency a Rust user adds. The frame types themselves are not written yet; until they
//! are, this crate offers the core's columns, tables and algorithms directly.
//!
//! ```
//! use ferrodf::core::{Column, ops::{aggregation::Aggregation, reduce::reduce}, TypeId};
//! let prices = Column::from_options(vec![Some(2.0f64), None, Some(4.0)]);
//! let mean = reduce(&prices, &Aggregation::Mean, TypeId::Float64.into()).unwrap();
//! assert_eq!(mean.value::<f64>().unwrap(), Some(3.0));
//! ```

pub use ferrodf_core as core;
