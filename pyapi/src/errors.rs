//! Mapping of core errors onto Python's exceptions, and host-fallback warnings.

use ferrodf_core::Error;
use pyo3::exceptions::{
    PyIndexError, PyKeyError, PyMemoryError, PyNotImplementedError, PyOverflowError,
    PyRuntimeError, PyRuntimeWarning, PyTypeError, PyValueError,
};
use pyo3::prelude::*;

/// Convert a core error into the matching Python exception.
pub fn to_py(e: Error) -> PyErr {
    match e {
        Error::Type(m) => PyTypeError::new_err(m),
        Error::Value(m) => PyValueError::new_err(m),
        Error::Index(m) => PyIndexError::new_err(m),
        Error::Key(m) => PyKeyError::new_err(m),
        Error::OutOfMemory(m) => PyMemoryError::new_err(m),
        Error::Overflow(m) => PyOverflowError::new_err(m),
        Error::NotImplemented(m) => PyNotImplementedError::new_err(m),
        Error::Device(m) => PyRuntimeError::new_err(m),
        Error::Io(kind, m) => {
            use pyo3::exceptions::{
                PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError,
            };
            use std::io::ErrorKind as K;
            match kind {
                K::NotFound => PyFileNotFoundError::new_err(m),
                K::PermissionDenied => PyPermissionError::new_err(m),
                K::IsADirectory => PyIsADirectoryError::new_err(m),
                _ => PyOSError::new_err(m),
            }
        }
    }
}

/// `?`-friendly conversion of core results.
pub trait IntoPyResult<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for ferrodf_core::Result<T> {
    fn py(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// Issue one RuntimeWarning per function that fell back to the host for the first time.
pub fn warn_host_fallbacks(py: Python<'_>) -> PyResult<()> {
    for f in ferrodf_core::fallback::take_unannounced() {
        let msg = std::ffi::CString::new(format!(
            "ferrodf.{f} ran on the host: no GPU implementation exists for these inputs. \
             ferrodf.host_fallbacks() counts such calls; set device='gpu' to make them errors."
        ))
        .expect("no NUL in message");
        PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &msg, 1)?;
    }
    Ok(())
}

/// Run core work with the GIL released, as one operation (its device buffers are not
/// spilled while it runs; its allocations may spill others), then map its error and
/// announce host fallbacks.
#[track_caller]
pub fn run<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> ferrodf_core::Result<T> + Send,
) -> PyResult<T> {
    // The transfer audit names the public function; the binding is known by its file.
    let _site = (ferrodf_core::memory::statistics_level() >= 3).then(|| {
        let binding = std::panic::Location::caller().file();
        ferrodf_core::memory::audit::enter_site(crate::memory::audit_site(py, binding))
    });
    let out = py
        .detach(|| ferrodf_core::memory::operation(f))
        .map_err(to_py);
    warn_host_fallbacks(py)?;
    out
}
