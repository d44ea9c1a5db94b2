//! pylibcudf's small runtime modules: `context` (the JIT cache), `experimental`
//! (`join_streams`) and `utilities` (`is_ptds_enabled`).

use crate::errors::IntoPyResult;
use crate::stream::stream_handle;
use ferrodf_core::device::{ForeignStream, clear_kernel_cache, enable_kernel_cache};
use pyo3::prelude::*;

/// Use (`True`) or bypass (`False`) the on-disk cache of compiled kernels.
#[pyfunction]
pub fn enable_jit_cache(enable: bool) {
    enable_kernel_cache(enable);
}

/// Remove every compiled kernel from the on-disk cache and from this process.
#[pyfunction]
pub fn clear_jit_cache(py: Python<'_>) -> PyResult<()> {
    py.detach(clear_kernel_cache).py()
}

/// Make `stream` wait for the work queued so far on each of `streams` (CUDA stream
/// protocol objects). Without a GPU there is no work to order and the streams are only
/// checked.
#[pyfunction]
pub fn join_streams(
    py: Python<'_>,
    streams: Vec<Bound<'_, PyAny>>,
    stream: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let handles = streams
        .iter()
        .map(stream_handle)
        .collect::<PyResult<Vec<_>>>()?;
    let waiter = stream_handle(stream)?;
    if !py.detach(ferrodf_core::device::gpu_available) {
        return Ok(());
    }
    // SAFETY: the protocol objects own live streams while this call runs.
    let (streams, waiter) = unsafe {
        (
            handles
                .into_iter()
                .map(|h| ForeignStream::from_raw(h))
                .collect::<Vec<_>>(),
            ForeignStream::from_raw(waiter),
        )
    };
    py.detach(|| ferrodf_core::device::join_streams(&streams, waiter))
        .py()
}

/// Whether the per-thread default stream is in use: ferrodf queues its work on a stream
/// of its own, never on a default stream, so always False.
#[pyfunction]
pub fn is_ptds_enabled() -> bool {
    false
}

/// Add these functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::args::add_functions!(
        m,
        enable_jit_cache,
        clear_jit_cache,
        join_streams,
        is_ptds_enabled
    )
}
