//! `plc.DataType`.

use crate::enums::{extract_enum, py_enum};
use crate::errors::IntoPyResult;
use ferrodf_core::types::{DataType, TypeId};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A logical type: a TypeId plus, for decimals, a scale.
#[pyclass(
    name = "DataType",
    module = "ferrodf.plc.types",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDataType(pub DataType);

#[pymethods]
impl PyDataType {
    #[new]
    #[pyo3(signature = (type_id, scale = 0))]
    fn new(type_id: &Bound<'_, PyAny>, scale: i32) -> PyResult<Self> {
        let id = extract_enum::<TypeId>(type_id)?;
        Ok(PyDataType(DataType::new(id, scale)))
    }

    /// The type id.
    fn id<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py_enum(py, "ferrodf.plc.types", "TypeId", self.0.id() as i32)
    }

    /// The decimal scale (0 for other types).
    fn scale(&self) -> i32 {
        self.0.scale()
    }

    /// The pyarrow type this type converts to (flat types only).
    fn to_arrow<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let t = ferrodf_core::interop::arrow::dtype_to_arrow(self.0).py()?;
        pyo3_arrow::PyDataType::new(t).into_pyarrow(py)
    }

    /// The DataType of a pyarrow type (the outer type for nested ones).
    #[staticmethod]
    fn from_arrow(pa_typ: pyo3_arrow::PyDataType) -> PyResult<Self> {
        let t = ferrodf_core::interop::arrow::dtype_from_arrow(pa_typ.as_ref()).py()?;
        Ok(PyDataType(t))
    }

    fn __repr__(&self) -> String {
        if self.0.id().is_decimal() {
            format!("<DataType {}, scale={}>", self.0.id(), self.0.scale())
        } else {
            format!("<DataType {}>", self.0.id())
        }
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let cls = py.get_type::<PyDataType>().into_any();
        let args = PyTuple::new(py, [self.0.id() as i32, self.0.scale()])?;
        Ok((cls, args))
    }
}

/// Width in bytes of a fixed-width type (TypeError for others).
#[pyfunction]
pub fn size_of(t: PyDataType) -> PyResult<usize> {
    ferrodf_core::types::size_of(t.0).py()
}

/// Register the `types` bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(self::size_of, m)?)
}
