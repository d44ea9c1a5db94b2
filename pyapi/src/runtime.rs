//! Process-wide settings and device information.

use crate::args::add_functions;
use crate::errors::{IntoPyResult, run};
use ferrodf_core::placement::{Placement, placement, set_placement};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The device placement policy: "auto", "gpu" or "cpu".
#[pyfunction]
pub fn get_device() -> PyResult<&'static str> {
    Ok(placement().py()?.name())
}

/// Set the device placement policy ("auto", "gpu" or "cpu").
#[pyfunction]
pub fn set_device(py: Python<'_>, value: &str) -> PyResult<()> {
    let p = Placement::parse(value).py()?;
    run(py, move || set_placement(p))
}

/// A dict describing the GPU, or None when no usable GPU is present.
#[pyfunction]
pub fn gpu_info(py: Python<'_>) -> PyResult<Option<Bound<'_, PyDict>>> {
    let Ok(rt) = py.detach(ferrodf_core::device::runtime) else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("name", rt.name())?;
    d.set_item("arch", rt.arch())?;
    d.set_item("multiprocessors", rt.sm_count())?;
    let (total, free) = rt.memory_info().py()?;
    d.set_item("total_memory", total)?;
    d.set_item("free_memory", free)?;
    d.set_item("kernel_modules", kernel_modules(py)?)?;
    Ok(Some(d))
}

/// Where this process's kernel modules came from: counts and seconds (finding, compiling
/// and loading) for the prebuilt cubins and PTX of the wheel, the on-disk cache and NVRTC,
/// and the keys of the modules NVRTC compiled.
fn kernel_modules(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let stats = ferrodf_core::device::module_stats();
    let d = PyDict::new(py);
    for (name, (count, took)) in [
        ("embedded", stats.embedded_cubin),
        ("embedded_ptx", stats.embedded_ptx),
        ("disk_cache", stats.disk_cache),
        ("nvrtc", stats.nvrtc),
    ] {
        d.set_item(name, count)?;
        d.set_item(format!("{name}_seconds"), took.as_secs_f64())?;
    }
    d.set_item("nvrtc_keys", stats.nvrtc_keys)?;
    Ok(d)
}

/// Use the prebuilt kernels in `path` (the package's `_kernels` folder, set on import).
#[pyfunction]
pub fn set_kernel_bundle_dir(path: &str) {
    ferrodf_core::device::kernel_bundle::set_dir(path);
}

/// Why no GPU is used, or None when one is usable.
#[pyfunction]
pub fn gpu_unavailable_reason(py: Python<'_>) -> Option<String> {
    py.detach(ferrodf_core::device::unavailable_reason)
}

/// Wait for all queued GPU work of ferrodf (a no-op without a GPU).
#[pyfunction]
pub fn synchronize(py: Python<'_>) -> PyResult<()> {
    run(py, || match ferrodf_core::device::runtime() {
        Ok(rt) => rt.synchronize(),
        Err(_) => Ok(()),
    })
}

/// Counts of calls that ran on the host because no GPU implementation exists.
#[pyfunction]
pub fn host_fallbacks(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in ferrodf_core::fallback::counts() {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// Record that `function` is about to run on the host because it has no GPU path for
/// `why`, as the core's own fallbacks do: nothing when ferrodf is not using the GPU, a
/// NotImplementedError in `gpu` mode, a count (and one RuntimeWarning per function) in
/// `auto` mode. For Python-level code that computes on the host.
#[pyfunction]
pub fn host_fallback(py: Python<'_>, function: &str, why: &str) -> PyResult<()> {
    if !ferrodf_core::placement::use_device().py()? {
        return Ok(());
    }
    ferrodf_core::placement::host_fallback(function, why).py()?;
    crate::errors::warn_host_fallbacks(py)
}

/// Forget the host-fallback counts.
#[pyfunction]
pub fn reset_host_fallbacks() {
    ferrodf_core::fallback::reset();
}

/// Register the runtime bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        get_device,
        set_device,
        gpu_info,
        gpu_unavailable_reason,
        synchronize,
        host_fallbacks,
        reset_host_fallbacks,
        host_fallback,
        set_kernel_bundle_dir,
    )
}
