//! Arrow import/export shared by Column, Table and Scalar.

use crate::errors::IntoPyResult;
use arrow_array::ArrayRef;
use arrow_schema::{Field, FieldRef};
use ferrodf_core::interop::arrow::ColumnMetadata;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};
use std::sync::Arc;

/// One Arrow array from any object with `__arrow_c_array__` or `__arrow_c_stream__`
/// (chunks are concatenated).
pub fn import_array(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    if obj.hasattr("__arrow_c_array__")? {
        let a: pyo3_arrow::PyArray = obj.extract()?;
        return Ok(a.into_inner().0);
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let c: pyo3_arrow::PyChunkedArray = obj.extract()?;
        let (chunks, field) = c.into_inner();
        return py.detach(move || concat(chunks, field.data_type())).py();
    }
    Err(PyTypeError::new_err(format!(
        "expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__, such as \
         pyarrow.Array, pyarrow.ChunkedArray or polars.Series), got {}",
        obj.get_type().name()?
    )))
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

/// Export an array through the Arrow PyCapsule interface.
pub fn array_capsules<'py>(
    py: Python<'py>,
    array: ArrayRef,
    name: &str,
    requested_schema: Option<Bound<'py, PyCapsule>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let field: FieldRef = Arc::new(Field::new(name, array.data_type().clone(), true));
    Ok(pyo3_arrow::ffi::to_array_pycapsules(
        py,
        field,
        array.as_ref(),
        requested_schema,
    )?)
}

/// Export an array as a one-chunk Arrow stream.
pub fn stream_capsule<'py>(
    py: Python<'py>,
    array: ArrayRef,
    name: &str,
    requested_schema: Option<Bound<'py, PyCapsule>>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let field: FieldRef = Arc::new(Field::new(name, array.data_type().clone(), true));
    let reader = pyo3_arrow::ffi::ArrayIterator::new(vec![Ok(array)].into_iter(), field);
    Ok(pyo3_arrow::ffi::to_stream_pycapsule(
        py,
        Box::new(reader),
        requested_schema,
    )?)
}

/// Export a schema (field) capsule.
pub fn schema_capsule<'py>(py: Python<'py>, field: &Field) -> PyResult<Bound<'py, PyCapsule>> {
    Ok(pyo3_arrow::ffi::to_schema_pycapsule(py, field)?)
}
