//! pandas' elementwise and reduction semantics on columns: the rules every Series and
//! DataFrame operation follows, written once for Rust, evcxr and Python.
//!
//! - [`promote`]: the result type of an operation (NumPy's promotion, as pandas uses it,
//!   with Python numbers as "weak" scalars that take the column's type).
//! - [`binary`]: arithmetic, comparison and logical operators with pandas' missing-value
//!   rules (a comparison with a missing value is False, `!=` True; integer division by zero
//!   gives `inf`/`-inf`/NaN in float64; string `+` concatenates).
//! - [`missing`]: the one NaN rule: a NaN that an operation computes in a float column is
//!   a missing value (a null), as NaN from input data already is.
//! - [`reduce`]: reductions with `skipna`, `min_count` and `ddof`, and cumulative scans.
//!
//! Each function runs on the core's host or device kernels; nothing here copies data to
//! the host to compute.

pub mod binary;
pub mod missing;
pub mod promote;
pub mod reduce;
mod value;

pub use binary::{BinaryOp, Operand, binary_column};
pub use missing::nan_as_null;
pub use reduce::{ReduceOptions, Reduction, ScanOp, reduce_column, scan_column};
pub use value::{Value, column_from_values};
