//! `plc.gpumemoryview`: a view of device memory owned by another object (anything with
//! `__cuda_array_interface__`), or of a ferrodf buffer.

use crate::errors::IntoPyResult;
use ferrodf_core::buffer::Buffer;
use ferrodf_core::device::DeviceMemory;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySlice, PyTuple};
use std::sync::Arc;

/// Keeps a Python object alive from Rust (dropped without the GIL, pyo3 defers the decref).
struct PyOwner(#[allow(dead_code)] Py<PyAny>);

/// A view of device bytes: `ptr`, `nbytes`, `obj` (the owner) and the CUDA array interface.
#[pyclass(name = "gpumemoryview", module = "ferrodf.plc.gpumemoryview", frozen)]
pub struct GpuMemoryView {
    pub(crate) buffer: Buffer,
    owner: Option<Py<PyAny>>,
}

/// What a `__cuda_array_interface__` describes.
pub struct CudaArray {
    pub ptr: u64,
    pub shape: Vec<usize>,
    pub typestr: String,
    pub itemsize: usize,
}

impl CudaArray {
    pub fn nbytes(&self) -> usize {
        self.shape.iter().product::<usize>() * self.itemsize
    }
}

/// Read and check an object's `__cuda_array_interface__` (C-contiguous, no mask), waiting
/// for the producer's stream when it names one.
pub fn read_cuda_array_interface(obj: &Bound<'_, PyAny>) -> PyResult<CudaArray> {
    let cai = obj.getattr("__cuda_array_interface__")?;
    let cai = cai
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("__cuda_array_interface__ must be a dict"))?;
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> {
        cai.get_item(k)?
            .ok_or_else(|| PyValueError::new_err(format!("__cuda_array_interface__ has no '{k}'")))
    };
    let shape: Vec<usize> = get("shape")?.extract()?;
    let typestr: String = get("typestr")?.extract()?;
    let data: Bound<'_, PyTuple> = get("data")?.cast_into()?;
    let ptr: u64 = data.get_item(0)?.extract()?;
    let itemsize = typestr_itemsize(&typestr)?;
    if let Some(strides) = cai.get_item("strides")?
        && !strides.is_none()
    {
        let strides: Vec<isize> = strides.extract()?;
        let mut expect = itemsize as isize;
        for (dim, stride) in shape.iter().zip(&strides).rev() {
            if *dim > 1 && *stride != expect {
                return Err(PyValueError::new_err(
                    "only C-contiguous device arrays are supported; call cupy.ascontiguousarray first",
                ));
            }
            expect *= *dim as isize;
        }
    }
    if let Some(mask) = cai.get_item("mask")?
        && !mask.is_none()
    {
        return Err(pyo3::exceptions::PyNotImplementedError::new_err(
            "device arrays with a __cuda_array_interface__ mask are not supported",
        ));
    }
    if let Some(stream) = cai.get_item("stream")?
        && let Ok(s) = stream.extract::<u64>()
        && s != 0
    {
        // The producer may still be writing on its stream: wait for it.
        ferrodf_core::device::runtime().py()?;
        // SAFETY: the producer hands us a live stream handle (or the legacy/per-thread ids).
        unsafe { cudarc::driver::result::stream::synchronize(s as cudarc::driver::sys::CUstream) }
            .map_err(|e| crate::errors::to_py(e.into()))?;
    }
    Ok(CudaArray {
        ptr,
        shape,
        typestr,
        itemsize,
    })
}

fn typestr_itemsize(t: &str) -> PyResult<usize> {
    let digits: String = t.chars().skip(2).take_while(char::is_ascii_digit).collect();
    digits.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unrecognised typestr {t:?} in __cuda_array_interface__"
        ))
    })
}

/// Wrap the device memory an object exposes, keeping the object alive.
pub fn buffer_from_cuda_array(obj: &Bound<'_, PyAny>, arr: &CudaArray) -> PyResult<Buffer> {
    ferrodf_core::device::runtime().py()?;
    let owner: Arc<dyn std::any::Any + Send + Sync> = Arc::new(PyOwner(obj.clone().unbind()));
    // SAFETY: the CUDA array interface promises nbytes of device memory at ptr for as long
    // as the object lives, and `owner` keeps it alive.
    let mem = unsafe { DeviceMemory::foreign(arr.ptr, arr.nbytes(), owner) };
    let buf = Buffer::from_device(mem);
    // Someone outside ferrodf holds the pointer too: never move this memory.
    buf.expose_device_ptr().py()?;
    Ok(buf)
}

impl GpuMemoryView {
    pub fn from_buffer(buffer: Buffer) -> Self {
        GpuMemoryView {
            buffer,
            owner: None,
        }
    }

    /// A core `(mask, null count)` result as Python's `(gpumemoryview, int)`.
    pub fn with_count((mask, nulls): (Buffer, usize)) -> (Self, usize) {
        (Self::from_buffer(mask), nulls)
    }

    /// Hand the device address out of ferrodf, recording `what` handed it (and, at
    /// statistics level 2, the Python caller) as the exposure site.
    fn expose(&self, py: Python<'_>, what: &str) -> PyResult<u64> {
        let b = self.buffer.clone();
        let site = crate::memory::exposure_site(py, what);
        crate::errors::run(py, move || b.expose_device_ptr_at(&site))
    }
}

#[pymethods]
impl GpuMemoryView {
    /// View the device memory of any object with `__cuda_array_interface__` (no copy).
    #[new]
    fn new(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        if !crate::memory::has_cuda_array_interface(obj)? {
            return Err(PyTypeError::new_err(format!(
                "gpumemoryview needs an object with __cuda_array_interface__ (a CuPy array, a torch \
                 CUDA tensor, ...), got {}",
                obj.get_type().name()?
            )));
        }
        let arr = read_cuda_array_interface(obj)?;
        let buffer = buffer_from_cuda_array(obj, &arr)?;
        Ok(GpuMemoryView {
            buffer,
            owner: Some(obj.clone().unbind()),
        })
    }

    /// The device address of the first byte. Moves host-resident bytes to the device and
    /// pins them there (they have left ferrodf's control).
    #[getter]
    fn ptr(&self, py: Python<'_>) -> PyResult<u64> {
        self.expose(py, "gpumemoryview.ptr")
    }

    /// The host address of the first byte, copying the bytes to the host (once) when they
    /// are on the device only. For machines without a GPU, where `ptr` has no device address
    /// to give; writes through it are not seen by a device copy made earlier.
    #[getter]
    fn host_ptr(&self, py: Python<'_>) -> PyResult<u64> {
        let b = self.buffer.clone();
        crate::errors::run(py, move || b.host().map(|h| h.as_ptr() as u64))
    }

    /// Size in bytes.
    #[getter]
    fn nbytes(&self) -> usize {
        self.buffer.len()
    }

    /// Size in bytes (pylibcudf's `Span.size`).
    #[getter]
    fn size(&self) -> usize {
        self.buffer.len()
    }

    fn __len__(&self) -> usize {
        self.buffer.len()
    }

    /// The object owning the memory (None for memory ferrodf allocated).
    #[getter]
    fn obj(&self, py: Python<'_>) -> Py<PyAny> {
        self.owner
            .as_ref()
            .map_or_else(|| py.None(), |o| o.clone_ref(py))
    }

    /// Where the bytes live now: "host", "device" or "host+device".
    #[getter]
    fn residency(&self) -> String {
        self.buffer.residency().to_string()
    }

    /// CUDA array interface v3 (a 1-D byte array); reading it exposes the memory.
    #[getter]
    fn __cuda_array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("shape", (self.buffer.len(),))?;
        d.set_item("typestr", "|u1")?;
        d.set_item(
            "data",
            (self.expose(py, "__cuda_array_interface__")?, false),
        )?;
        d.set_item("strides", py.None())?;
        d.set_item("version", 3)?;
        // Our stream has been synchronised when the pointer was produced.
        d.set_item("stream", py.None())?;
        Ok(d)
    }

    /// A view of a byte range (a slice with step 1), sharing the memory.
    fn byte_slice(&self, py: Python<'_>, s: &Bound<'_, PySlice>) -> PyResult<Self> {
        let ind = s.indices(self.buffer.len() as isize)?;
        if ind.step != 1 {
            return Err(PyValueError::new_err(
                "byte_slice needs a slice with step 1",
            ));
        }
        let len = (ind.stop - ind.start).max(0) as usize;
        let buffer = self.buffer.slice(ind.start as usize, len).py()?;
        Ok(GpuMemoryView {
            buffer,
            owner: self.owner.as_ref().map(|o| o.clone_ref(py)),
        })
    }

    /// The bytes as a Python `bytes` object on the host (copies from the device if needed).
    fn tobytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let b = self.buffer.clone();
        let host = crate::errors::run(py, move || b.host())?;
        Ok(pyo3::types::PyBytes::new(py, host.as_slice()))
    }

    fn __repr__(&self) -> String {
        let spilled = if self.buffer.is_spilled() {
            " (spilled from the GPU)"
        } else {
            ""
        };
        format!(
            "<gpumemoryview nbytes={} {}{spilled}>",
            self.buffer.len(),
            self.buffer.residency()
        )
    }
}

/// The device bytes `obj` names: a gpumemoryview's buffer, or the memory behind
/// `__cuda_array_interface__` (kept alive by the returned buffer); `None` for any other
/// object, for which each caller words its own TypeError.
pub(crate) fn buffer_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<Buffer>> {
    if let Ok(v) = obj.cast::<GpuMemoryView>() {
        return Ok(Some(v.get().buffer.clone()));
    }
    if crate::memory::has_cuda_array_interface(obj)? {
        let arr = read_cuda_array_interface(obj)?;
        return buffer_from_cuda_array(obj, &arr).map(Some);
    }
    Ok(None)
}
