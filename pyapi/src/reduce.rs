//! `plc.reduce`: reductions of a column to a scalar, scans and minmax.

use crate::aggregation::PyAggregation;
use crate::args::Opt;
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::types::PyDataType;
use ferrodf_core::ops::aggregation::Kind;
use ferrodf_core::params::ScanType;
use pyo3::prelude::*;

/// Reduce a column to a scalar.
#[pyfunction]
#[pyo3(signature = (col, agg, data_type, init = None, stream = None, mr = None))]
pub fn reduce(
    py: Python<'_>,
    col: PyColumn,
    agg: PyAggregation,
    data_type: PyDataType,
    init: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyScalar> {
    let _ = (stream, mr);
    if init.is_some_and(|i| !i.is_none()) {
        return Err(pyo3::exceptions::PyNotImplementedError::new_err(
            "reduce with an init value is not implemented yet",
        ));
    }
    let s = run(py, move || {
        ferrodf_core::ops::reduce::reduce(&col.0, &agg.0, data_type.0)
    })?;
    Ok(PyScalar(s))
}

/// Whether `reduce` supports aggregation `agg` of `source` values (into the usual output type).
#[pyfunction]
pub fn is_valid_reduce_aggregation(source: PyDataType, agg: PyAggregation) -> bool {
    let kind = agg.0.kind();
    let out = match kind {
        Kind::Mean | Kind::Variance | Kind::Std => ferrodf_core::TypeId::Float64,
        Kind::Any | Kind::All => ferrodf_core::TypeId::Bool8,
        Kind::Median | Kind::Quantile => ferrodf_core::TypeId::Float64,
        Kind::Argmin | Kind::Argmax | Kind::Nunique => ferrodf_core::TypeId::Int32,
        // The input type itself, with its decimal scale (MIN/MAX keep it).
        _ => return ferrodf_core::ops::reduce::is_supported(source.0, kind, source.0),
    };
    ferrodf_core::ops::reduce::is_supported(source.0, kind, out.into())
}

#[pyfunction]
#[pyo3(signature = (col, agg, inclusive, stream = None, mr = None))]
pub fn scan(
    py: Python<'_>,
    col: PyColumn,
    agg: PyAggregation,
    inclusive: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let inclusive = extract_enum::<ScanType>(inclusive)? == ScanType::Inclusive;
    run(py, move || {
        ferrodf_core::ops::scan::scan(&col.0, &agg.0, inclusive)
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (col, stream = None, mr = None))]
pub fn minmax(
    py: Python<'_>,
    col: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<(PyScalar, PyScalar)> {
    let _ = (stream, mr);
    let (lo, hi) = run(py, move || ferrodf_core::ops::reduce::minmax(&col.0))?;
    Ok((PyScalar(lo), PyScalar(hi)))
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(reduce, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_reduce_aggregation, m)?)?;
    m.add_function(wrap_pyfunction!(scan, m)?)?;
    m.add_function(wrap_pyfunction!(minmax, m)?)?;
    Ok(())
}
