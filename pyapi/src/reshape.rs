//! `plc.reshape` (interleave_columns, tile, table_to_array) and `plc.transpose`.

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::reshape;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

plc_fn! {
    /// The rows of the table's columns interleaved into one column.
    fn interleave_columns(py, source_table: PyTable) [stream, mr] -> PyColumn {
        run(py, move || reshape::interleave_columns(&source_table.0)).map(PyColumn)
    }

    /// The table repeated `count` times.
    fn tile(py, source_table: PyTable, count: i64) [stream, mr] -> PyTable {
        run(py, move || reshape::tile(&source_table.0, count)).map(PyTable)
    }

    /// Output column `i` holds row `i` of the input.
    fn transpose(py, input_table: PyTable) [stream, mr] -> PyTable {
        run(py, move || reshape::transpose(&input_table.0)).map(PyTable)
    }
}

/// Copy the table column by column into the buffer at `ptr` of `size` bytes: a device
/// address on the device path, a host address on the host path.
#[pyfunction]
#[pyo3(signature = (input_table, ptr, size, stream = None))]
pub fn table_to_array(
    py: Python<'_>,
    input_table: PyTable,
    ptr: u64,
    size: i64,
    stream: crate::args::Opt,
) -> PyResult<()> {
    let _ = stream;
    let size = usize::try_from(size)
        .map_err(|_| PyValueError::new_err(format!("size cannot be negative, got {size}")))?;
    // SAFETY: as in pylibcudf, the caller vouches for the buffer at `ptr`.
    run(py, move || unsafe {
        reshape::table_to_array(&input_table.0, ptr, size)
    })
}

/// Register the reshape bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, interleave_columns, tile, table_to_array)
}

/// Register the transpose binding.
pub fn register_transpose(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, transpose)
}
