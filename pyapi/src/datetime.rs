//! `plc.datetime`: components of timestamps and rounding to a frequency.

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use ferrodf_core::ops::datetime::{self as dt, DatetimeComponent, RoundingFrequency};
use pyo3::prelude::*;

plc_fn! {
    /// One component of every timestamp, INT16.
    fn extract_datetime_component(py, input: PyColumn, component: &Bound<'_, PyAny>)
        [stream, mr] -> PyColumn
    {
        let c = extract_enum::<DatetimeComponent>(component)?;
        run(py, move || dt::extract_datetime_component(&input.0, c)).map(PyColumn)
    }

    /// The day of the year of every timestamp, INT16.
    fn day_of_year(py, input: PyColumn) [stream, mr] -> PyColumn {
        run(py, move || dt::day_of_year(&input.0)).map(PyColumn)
    }
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
    add_functions!(m, extract_datetime_component, day_of_year, round_datetimes)
}
