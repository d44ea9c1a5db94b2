//! `plc.unary`, `plc.round` and `plc.transform` (the mask functions).

use crate::column::PyColumn;
use crate::enums::enum_value;
use crate::errors::{IntoPyResult, run};
use crate::gpumemoryview::GpuMemoryView;
use crate::types::PyDataType;
use ferrodf_core::ops::{cast as core_cast, round as core_round, transform, unary as core_unary};
use pyo3::exceptions::PyTypeError;
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
    let op = core_unary::UnaryOperator::from_i32(enum_value(op, "UnaryOperator")?).py()?;
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

fn rounding(method: &Bound<'_, PyAny>) -> PyResult<core_round::RoundingMethod> {
    core_round::RoundingMethod::from_i32(enum_value(method, "RoundingMethod")?).py()
}

/// Round to `decimal_places` digits.
#[pyfunction]
#[pyo3(signature = (source, decimal_places = 0, round_method = None, stream = None, mr = None))]
pub fn round(
    py: Python<'_>,
    source: PyColumn,
    decimal_places: i32,
    round_method: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let method = match round_method {
        Some(m) => rounding(m)?,
        None => core_round::RoundingMethod::HalfUp,
    };
    Ok(PyColumn(run(py, move || {
        core_round::round(&source.0, decimal_places, method)
    })?))
}

/// Round integers or decimals to `decimal_places` digits.
#[pyfunction]
#[pyo3(signature = (source, decimal_places = 0, round_method = None, stream = None, mr = None))]
pub fn round_decimal(
    py: Python<'_>,
    source: PyColumn,
    decimal_places: i32,
    round_method: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let method = match round_method {
        Some(m) => rounding(m)?,
        None => core_round::RoundingMethod::HalfUp,
    };
    Ok(PyColumn(run(py, move || {
        core_round::round_decimal(&source.0, decimal_places, method)
    })?))
}

/// (mask of the valid, non-NaN rows, null count).
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn nans_to_nulls(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<(GpuMemoryView, usize)> {
    let _ = (stream, mr);
    let (mask, nulls) = run(py, move || transform::nans_to_nulls(&input.0))?;
    Ok((GpuMemoryView::from_buffer(mask), nulls))
}

/// The input with NaN rows made null.
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn column_nans_to_nulls(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || {
        transform::column_nans_to_nulls(&input.0)
    })?))
}

/// (mask of the valid, true rows of a BOOL8 column, null count).
#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn bools_to_mask(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<(GpuMemoryView, usize)> {
    let _ = (stream, mr);
    let (mask, nulls) = run(py, move || transform::bools_to_mask(&input.0))?;
    Ok((GpuMemoryView::from_buffer(mask), nulls))
}

/// A BOOL8 column of bits `begin_bit..end_bit` of a mask: a gpumemoryview (host or device)
/// or, as in pylibcudf, an integer device address (GPU only).
#[pyfunction]
#[pyo3(signature = (bitmask, begin_bit, end_bit, stream = None, mr = None))]
pub fn mask_to_bools(
    py: Python<'_>,
    bitmask: &Bound<'_, PyAny>,
    begin_bit: i64,
    end_bit: i64,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    if let Ok(v) = bitmask.cast::<GpuMemoryView>() {
        let buf = v.get().buffer.clone();
        return Ok(PyColumn(run(py, move || {
            transform::mask_to_bools(&buf, begin_bit, end_bit)
        })?));
    }
    if bitmask.is_instance_of::<pyo3::types::PyInt>() {
        let ptr: u64 = bitmask.extract()?;
        return Ok(PyColumn(run(py, move || {
            transform::mask_to_bools_ptr(ptr, begin_bit, end_bit)
        })?));
    }
    Err(PyTypeError::new_err(format!(
        "mask_to_bools: bitmask must be a gpumemoryview or an integer device address, got {}",
        bitmask.get_type().name()?
    )))
}
