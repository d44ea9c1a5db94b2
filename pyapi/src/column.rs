//! `plc.Column`.

use crate::args::plc_methods;
use crate::arrow_io::{arrow_capsule_methods, import_column, metadata_from_py};
use crate::enums::py_enum;
use crate::errors::{IntoPyResult, run};
use crate::gpumemoryview::{GpuMemoryView, buffer_from_cuda_array, read_cuda_array_interface};
use crate::types::PyDataType;
use arrow_schema::{Field, FieldRef};
use ferrodf_core::buffer::Buffer;
use ferrodf_core::column::Column;
use ferrodf_core::interop::arrow::{ColumnMetadata, to_arrow_with_metadata};
use ferrodf_core::types::{DataType, TypeId};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::Arc;

/// A column of data: pylibcudf's `Column`, on the host or the device.
#[pyclass(name = "Column", module = "ferrodf.plc.column", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyColumn(pub Column);

fn opt_view(b: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Buffer>> {
    match b {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => {
            if let Some(b) = crate::gpumemoryview::buffer_of(o)? {
                return Ok(Some(b));
            }
            Err(PyTypeError::new_err(format!(
                "{what} must be a gpumemoryview, an object with __cuda_array_interface__, or None; got {}",
                o.get_type().name()?
            )))
        }
    }
}

/// A column size argument: ValueError when negative.
fn column_size(size: i64) -> PyResult<usize> {
    usize::try_from(size).map_err(|_| {
        PyValueError::new_err(format!("a column's size must not be negative, got {size}"))
    })
}

/// The ferrodf type of a NumPy/CUDA-array-interface typestr.
fn dtype_from_typestr(t: &str) -> PyResult<DataType> {
    if t.starts_with('>') {
        return Err(PyValueError::new_err(format!(
            "big-endian arrays ({t}) are not supported; convert with .astype('<...')"
        )));
    }
    let body = &t[1..];
    let id = match body {
        "i1" => TypeId::Int8,
        "i2" => TypeId::Int16,
        "i4" => TypeId::Int32,
        "i8" => TypeId::Int64,
        "u1" => TypeId::Uint8,
        "u2" => TypeId::Uint16,
        "u4" => TypeId::Uint32,
        "u8" => TypeId::Uint64,
        "f4" => TypeId::Float32,
        "f8" => TypeId::Float64,
        "b1" => TypeId::Bool8,
        "M8[s]" => TypeId::TimestampSeconds,
        "M8[ms]" => TypeId::TimestampMilliseconds,
        "M8[us]" => TypeId::TimestampMicroseconds,
        "M8[ns]" => TypeId::TimestampNanoseconds,
        "m8[s]" => TypeId::DurationSeconds,
        "m8[ms]" => TypeId::DurationMilliseconds,
        "m8[us]" => TypeId::DurationMicroseconds,
        "m8[ns]" => TypeId::DurationNanoseconds,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "arrays of dtype {t} are not supported; use integer, float, bool, datetime64[s|ms|us|ns] \
                 or timedelta64[s|ms|us|ns]"
            )));
        }
    };
    Ok(id.into())
}

impl PyColumn {
    pub fn to_arrow_array(
        &self,
        py: Python<'_>,
        meta: Option<ColumnMetadata>,
    ) -> PyResult<arrow_array::ArrayRef> {
        let c = self.0.clone();
        run(py, move || to_arrow_with_metadata(&c, meta.as_ref()))
    }

    /// The column as a pyarrow Array, its field named by `meta` (unnamed without it).
    fn to_pyarrow<'py>(
        &self,
        py: Python<'py>,
        meta: Option<ColumnMetadata>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let name = meta.as_ref().map_or(String::new(), |m| m.name.clone());
        let array = self.to_arrow_array(py, meta)?;
        let field = Arc::new(Field::new(name, array.data_type().clone(), true));
        let exported = pyo3_arrow::PyArray::new(array, field).into_pyobject(py)?;
        py.import("pyarrow")?.getattr("array")?.call1((exported,))
    }

    /// The column (all rows, or none when `empty`) as one Arrow array with its nullable,
    /// unnamed field: what the Arrow PyCapsule protocol exports.
    fn arrow_export(
        &self,
        py: Python<'_>,
        empty: bool,
    ) -> PyResult<(arrow_array::ArrayRef, FieldRef)> {
        let rows = if empty {
            self.0.slice(0, 0).py()?
        } else {
            self.0.clone()
        };
        let array = PyColumn(rows).to_arrow_array(py, None)?;
        let field = Arc::new(Field::new("", array.data_type().clone(), true));
        Ok((array, field))
    }
}

arrow_capsule_methods!(PyColumn);

plc_methods! {
    impl PyColumn {
        /// A deep copy sharing no memory with this column.
        fn copy<'py>(&self, py) [stream, mr] -> PyColumn {
            let c = self.0.clone();
            run(py, move || c.deep_copy()).map(PyColumn)
        }

        /// Convert to a pyarrow Array; `metadata` (a name or ColumnMetadata) names nested
        /// fields.
        fn to_arrow<'py>(&self, py, metadata: Option<&Bound<'py, PyAny>> = None) [stream]
            -> Bound<'py, PyAny>
        {
            let meta = metadata
                .filter(|m| !m.is_none())
                .map(metadata_from_py)
                .transpose()?;
            self.to_pyarrow(py, meta)
        }
    }
}

#[pymethods]
impl PyColumn {
    #[new]
    #[pyo3(signature = (data_type, size, data, mask, null_count, offset, children, validate = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        data_type: PyDataType,
        size: usize,
        data: Option<&Bound<'_, PyAny>>,
        mask: Option<&Bound<'_, PyAny>>,
        null_count: usize,
        offset: usize,
        children: Vec<PyRef<'_, PyColumn>>,
        validate: bool,
    ) -> PyResult<Self> {
        // Layout checks are always made: they are cheap and keep kernels in bounds.
        let _ = validate;
        let data = opt_view(data, "data")?;
        let mask = opt_view(mask, "mask")?;
        let children = children.iter().map(|c| c.0.clone()).collect();
        let col = Column::new(
            data_type.0,
            size,
            data,
            mask,
            Some(null_count),
            offset,
            children,
        )
        .py()?;
        Ok(PyColumn(col))
    }

    /// The data type.
    #[pyo3(name = "type")]
    fn type_(&self) -> PyDataType {
        PyDataType(self.0.dtype())
    }
    /// Number of rows.
    fn size(&self) -> usize {
        self.0.size()
    }
    fn __len__(&self) -> usize {
        self.0.size()
    }
    /// Number of null rows (counted once, then cached).
    fn null_count(&self, py: Python<'_>) -> PyResult<usize> {
        let c = self.0.clone();
        run(py, move || c.null_count())
    }
    /// Index of the first row inside the buffers.
    fn offset(&self) -> usize {
        self.0.offset()
    }
    /// The data buffer, or None.
    fn data(&self) -> Option<GpuMemoryView> {
        self.0.data().cloned().map(GpuMemoryView::from_buffer)
    }
    /// The validity mask, or None.
    fn null_mask(&self) -> Option<GpuMemoryView> {
        self.0.mask().cloned().map(GpuMemoryView::from_buffer)
    }
    /// The child columns.
    fn children(&self) -> Vec<PyColumn> {
        self.0.children().iter().cloned().map(PyColumn).collect()
    }
    /// Number of children.
    fn num_children(&self) -> usize {
        self.0.children().len()
    }
    /// Child `index`.
    fn child(&self, index: usize) -> PyResult<PyColumn> {
        self.0
            .children()
            .get(index)
            .cloned()
            .map(PyColumn)
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "child {index} does not exist; the column has {} children",
                    self.0.children().len()
                ))
            })
    }
    /// This column with another null mask.
    #[pyo3(signature = (mask, null_count, validate = true))]
    fn with_mask(
        &self,
        mask: Option<&Bound<'_, PyAny>>,
        null_count: usize,
        validate: bool,
    ) -> PyResult<PyColumn> {
        let _ = validate;
        let mask = opt_view(mask, "mask")?;
        Ok(PyColumn(self.0.with_mask(mask, Some(null_count)).py()?))
    }
    /// Where the column's bytes live: "host", "device" or "host+device".
    fn residency(&self) -> String {
        self.0.residency().to_string()
    }

    /// A column from any Arrow array-like (pyarrow, polars, nanoarrow, ...), sharing host
    /// buffers where the layouts agree.
    #[staticmethod]
    #[pyo3(signature = (obj, dtype = None, stream = None, mr = None))]
    fn from_arrow(
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
        dtype: Option<PyDataType>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let col = import_column(py, obj)?;
        if let Some(d) = dtype
            && d.0 != col.dtype()
        {
            return Err(PyTypeError::new_err(format!(
                "the Arrow data has type {} but dtype={} was requested; cast the Arrow data first",
                col.dtype(),
                d.0
            )));
        }
        Ok(PyColumn(col))
    }

    /// A column of `size` copies of `slr` (all null for a null scalar), built where
    /// columns are computed (on the GPU when one is used).
    #[staticmethod]
    #[pyo3(signature = (slr, size, stream = None, mr = None))]
    fn from_scalar(
        py: Python<'_>,
        slr: &Bound<'_, PyAny>,
        size: i64,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        let slr: crate::scalar::PyScalar = slr.extract().map_err(|_| {
            let got = slr
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "Column.from_scalar takes a ferrodf.plc.Scalar, got {got}: make one with \
                 plc.Scalar.from_py(value) or plc.Scalar.from_arrow(pyarrow_scalar)"
            ))
        })?;
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let size = column_size(size)?;
        run(py, move || {
            ferrodf_core::ops::filling::column_from_scalar(&slr.0, size)
        })
        .map(PyColumn)
    }

    /// A column from a 1-D array: zero-copy for device arrays (`__cuda_array_interface__`,
    /// e.g. CuPy), a host copy for NumPy arrays (moved to the GPU when a kernel needs it).
    #[classmethod]
    #[pyo3(signature = (obj, stream = None))]
    pub fn from_array(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        if crate::memory::has_cuda_array_interface(obj)? {
            let arr = read_cuda_array_interface(obj)?;
            if arr.shape.len() != 1 {
                return Err(PyNotImplementedError::new_err(format!(
                    "Column.from_array supports 1-D arrays, got {} dimensions; reshape to 1-D first",
                    arr.shape.len()
                )));
            }
            let dtype = dtype_from_typestr(&arr.typestr)?;
            let buf = buffer_from_cuda_array(obj, &arr)?;
            let col = Column::new(dtype, arr.shape[0], Some(buf), None, Some(0), 0, vec![]).py()?;
            return Ok(PyColumn(col));
        }
        if !obj.hasattr("__array_interface__")? {
            return Err(PyTypeError::new_err(format!(
                "Column.from_array needs a NumPy array or a device array with __cuda_array_interface__, got {}",
                obj.get_type().name()?
            )));
        }
        let np = py.import("numpy")?;
        let arr = np.call_method1("ascontiguousarray", (obj,))?;
        let ndim: usize = arr.getattr("ndim")?.extract()?;
        if ndim != 1 {
            return Err(PyNotImplementedError::new_err(format!(
                "Column.from_array supports 1-D arrays, got {ndim} dimensions; reshape to 1-D first"
            )));
        }
        let typestr: String = arr.getattr("dtype")?.getattr("str")?.extract()?;
        let dtype = dtype_from_typestr(&typestr)?;
        let size: usize = arr.getattr("shape")?.get_item(0)?.extract()?;
        let bytes = arr.call_method1("view", ("uint8",))?;
        let pybuf = pyo3::buffer::PyBuffer::<u8>::get(&bytes)?;
        let data = pybuf.to_vec(py)?;
        let col = py
            .detach(move || {
                Column::new(
                    dtype,
                    size,
                    Some(Buffer::from_vec(data)),
                    None,
                    Some(0),
                    0,
                    vec![],
                )
            })
            .py()?;
        Ok(PyColumn(col))
    }

    /// A column from Python values (nested lists give LIST columns), inferring the type
    /// unless `dtype` is given.
    #[staticmethod]
    #[pyo3(signature = (obj, dtype = None, stream = None))]
    pub fn from_iterable_of_py(
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
        dtype: Option<PyDataType>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        let pa = py.import("pyarrow")?;
        let values = PyList::new(py, obj.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        let kwargs = pyo3::types::PyDict::new(py);
        if let Some(d) = &dtype {
            if !(d.0.id().is_fixed_width()
                || d.0.id() == TypeId::String
                || d.0.id() == TypeId::Empty)
            {
                return Err(PyNotImplementedError::new_err(format!(
                    "from_iterable_of_py with dtype={} is not supported; omit dtype to infer nested types",
                    d.0
                )));
            }
            let t = ferrodf_core::interop::arrow::dtype_to_arrow(d.0).py()?;
            kwargs.set_item("type", pyo3_arrow::PyDataType::new(t).into_pyarrow(py)?)?;
        }
        let array = pa
            .call_method("array", (values,), Some(&kwargs))
            .map_err(|e| arrow_conversion_error(py, e))?;
        PyColumn::from_arrow(py, &array, dtype, None, None)
    }

    /// The values as a Python list (None for nulls). A column keeps no struct field
    /// names, so struct rows become dicts keyed by the fields' positions ("0", "1", ...).
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_pyarrow(py, Some(ColumnMetadata::positional(&self.0)))?
            .call_method0("to_pylist")
    }

    /// The values as a DLPack tensor (the Python array API protocol): no copy, on the
    /// device ferrodf computes on (or the one `dl_device` names). Device memory handed out
    /// this way is exposed: it is never spilled.
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__(
        &self,
        py: Python<'_>,
        stream: Option<&Bound<'_, PyAny>>,
        max_version: Option<(u32, u32)>,
        dl_device: Option<(u32, i32)>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        crate::dlpack::column_dlpack(py, &self.0, stream, max_version, dl_device, copy)
    }

    /// `(device_type, device_id)` of the tensor `__dlpack__` gives: (2, 0) for the GPU,
    /// (1, 0) for the host.
    fn __dlpack_device__(&self) -> PyResult<(i32, i32)> {
        crate::dlpack::dlpack_device()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let id = py_enum(
            py,
            "ferrodf.plc.types",
            "TypeId",
            self.0.dtype().id() as i32,
        )?;
        let nulls = self.null_count(py)?;
        let mut spilled = false;
        self.0.visit_buffers(&mut |b| spilled |= b.is_spilled());
        let place = match self.0.residency() {
            ferrodf_core::buffer::Residency::Host if spilled => {
                "host (spilled from the GPU)".into()
            }
            r => r.to_string(),
        };
        Ok(format!(
            "<ferrodf.plc.Column {} size={} null_count={} offset={} on {place}>",
            id.getattr("name")?.str()?,
            self.0.size(),
            nulls,
            self.0.offset(),
        ))
    }
}

/// pyarrow's exception for Python values it cannot convert, as Python's own: TypeError for
/// values of a type no column holds, OverflowError for numbers too large, ValueError else.
fn arrow_conversion_error(py: Python<'_>, e: PyErr) -> PyErr {
    let name = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    if !name.starts_with("Arrow") {
        return e;
    }
    let msg = format!(
        "cannot make a column of these Python values ({}); give numbers, strings, bools, \
         date-times, Decimals, lists or dicts of one kind, or pass dtype=",
        e.value(py)
    );
    if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) {
        pyo3::exceptions::PyOverflowError::new_err(msg)
    } else if name == "ArrowTypeError"
        || (name == "ArrowInvalid" && msg.contains("did not recognize Python value type"))
    {
        PyTypeError::new_err(msg)
    } else {
        pyo3::exceptions::PyValueError::new_err(msg)
    }
}

/// pylibcudf's newer `Column` members that build or describe whole columns.
#[pymethods]
impl PyColumn {
    /// The one row of a one-row column as a Scalar (ValueError for any other size).
    #[pyo3(signature = (stream = None, mr = None))]
    fn to_scalar(
        &self,
        py: Python<'_>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::scalar::PyScalar> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let c = self.0.clone();
        run(py, move || ferrodf_core::scalar::Scalar::from_column(c)).map(crate::scalar::PyScalar)
    }

    /// A column of `size` nulls of `like`'s type (nested types included).
    #[staticmethod]
    #[pyo3(signature = (like, size, stream = None, mr = None))]
    fn all_null_like(
        py: Python<'_>,
        like: PyColumn,
        size: i64,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let size = column_size(size)?;
        run(py, move || {
            ferrodf_core::ops::filling::all_null_like(&like.0, size)
        })
        .map(PyColumn)
    }

    /// The bytes of this column's buffers (data, null mask and children's), counted once
    /// each as allocated (a slice reports its parent's buffers).
    fn device_buffer_size(&self) -> usize {
        let mut total = 0;
        self.0.visit_buffers(&mut |b| total += b.len());
        total
    }

    /// A STRUCT column over `children` (all the same length), without a null mask.
    #[staticmethod]
    fn struct_from_children(children: Vec<PyColumn>) -> PyResult<PyColumn> {
        let size = children.first().map_or(0, |c| c.0.size());
        if let Some(c) = children.iter().find(|c| c.0.size() != size) {
            return Err(PyValueError::new_err(format!(
                "struct_from_children: every child must have {size} rows, one has {}",
                c.0.size()
            )));
        }
        let children = children.into_iter().map(|c| c.0).collect();
        let dtype: DataType = TypeId::Struct.into();
        Column::new(dtype, size, None, None, Some(0), 0, children)
            .py()
            .map(PyColumn)
    }

    /// A column over a device array (`__cuda_array_interface__`), zero-copy.
    #[classmethod]
    fn from_cuda_array_interface(
        cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<PyColumn> {
        if !crate::memory::has_cuda_array_interface(obj)? {
            return Err(PyTypeError::new_err(format!(
                "from_cuda_array_interface needs an object with __cuda_array_interface__, got {}",
                crate::args::type_name(obj)
            )));
        }
        PyColumn::from_array(cls, py, obj, None)
    }

    /// A column from a host array (`__array_interface__`, e.g. NumPy), copied.
    #[classmethod]
    #[pyo3(signature = (obj, stream = None))]
    fn from_array_interface(
        cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyColumn> {
        if !obj.hasattr("__array_interface__")? {
            return Err(PyTypeError::new_err(format!(
                "from_array_interface needs an object with __array_interface__, got {}",
                crate::args::type_name(obj)
            )));
        }
        PyColumn::from_array(cls, py, obj, stream)
    }

    /// A column over a device buffer (an rmm `DeviceBuffer`, or anything with
    /// `__cuda_array_interface__`, such as a gpumemoryview) of `size` rows of `dtype`,
    /// with `children` (pylibcudf's `from_rmm_buffer`; no null mask).
    #[staticmethod]
    fn from_rmm_buffer(
        buff: &Bound<'_, PyAny>,
        dtype: PyDataType,
        size: usize,
        children: Vec<PyColumn>,
    ) -> PyResult<PyColumn> {
        let data = opt_view(Some(buff), "buff")?;
        let children = children.into_iter().map(|c| c.0).collect();
        Column::new(dtype.0, size, data, None, Some(0), 0, children)
            .py()
            .map(PyColumn)
    }

    /// This STRUCT column as a `StructsColumnView` (a TypeError for other types).
    fn struct_view(&self) -> PyResult<PyStructsColumnView> {
        PyStructsColumnView::new(self.clone())
    }
}

/// A STRUCT column's children seen through its offset and size (libcudf's
/// `structs_column_view`).
#[pyclass(name = "StructsColumnView", module = "ferrodf.plc.column", frozen)]
pub(crate) struct PyStructsColumnView(Column);

#[pymethods]
impl PyStructsColumnView {
    #[new]
    fn new(col: PyColumn) -> PyResult<Self> {
        if col.0.dtype().id() != TypeId::Struct {
            return Err(PyTypeError::new_err(format!(
                "StructsColumnView needs a STRUCT column, got {}",
                col.0.dtype()
            )));
        }
        Ok(Self(col.0))
    }
    /// The number of children (fields).
    fn num_children(&self) -> usize {
        self.0.children().len()
    }
    /// Child `index` sliced to the parent's rows (the parent's nulls are not applied).
    fn get_sliced_child(&self, index: usize) -> PyResult<PyColumn> {
        let child = self.0.children().get(index).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "child {index} does not exist; the struct has {} fields",
                self.0.children().len()
            ))
        })?;
        child
            .slice(self.0.offset(), self.0.size())
            .py()
            .map(PyColumn)
    }
}
