//! `plc.null_mask`: copying, creating and combining validity bitmasks (returned as
//! `gpumemoryview`s).

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::gpumemoryview::{GpuMemoryView, buffer_from_cuda_array, read_cuda_array_interface};
use ferrodf_core::buffer::Buffer;
use ferrodf_core::ops::null_mask::{self, MaskState};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A copy of the column's validity starting at bit 0 (empty when it has no mask).
#[pyfunction]
#[pyo3(name = "copy_bitmask", signature = (col, stream = None, mr = None))]
pub fn copy_bitmask(
    py: Python<'_>,
    col: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<GpuMemoryView> {
    let _ = (stream, mr);
    let b = run(py, move || null_mask::copy_bitmask(&col.0))?;
    Ok(GpuMemoryView::from_buffer(b))
}

/// Bytes libcudf allocates for a mask of `number_of_bits` bits (whole 64-byte blocks).
#[pyfunction]
#[pyo3(name = "bitmask_allocation_size_bytes")]
pub fn bitmask_allocation_size_bytes(number_of_bits: i64) -> PyResult<usize> {
    let bits = usize::try_from(number_of_bits).map_err(|_| {
        PyValueError::new_err(format!(
            "number_of_bits must be non-negative, got {number_of_bits}"
        ))
    })?;
    Ok(null_mask::allocation_size_bytes(bits))
}

/// A new mask for `size` rows in the given state.
#[pyfunction]
#[pyo3(name = "create_null_mask", signature = (size, state = None, stream = None, mr = None))]
pub fn create_null_mask(
    py: Python<'_>,
    size: i64,
    state: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<GpuMemoryView> {
    let _ = (stream, mr);
    let size = usize::try_from(size)
        .map_err(|_| PyValueError::new_err(format!("size must be non-negative, got {size}")))?;
    let state = match state {
        None => MaskState::Uninitialized,
        Some(s) => extract_enum::<MaskState>(s)?,
    };
    let b = run(py, move || null_mask::create_null_mask(size, state))?;
    Ok(GpuMemoryView::from_buffer(b))
}

fn columns(columns: &Bound<'_, PyAny>, function: &str) -> PyResult<Vec<ferrodf_core::Column>> {
    let mut out = vec![];
    for item in columns
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{function} takes a list of Columns")))?
    {
        let item = item?;
        let c = item.extract::<PyColumn>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{function} takes a list of Columns, got an item of type {}",
                item.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        out.push(c.0);
    }
    Ok(out)
}

/// The AND of the columns' masks and its null count.
#[pyfunction]
#[pyo3(name = "bitmask_and", signature = (columns, stream = None, mr = None))]
pub fn bitmask_and(
    py: Python<'_>,
    columns: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<(GpuMemoryView, usize)> {
    let _ = (stream, mr);
    let cols = self::columns(columns, "bitmask_and")?;
    let (b, n) = run(py, move || null_mask::bitmask_and(&cols))?;
    Ok((GpuMemoryView::from_buffer(b), n))
}

/// The OR of the columns' masks and its null count.
#[pyfunction]
#[pyo3(name = "bitmask_or", signature = (columns, stream = None, mr = None))]
pub fn bitmask_or(
    py: Python<'_>,
    columns: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<(GpuMemoryView, usize)> {
    let _ = (stream, mr);
    let cols = self::columns(columns, "bitmask_or")?;
    let (b, n) = run(py, move || null_mask::bitmask_or(&cols))?;
    Ok((GpuMemoryView::from_buffer(b), n))
}

/// The mask a `null_count` call reads: a gpumemoryview, or any object with
/// `__cuda_array_interface__`.
fn mask_buffer(obj: &Bound<'_, PyAny>) -> PyResult<Buffer> {
    if let Ok(v) = obj.cast::<GpuMemoryView>() {
        return Ok(v.get().buffer.clone());
    }
    if crate::memory::has_cuda_array_interface(obj)? {
        let arr = read_cuda_array_interface(obj)?;
        return buffer_from_cuda_array(obj, &arr);
    }
    Err(PyTypeError::new_err(format!(
        "null_count takes the mask as a gpumemoryview (e.g. Column.null_mask()) or an object \
         with __cuda_array_interface__, got {}",
        obj.get_type().name()?
    )))
}

/// The number of unset bits among bits `start..stop` of `bitmask`.
#[pyfunction]
#[pyo3(name = "null_count", signature = (bitmask, start, stop, stream = None))]
pub fn null_count(
    py: Python<'_>,
    bitmask: &Bound<'_, PyAny>,
    start: i64,
    stop: i64,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let _ = stream;
    if start < 0 || stop < 0 {
        return Err(pyo3::exceptions::PyIndexError::new_err(format!(
            "null_count: start and stop must be non-negative, got {start} and {stop}"
        )));
    }
    let mask = mask_buffer(bitmask)?;
    run(py, move || {
        null_mask::null_count(&mask, start as usize, stop as usize)
    })
}

/// Register the null_mask bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(copy_bitmask, m)?)?;
    m.add_function(wrap_pyfunction!(bitmask_allocation_size_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(create_null_mask, m)?)?;
    m.add_function(wrap_pyfunction!(bitmask_and, m)?)?;
    m.add_function(wrap_pyfunction!(bitmask_or, m)?)?;
    m.add_function(wrap_pyfunction!(null_count, m)?)?;
    Ok(())
}
