//! The Python extension module `ferrodf._lib`: thin bindings of ferrodf-core. Semantics live
//! in the core; this crate converts arguments, releases the GIL around core calls and maps
//! errors onto Python exceptions. The public Python API is assembled in `python/ferrodf`.

mod arrow_io;
mod column;
mod datetime;
mod dlpack;
mod enums;
mod errors;
mod frame;
mod gpumemoryview;
mod groupby;
mod hashing;
mod io;
mod join;
mod memory;
mod movement;
mod null_mask;
mod ops;
mod regex;
mod runtime;
mod scalar;
mod search;
mod sorting;
mod strings;
mod table;
mod traits;
mod types;
mod unary;

use pyo3::prelude::*;

/// jemalloc reuses freed extents instead of returning big column buffers to the OS, which
/// would make every new host column pay page faults (see Cargo.toml).
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's start-up options. `dirty_decay_ms:-1` keeps freed pages for reuse: with any
/// finite decay, measured here, large freed blocks were purged before the next column was
/// allocated and a 10^7-row float64 add cost 80 ms of page faults instead of 9 ms. The
/// price is that the process keeps its peak host memory, as a pool allocator would.
/// `lg_extent_max_active_fit:10` lets a freed extent up to 1024 times (default 64) the
/// size of a request serve it: after a CSV read had left extents of hundreds of MB, a
/// Parquet read's smaller buffers were refused them and faulted in fresh pages on every
/// read (1.23 s instead of 0.32 s for 10^7 rows, bench/bench_io.py).
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[unsafe(export_name = "_rjem_malloc_conf")]
#[allow(non_upper_case_globals)]
pub static malloc_conf: Option<&'static [u8; 46]> =
    Some(b"dirty_decay_ms:-1,lg_extent_max_active_fit:10\0");

#[pymodule]
fn _lib(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<types::PyDataType>()?;
    m.add_class::<column::PyColumn>()?;
    m.add_class::<table::PyTable>()?;
    m.add_class::<scalar::PyScalar>()?;
    m.add_class::<gpumemoryview::GpuMemoryView>()?;
    m.add_class::<ops::PyAggregation>()?;
    m.add_function(wrap_pyfunction!(types::size_of, m)?)?;
    m.add_function(wrap_pyfunction!(ops::make_aggregation, m)?)?;
    m.add_function(wrap_pyfunction!(ops::reduce, m)?)?;
    m.add_function(wrap_pyfunction!(ops::is_valid_reduce_aggregation, m)?)?;
    m.add_function(wrap_pyfunction!(ops::binary_operation, m)?)?;
    m.add_function(wrap_pyfunction!(ops::is_supported_operation, m)?)?;
    movement::register(m)?;
    frame::register(m)?;
    for f in [
        wrap_pyfunction!(unary::unary_operation, m)?,
        wrap_pyfunction!(unary::is_null, m)?,
        wrap_pyfunction!(unary::is_valid, m)?,
        wrap_pyfunction!(unary::is_nan, m)?,
        wrap_pyfunction!(unary::is_not_nan, m)?,
        wrap_pyfunction!(unary::cast, m)?,
        wrap_pyfunction!(unary::bit_cast, m)?,
        wrap_pyfunction!(unary::is_supported_cast, m)?,
        wrap_pyfunction!(unary::round, m)?,
        wrap_pyfunction!(unary::round_decimal, m)?,
        wrap_pyfunction!(unary::nans_to_nulls, m)?,
        wrap_pyfunction!(unary::column_nans_to_nulls, m)?,
        wrap_pyfunction!(unary::bools_to_mask, m)?,
        wrap_pyfunction!(unary::mask_to_bools, m)?,
    ] {
        m.add_function(f)?;
    }
    traits::register(m)?;
    memory::register(m)?;
    m.add_function(wrap_pyfunction!(hashing::murmurhash3_x86_32, m)?)?;
    m.add_function(wrap_pyfunction!(hashing::xxhash_64, m)?)?;
    m.add_function(wrap_pyfunction!(null_mask::copy_bitmask, m)?)?;
    m.add_function(wrap_pyfunction!(
        null_mask::bitmask_allocation_size_bytes,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(null_mask::create_null_mask, m)?)?;
    m.add_function(wrap_pyfunction!(null_mask::bitmask_and, m)?)?;
    m.add_function(wrap_pyfunction!(null_mask::bitmask_or, m)?)?;
    m.add_function(wrap_pyfunction!(null_mask::null_count, m)?)?;
    m.add_function(wrap_pyfunction!(search::lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(search::upper_bound, m)?)?;
    m.add_function(wrap_pyfunction!(search::contains, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::get_device, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::set_device, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::gpu_info, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::gpu_unavailable_reason, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::synchronize, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::host_fallbacks, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::reset_host_fallbacks, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::host_fallback, m)?)?;
    groupby::register(m)?;
    sorting::register(m)?;
    sorting::register_quantiles_merge(m)?;
    join::register(m)?;
    io::register(m)?;
    strings::register(m)?;
    regex::register(m)?;
    datetime::register(m)?;
    dlpack::register(m)?;
    Ok(())
}
