//! Arrow import/export shared by Column, Table and Scalar.

use crate::errors::run;
use arrow_array::ArrayRef;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_data::ArrayData;
use ferrodf_core::interop::arrow::ColumnMetadata;
use ferrodf_core::interop::arrow::{from_arrow, from_arrow_data, to_arrow};
use pyo3::exceptions::PyTypeError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

/// One Arrow array from any object with `__arrow_c_array__` or `__arrow_c_stream__`,
/// imported through the C Data Interface into `ArrayData` (chunks of a stream are
/// converted one by one and concatenated).
pub fn import_column(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ferrodf_core::Column> {
    if obj.hasattr("__arrow_c_array__")? {
        let data = import_array_data(obj)?;
        return run(py, move || from_arrow_data(&data));
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let (chunks, t) = import_stream_data(obj)?;
        return run(py, move || {
            let mut columns = chunks
                .iter()
                .map(from_arrow_data)
                .collect::<ferrodf_core::Result<Vec<_>>>()?;
            if columns.len() == 1 {
                return Ok(columns.pop().expect("one chunk"));
            }
            // Concatenate through Arrow arrays exported by ferrodf (offsets already applied).
            let arrays = columns
                .iter()
                .map(to_arrow)
                .collect::<ferrodf_core::Result<Vec<_>>>()?;
            let t = arrays.first().map_or(t, |a| a.data_type().clone());
            from_arrow(concat(arrays, &t)?.as_ref())
        });
    }
    Err(PyTypeError::new_err(format!(
        "expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__, such as \
         pyarrow.Array, pyarrow.ChunkedArray or polars.Series), got {}",
        obj.get_type().name()?
    )))
}

fn checked(data: ArrayData) -> PyResult<ArrayData> {
    if data.is_empty() {
        // Nothing will be read; some producers' empty slices keep a non-zero first offset
        // with no value bytes, which the import normalises (see `from_arrow_data`).
        return Ok(data);
    }
    // Buffer sizes and child lengths must agree with the declared lengths before any
    // slicing, so that a malformed producer gives a ValueError, not a crash.
    data.validate()
        .map_err(|e| PyValueError::new_err(format!("invalid Arrow data: {e}")))?;
    Ok(data)
}

/// `obj.__arrow_c_array__()` imported as `ArrayData`.
pub fn import_array_data(obj: &Bound<'_, PyAny>) -> PyResult<ArrayData> {
    let capsules = obj.call_method0("__arrow_c_array__")?;
    let schema: Bound<'_, PyCapsule> = capsules.get_item(0)?.cast_into()?;
    let array: Bound<'_, PyCapsule> = capsules.get_item(1)?.cast_into()?;
    let schema_ptr =
        schema.pointer_checked(Some(c"arrow_schema"))?.as_ptr() as *mut FFI_ArrowSchema;
    let array_ptr = array.pointer_checked(Some(c"arrow_array"))?.as_ptr() as *mut FFI_ArrowArray;
    // SAFETY: the capsules hold valid C Data Interface structs; `from_raw` moves the array
    // out (leaving a released one behind, as the protocol requires), the schema is borrowed.
    let data = unsafe {
        let ffi_array = FFI_ArrowArray::from_raw(array_ptr);
        arrow_array::ffi::from_ffi(ffi_array, &*schema_ptr)
    }
    .map_err(|e| PyValueError::new_err(format!("cannot import Arrow data: {e}")))?;
    checked(data)
}

/// `obj.__arrow_c_stream__()` imported as one `ArrayData` per chunk, and the stream's type.
pub fn import_stream_data(
    obj: &Bound<'_, PyAny>,
) -> PyResult<(Vec<ArrayData>, arrow_schema::DataType)> {
    let capsule: Bound<'_, PyCapsule> = obj.call_method0("__arrow_c_stream__")?.cast_into()?;
    let ptr = capsule
        .pointer_checked(Some(c"arrow_array_stream"))?
        .as_ptr() as *mut FFI_ArrowArrayStream;
    // SAFETY: the capsule holds a valid stream; we move it out and release it on drop.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(ptr) };
    let err = |stream: &mut FFI_ArrowArrayStream, what: &str| {
        let msg = stream
            .get_last_error
            // SAFETY: the producer returns a NUL-terminated message or null.
            .and_then(|f| unsafe { std::ptr::NonNull::new(f(stream) as *mut std::ffi::c_char) })
            .map(|p| {
                unsafe { std::ffi::CStr::from_ptr(p.as_ptr()) }
                    .to_string_lossy()
                    .into_owned()
            })
            .unwrap_or_default();
        PyValueError::new_err(format!("the Arrow stream failed to {what}: {msg}"))
    };
    let mut schema = FFI_ArrowSchema::empty();
    let get_schema = stream
        .get_schema
        .ok_or_else(|| PyValueError::new_err("released Arrow stream"))?;
    // SAFETY: calling the producer's callbacks as the C Stream Interface prescribes.
    if unsafe { get_schema(&mut stream, &mut schema) } != 0 {
        return Err(err(&mut stream, "give its schema"));
    }
    let t = arrow_schema::DataType::try_from(&schema).map_err(|e| {
        PyValueError::new_err(format!("cannot import the Arrow stream's type: {e}"))
    })?;
    let get_next = stream
        .get_next
        .ok_or_else(|| PyValueError::new_err("released Arrow stream"))?;
    let mut chunks = vec![];
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as above; a released array marks the end of the stream.
        if unsafe { get_next(&mut stream, &mut array) } != 0 {
            return Err(err(&mut stream, "give its next chunk"));
        }
        if array.is_released() {
            break;
        }
        // SAFETY: a valid array of the stream's schema, moved into the import.
        let data = unsafe { arrow_array::ffi::from_ffi(array, &schema) }
            .map_err(|e| PyValueError::new_err(format!("cannot import Arrow data: {e}")))?;
        chunks.push(checked(data)?);
    }
    Ok((chunks, t))
}

pub fn concat(chunks: Vec<ArrayRef>, t: &arrow_schema::DataType) -> ferrodf_core::Result<ArrayRef> {
    match chunks.len() {
        0 => Ok(arrow_array::new_empty_array(t)),
        1 => Ok(chunks.into_iter().next().expect("one chunk")),
        _ => {
            let refs: Vec<&dyn arrow_array::Array> = chunks.iter().map(|a| a.as_ref()).collect();
            Ok(arrow_select::concat::concat(&refs)?)
        }
    }
}

/// Python `ColumnMetadata` (or a plain name) to the core's metadata.
pub fn metadata_from_py(obj: &Bound<'_, PyAny>) -> PyResult<ColumnMetadata> {
    if let Ok(name) = obj.extract::<String>() {
        return Ok(ColumnMetadata {
            name,
            children: vec![],
        });
    }
    let name: String = obj.getattr("name").and_then(|n| n.extract()).map_err(|_| {
        PyTypeError::new_err("metadata must be a str or a ColumnMetadata(name, children_meta)")
    })?;
    let children = obj
        .getattr("children_meta")?
        .try_iter()?
        .map(|c| metadata_from_py(&c?))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(ColumnMetadata { name, children })
}

/// The Arrow PyCapsule protocol (`__arrow_c_array__`, `__arrow_c_stream__`,
/// `__arrow_c_schema__`) for a class whose `arrow_export(py, empty)` gives its data (all rows,
/// or none when `empty`) as one Arrow array and that array's field.
macro_rules! arrow_capsule_methods {
    ($class:ident) => {
        #[pymethods]
        impl $class {
            #[pyo3(signature = (requested_schema = None))]
            fn __arrow_c_array__<'py>(
                &self,
                py: Python<'py>,
                requested_schema: Option<Bound<'py, pyo3::types::PyCapsule>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let (array, field) = self.arrow_export(py, false)?;
                Ok(pyo3_arrow::ffi::to_array_pycapsules(
                    py,
                    field,
                    array.as_ref(),
                    requested_schema,
                )?)
            }

            #[pyo3(signature = (requested_schema = None))]
            fn __arrow_c_stream__<'py>(
                &self,
                py: Python<'py>,
                requested_schema: Option<Bound<'py, pyo3::types::PyCapsule>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyCapsule>> {
                let (array, field) = self.arrow_export(py, false)?;
                let chunks = vec![Ok(array)].into_iter();
                let reader = pyo3_arrow::ffi::ArrayIterator::new(chunks, field);
                Ok(pyo3_arrow::ffi::to_stream_pycapsule(
                    py,
                    Box::new(reader),
                    requested_schema,
                )?)
            }

            fn __arrow_c_schema__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, pyo3::types::PyCapsule>> {
                let (_, field) = self.arrow_export(py, true)?;
                Ok(pyo3_arrow::ffi::to_schema_pycapsule(py, field.as_ref())?)
            }
        }
    };
}
pub(crate) use arrow_capsule_methods;
