//! `plc.partitioning`: hash_partition.

use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::partitioning;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;

type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// Rows reordered into `num_partitions` hash partitions, and the partition starts.
#[pyfunction]
#[pyo3(name = "hash_partition", signature = (input, columns_to_hash, num_partitions, seed = 0, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn hash_partition(
    py: Python<'_>,
    input: PyTable,
    columns_to_hash: Vec<i64>,
    num_partitions: i64,
    seed: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<(PyTable, Vec<usize>)> {
    let _ = (stream, mr);
    let cols = columns_to_hash
        .into_iter()
        .map(|c| {
            usize::try_from(c)
                .map_err(|_| PyIndexError::new_err(format!("column index {c} is negative")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    if num_partitions <= 0 {
        return Err(PyValueError::new_err(format!(
            "num_partitions must be positive, got {num_partitions}"
        )));
    }
    let seed = u32::try_from(seed).map_err(|_| {
        PyOverflowError::new_err(format!("seed {seed} is not a 32-bit unsigned value"))
    })?;
    let parts = num_partitions as usize;
    let (t, offsets) = run(py, move || {
        partitioning::hash_partition(&input.0, &cols, parts, seed)
    })?;
    Ok((PyTable(t), offsets))
}

/// Register the partitioning bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(hash_partition, m)?)?;
    Ok(())
}
