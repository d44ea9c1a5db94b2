//! `plc.hashing`: row hashes of a table.

use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use pyo3::prelude::*;

/// MurmurHash3_x86_32 of every row (a UINT32 column).
#[pyfunction]
#[pyo3(name = "murmurhash3_x86_32", signature = (input, seed = 0, stream = None, mr = None))]
pub fn murmurhash3_x86_32(
    py: Python<'_>,
    input: PyTable,
    seed: u32,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let out = run(py, move || {
        ferrodf_core::ops::hashing::murmurhash3_x86_32(&input.0, seed)
    })?;
    Ok(PyColumn(out))
}

/// XXH64 of every row, chained across columns (a UINT64 column).
#[pyfunction]
#[pyo3(name = "xxhash_64", signature = (input, seed = 0, stream = None, mr = None))]
pub fn xxhash_64(
    py: Python<'_>,
    input: PyTable,
    seed: u64,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let out = run(py, move || {
        ferrodf_core::ops::hashing::xxhash_64(&input.0, seed)
    })?;
    Ok(PyColumn(out))
}

/// Register the hashing bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(murmurhash3_x86_32, m)?)?;
    m.add_function(wrap_pyfunction!(xxhash_64, m)?)?;
    Ok(())
}
