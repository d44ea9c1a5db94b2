//! `plc.hashing`: row hashes and row digests of a table.

use crate::args::{add_functions, plc_family, plc_fn};
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

    /// MurmurHash3_x64_128 of every row (a table of two UINT64 columns, the halves).
    fn murmurhash3_x64_128(py, input: PyTable, seed: u64 = 0) [stream, mr] -> PyTable {
        run(py, move || hashing::murmurhash3_x64_128(&input.0, seed)).map(PyTable)
    }

    /// XXH32 of every row, chained across columns (a UINT32 column).
    fn xxhash_32(py, input: PyTable, seed: u32 = 0) [stream, mr] -> PyColumn {
        run(py, move || hashing::xxhash_32(&input.0, seed)).map(PyColumn)
    }

    /// XXH64 of every row, chained across columns (a UINT64 column).
    fn xxhash_64(py, input: PyTable, seed: u64 = 0) [stream, mr] -> PyColumn {
        run(py, move || hashing::xxhash_64(&input.0, seed)).map(PyColumn)
    }
}

plc_family! {
    fn digest(py, input: PyTable) [stream, mr] -> PyColumn {
        run(py, move || digest(&input.0)).map(PyColumn)
    } for {
        /// The MD5 digest of every row as hex (a STRING column).
        md5 = hashing::md5;
        /// The SHA-1 digest of every row as hex (a STRING column).
        sha1 = hashing::sha1;
        /// The SHA-224 digest of every row as hex (a STRING column).
        sha224 = hashing::sha224;
        /// The SHA-256 digest of every row as hex (a STRING column).
        sha256 = hashing::sha256;
        /// The SHA-384 digest of every row as hex (a STRING column).
        sha384 = hashing::sha384;
        /// The SHA-512 digest of every row as hex (a STRING column).
        sha512 = hashing::sha512;
    }
}

/// Register the hashing bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        murmurhash3_x86_32,
        murmurhash3_x64_128,
        xxhash_32,
        xxhash_64,
        md5,
        sha1,
        sha224,
        sha256,
        sha384,
        sha512
    )
}
