//! `plc.contiguous_split`: `pack`, `unpack`, `unpack_from_memoryviews` and
//! `PackedColumns`. `ChunkedPack` is Python (ferrodf/plc/contiguous_split.py) on top of
//! these.

use crate::args::{add_functions, plc_fn, type_name};
use crate::errors::run;
use crate::gpumemoryview::{GpuMemoryView, read_cuda_array_interface};
use crate::table::PyTable;
use ferrodf_core::buffer::Buffer;
use ferrodf_core::ops::contiguous_split as cs;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView};
use std::sync::Mutex;

/// A packed table (pylibcudf's `PackedColumns`): `release()` hands out its metadata and its
/// buffer once; `unpack` reads it without releasing.
#[pyclass(
    name = "PackedColumns",
    module = "ferrodf.plc.contiguous_split",
    frozen
)]
pub struct PyPackedColumns(Mutex<Option<cs::PackedColumns>>);

impl PyPackedColumns {
    fn get(&self) -> PyResult<cs::PackedColumns> {
        let slot = self.0.lock().unwrap_or_else(|p| p.into_inner());
        slot.clone().ok_or_else(|| {
            PyValueError::new_err(
                "this PackedColumns was released; unpack the metadata and \
                                   buffer release() returned with unpack_from_memoryviews",
            )
        })
    }
}

#[pymethods]
impl PyPackedColumns {
    #[new]
    fn new() -> PyResult<Self> {
        Err(PyTypeError::new_err(
            "PackedColumns cannot be built directly; use contiguous_split.pack(table)",
        ))
    }

    /// `(metadata, gpu_data)`: the host description (a memoryview of bytes) and the packed
    /// buffer (a gpumemoryview). The object is empty afterwards.
    #[pyo3(signature = (stream = None))]
    fn release<'py>(
        &self,
        py: Python<'py>,
        stream: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyMemoryView>, GpuMemoryView)> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        let packed = self.get()?;
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = None;
        let meta = PyMemoryView::from(&PyBytes::new(py, &packed.metadata))?;
        Ok((meta, GpuMemoryView::from_buffer(packed.data)))
    }

    fn __repr__(&self) -> String {
        match &*self.0.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(p) => format!(
                "PackedColumns({} metadata bytes, {} data bytes)",
                p.metadata.len(),
                p.data.len()
            ),
            None => "PackedColumns(released)".into(),
        }
    }
}

/// The packed bytes given to `unpack_from_memoryviews`: a gpumemoryview, or any object
/// with `__cuda_array_interface__` (kept alive by the columns).
fn data_buffer(obj: &Bound<'_, PyAny>) -> PyResult<Buffer> {
    if let Some(b) = crate::gpumemoryview::buffer_of(obj)? {
        return Ok(b);
    }
    Err(PyTypeError::new_err(format!(
        "gpu_data must be a gpumemoryview or an object with __cuda_array_interface__ \
         (the second value PackedColumns.release() returns), got {}",
        type_name(obj)
    )))
}

plc_fn! {
    /// `input` packed into one buffer.
    fn pack(py, input: PyTable) [stream, mr] -> PyPackedColumns {
        let packed = run(py, move || cs::pack(&input.0))?;
        Ok(PyPackedColumns(Mutex::new(Some(packed))))
    }

    /// The table a PackedColumns holds (its columns share the packed buffer).
    fn unpack(py, input: PyRef<'_, PyPackedColumns>) [stream] -> PyTable {
        let packed = input.get()?;
        run(py, move || cs::unpack(&packed.metadata, &packed.data)).map(PyTable)
    }

    /// The table of a released PackedColumns' metadata and buffer.
    fn unpack_from_memoryviews(py, metadata: &Bound<'_, PyAny>, gpu_data: &Bound<'_, PyAny>)
        [stream] -> PyTable
    {
        let meta: Vec<u8> = py
            .import("builtins")?
            .getattr("bytes")?
            .call1((metadata,))
            .and_then(|b| b.extract())
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "metadata must be bytes-like (the memoryview PackedColumns.release() \
                     returns), got {}",
                    type_name(metadata)
                ))
            })?;
        let data = data_buffer(gpu_data)?;
        run(py, move || cs::unpack(&meta, &data)).map(PyTable)
    }
}

/// `ChunkedPack`'s copy: bytes `offset..offset + nbytes` of `src` into `dst`, a writable
/// host buffer (bytearray, NumPy array: anything with the buffer protocol) or device memory
/// named by its address (`dst.ptr`, as a Span or an rmm buffer has, or
/// `__cuda_array_interface__`). Waits until the bytes are there.
#[pyfunction]
pub fn copy_packed_range(
    py: Python<'_>,
    src: PyRef<'_, GpuMemoryView>,
    offset: usize,
    nbytes: usize,
    dst: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let src = src.buffer.clone();
    if offset.checked_add(nbytes).is_none_or(|e| e > src.len()) {
        return Err(PyValueError::new_err(format!(
            "bytes {offset}..{} lie outside the {}-byte packed buffer",
            offset.saturating_add(nbytes),
            src.len()
        )));
    }
    let too_small = |size: usize| {
        PyValueError::new_err(format!(
            "the buffer holds {size} bytes, fewer than the {nbytes} to copy"
        ))
    };
    if let Ok(view) = PyMemoryView::from(dst) {
        let target = view.call_method1("cast", ("B",))?;
        let len = target.len()?;
        if len < nbytes {
            return Err(too_small(len));
        }
        let bytes = run(py, move || src.host_range(offset, nbytes))?;
        let slice = pyo3::types::PySlice::new(py, 0, nbytes as isize, 1);
        return target.set_item(slice, PyBytes::new(py, bytes.as_slice()));
    }
    let (ptr, size) = if crate::memory::has_cuda_array_interface(dst)? {
        let arr = read_cuda_array_interface(dst)?;
        (arr.ptr, arr.nbytes())
    } else {
        let ptr: u64 = dst.getattr("ptr").and_then(|p| p.extract()).map_err(|_| {
            PyTypeError::new_err(format!(
                "buf must be a writable host buffer or device memory (a Span with ptr and \
                 size, an rmm buffer, an object with __cuda_array_interface__), got {}",
                type_name(dst)
            ))
        })?;
        let size: usize = dst.getattr("size").and_then(|s| s.extract()).map_err(|_| {
            PyTypeError::new_err("buf has a ptr but no size; give a Span (ptr, size)")
        })?;
        (ptr, size)
    };
    if size < nbytes {
        return Err(too_small(size));
    }
    run(py, move || {
        let from = src.device_ptr()? + offset as u64;
        ferrodf_core::device::primitives::copy::memcpy(ptr, from, nbytes)?;
        ferrodf_core::device::runtime()?.synchronize()
    })
}

/// Add `PackedColumns` and the functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPackedColumns>()?;
    add_functions!(m, pack, unpack, unpack_from_memoryviews, copy_packed_range)
}
