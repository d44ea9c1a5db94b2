//! `plc.aggregation`, `plc.reduce` and `plc.binaryop`.

use crate::column::PyColumn;
use crate::enums::enum_value;
use crate::errors::{IntoPyResult, run};
use crate::scalar::PyScalar;
use crate::types::PyDataType;
use ferrodf_core::ops::aggregation::{Aggregation, Interpolation, Kind, NullPolicy};
use ferrodf_core::ops::binaryop::{self, BinaryOperator, Operand};
use pyo3::exceptions::{PyTypeError, PyValueError};
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
    fn __repr__(&self) -> String {
        format!("<Aggregation {}>", self.0.kind())
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
#[pyo3(signature = (name, null_handling = 0, ddof = 1, quantiles = None, interp = 0, n = 0, nulls_equal = true, nans_equal = true, method = 0, column_order = 0, null_precedence = 0, percentage = 0))]
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
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown aggregation {other:?}"
            )));
        }
    };
    Ok(PyAggregation(agg))
}

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

enum Side {
    Column(PyColumn),
    Scalar(PyScalar),
}

impl Side {
    fn operand(&self) -> Operand<'_> {
        match self {
            Side::Column(c) => Operand::Column(&c.0),
            Side::Scalar(s) => Operand::Scalar(&s.0),
        }
    }
}

fn side(obj: &Bound<'_, PyAny>, which: &str) -> PyResult<Side> {
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(Side::Column(c));
    }
    if let Ok(s) = obj.extract::<PyScalar>() {
        return Ok(Side::Scalar(s));
    }
    Err(PyTypeError::new_err(format!(
        "binary_operation: {which} must be a ferrodf.plc.Column or Scalar, got {}",
        obj.get_type().name()?
    )))
}

/// `lhs op rhs` row by row.
#[pyfunction]
#[pyo3(signature = (lhs, rhs, op, output_type, stream = None, mr = None))]
pub fn binary_operation(
    py: Python<'_>,
    lhs: &Bound<'_, PyAny>,
    rhs: &Bound<'_, PyAny>,
    op: &Bound<'_, PyAny>,
    output_type: PyDataType,
    stream: Option<&Bound<'_, PyAny>>,
    mr: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let op = BinaryOperator::from_i32(enum_value(op, "BinaryOperator")?).py()?;
    let (l, r) = (side(lhs, "lhs")?, side(rhs, "rhs")?);
    let out = run(py, move || {
        binaryop::binary_operation(l.operand(), r.operand(), op, output_type.0)
    })?;
    Ok(PyColumn(out))
}

/// Whether `binary_operation` supports `lhs op rhs -> out`.
#[pyfunction]
pub fn is_supported_operation(
    out: PyDataType,
    lhs: PyDataType,
    rhs: PyDataType,
    op: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let op = BinaryOperator::from_i32(enum_value(op, "BinaryOperator")?).py()?;
    Ok(binaryop::is_supported_operation(out.0, lhs.0, rhs.0, op))
}
