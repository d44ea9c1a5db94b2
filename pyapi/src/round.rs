//! `plc.round`: round and round_decimal.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use ferrodf_core::ops::round as core_round;
use pyo3::prelude::*;

fn rounding(method: &Bound<'_, PyAny>) -> PyResult<core_round::RoundingMethod> {
    extract_enum::<core_round::RoundingMethod>(method)
}

/// Round to `decimal_places` digits.
#[pyfunction]
#[pyo3(signature = (source, decimal_places = 0, round_method = None, stream = None, mr = None))]
pub fn round(
    py: Python<'_>,
    source: PyColumn,
    decimal_places: i32,
    round_method: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let method = match round_method {
        Some(m) => rounding(m)?,
        None => core_round::RoundingMethod::HalfUp,
    };
    Ok(PyColumn(run(py, move || {
        core_round::round(&source.0, decimal_places, method)
    })?))
}

/// Round integers or decimals to `decimal_places` digits.
#[pyfunction]
#[pyo3(signature = (source, decimal_places = 0, round_method = None, stream = None, mr = None))]
pub fn round_decimal(
    py: Python<'_>,
    source: PyColumn,
    decimal_places: i32,
    round_method: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let method = match round_method {
        Some(m) => rounding(m)?,
        None => core_round::RoundingMethod::HalfUp,
    };
    Ok(PyColumn(run(py, move || {
        core_round::round_decimal(&source.0, decimal_places, method)
    })?))
}

/// Register the round bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(round, m)?)?;
    m.add_function(wrap_pyfunction!(round_decimal, m)?)?;
    Ok(())
}
