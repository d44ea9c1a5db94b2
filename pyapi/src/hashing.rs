//! `plc.hashing`: row hashes of a table.

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::ops::hashing;
use pyo3::prelude::*;

plc_fn! {
    /// MurmurHash3_x86_32 of every row (a UINT32 column).
    fn murmurhash3_x86_32(py, input: PyTable, seed: u32 = 0) [stream, mr] -> PyColumn {
        run(py, move || hashing::murmurhash3_x86_32(&input.0, seed)).map(PyColumn)
    }

    /// XXH64 of every row, chained across columns (a UINT64 column).
    fn xxhash_64(py, input: PyTable, seed: u64 = 0) [stream, mr] -> PyColumn {
        run(py, move || hashing::xxhash_64(&input.0, seed)).map(PyColumn)
    }
}

/// Register the hashing bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, murmurhash3_x86_32, xxhash_64)
}
