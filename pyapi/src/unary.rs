//! `plc.unary`: element-wise operators, casts, null and NaN tests.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::types::PyDataType;
use ferrodf_core::ops::{cast as core_cast, unary as core_unary};
use pyo3::prelude::*;

/// Apply a unary operator to every row.
#[pyfunction]
#[pyo3(signature = (input, op, stream = None, mr = None))]
pub fn unary_operation(
    py: Python<'_>,
    input: PyColumn,
    op: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let op = extract_enum::<core_unary::UnaryOperator>(op)?;
    Ok(PyColumn(run(py, move || {
        core_unary::unary_operation(&input.0, op)
    })?))
}

/// A BOOL8 column, true where the input is null.
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn is_null(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || core_unary::is_null(&input.0))?))
}

/// A BOOL8 column, true where the input is valid.
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn is_valid(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || core_unary::is_valid(&input.0))?))
}

/// A BOOL8 column, true where the input is valid and NaN.
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn is_nan(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || core_unary::is_nan(&input.0))?))
}

/// A BOOL8 column, false where the input is valid and NaN.
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn is_not_nan(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || core_unary::is_not_nan(&input.0))?))
}

/// Cast a column to another type.
#[pyfunction]
#[pyo3(signature = (input, data_type, stream = None, mr = None))]
pub fn cast(
    py: Python<'_>,
    input: PyColumn,
    data_type: PyDataType,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || {
        core_cast::cast(&input.0, data_type.0)
    })?))
}

/// Reinterpret a column's bytes as another type of the same width (no copy).
#[pyfunction]
#[pyo3(signature = (input, data_type, stream = None, mr = None))]
pub fn bit_cast(
    py: Python<'_>,
    input: PyColumn,
    data_type: PyDataType,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || {
        core_cast::bit_cast(&input.0, data_type.0)
    })?))
}

/// Whether `cast` supports `from_ -> to`.
#[pyfunction]
pub fn is_supported_cast(from_: PyDataType, to: PyDataType) -> bool {
    core_cast::is_supported_cast(from_.0, to.0)
}

/// Register the unary bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    for f in [
        wrap_pyfunction!(unary_operation, m)?,
        wrap_pyfunction!(is_null, m)?,
        wrap_pyfunction!(is_valid, m)?,
        wrap_pyfunction!(is_nan, m)?,
        wrap_pyfunction!(is_not_nan, m)?,
        wrap_pyfunction!(cast, m)?,
        wrap_pyfunction!(bit_cast, m)?,
        wrap_pyfunction!(is_supported_cast, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
