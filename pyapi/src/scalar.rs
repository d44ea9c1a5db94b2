//! `plc.Scalar`.

use crate::args::plc_methods;
use crate::arrow_io::import_column;
use crate::column::PyColumn;
use crate::errors::IntoPyResult;
use crate::types::PyDataType;
use ferrodf_core::scalar::Scalar;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A single typed value that may be null: pylibcudf's `Scalar`.
#[pyclass(name = "Scalar", module = "ferrodf.plc.scalar", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyScalar(pub Scalar);

#[pymethods]
impl PyScalar {
    /// The data type.
    #[pyo3(name = "type")]
    fn type_(&self) -> PyDataType {
        PyDataType(self.0.dtype())
    }

    /// Whether the value is not null.
    #[pyo3(signature = (stream = None))]
    fn is_valid(&self, py: Python<'_>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        self.0.is_valid().py()
    }

    /// A scalar from a Python value (bool, int, float, str, datetime, timedelta, Decimal,
    /// list, dict, None with a dtype). The type is inferred unless `dtype` is given.
    #[classmethod]
    #[pyo3(signature = (py_val, dtype = None, stream = None, mr = None))]
    fn from_py(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        py_val: &Bound<'_, PyAny>,
        dtype: Option<PyDataType>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyScalar> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        if py_val.is_none() && dtype.is_none() {
            return Err(PyValueError::new_err(
                "Scalar.from_py(None) needs a dtype to make a typed null",
            ));
        }
        let col = PyColumn::from_iterable_of_py(
            py,
            pyo3::types::PyList::new(py, [py_val])?.as_any(),
            dtype,
            None,
        )?;
        Ok(PyScalar(Scalar::from_column(col.0).py()?))
    }

    /// A scalar from a NumPy scalar.
    #[classmethod]
    #[pyo3(signature = (np_val, stream = None, mr = None))]
    fn from_numpy(
        cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        np_val: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyScalar> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let np = py.import("numpy")?;
        if !np_val.is_instance(&np.getattr("generic")?)? {
            return Err(PyTypeError::new_err(
                "Scalar.from_numpy needs a NumPy scalar such as numpy.int64(3)",
            ));
        }
        let arr = np
            .call_method1("asarray", (np_val,))?
            .call_method1("reshape", (1,))?;
        let col = PyColumn::from_array(cls, py, &arr, None)?;
        Ok(PyScalar(Scalar::from_column(col.0).py()?))
    }

    /// A scalar from a pyarrow Scalar (or any one-element Arrow array).
    #[staticmethod]
    #[pyo3(signature = (pa_val, dtype = None, stream = None))]
    fn from_arrow(
        py: Python<'_>,
        pa_val: &Bound<'_, PyAny>,
        dtype: Option<PyDataType>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyScalar> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        let pa = py.import("pyarrow")?;
        let obj = if pa_val.is_instance(&pa.getattr("Scalar")?)? {
            // pa.array keeps a dictionary scalar's own dictionary; it cannot build null
            // nested scalars, which pa.repeat can.
            if pa_val.getattr("is_valid")?.is_truthy()? {
                let kw = pyo3::types::PyDict::new(py);
                kw.set_item("type", pa_val.getattr("type")?)?;
                pa.call_method("array", (vec![pa_val.clone()],), Some(&kw))?
            } else {
                pa.call_method1("repeat", (pa_val, 1))?
            }
        } else {
            pa_val.clone()
        };
        let col = import_column(py, &obj)?;
        if let Some(d) = dtype
            && d.0 != col.dtype()
        {
            return Err(PyTypeError::new_err(format!(
                "the Arrow value has type {} but dtype={} was requested",
                col.dtype(),
                d.0
            )));
        }
        Ok(PyScalar(Scalar::from_column(col).py()?))
    }

    /// The value as a Python object (None when null).
    #[pyo3(signature = (stream = None))]
    fn to_py<'py>(
        &self,
        py: Python<'py>,
        stream: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.to_arrow(py, None, stream)?.call_method0("as_py")
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let v = self.to_py(py, None)?;
        Ok(format!(
            "<ferrodf.plc.Scalar {} {}>",
            self.0.dtype(),
            v.repr()?
        ))
    }
}

plc_methods! {
    impl PyScalar {
        /// The value as a pyarrow Scalar.
        fn to_arrow<'py>(&self, py, metadata: Option<&Bound<'py, PyAny>> = None) [stream]
            -> Bound<'py, PyAny>
        {
            let col = Bound::new(py, PyColumn(self.0.as_column().clone()))?;
            col.call_method1("to_arrow", (metadata,))?.get_item(0)
        }
    }
}
