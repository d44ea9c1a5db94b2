//! `plc.partitioning`: hash_partition, partition and round_robin_partition.

use crate::args::{add_functions, non_negative, plc_fn};
use crate::column::PyColumn;
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

    /// Rows grouped by the partition `partition_map` gives each, and the
    /// `num_partitions + 1` partition offsets.
    fn partition(
        py,
        t: PyTable,
        partition_map: PyColumn,
        num_partitions: i64,
    ) [stream, mr] -> (PyTable, Vec<usize>) {
        let (t, offsets) = run(py, move || {
            partitioning::partition(&t.0, &partition_map.0, num_partitions)
        })?;
        Ok((PyTable(t), offsets))
    }

    /// Rows dealt out to the partitions in turn, grouped by partition, and the starts.
    fn round_robin_partition(
        py,
        input: PyTable,
        num_partitions: i64,
        start_partition: i64 = 0,
    ) [stream, mr] -> (PyTable, Vec<usize>) {
        let (t, offsets) = run(py, move || {
            partitioning::round_robin_partition(&input.0, num_partitions, start_partition)
        })?;
        Ok((PyTable(t), offsets))
    }
}

/// Register the partitioning bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, hash_partition, partition, round_robin_partition)
}
