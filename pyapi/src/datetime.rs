//! `plc.datetime`: components of timestamps and rounding to a frequency.

use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use ferrodf_core::ops::datetime::{self as dt, DatetimeComponent, RoundingFrequency};
use pyo3::prelude::*;

/// One component of every timestamp, INT16.
#[pyfunction]
#[pyo3(name = "extract_datetime_component", signature = (input, component, stream = None, mr = None))]
pub fn extract_datetime_component(
    py: Python<'_>,
    input: PyColumn,
    component: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let c = extract_enum::<DatetimeComponent>(component)?;
    Ok(PyColumn(run(py, move || {
        dt::extract_datetime_component(&input.0, c)
    })?))
}

/// The day of the year of every timestamp, INT16.
#[pyfunction]
#[pyo3(name = "day_of_year", signature = (input, stream = None, mr = None))]
pub fn day_of_year(
    py: Python<'_>,
    input: PyColumn,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    Ok(PyColumn(run(py, move || dt::day_of_year(&input.0))?))
}

/// Floor (0), ceil (1) or round (2) every timestamp to a frequency.
#[pyfunction]
#[pyo3(name = "round", signature = (input, freq, mode))]
pub fn round_datetimes(
    py: Python<'_>,
    input: PyColumn,
    freq: &Bound<'_, PyAny>,
    mode: i32,
) -> PyResult<PyColumn> {
    let f = extract_enum::<RoundingFrequency>(freq)?;
    Ok(PyColumn(run(py, move || match mode {
        0 => dt::floor_datetimes(&input.0, f),
        1 => dt::ceil_datetimes(&input.0, f),
        _ => dt::round_datetimes(&input.0, f),
    })?))
}

/// Add the `datetime_*` functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(extract_datetime_component, m)?)?;
    m.add_function(wrap_pyfunction!(day_of_year, m)?)?;
    m.add_function(wrap_pyfunction!(round_datetimes, m)?)?;
    Ok(())
}
