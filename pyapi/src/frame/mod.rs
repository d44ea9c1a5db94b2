//! Bindings of the pandas-like frontend crate (`ferrodf`): ColumnAccessor, Index, Series,
//! DataFrame and display options. Python call conventions live in `python/ferrodf`.

mod accessor;
mod keys;
mod objects;

pub use objects::register;
