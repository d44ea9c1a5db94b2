//! `plc.groupby`: `GroupBy` and `GroupByRequest` (argument conversion only; the semantics
//! live in `ferrodf_core::ops::groupby`).

use crate::aggregation::PyAggregation;
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::aggregation::NullPolicy;
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest, ReplacePolicy};
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::params::Sorted;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// The values to aggregate and the aggregations to compute on them.
#[pyclass(
    name = "GroupByRequest",
    module = "ferrodf.plc.groupby",
    frozen,
    from_py_object
)]
#[derive(Clone)]
pub struct PyGroupByRequest(pub GroupByRequest);

#[pymethods]
impl PyGroupByRequest {
    #[new]
    fn new(values: PyColumn, aggregations: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut aggs = vec![];
        for item in aggregations.try_iter().map_err(|_| {
            PyTypeError::new_err("GroupByRequest: aggregations must be a list of Aggregation")
        })? {
            let item = item?;
            let a = item.extract::<PyAggregation>().map_err(|_| {
                PyTypeError::new_err(
                    "GroupByRequest: aggregations must hold Aggregation objects (from \
                     plc.aggregation)",
                )
            })?;
            aggs.push(a.0);
        }
        Ok(PyGroupByRequest(GroupByRequest {
            values: values.0,
            aggregations: aggs,
        }))
    }
    fn __repr__(&self) -> String {
        format!(
            "<GroupByRequest of {} rows, {} aggregation(s)>",
            self.0.values.size(),
            self.0.aggregations.len()
        )
    }
}

/// A grouping of the rows of a key table.
#[pyclass(name = "GroupBy", module = "ferrodf.plc.groupby", frozen)]
pub struct PyGroupBy(GroupBy);

fn list_of<T>(
    obj: Opt<'_, '_>,
    what: &str,
    f: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![]);
    };
    let mut out = vec![];
    for item in obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a list")))?
    {
        out.push(f(&item?)?);
    }
    Ok(out)
}

fn requests(obj: &Bound<'_, PyAny>) -> PyResult<Vec<GroupByRequest>> {
    list_of(Some(obj), "requests", |r| {
        r.extract::<PyGroupByRequest>()
            .map(|r| r.0)
            .map_err(|_| PyTypeError::new_err("requests must hold GroupByRequest objects"))
    })
}

type Results = (PyTable, Vec<PyTable>);

fn results(out: (ferrodf_core::Table, Vec<ferrodf_core::Table>)) -> Results {
    (PyTable(out.0), out.1.into_iter().map(PyTable).collect())
}

#[pymethods]
impl PyGroupBy {
    #[new]
    #[pyo3(signature = (keys, null_handling = None, keys_are_sorted = None, column_order = None, null_precedence = None))]
    fn new(
        py: Python<'_>,
        keys: PyTable,
        null_handling: Opt<'_, '_>,
        keys_are_sorted: Opt<'_, '_>,
        column_order: Opt<'_, '_>,
        null_precedence: Opt<'_, '_>,
    ) -> PyResult<Self> {
        let nh = match null_handling {
            Some(v) if !v.is_none() => extract_enum::<NullPolicy>(v)?,
            _ => NullPolicy::Exclude,
        };
        let sorted = match keys_are_sorted {
            Some(v) if !v.is_none() => extract_enum::<Sorted>(v)? == Sorted::Yes,
            _ => false,
        };
        let orders = list_of(column_order, "column_order", extract_enum::<Order>)?;
        let nulls = list_of(
            null_precedence,
            "null_precedence",
            extract_enum::<NullOrder>,
        )?;
        let gb = run(py, move || GroupBy::new(keys.0, nh, sorted, orders, nulls))?;
        Ok(PyGroupBy(gb))
    }

    /// One key row per group and, per request, a table of one column per aggregation.
    fn aggregate(&self, py: Python<'_>, requests: &Bound<'_, PyAny>) -> PyResult<Results> {
        let reqs = self::requests(requests)?;
        run(py, move || self.0.aggregate(&reqs)).map(results)
    }

    /// Running aggregations within each group (rows in grouped order).
    fn scan(&self, py: Python<'_>, requests: &Bound<'_, PyAny>) -> PyResult<Results> {
        let reqs = self::requests(requests)?;
        run(py, move || self.0.scan(&reqs)).map(results)
    }

    /// Each column shifted within its groups by its offset, filled with its fill value.
    fn shift(
        &self,
        py: Python<'_>,
        values: PyTable,
        offset: &Bound<'_, PyAny>,
        fill_values: &Bound<'_, PyAny>,
    ) -> PyResult<(PyTable, PyTable)> {
        let offsets = list_of(Some(offset), "offset", |o| o.extract::<i64>())?;
        let fills = list_of(Some(fill_values), "fill_values", |s| {
            s.extract::<PyScalar>()
                .map(|s| s.0)
                .map_err(|_| PyTypeError::new_err("fill_values must hold Scalar objects"))
        })?;
        let (k, v) = run(py, move || self.0.shift(&values.0, &offsets, &fills))?;
        Ok((PyTable(k), PyTable(v)))
    }

    /// Nulls replaced by the nearest valid value of their group in each column's direction.
    fn replace_nulls(
        &self,
        py: Python<'_>,
        value: PyTable,
        replace_policies: &Bound<'_, PyAny>,
    ) -> PyResult<(PyTable, PyTable)> {
        let policies = list_of(
            Some(replace_policies),
            "replace_policies",
            extract_enum::<ReplacePolicy>,
        )?;
        let (k, v) = run(py, move || self.0.replace_nulls(&value.0, &policies))?;
        Ok((PyTable(k), PyTable(v)))
    }

    /// (group offsets, keys in grouped order, values in grouped order or None).
    #[pyo3(signature = (values = None))]
    fn get_groups(
        &self,
        py: Python<'_>,
        values: Option<PyTable>,
    ) -> PyResult<(Vec<usize>, PyTable, Option<PyTable>)> {
        let g = run(py, move || self.0.get_groups(values.as_ref().map(|t| &t.0)))?;
        Ok((g.offsets, PyTable(g.keys), g.values.map(PyTable)))
    }
}

/// Register the classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGroupByRequest>()?;
    m.add_class::<PyGroupBy>()?;
    Ok(())
}
