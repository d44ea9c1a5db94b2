//! DLPack: zero-copy export of a column (`Column.__dlpack__` / `__dlpack_device__`, the
//! Python array API protocol) and pylibcudf's copying `interop.to_dlpack` and
//! `interop.from_dlpack` for tables.
//!
//! dlpark builds the managed tensors and capsules. Exporting device memory hands its
//! address out of ferrodf, so the buffer is marked exposed and never spilled; a host export
//! shares the (immutable) host bytes and says so with DLPack's read-only flag.

use crate::args::add_functions;
use crate::errors::IntoPyResult;
use crate::table::PyTable;
use dlpark::ffi::{
    DLDataType, DLDataTypeCode, DLDevice, DLDeviceType, DLManagedTensor, DLManagedTensorVersioned,
};
use dlpark::metadata::Fixed;
use dlpark::python::consumer::stream as dlstream;
use dlpark::python::{DlpackStream, ExportAbi, ExportRequest, ImportRequest, StreamArg};
use dlpark::{DlpackFlags, Managed, ManagedTensorBase};
use ferrodf_core::buffer::{Buffer, Residency};
use ferrodf_core::column::Column;
use ferrodf_core::device::DeviceMemory;
use ferrodf_core::table::Table;
use ferrodf_core::types::{DataType, TypeId};
use pyo3::exceptions::{PyBufferError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::ffi::c_void;

/// The DLPack element type of a ferrodf type, for the types DLPack carries.
fn dl_dtype(id: TypeId) -> Option<DLDataType> {
    use TypeId::*;
    let (code, bits) = match id {
        Int8 => (DLDataTypeCode::INT, 8),
        Int16 => (DLDataTypeCode::INT, 16),
        Int32 => (DLDataTypeCode::INT, 32),
        Int64 => (DLDataTypeCode::INT, 64),
        Uint8 => (DLDataTypeCode::UINT, 8),
        Uint16 => (DLDataTypeCode::UINT, 16),
        Uint32 => (DLDataTypeCode::UINT, 32),
        Uint64 => (DLDataTypeCode::UINT, 64),
        Float32 => (DLDataTypeCode::FLOAT, 32),
        Float64 => (DLDataTypeCode::FLOAT, 64),
        Bool8 => (DLDataTypeCode::BOOL, 8),
        _ => return None,
    };
    Some(DLDataType::scalar(code, bits))
}

/// The ferrodf type of a DLPack element type.
fn type_of(dt: DLDataType) -> PyResult<TypeId> {
    use TypeId::*;
    let id = match (dt.code, dt.bits, dt.lanes) {
        (DLDataTypeCode::INT, 8, 1) => Int8,
        (DLDataTypeCode::INT, 16, 1) => Int16,
        (DLDataTypeCode::INT, 32, 1) => Int32,
        (DLDataTypeCode::INT, 64, 1) => Int64,
        (DLDataTypeCode::UINT, 8, 1) => Uint8,
        (DLDataTypeCode::UINT, 16, 1) => Uint16,
        (DLDataTypeCode::UINT, 32, 1) => Uint32,
        (DLDataTypeCode::UINT, 64, 1) => Uint64,
        (DLDataTypeCode::FLOAT, 32, 1) => Float32,
        (DLDataTypeCode::FLOAT, 64, 1) => Float64,
        (DLDataTypeCode::BOOL, 8, 1) => Bool8,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "a DLPack tensor of type code {} with {} bits and {} lanes has no ferrodf type; \
                 ferrodf reads 8- to 64-bit integers, 32- and 64-bit floats and 8-bit booleans",
                dt.code.0, dt.bits, dt.lanes
            )));
        }
    };
    Ok(id)
}

/// What keeps exported bytes alive while a consumer holds the tensor.
enum Keep {
    Host(#[allow(dead_code)] arrow_buffer::Buffer),
    Device(#[allow(dead_code)] Buffer),
}

/// A tensor to hand out: what keeps its elements alive, where they start, on which device,
/// their type, the layout, and the flags of a versioned export.
struct Export<const N: usize> {
    keep: Keep,
    data: *mut c_void,
    device: DLDevice,
    dtype: DLDataType,
    shape: [i64; N],
    strides: [i64; N],
    flags: DlpackFlags,
}

/// A 1-D export of `n` contiguous elements.
fn vector(
    keep: Keep,
    data: *mut c_void,
    device: DLDevice,
    dtype: DLDataType,
    n: i64,
    flags: DlpackFlags,
) -> Export<1> {
    Export {
        keep,
        data,
        device,
        dtype,
        shape: [n],
        strides: [1],
        flags,
    }
}

impl<const N: usize> Export<N> {
    /// The managed tensor, owning `keep`, with `flags`.
    fn managed<M: ManagedTensorBase>(self, flags: DlpackFlags) -> PyResult<Managed<M>> {
        let prepared = Fixed::new(self.shape, self.strides)
            .prepare_as::<M>()
            .map_err(|e| {
                PyValueError::new_err(format!("cannot describe the DLPack tensor: {e}"))
            })?;
        let mut init = prepared.initialize(Box::new(self.keep));
        init.set_data(self.data)
            .set_device(self.device)
            .set_dtype(self.dtype);
        // SAFETY: the flags describe the export truthfully: READ_ONLY for shared host
        // bytes, IS_COPIED for a copy made for this consumer alone.
        unsafe { init.set_flags_unchecked(flags) };
        // SAFETY: `data` stays valid while `keep` (the tensor's context) lives, and the
        // metadata builder wrote explicit shape and strides.
        Ok(unsafe { init.finish() })
    }

    /// The capsule of the ABI the consumer asked for (a legacy tensor carries no flags).
    fn capsule(self, py: Python<'_>, abi: ExportAbi) -> PyResult<Py<PyAny>> {
        Ok(match abi {
            ExportAbi::Versioned => {
                let flags = self.flags;
                let t = self.managed::<DLManagedTensorVersioned>(flags)?;
                t.into_pyobject(py)?.into_any().unbind()
            }
            ExportAbi::Legacy => {
                let t = self.managed::<DLManagedTensor>(DlpackFlags::empty())?;
                t.into_pyobject(py)?.into_any().unbind()
            }
        })
    }
}

/// The device ferrodf computes on now: the GPU (CUDA device 0) or the host.
pub fn current_device() -> PyResult<DLDevice> {
    Ok(if ferrodf_core::placement::use_device().py()? {
        DLDevice::cuda(0)
    } else {
        DLDevice::CPU
    })
}

/// `(device_type, device_id)` as `__dlpack_device__` returns it.
pub fn dlpack_device() -> PyResult<(i32, i32)> {
    let d = current_device()?;
    Ok((d.device_type.0 as i32, d.device_id))
}

/// Why a column cannot be a DLPack tensor, if it cannot: its type, or its nulls.
fn not_exportable(col: &Column, what: &str) -> PyResult<Option<String>> {
    let dtype = col.dtype();
    if dl_dtype(dtype.id()).is_none() {
        return Ok(Some(format!(
            "{what} of {dtype} has no DLPack form: DLPack carries integers, floats and \
             booleans; cast it first"
        )));
    }
    let nulls = col.null_count().py()?;
    Ok((nulls > 0).then(|| {
        format!(
            "{what} has {nulls} nulls, which DLPack cannot carry; fill them first \
             (replace_nulls / fillna) or drop them"
        )
    }))
}

/// The element type and the bytes of a column's values (its offset applied; `None` when
/// there are none) of a column that [`not_exportable`] accepted.
fn values_buffer(col: &Column) -> PyResult<(DLDataType, Option<Buffer>)> {
    let dtype = col.dtype();
    let dl = dl_dtype(dtype.id()).expect("checked by not_exportable");
    let width = ferrodf_core::types::size_of(dtype).py()?;
    let bytes = col.size() * width;
    let buf = match col.data() {
        Some(b) if bytes > 0 => Some(b.slice(col.offset() * width, bytes).py()?),
        _ => None,
    };
    Ok((dl, buf))
}

/// `Column.__dlpack__`: the column's values as a 1-D tensor, without a copy unless the
/// consumer asks for one (`copy=True`) or for the host while the data is on the GPU.
pub fn column_dlpack(
    py: Python<'_>,
    col: &Column,
    stream: Option<&Bound<'_, PyAny>>,
    max_version: Option<(u32, u32)>,
    dl_device: Option<(u32, i32)>,
    copy: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let request = ExportRequest::parse(stream, max_version, dl_device, copy)?;
    if let Some(why) = not_exportable(col, "a column")? {
        return Err(PyBufferError::new_err(why));
    }
    let (dtype, buf) = values_buffer(col)?;
    let target = match request.device() {
        Some(d) => d,
        None => current_device()?,
    };
    let n = col.size() as i64;
    let abi = request.abi();
    match target.device_type {
        DLDeviceType::CUDA if target.device_id == 0 => {
            // Any consumer stream works: the pointer is handed out only after ferrodf's
            // stream has finished the work that wrote it.
            let Some(buf) = buf else {
                return vector(
                    Keep::Device(Buffer::zeroed(0)),
                    std::ptr::null_mut(),
                    target,
                    dtype,
                    n,
                    DlpackFlags::empty(),
                )
                .capsule(py, abi);
            };
            let site = crate::memory::exposure_site(py, "__dlpack__");
            let copied = copy == Some(true);
            let (buf, ptr) = crate::errors::run(py, move || {
                let buf = if copied {
                    Buffer::from_device(DeviceMemory::copy_of(buf.device_ptr()?, buf.len())?)
                } else {
                    buf
                };
                let ptr = buf.expose_device_ptr_at(&site)?;
                Ok((buf, ptr))
            })?;
            let flags = if copied {
                DlpackFlags::IS_COPIED
            } else {
                DlpackFlags::empty()
            };
            vector(
                Keep::Device(buf),
                ptr as *mut c_void,
                target,
                dtype,
                n,
                flags,
            )
            .capsule(py, abi)
        }
        DLDeviceType::CPU => {
            let on_host = buf
                .as_ref()
                .is_none_or(|b| b.residency() != Residency::Device);
            if copy == Some(false) && !on_host {
                return Err(PyBufferError::new_err(
                    "the column is in GPU memory: a host tensor needs a copy, which copy=False \
                     forbids; pass copy=None or True, or export to the GPU",
                ));
            }
            let host = match buf {
                None => arrow_buffer::Buffer::from_vec(Vec::<u64>::new()),
                Some(b) => crate::errors::run(py, move || {
                    let h = b.host()?;
                    Ok(if copy == Some(true) {
                        arrow_buffer::Buffer::from_slice_ref(h.as_slice())
                    } else {
                        h
                    })
                })?,
            };
            // The host copy of a device column is cached in the column and shared: still
            // read-only unless the consumer asked for a copy of its own.
            let flags = if copy == Some(true) {
                DlpackFlags::IS_COPIED
            } else {
                DlpackFlags::READ_ONLY
            };
            let ptr = host.as_ptr() as *mut c_void;
            vector(Keep::Host(host), ptr, DLDevice::CPU, dtype, n, flags).capsule(py, abi)
        }
        _ => Err(PyBufferError::new_err(format!(
            "ferrodf exports DLPack tensors to the host (device type 1) or to CUDA device 0 \
             (device type 2), not to device type {} id {}",
            target.device_type.0, target.device_id
        ))),
    }
}

/// pylibcudf's `interop.to_dlpack`: a copy of a table's columns (all of one numeric type,
/// without nulls) as one column-major tensor, 1-D for one column and 2-D otherwise. The
/// capsule uses the legacy ABI (named `"dltensor"`), as libcudf's does.
#[pyfunction]
pub fn to_dlpack(py: Python<'_>, input: &PyTable) -> PyResult<Py<PyAny>> {
    let columns = input.0.columns();
    let Some(first) = columns.first() else {
        return Err(PyValueError::new_err(
            "to_dlpack needs a table with at least one column",
        ));
    };
    for (i, c) in columns.iter().enumerate() {
        if c.dtype() != first.dtype() {
            return Err(PyTypeError::new_err(format!(
                "to_dlpack needs columns of one type: column 0 is {} and column {i} is {}; cast \
                 them to a common type first",
                first.dtype(),
                c.dtype()
            )));
        }
        if let Some(why) = not_exportable(c, &format!("column {i}"))? {
            return Err(PyValueError::new_err(why));
        }
    }
    let n = input.0.num_rows() as i64;
    let k = columns.len() as i64;
    let cols = columns.to_vec();
    let on_device = ferrodf_core::placement::use_device().py()?;
    // Concatenating the columns lays their values end to end: the column-major tensor.
    let combined = crate::errors::run(py, move || {
        let c = ferrodf_core::ops::concatenate::concatenate(&cols)?;
        if cols.len() == 1 {
            c.deep_copy()
        } else {
            Ok(c)
        }
    })?;
    let (dtype, buf) = values_buffer(&combined)?;
    let (keep, ptr, device) = match buf {
        Some(b) if on_device => {
            let site = crate::memory::exposure_site(py, "to_dlpack");
            let (b, ptr) = crate::errors::run(py, move || {
                let p = b.expose_device_ptr_at(&site)?;
                Ok((b, p))
            })?;
            (Keep::Device(b), ptr as *mut c_void, DLDevice::cuda(0))
        }
        Some(b) => {
            let h = crate::errors::run(py, move || b.host())?;
            let p = h.as_ptr() as *mut c_void;
            (Keep::Host(h), p, DLDevice::CPU)
        }
        None => (
            Keep::Device(Buffer::zeroed(0)),
            std::ptr::null_mut(),
            current_device()?,
        ),
    };
    let flags = DlpackFlags::empty();
    if k == 1 {
        vector(keep, ptr, device, dtype, n, flags).capsule(py, ExportAbi::Legacy)
    } else {
        let shape = [n, k];
        let strides = [1, n.max(1)];
        let e = Export {
            keep,
            data: ptr,
            device,
            dtype,
            shape,
            strides,
            flags,
        };
        e.capsule(py, ExportAbi::Legacy)
    }
}

/// Asks a CUDA producer to order its work before ferrodf's stream.
struct FerrodfStream;

// SAFETY: the stream handle passed is ferrodf's own, alive for the whole process.
unsafe impl DlpackStream for FerrodfStream {
    fn as_python_arg(&self, _py: Python<'_>, device: DLDevice) -> PyResult<StreamArg> {
        if device.device_type == DLDeviceType::CUDA {
            let rt = ferrodf_core::device::runtime().py()?;
            Ok(dlstream::cuda(rt.stream().cu_stream() as *mut c_void))
        } else {
            Ok(dlstream::none())
        }
    }
}

/// pylibcudf's `interop.from_dlpack`: a table holding a copy of a 1-D or 2-D tensor (a
/// DLPack capsule, or any object with `__dlpack__`); each column of a 2-D tensor becomes a
/// column. Host tensors give host columns; CUDA tensors are copied on the device.
#[pyfunction]
pub fn from_dlpack(py: Python<'_>, managed_tensor: &Bound<'_, PyAny>) -> PyResult<PyTable> {
    let request = ImportRequest::new(managed_tensor.as_borrowed())?;
    let is_capsule = managed_tensor.is_instance_of::<pyo3::types::PyCapsule>();
    let producer_device = request.device().ok();
    let imported = if is_capsule {
        request.import(None, None)?
    } else {
        match request.import(Some(&FerrodfStream), None) {
            Ok(t) => t,
            // Producers older than DLPack 1.0 (pyarrow before 16, ...) take no max_version:
            // ask them the old way, as the array API tells consumers to.
            Err(e) if e.is_instance_of::<PyTypeError>(py) => {
                let kwargs = pyo3::types::PyDict::new(py);
                if let Some(d) = producer_device
                    && d.device_type == DLDeviceType::CUDA
                {
                    let rt = ferrodf_core::device::runtime().py()?;
                    kwargs.set_item("stream", rt.stream().cu_stream() as usize)?;
                }
                let capsule = managed_tensor.call_method("__dlpack__", (), Some(&kwargs))?;
                ImportRequest::new(capsule.as_borrowed())?.import(None, None)?
            }
            Err(e) => return Err(e),
        }
    };
    let t = imported
        .validate()
        .map_err(|e| PyValueError::new_err(format!("invalid DLPack tensor: {e}")))?;
    let id = type_of(t.dtype())?;
    let width = ferrodf_core::types::size_of(DataType::from(id)).py()?;
    let shape = t.shape().to_vec();
    let strides = t
        .strides_or_compact()
        .map_err(|e| PyValueError::new_err(format!("invalid DLPack tensor: {e}")))?
        .to_vec();
    let (rows, cols, col_stride) = match shape.as_slice() {
        [n] => (*n, 1, 0),
        [n, k] => (*n, *k, strides[1]),
        _ => {
            return Err(PyValueError::new_err(format!(
                "from_dlpack reads 1-D and 2-D tensors, got {} dimensions; reshape it first",
                shape.len()
            )));
        }
    };
    // An empty tensor's strides say nothing (exporters write anything there).
    if rows > 1 && cols > 0 && strides[0] != 1 {
        return Err(PyValueError::new_err(
            "from_dlpack needs each column's values next to each other (a 1-D contiguous or a \
             2-D column-major, Fortran-order tensor); copy it with cupy.asfortranarray / \
             numpy.asfortranarray first",
        ));
    }
    let device = t.device();
    let on_cuda = match device.device_type {
        DLDeviceType::CPU | DLDeviceType::CUDAHOST => false,
        DLDeviceType::CUDA | DLDeviceType::CUDAMANAGED => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "from_dlpack reads host and CUDA tensors, not device type {}",
                other.0
            )));
        }
    };
    let n = usize::try_from(rows).map_err(|_| PyValueError::new_err("negative DLPack shape"))?;
    let k = usize::try_from(cols).map_err(|_| PyValueError::new_err("negative DLPack shape"))?;
    // SAFETY: the tensor validated, so data + byte_offset addresses its elements.
    let base = unsafe { t.offset_bytes_ptr() }
        .map_err(|e| PyValueError::new_err(format!("invalid DLPack tensor: {e}")))?
        as usize;
    let col_bytes = n * width;
    let step = (col_stride.max(0) as usize) * width;
    let dtype = DataType::from(id);
    let columns = crate::errors::run(py, move || {
        if on_cuda && is_capsule && n * k > 0 {
            // A bare capsule cannot be told our stream: wait for all work on the device.
            ferrodf_core::device::runtime()?;
            cudarc::driver::result::ctx::synchronize()
                .map_err(|e| ferrodf_core::Error::Device(e.to_string()))?;
        }
        (0..k)
            .map(|j| {
                let start = base + j * step;
                let buf = if col_bytes == 0 {
                    Buffer::zeroed(0)
                } else if on_cuda {
                    Buffer::from_device(DeviceMemory::copy_of(start as u64, col_bytes)?)
                } else {
                    // SAFETY: the tensor's column j spans col_bytes bytes at start, alive
                    // while `imported` is (it is dropped after this closure).
                    let bytes =
                        unsafe { std::slice::from_raw_parts(start as *const u8, col_bytes) };
                    Buffer::from_slice_ref(bytes)
                };
                Column::new(dtype, n, Some(buf), None, Some(0), 0, vec![])
            })
            .collect::<ferrodf_core::Result<Vec<Column>>>()
    })?;
    if on_cuda {
        // The copies were queued on ferrodf's stream: finish them before the producer may
        // free its memory.
        crate::errors::run(py, || ferrodf_core::device::runtime()?.synchronize())?;
    }
    drop(imported);
    let table = if columns.is_empty() {
        Table::empty_with_rows(n)
    } else {
        Table::new(columns).py()?
    };
    Ok(PyTable(table))
}

/// `Column.__dlpack__` and `__dlpack_device__` are in column.rs; this registers the
/// table functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, to_dlpack, from_dlpack,)
}
