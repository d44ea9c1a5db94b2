//! `plc.transform` (the mask functions): nans_to_nulls, column_nans_to_nulls, bools_to_mask
//! and mask_to_bools.

use crate::column::PyColumn;
use crate::errors::run;
use crate::gpumemoryview::GpuMemoryView;
use ferrodf_core::ops::transform;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

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

/// Register the transform bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nans_to_nulls, m)?)?;
    m.add_function(wrap_pyfunction!(column_nans_to_nulls, m)?)?;
    m.add_function(wrap_pyfunction!(bools_to_mask, m)?)?;
    m.add_function(wrap_pyfunction!(mask_to_bools, m)?)?;
    Ok(())
}
