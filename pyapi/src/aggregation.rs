//! `plc.aggregation`: the `Aggregation` class and the factory behind its constructors.

use crate::errors::IntoPyResult;
use crate::types::PyDataType;
use ferrodf_core::ops::aggregation::{
    Aggregation, BitwiseOp, CorrelationType, EWMHistory, Interpolation, NullPolicy,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// An aggregation request (make one with the factory functions of `plc.aggregation`).
#[pyclass(
    name = "Aggregation",
    module = "ferrodf.plc.aggregation",
    frozen,
    from_py_object
)]
#[derive(Clone)]
pub struct PyAggregation(pub Aggregation);

#[pymethods]
impl PyAggregation {
    /// The kind (a `plc.aggregation.Kind`).
    fn kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("ferrodf.plc.aggregation")?
            .getattr("Kind")?
            .getattr(self.0.kind().name())
    }
    /// As pylibcudf prints it: `<Aggregation(<Kind.SUM: 0>)>`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let kind = self.kind(py)?;
        Ok(format!("<Aggregation({})>", kind.repr()?))
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyAggregation>()
            .is_ok_and(|o| o.0 == self.0)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        // Equal aggregations have equal debug forms (floats included, bit for bit).
        format!("{:?}", self.0).hash(&mut h);
        h.finish()
    }
}

fn null_policy(v: i32) -> PyResult<NullPolicy> {
    match v {
        0 => Ok(NullPolicy::Exclude),
        1 => Ok(NullPolicy::Include),
        _ => Err(PyValueError::new_err(format!("{v} is not a NullPolicy"))),
    }
}

/// Build an aggregation by kind name and parameters (called by the Python factories).
#[pyfunction]
#[pyo3(signature = (name, null_handling = 0, ddof = 1, quantiles = None, interp = 0, n = 0, nulls_equal = true, nans_equal = true, method = 0, column_order = 0, null_precedence = 0, percentage = 0, min_periods = 1, correlation_type = 0, bitwise_op = 0, center_of_mass = 0.0, history = 0, max_centroids = 1000))]
#[allow(clippy::too_many_arguments)]
pub fn make_aggregation(
    name: &str,
    null_handling: i32,
    ddof: i32,
    quantiles: Option<Vec<f64>>,
    interp: i32,
    n: i32,
    nulls_equal: bool,
    nans_equal: bool,
    method: i32,
    column_order: i32,
    null_precedence: i32,
    percentage: i32,
    min_periods: i32,
    correlation_type: i32,
    bitwise_op: i32,
    center_of_mass: f64,
    history: i32,
    max_centroids: i32,
) -> PyResult<PyAggregation> {
    use Aggregation as A;
    let nh = null_policy(null_handling)?;
    let interpolation = match interp {
        0 => Interpolation::Linear,
        1 => Interpolation::Lower,
        2 => Interpolation::Higher,
        3 => Interpolation::Midpoint,
        4 => Interpolation::Nearest,
        v => {
            return Err(PyValueError::new_err(format!(
                "{v} is not an Interpolation"
            )));
        }
    };
    let agg = match name {
        "sum" => A::Sum,
        "product" => A::Product,
        "min" => A::Min,
        "max" => A::Max,
        "count" => A::Count(nh),
        "any" => A::Any,
        "all" => A::All,
        "sum_of_squares" => A::SumOfSquares,
        "mean" => A::Mean,
        "variance" => A::Variance { ddof },
        "std" => A::Std { ddof },
        "median" => A::Median,
        "quantile" => A::Quantile {
            quantiles: quantiles.unwrap_or_default(),
            interpolation,
        },
        "argmax" => A::Argmax,
        "argmin" => A::Argmin,
        "nunique" => A::Nunique(nh),
        "nth_element" => A::NthElement {
            n,
            null_handling: nh,
        },
        "collect_list" => A::CollectList(nh),
        "row_number" => A::RowNumber,
        "lead" => A::Lead { offset: n },
        "lag" => A::Lag { offset: n },
        "collect_set" => A::CollectSet {
            null_handling: nh,
            nulls_equal,
            nans_equal,
        },
        "rank" => A::Rank {
            method: ferrodf_core::ops::aggregation::RankMethod::from_i32(method).py()?,
            column_order: ferrodf_core::ops::search::Order::from_i32(column_order).py()?,
            null_handling: nh,
            null_precedence: ferrodf_core::ops::search::NullOrder::from_i32(null_precedence)
                .py()?,
            percentage: ferrodf_core::ops::aggregation::RankPercentage::from_i32(percentage)
                .py()?,
        },
        "m2" => A::M2,
        "covariance" => A::Covariance { min_periods, ddof },
        "correlation" => A::Correlation {
            kind: CorrelationType::from_i32(correlation_type).py()?,
            min_periods,
        },
        "bitwise" => A::Bitwise(BitwiseOp::from_i32(bitwise_op).py()?),
        "ewma" => A::Ewma {
            center_of_mass,
            history: EWMHistory::from_i32(history).py()?,
        },
        "histogram" => A::Histogram,
        "merge_histogram" => A::MergeHistogram,
        "merge_m2" => A::MergeM2,
        "merge_lists" => A::MergeLists,
        "merge_sets" => A::MergeSets {
            nulls_equal,
            nans_equal,
        },
        "tdigest" => A::Tdigest { max_centroids },
        "merge_tdigest" => A::MergeTdigest { max_centroids },
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown aggregation {other:?}"
            )));
        }
    };
    Ok(PyAggregation(agg))
}

/// Whether libcudf defines the aggregation for values of type `source` (pylibcudf's
/// `is_valid_aggregation`).
#[pyfunction]
pub fn is_valid_aggregation(source: PyDataType, agg: PyAggregation) -> bool {
    ferrodf_core::ops::aggregation::is_valid_aggregation(source.0, agg.0.kind())
}

/// Register this module's class and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAggregation>()?;
    m.add_function(wrap_pyfunction!(make_aggregation, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_aggregation, m)?)?;
    Ok(())
}
