//! Bindings of the pandas-like frontend crate (`ferrodf`): ColumnAccessor, Index, Series,
//! DataFrame and display options. Python call conventions live in `python/ferrodf`.

/// `#[pymethods]` of `$class` that take no arguments: each runs the frontend method of the
/// same name with the GIL released, on a clone (frames and series share their columns), and
/// wraps the result in `$out`.
macro_rules! delegate_methods {
    ($class:ident { $($(#[$doc:meta])* $name:ident -> $out:ident;)+ }) => {
        #[pymethods]
        impl $class {$(
            $(#[$doc])*
            fn $name(&self, py: Python<'_>) -> PyResult<$out> {
                let this = self.0.clone();
                crate::errors::run(py, move || this.$name()).map($out)
            }
        )+}
    };
}

mod accessor;
mod assign;
mod categorical;
mod columns;
mod compute;
mod construct;
mod groupby;
mod io;
mod keys;
mod loc;
mod objects;
mod strings;

pub fn register(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
    objects::register(m)?;
    groupby::register(m)?;
    io::register(m)?;
    compute::register(m)
}
