//! `plc.reduce`: reductions of a column to a scalar, scans and minmax.

use crate::aggregation::PyAggregation;
use crate::args::{Opt, add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::types::PyDataType;
use ferrodf_core::ops::aggregation::Kind;
use ferrodf_core::ops::reduce as core_reduce;
use ferrodf_core::params::ScanType;
use pyo3::prelude::*;

plc_fn! {
    /// Reduce a column to a scalar.
    fn reduce(
        py,
        col: PyColumn,
        agg: PyAggregation,
        data_type: PyDataType,
        init: Opt = None,
    ) [stream, mr] -> PyScalar {
        if init.is_some_and(|i| !i.is_none()) {
            return Err(pyo3::exceptions::PyNotImplementedError::new_err(
                "reduce with an init value is not implemented yet",
            ));
        }
        run(py, move || core_reduce::reduce(&col.0, &agg.0, data_type.0)).map(PyScalar)
    }
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
        Kind::Tdigest | Kind::MergeTdigest => ferrodf_core::TypeId::Struct,
        // The input type itself, with its decimal scale (MIN/MAX keep it).
        _ => return core_reduce::is_supported(source.0, kind, source.0),
    };
    core_reduce::is_supported(source.0, kind, out.into())
}

plc_fn! {
    /// Inclusive or exclusive scan of a column.
    fn scan(py, col: PyColumn, agg: PyAggregation, inclusive: &Bound<'_, PyAny>) [stream, mr]
        -> PyColumn
    {
        let inclusive = extract_enum::<ScanType>(inclusive)? == ScanType::Inclusive;
        run(py, move || ferrodf_core::ops::scan::scan(&col.0, &agg.0, inclusive)).map(PyColumn)
    }

    /// The (min, max) of a column.
    fn minmax(py, col: PyColumn) [stream, mr] -> (PyScalar, PyScalar) {
        let (lo, hi) = run(py, move || core_reduce::minmax(&col.0))?;
        Ok((PyScalar(lo), PyScalar(hi)))
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, reduce, is_valid_reduce_aggregation, scan, minmax)
}
