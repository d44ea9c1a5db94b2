//! `plc.replace`: null replacement, find-and-replace, clamping and NaN/zero normalization.
//! Argument conversion only; the semantics live in ferrodf-core.

use crate::args::{Opt, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use ferrodf_core::ops::replace;
use ferrodf_core::params::ReplacePolicy;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

#[pyfunction]
#[pyo3(signature = (source_column, replacement, stream = None, mr = None))]
pub fn replace_nulls(
    py: Python<'_>,
    source_column: PyColumn,
    replacement: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    if let Ok(c) = replacement.extract::<PyColumn>() {
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Column(&c.0))
        })
        .map(PyColumn);
    }
    if let Ok(s) = replacement.extract::<PyScalar>() {
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Scalar(&s.0))
        })
        .map(PyColumn);
    }
    let is_policy = replacement
        .get_type()
        .name()
        .is_ok_and(|n| n == "ReplacePolicy");
    if is_policy {
        let following = extract_enum::<ReplacePolicy>(replacement)? == ReplacePolicy::Following;
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Policy { following })
        })
        .map(PyColumn);
    }
    Err(PyTypeError::new_err(format!(
        "replace_nulls: replacement must be a Column, a Scalar or a ReplacePolicy, got {}",
        type_name(replacement)
    )))
}

#[pyfunction]
#[pyo3(signature = (source_column, values_to_replace, replacement_values, stream = None, mr = None))]
pub fn find_and_replace_all(
    py: Python<'_>,
    source_column: PyColumn,
    values_to_replace: PyColumn,
    replacement_values: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    run(py, move || {
        replace::find_and_replace_all(
            &source_column.0,
            &values_to_replace.0,
            &replacement_values.0,
        )
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (source_column, lo, hi, lo_replace = None, hi_replace = None, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn clamp(
    py: Python<'_>,
    source_column: PyColumn,
    lo: PyScalar,
    hi: PyScalar,
    lo_replace: Option<PyScalar>,
    hi_replace: Option<PyScalar>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    run(py, move || {
        replace::clamp(
            &source_column.0,
            &lo.0,
            &hi.0,
            lo_replace.as_ref().map(|s| &s.0),
            hi_replace.as_ref().map(|s| &s.0),
        )
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (source_column, inplace = false, stream = None, mr = None))]
pub fn normalize_nans_and_zeros(
    py: Python<'_>,
    source_column: PyColumn,
    inplace: bool,
    stream: Opt,
    mr: Opt,
) -> PyResult<Option<PyColumn>> {
    let _ = (stream, mr);
    if inplace {
        run(py, move || {
            replace::normalize_nans_and_zeros_in_place(&source_column.0)
        })?;
        return Ok(None);
    }
    run(py, move || {
        replace::normalize_nans_and_zeros(&source_column.0)
    })
    .map(|c| Some(PyColumn(c)))
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),* $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )* };
    }
    add!(
        replace_nulls,
        find_and_replace_all,
        clamp,
        normalize_nans_and_zeros
    );
    Ok(())
}
