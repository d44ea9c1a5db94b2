//! The Python extension module `ferrodf._lib`: thin bindings of ferrodf-core. Semantics live
//! in the core; this crate converts arguments, releases the GIL around core calls and maps
//! errors onto Python exceptions. The public Python API is assembled in `python/ferrodf`.

mod aggregation;
mod args;
mod arrow_io;
mod binaryop;
mod column;
mod concatenate;
mod copying;
mod datetime;
mod dlpack;
mod enums;
mod errors;
mod filling;
mod frame;
mod gpumemoryview;
mod groupby;
mod hashing;
mod io;
mod join;
mod memory;
mod merge;
mod null_mask;
mod partitioning;
mod quantiles;
mod reduce;
mod regex;
mod replace;
mod round;
mod runtime;
mod scalar;
mod search;
mod sorting;
mod stream_compaction;
mod strings;
mod table;
mod traits;
mod transform;
mod types;
mod unary;

// The global allocator (also included by core/examples/io_read_timing.rs).
include!("allocator.rs");

use pyo3::prelude::*;

#[pymodule]
fn _lib(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<types::PyDataType>()?;
    m.add_class::<column::PyColumn>()?;
    m.add_class::<table::PyTable>()?;
    m.add_class::<scalar::PyScalar>()?;
    m.add_class::<gpumemoryview::GpuMemoryView>()?;
    m.add_function(wrap_pyfunction!(types::size_of, m)?)?;
    aggregation::register(m)?;
    reduce::register(m)?;
    binaryop::register(m)?;
    copying::register(m)?;
    concatenate::register(m)?;
    filling::register(m)?;
    stream_compaction::register(m)?;
    replace::register(m)?;
    frame::register(m)?;
    unary::register(m)?;
    round::register(m)?;
    transform::register(m)?;
    traits::register(m)?;
    memory::register(m)?;
    hashing::register(m)?;
    null_mask::register(m)?;
    search::register(m)?;
    runtime::register(m)?;
    groupby::register(m)?;
    sorting::register(m)?;
    quantiles::register(m)?;
    merge::register(m)?;
    join::register(m)?;
    partitioning::register(m)?;
    io::register(m)?;
    strings::register(m)?;
    regex::register(m)?;
    datetime::register(m)?;
    dlpack::register(m)?;
    Ok(())
}
