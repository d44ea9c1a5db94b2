//! `plc.null_mask`: copying, creating and combining validity bitmasks (returned as
//! `gpumemoryview`s).

use crate::args::{Opt, add_functions, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum_or;
use crate::errors::run;
use crate::gpumemoryview::GpuMemoryView;
use ferrodf_core::buffer::Buffer;
use ferrodf_core::ops::null_mask::{self, MaskState};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

plc_fn! {
    /// A copy of the column's validity starting at bit 0 (empty when it has no mask).
    fn copy_bitmask(py, col: PyColumn) [stream, mr] -> GpuMemoryView {
        run(py, move || null_mask::copy_bitmask(&col.0)).map(GpuMemoryView::from_buffer)
    }
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

plc_fn! {
    /// A new mask for `size` rows in the given state.
    fn create_null_mask(py, size: i64, state: Opt = None) [stream, mr] -> GpuMemoryView {
        let size = usize::try_from(size)
            .map_err(|_| PyValueError::new_err(format!("size must be non-negative, got {size}")))?;
        let state = extract_enum_or(state, MaskState::Uninitialized)?;
        run(py, move || null_mask::create_null_mask(size, state)).map(GpuMemoryView::from_buffer)
    }
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
                type_name(&item)
            ))
        })?;
        out.push(c.0);
    }
    Ok(out)
}

plc_fn! {
    /// The AND of the columns' masks and its null count.
    fn bitmask_and(py, columns: &Bound<'_, PyAny>) [stream, mr] -> (GpuMemoryView, usize) {
        let cols = self::columns(columns, "bitmask_and")?;
        run(py, move || null_mask::bitmask_and(&cols)).map(GpuMemoryView::with_count)
    }

    /// The OR of the columns' masks and its null count.
    fn bitmask_or(py, columns: &Bound<'_, PyAny>) [stream, mr] -> (GpuMemoryView, usize) {
        let cols = self::columns(columns, "bitmask_or")?;
        run(py, move || null_mask::bitmask_or(&cols)).map(GpuMemoryView::with_count)
    }
}

/// The mask a `null_count` call reads: a gpumemoryview, or any object with
/// `__cuda_array_interface__`.
fn mask_buffer(obj: &Bound<'_, PyAny>) -> PyResult<Buffer> {
    if let Some(b) = crate::gpumemoryview::buffer_of(obj)? {
        return Ok(b);
    }
    Err(PyTypeError::new_err(format!(
        "null_count takes the mask as a gpumemoryview (e.g. Column.null_mask()) or an object \
         with __cuda_array_interface__, got {}",
        obj.get_type().name()?
    )))
}

plc_fn! {
    /// The number of unset bits among bits `start..stop` of `bitmask`.
    fn null_count(py, bitmask: &Bound<'_, PyAny>, start: i64, stop: i64) [stream] -> usize {
        if start < 0 || stop < 0 {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "null_count: start and stop must be non-negative, got {start} and {stop}"
            )));
        }
        let mask = mask_buffer(bitmask)?;
        run(py, move || null_mask::null_count(&mask, start as usize, stop as usize))
    }
}

/// Register the null_mask bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        copy_bitmask,
        bitmask_allocation_size_bytes,
        create_null_mask,
        bitmask_and,
        bitmask_or,
        null_count,
    )
}
