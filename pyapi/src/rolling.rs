//! `plc.rolling`: rolling and range windows, their window types and requests. Argument
//! conversion only; the semantics live in ferrodf-core.

use crate::aggregation::PyAggregation;
use crate::args::{add_functions, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use crate::types::PyDataType;
use ferrodf_core::Column;
use ferrodf_core::keys::{NullOrder, Order};
use ferrodf_core::ops::rolling::{self, RangeWindowType, RollingRequest, WindowSize};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// A window that runs to the start or end of the row's group.
#[pyclass(name = "Unbounded", module = "ferrodf.plc.rolling", frozen)]
pub(crate) struct PyUnbounded;

#[pymethods]
impl PyUnbounded {
    #[new]
    fn new() -> Self {
        Self
    }
}

/// A window of the rows whose order-by value equals the row's.
#[pyclass(name = "CurrentRow", module = "ferrodf.plc.rolling", frozen)]
pub(crate) struct PyCurrentRow;

#[pymethods]
impl PyCurrentRow {
    #[new]
    fn new() -> Self {
        Self
    }
}

/// A window of the rows within `delta` of the row's value, the endpoint included.
#[pyclass(name = "BoundedClosed", module = "ferrodf.plc.rolling", frozen)]
pub(crate) struct PyBoundedClosed {
    #[pyo3(get)]
    delta: PyScalar,
}

#[pymethods]
impl PyBoundedClosed {
    #[new]
    fn new(delta: PyScalar) -> Self {
        Self { delta }
    }
}

/// A window of the rows within `delta` of the row's value, the endpoint excluded.
#[pyclass(name = "BoundedOpen", module = "ferrodf.plc.rolling", frozen)]
pub(crate) struct PyBoundedOpen {
    #[pyo3(get)]
    delta: PyScalar,
}

#[pymethods]
impl PyBoundedOpen {
    #[new]
    fn new(delta: PyScalar) -> Self {
        Self { delta }
    }
}

/// A column to aggregate over range windows, with its `min_periods` and aggregation.
#[pyclass(name = "RollingRequest", module = "ferrodf.plc.rolling", frozen)]
pub(crate) struct PyRollingRequest {
    #[pyo3(get)]
    values: PyColumn,
    #[pyo3(get)]
    min_periods: i32,
    #[pyo3(get)]
    aggregation: PyAggregation,
}

#[pymethods]
impl PyRollingRequest {
    #[new]
    fn new(values: PyColumn, min_periods: i32, aggregation: PyAggregation) -> Self {
        Self {
            values,
            min_periods,
            aggregation,
        }
    }
}

/// One of the four window type objects.
fn range_window(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<RangeWindowType> {
    if obj.is_instance_of::<PyUnbounded>() {
        Ok(RangeWindowType::Unbounded)
    } else if obj.is_instance_of::<PyCurrentRow>() {
        Ok(RangeWindowType::CurrentRow)
    } else if let Ok(b) = obj.cast::<PyBoundedClosed>() {
        Ok(RangeWindowType::BoundedClosed(b.get().delta.0.clone()))
    } else if let Ok(b) = obj.cast::<PyBoundedOpen>() {
        Ok(RangeWindowType::BoundedOpen(b.get().delta.0.clone()))
    } else {
        Err(PyTypeError::new_err(format!(
            "{what} must be Unbounded, CurrentRow, BoundedClosed or BoundedOpen, got {}",
            type_name(obj)
        )))
    }
}

/// A window size: an int, or an INT32 Column of one per row.
enum Size {
    Fixed(i32),
    PerRow(Column),
}

impl Size {
    fn extract(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        if let Ok(c) = obj.extract::<PyColumn>() {
            return Ok(Size::PerRow(c.0));
        }
        if obj.is_instance_of::<pyo3::types::PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be an int or a Column"
            )));
        }
        obj.extract::<i32>().map(Size::Fixed).map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must be an int (within INT32) or a Column, got {}",
                type_name(obj)
            ))
        })
    }
    fn get(&self) -> WindowSize<'_> {
        match self {
            Size::Fixed(v) => WindowSize::Fixed(*v),
            Size::PerRow(c) => WindowSize::PerRow(c),
        }
    }
}

/// The order, null order and window types of the range-window bindings.
fn range_args(
    order: &Bound<'_, PyAny>,
    null_order: &Bound<'_, PyAny>,
    preceding: &Bound<'_, PyAny>,
    following: &Bound<'_, PyAny>,
) -> PyResult<(Order, NullOrder, RangeWindowType, RangeWindowType)> {
    Ok((
        extract_enum(order)?,
        extract_enum(null_order)?,
        range_window(preceding, "preceding")?,
        range_window(following, "following")?,
    ))
}

plc_fn! {
    /// Aggregate over a window of `preceding_window` rows up to and including each row and
    /// `following_window` rows after it (ints, or INT32 Columns of one size per row).
    fn rolling_window(
        py,
        source: PyColumn,
        preceding_window: &Bound<'_, PyAny>,
        following_window: &Bound<'_, PyAny>,
        min_periods: i32,
        agg: PyAggregation,
    ) [stream, mr] -> PyColumn {
        let pre = Size::extract(preceding_window, "preceding_window")?;
        let fol = Size::extract(following_window, "following_window")?;
        run(py, move || {
            rolling::rolling_window(&source.0, pre.get(), fol.get(), min_periods, &agg.0)
        })
        .map(PyColumn)
    }

    /// Whether `agg` can be computed over rolling windows of a `source` column.
    fn is_valid_rolling_aggregation(_py, source: PyDataType, agg: PyAggregation) [stream] -> bool {
        Ok(rolling::is_valid_rolling_aggregation(source.0, &agg.0))
    }

    /// The preceding and following window sizes of range windows.
    fn make_range_windows(
        py,
        group_keys: PyTable,
        orderby: PyColumn,
        order: &Bound<'_, PyAny>,
        null_order: &Bound<'_, PyAny>,
        preceding: &Bound<'_, PyAny>,
        following: &Bound<'_, PyAny>,
    ) [stream, mr] -> (PyColumn, PyColumn) {
        let (o, n, p, f) = range_args(order, null_order, preceding, following)?;
        run(py, move || rolling::make_range_windows(&group_keys.0, &orderby.0, o, n, &p, &f))
            .map(|(p, f)| (PyColumn(p), PyColumn(f)))
    }

    /// Each request aggregated over range windows within the groups of `group_keys`.
    fn grouped_range_rolling_window(
        py,
        group_keys: PyTable,
        orderby: PyColumn,
        order: &Bound<'_, PyAny>,
        null_order: &Bound<'_, PyAny>,
        preceding: &Bound<'_, PyAny>,
        following: &Bound<'_, PyAny>,
        requests: Vec<Bound<'_, PyAny>>,
    ) [stream, mr] -> PyTable {
        let (o, n, p, f) = range_args(order, null_order, preceding, following)?;
        let reqs = requests
            .iter()
            .map(|r| {
                let r = r.cast::<PyRollingRequest>().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "requests must hold RollingRequest objects, got {}",
                        type_name(r)
                    ))
                })?;
                let r = r.get();
                Ok(RollingRequest {
                    values: r.values.0.clone(),
                    min_periods: r.min_periods,
                    aggregation: r.aggregation.0.clone(),
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        run(py, move || {
            rolling::grouped_range_rolling_window(&group_keys.0, &orderby.0, o, n, &p, &f, &reqs)
        })
        .map(PyTable)
    }
}

/// Register the rolling bindings and window classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUnbounded>()?;
    m.add_class::<PyCurrentRow>()?;
    m.add_class::<PyBoundedClosed>()?;
    m.add_class::<PyBoundedOpen>()?;
    m.add_class::<PyRollingRequest>()?;
    add_functions!(
        m,
        rolling_window,
        is_valid_rolling_aggregation,
        make_range_windows,
        grouped_range_rolling_window
    )
}
