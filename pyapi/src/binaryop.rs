//! `plc.binaryop`: binary operations between columns and scalars.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::types::PyDataType;
use ferrodf_core::ops::binaryop::{self, BinaryOperator, Operand};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

enum Side {
    Column(PyColumn),
    Scalar(PyScalar),
}

impl Side {
    fn operand(&self) -> Operand<'_> {
        match self {
            Side::Column(c) => Operand::Column(&c.0),
            Side::Scalar(s) => Operand::Scalar(&s.0),
        }
    }
}

fn side(obj: &Bound<'_, PyAny>, which: &str) -> PyResult<Side> {
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(Side::Column(c));
    }
    if let Ok(s) = obj.extract::<PyScalar>() {
        return Ok(Side::Scalar(s));
    }
    Err(PyTypeError::new_err(format!(
        "binary_operation: {which} must be a ferrodf.plc.Column or Scalar, got {}",
        obj.get_type().name()?
    )))
}

/// `lhs op rhs` row by row.
#[pyfunction]
#[pyo3(signature = (lhs, rhs, op, output_type, stream = None, mr = None))]
pub fn binary_operation(
    py: Python<'_>,
    lhs: &Bound<'_, PyAny>,
    rhs: &Bound<'_, PyAny>,
    op: &Bound<'_, PyAny>,
    output_type: PyDataType,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let op = extract_enum::<BinaryOperator>(op)?;
    let (l, r) = (side(lhs, "lhs")?, side(rhs, "rhs")?);
    let out = run(py, move || {
        binaryop::binary_operation(l.operand(), r.operand(), op, output_type.0)
    })?;
    Ok(PyColumn(out))
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
    m.add_function(wrap_pyfunction!(binary_operation, m)?)?;
    m.add_function(wrap_pyfunction!(is_supported_operation, m)?)?;
    Ok(())
}
