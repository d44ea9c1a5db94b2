//! The `stream=` and `mr=` arguments of the plc bindings, and `ferrodf.Stream`.
//!
//! A binding given a stream orders its device work after the work already queued on that
//! stream and before the work queued on it afterwards ([`ForeignStream`] explains how).
//! Any object with the CUDA stream protocol (`__cuda_stream__()` returning `(0, handle)`:
//! rmm, cuda.core and [`PyStream`]) is a stream, and so is a CuPy stream (by its `ptr`). ferrodf allocates device memory from
//! its own pool, which spills; an `mr=` is checked to be a memory resource and otherwise
//! not used.

use crate::args::{Opt, type_name};
use crate::errors::IntoPyResult;
use cudarc::driver::CudaStream;
use ferrodf_core::device::{ForeignStream, runtime};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;

/// Orders one binding's device work with a caller's stream: built on entry (the binding's
/// work waits for the caller's), dropped on exit (the caller's later work waits for the
/// binding's). Without a stream, or without a GPU, it does nothing.
pub(crate) struct StreamOrder(Option<ForeignStream>);

impl Drop for StreamOrder {
    fn drop(&mut self) {
        if let Some(s) = self.0 {
            // A failure here means the context is broken; the next device call reports it.
            let _ = s.happens_after_ferrodf();
        }
    }
}

/// The raw handle of a stream argument, through the CUDA stream protocol.
pub(crate) fn stream_handle(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    if !obj.hasattr("__cuda_stream__")? {
        // CuPy's streams predate the protocol and name their handle `ptr`.
        if obj.hasattr("ptr")? && obj.get_type().name()?.to_string().ends_with("Stream") {
            if let Ok(handle) = obj.getattr("ptr")?.extract::<usize>() {
                return Ok(handle);
            }
        }
        return Err(PyTypeError::new_err(format!(
            "stream must be a CUDA stream object (with __cuda_stream__, such as \
             ferrodf.Stream, a CuPy, rmm or cuda.core stream) or None, got {}",
            type_name(obj)
        )));
    }
    let (version, handle): (i64, usize) =
        obj.call_method0("__cuda_stream__")?
            .extract()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "{}.__cuda_stream__() must return (version, handle) as two ints",
                    type_name(obj)
                ))
            })?;
    if version != 0 {
        return Err(PyValueError::new_err(format!(
            "{}.__cuda_stream__() speaks version {version} of the CUDA stream protocol; \
             ferrodf understands version 0",
            type_name(obj)
        )));
    }
    Ok(handle)
}

/// What a binding's trailing `stream`/`mr` argument named `name` asks for: a [`StreamOrder`]
/// to keep alive while the binding runs. `mr` is checked and has no effect.
pub(crate) fn honour(py: Python<'_>, name: &str, arg: Opt) -> PyResult<StreamOrder> {
    let Some(obj) = arg.filter(|o| !o.is_none()) else {
        return Ok(StreamOrder(None));
    };
    match name {
        "stream" => {
            let handle = stream_handle(obj)?;
            if !py.detach(ferrodf_core::device::gpu_available) {
                return Ok(StreamOrder(None));
            }
            // SAFETY: the protocol object owns a live stream while the call runs (it is
            // an argument of the call).
            let stream = unsafe { ForeignStream::from_raw(handle) };
            py.detach(|| stream.happens_before_ferrodf()).py()?;
            Ok(StreamOrder(Some(stream)))
        }
        "mr" => {
            if !(obj.hasattr("allocate")? && obj.hasattr("deallocate")?) {
                return Err(PyTypeError::new_err(format!(
                    "mr must be a device memory resource (with allocate and deallocate, \
                     such as rmm's) or None, got {}",
                    type_name(obj)
                )));
            }
            Ok(StreamOrder(None))
        }
        _ => Ok(StreamOrder(None)),
    }
}

/// A CUDA stream of ferrodf's context, for work queued by other libraries and passed back
/// to ferrodf as `stream=`. It speaks the CUDA stream protocol, so CuPy
/// (`cupy.cuda.ExternalStream(s.handle)`) and cuda.core can queue work on it.
#[pyclass(name = "Stream", module = "ferrodf", frozen)]
pub struct PyStream {
    stream: Arc<CudaStream>,
    own: bool,
}

#[pymethods]
impl PyStream {
    /// A new stream (needs a GPU).
    #[new]
    fn new(py: Python<'_>) -> PyResult<Self> {
        let stream = py.detach(|| runtime()?.new_stream()).py()?;
        Ok(PyStream { stream, own: false })
    }

    /// The stream ferrodf queues all its own work on.
    #[staticmethod]
    fn ferrodf(py: Python<'_>) -> PyResult<Self> {
        let stream = py.detach(|| runtime().map(|rt| rt.stream().clone())).py()?;
        Ok(PyStream { stream, own: true })
    }

    /// The raw `CUstream` handle.
    #[getter]
    fn handle(&self) -> usize {
        self.stream.cu_stream() as usize
    }

    /// The CUDA stream protocol: `(0, handle)`.
    fn __cuda_stream__(&self) -> (i64, usize) {
        (0, self.handle())
    }

    /// Block until the work queued on this stream has finished.
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.stream.synchronize())
            .map_err(ferrodf_core::Error::from)
            .py()
    }

    fn __repr__(&self) -> String {
        let which = if self.own { "ferrodf's own " } else { "" };
        format!("<ferrodf.Stream {which}0x{:x}>", self.handle())
    }
}

/// The Python-held form of a [`StreamOrder`], for the plc functions written in Python:
/// kept in a local variable, it orders the caller's stream after the function's work when
/// the function returns and drops it.
#[pyclass(name = "StreamOrder", module = "ferrodf._lib", frozen)]
pub struct PyStreamOrder(#[allow(dead_code)] StreamOrder);

/// `stream_order(stream, mr)`: None when there is nothing to order (no stream, or no GPU),
/// else a guard to keep alive while the caller's work is queued. Checks `mr` as the Rust
/// bindings do.
#[pyfunction]
#[pyo3(signature = (stream = None, mr = None))]
pub fn stream_order(py: Python<'_>, stream: Opt, mr: Opt) -> PyResult<Option<PyStreamOrder>> {
    honour(py, "mr", mr)?;
    let order = honour(py, "stream", stream)?;
    Ok(order.0.is_some().then_some(PyStreamOrder(order)))
}
