//! `plc.binaryop`: binary operations between columns and scalars.

use crate::args::{ColumnOrScalar, add_functions, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::types::PyDataType;
use ferrodf_core::ops::binaryop::{self, BinaryOperator, Operand};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

fn operand(side: &ColumnOrScalar) -> Operand<'_> {
    match side {
        ColumnOrScalar::Column(c) => Operand::Column(c),
        ColumnOrScalar::Scalar(s) => Operand::Scalar(s),
    }
}

fn side(obj: &Bound<'_, PyAny>, which: &str) -> PyResult<ColumnOrScalar> {
    ColumnOrScalar::extract(obj).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "binary_operation: {which} must be a ferrodf.plc.Column or Scalar, got {}",
            type_name(obj)
        ))
    })
}

plc_fn! {
    /// `lhs op rhs` row by row.
    fn binary_operation(
        py,
        lhs: &Bound<'_, PyAny>,
        rhs: &Bound<'_, PyAny>,
        op: &Bound<'_, PyAny>,
        output_type: PyDataType,
    ) [stream, mr] -> PyColumn {
        let op = extract_enum::<BinaryOperator>(op)?;
        let (l, r) = (side(lhs, "lhs")?, side(rhs, "rhs")?);
        run(py, move || {
            binaryop::binary_operation(operand(&l), operand(&r), op, output_type.0)
        })
        .map(PyColumn)
    }
}

/// Whether `binary_operation` supports `lhs op rhs -> out`.
#[pyfunction]
pub fn is_supported_operation(
    out: PyDataType,
    lhs: PyDataType,
    rhs: PyDataType,
    op: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let op = extract_enum::<BinaryOperator>(op)?;
    Ok(binaryop::is_supported_operation(out.0, lhs.0, rhs.0, op))
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, binary_operation, is_supported_operation)
}
