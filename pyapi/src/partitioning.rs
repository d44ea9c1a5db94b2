//! `plc.partitioning`: hash_partition.

use crate::args::{add_functions, non_negative, plc_fn};
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::partitioning;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

plc_fn! {
    /// Rows reordered into `num_partitions` hash partitions, and the partition starts.
    fn hash_partition(
        py,
        input: PyTable,
        columns_to_hash: Vec<i64>,
        num_partitions: i64,
        seed: i64 = 0,
    ) [stream, mr] -> (PyTable, Vec<usize>) {
        let cols = non_negative(columns_to_hash, "column index")?;
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
}

/// Register the partitioning bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, hash_partition)
}
