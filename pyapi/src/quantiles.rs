//! `plc.quantiles`: quantile and quantiles. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::{Opt, add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum_or;
use crate::errors::run;
use crate::search::{null_orders, orders};
use crate::table::PyTable;
use ferrodf_core::ops::aggregation::Interpolation;
use ferrodf_core::ops::quantiles as core_quantiles;
use ferrodf_core::params::Sorted;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

fn floats(obj: &Bound<'_, PyAny>) -> PyResult<Vec<f64>> {
    let error = || PyTypeError::new_err("q must be a sequence of floats");
    let items = obj.try_iter().map_err(|_| error())?;
    items
        .map(|item| item?.extract::<f64>().map_err(|_| error()))
        .collect()
}

plc_fn! {
    /// Quantiles of a column read in the order of `ordered_indices`.
    fn quantile(
        py,
        input: PyColumn,
        q: &Bound<'_, PyAny>,
        interp: Opt = None,
        ordered_indices: Option<PyColumn> = None,
        exact: bool = true,
    ) [stream, mr] -> PyColumn {
        let q = floats(q)?;
        let interp = extract_enum_or(interp, Interpolation::Linear)?;
        run(py, move || {
            let order = ordered_indices.as_ref().map(|c| &c.0);
            core_quantiles::quantile(&input.0, &q, interp, order, exact)
        })
        .map(PyColumn)
    }

    /// Rows of a table at quantile positions of its sorted order.
    fn quantiles(
        py,
        input: PyTable,
        q: &Bound<'_, PyAny>,
        interp: Opt = None,
        is_input_sorted: Opt = None,
        column_order: Opt = None,
        null_precedence: Opt = None,
    ) [stream, mr] -> PyTable {
        let q = floats(q)?;
        let interp = extract_enum_or(interp, Interpolation::Nearest)?;
        let sorted = extract_enum_or(is_input_sorted, Sorted::No)? == Sorted::Yes;
        let o = match column_order {
            Some(c) if !c.is_none() => orders(c)?,
            _ => vec![],
        };
        let n = match null_precedence {
            Some(c) if !c.is_none() => null_orders(c)?,
            _ => vec![],
        };
        run(py, move || core_quantiles::quantiles(&input.0, &q, interp, sorted, &o, &n))
            .map(PyTable)
    }
}

/// Register the quantiles bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, quantile, quantiles)
}
