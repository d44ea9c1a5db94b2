//! `plc.unary`: element-wise operators, casts, null and NaN tests.

use crate::args::{add_functions, column_fns, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::types::PyDataType;
use ferrodf_core::ops::{cast as core_cast, unary as core_unary};
use pyo3::prelude::*;

column_fns! {
    /// A BOOL8 column, true where the input is null.
    is_null = core_unary::is_null;
    /// A BOOL8 column, true where the input is valid.
    is_valid = core_unary::is_valid;
    /// A BOOL8 column, true where the input is valid and NaN.
    is_nan = core_unary::is_nan;
    /// A BOOL8 column, false where the input is valid and NaN.
    is_not_nan = core_unary::is_not_nan;
}

plc_fn! {
    /// Apply a unary operator to every row.
    fn unary_operation(py, input: PyColumn, op: &Bound<'_, PyAny>) [stream, mr] -> PyColumn {
        let op = extract_enum::<core_unary::UnaryOperator>(op)?;
        run(py, move || core_unary::unary_operation(&input.0, op)).map(PyColumn)
    }

    /// Cast a column to another type.
    fn cast(py, input: PyColumn, data_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || core_cast::cast(&input.0, data_type.0)).map(PyColumn)
    }

    /// Reinterpret a column's bytes as another type of the same width (no copy).
    fn bit_cast(py, input: PyColumn, data_type: PyDataType) [stream, mr] -> PyColumn {
        run(py, move || core_cast::bit_cast(&input.0, data_type.0)).map(PyColumn)
    }
}

/// Whether `cast` supports `from_ -> to`.
#[pyfunction]
pub fn is_supported_cast(from_: PyDataType, to: PyDataType) -> bool {
    core_cast::is_supported_cast(from_.0, to.0)
}

/// Register the unary bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        unary_operation,
        is_null,
        is_valid,
        is_nan,
        is_not_nan,
        cast,
        bit_cast,
        is_supported_cast,
    )
}
