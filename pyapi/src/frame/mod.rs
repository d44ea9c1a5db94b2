//! Bindings of the pandas-like frontend crate (`ferrodf`): ColumnAccessor, Index, Series,
//! DataFrame and display options. Python call conventions live in `python/ferrodf`.

mod accessor;
mod assign;
mod columns;
mod compute;
mod groupby;
mod keys;
mod objects;
mod strings;

pub fn register(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
    objects::register(m)?;
    groupby::register(m)?;
    compute::register(m)
}
