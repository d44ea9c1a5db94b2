//! `plc.datetime`: components of timestamps and rounding to a frequency.

use crate::args::{ColumnOrScalar, add_functions, column_fns, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use ferrodf_core::ops::datetime::{self as dt, DatetimeComponent, RoundingFrequency};
use pyo3::exceptions::PyTypeError;
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

    /// Every timestamp plus a Column (row by row) or Scalar of integer months.
    fn add_calendrical_months(py, input: PyColumn, months: &Bound<'_, PyAny>)
        [stream, mr] -> PyColumn
    {
        let months = ColumnOrScalar::extract(months).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "months must be a Column or a Scalar of integers, got {}",
                type_name(months)
            ))
        })?;
        run(py, move || {
            let months = match &months {
                ColumnOrScalar::Column(c) => dt::Months::Column(c),
                ColumnOrScalar::Scalar(s) => dt::Months::Scalar(s),
            };
            dt::add_calendrical_months(&input.0, months)
        })
        .map(PyColumn)
    }
}

column_fns! {
    /// BOOL8: whether the year of every timestamp is a leap year.
    is_leap_year = dt::is_leap_year;
    /// TIMESTAMP_DAYS: the last day of the month of every timestamp.
    last_day_of_month = dt::last_day_of_month;
    /// INT16: the quarter (1..4) of every timestamp.
    extract_quarter = dt::extract_quarter;
    /// INT16: the number of days in the month of every timestamp.
    days_in_month = dt::days_in_month;
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
    add_functions!(
        m,
        extract_datetime_component,
        day_of_year,
        round_datetimes,
        add_calendrical_months,
        is_leap_year,
        last_day_of_month,
        extract_quarter,
        days_in_month,
    )
}
