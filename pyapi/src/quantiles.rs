//! `plc.quantiles`: quantile and quantiles. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::Opt;
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::search::{null_orders, orders};
use crate::table::PyTable;
use ferrodf_core::ops::aggregation::Interpolation;
use ferrodf_core::params::Sorted;
use pyo3::prelude::*;

fn interpolation(obj: &Bound<'_, PyAny>) -> PyResult<Interpolation> {
    extract_enum(obj)
}

fn floats(obj: &Bound<'_, PyAny>) -> PyResult<Vec<f64>> {
    let mut out = vec![];
    for item in obj
        .try_iter()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("q must be a sequence of floats"))?
    {
        out.push(item?.extract::<f64>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("q must be a sequence of floats")
        })?);
    }
    Ok(out)
}

/// Quantiles of a column read in the order of `ordered_indices`.
#[pyfunction]
#[pyo3(name = "quantile", signature = (input, q, interp = None, ordered_indices = None, exact = true, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn quantile(
    py: Python<'_>,
    input: PyColumn,
    q: &Bound<'_, PyAny>,
    interp: Opt<'_, '_>,
    ordered_indices: Option<PyColumn>,
    exact: bool,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let q = floats(q)?;
    let interp = match interp {
        Some(i) => interpolation(i)?,
        None => Interpolation::Linear,
    };
    let out = run(py, move || {
        ferrodf_core::ops::quantiles::quantile(
            &input.0,
            &q,
            interp,
            ordered_indices.as_ref().map(|c| &c.0),
            exact,
        )
    })?;
    Ok(PyColumn(out))
}

/// Rows of a table at quantile positions of its sorted order.
#[pyfunction]
#[pyo3(name = "quantiles", signature = (input, q, interp = None, is_input_sorted = None, column_order = None, null_precedence = None, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn quantiles(
    py: Python<'_>,
    input: PyTable,
    q: &Bound<'_, PyAny>,
    interp: Opt<'_, '_>,
    is_input_sorted: Opt<'_, '_>,
    column_order: Opt<'_, '_>,
    null_precedence: Opt<'_, '_>,
    stream: Opt<'_, '_>,
    mr: Opt<'_, '_>,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let q = floats(q)?;
    let interp = match interp {
        Some(i) => interpolation(i)?,
        None => Interpolation::Nearest,
    };
    let sorted = match is_input_sorted {
        Some(s) => extract_enum::<Sorted>(s)? == Sorted::Yes,
        None => false,
    };
    let o = match column_order {
        Some(c) if !c.is_none() => orders(c)?,
        _ => vec![],
    };
    let n = match null_precedence {
        Some(c) if !c.is_none() => null_orders(c)?,
        _ => vec![],
    };
    let out = run(py, move || {
        ferrodf_core::ops::quantiles::quantiles(&input.0, &q, interp, sorted, &o, &n)
    })?;
    Ok(PyTable(out))
}

/// Register the quantiles bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(quantile, m)?)?;
    m.add_function(wrap_pyfunction!(quantiles, m)?)?;
    Ok(())
}
