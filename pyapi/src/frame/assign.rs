//! Assignments for Python (`df.loc[...] = v`, `df.iloc[...] = v`, `df[col] = series`,
//! `df[col] = scalar`):
//! argument conversion only; the rules live in `ferrodf::assign`.

use ferrodf::assign::Values;
use pyo3::prelude::*;

use super::compute::value_from_py;
use super::keys::{label_key_from_py, position_key_from_py};
use super::objects::{PyDataFrame, PySeries, row_selection};
use crate::column::PyColumn;
use crate::errors::{IntoPyResult, run};

/// The values of an assignment: a Series, a column (one value per row or per column), a
/// list of columns (one per written column), or a scalar.
pub(super) fn values_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Values> {
    if let Ok(s) = obj.extract::<PySeries>() {
        return Ok(Values::Series(s.0));
    }
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(Values::Vector(c.0));
    }
    if let Ok(cs) = obj.extract::<Vec<PyColumn>>() {
        return Ok(Values::Block(cs.into_iter().map(|c| c.0).collect()));
    }
    Ok(Values::Scalar(value_from_py(py, obj)?))
}

#[pymethods]
impl PyDataFrame {
    /// `df[label] = series`, aligned on the row labels.
    fn set_series(
        &self,
        py: Python<'_>,
        label: &Bound<'_, PyAny>,
        series: PySeries,
    ) -> PyResult<Self> {
        let label = super::keys::label_from_py(label)?;
        let df = self.0.clone();
        run(py, move || df.set_series(label, &series.0)).map(PyDataFrame)
    }

    /// `df[label] = scalar`: a new or replaced column with `value` in every row.
    fn with_scalar(
        &self,
        py: Python<'_>,
        label: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let label = super::keys::label_from_py(label)?;
        let value = value_from_py(py, value)?;
        let mut df = self.0.clone();
        run(py, move || df.set_scalar(label, value).map(|()| df)).map(PyDataFrame)
    }

    /// The cells at row `positions` (an integer column) of the columns `columns` (a label
    /// key; new labels add columns) set to `values`; `one_row_by_label`: one row named by
    /// its label (a Series then aligns on the columns).
    fn set_at(
        &self,
        py: Python<'_>,
        positions: PyColumn,
        columns: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
        one_row_by_label: bool,
    ) -> PyResult<Self> {
        let key = label_key_from_py(columns)?;
        let values = values_from_py(py, values)?;
        let df = self.0.clone();
        run(py, move || {
            let labels = df.assigned_labels(&key)?;
            df.set_at(&positions.0, &labels, &values, one_row_by_label)
        })
        .map(PyDataFrame)
    }

    /// A row appended under the new label `label` (one value per index level).
    fn append_row(
        &self,
        py: Python<'_>,
        label: Vec<Bound<'_, PyAny>>,
        columns: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let label = label
            .iter()
            .map(|v| value_from_py(py, v))
            .collect::<PyResult<Vec<_>>>()?;
        let key = label_key_from_py(columns)?;
        let values = values_from_py(py, values)?;
        let df = self.0.clone();
        run(py, move || {
            let labels = df.assigned_labels(&key)?;
            df.append_row(&label, &labels, &values)
        })
        .map(PyDataFrame)
    }

    /// The frame without the rows at `positions` (an integer column).
    fn drop_rows(&self, py: Python<'_>, positions: PyColumn) -> PyResult<Self> {
        let df = self.0.clone();
        run(py, move || df.drop_rows(&positions.0)).map(PyDataFrame)
    }

    /// Row labels renamed by `(old, new)` pairs, in every level or in `level`.
    #[pyo3(signature = (pairs, level = None))]
    fn rename_index(
        &self,
        py: Python<'_>,
        pairs: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
        level: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let pairs = pairs
            .iter()
            .map(|(o, n)| Ok((value_from_py(py, o)?, value_from_py(py, n)?)))
            .collect::<PyResult<Vec<_>>>()?;
        let level = level.map(super::keys::level_from_py).transpose()?;
        let df = self.0.clone();
        run(py, move || df.rename_index(&pairs, level)).map(PyDataFrame)
    }

    /// `df.rename(index=func)` (`ferrodf::DataFrame::rename_index_with`): `func` is a
    /// Python callable, so the GIL stays held; its first exception is raised as it is.
    #[pyo3(signature = (func, level = None))]
    fn rename_index_with(
        &self,
        py: Python<'_>,
        func: &Bound<'_, PyAny>,
        level: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let level = level.map(super::keys::level_from_py).transpose()?;
        let mut raised: Option<PyErr> = None;
        let out = self.0.rename_index_with(
            |label| {
                let call = || -> PyResult<ferrodf::compute::Value> {
                    let arg = super::compute::scalar_to_py(py, label)?;
                    value_from_py(py, &func.call1((arg,))?)
                };
                call().map_err(|e| {
                    let message = e.to_string();
                    raised.get_or_insert(e);
                    ferrodf::core::Error::value(message)
                })
            },
            level,
        );
        match (out, raised) {
            (_, Some(e)) => Err(e),
            (out, None) => out.py().map(PyDataFrame),
        }
    }

    /// `df.iloc[rows, columns] = values` (rows as `select_rows` takes them).
    fn iloc_set(
        &self,
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        columns: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let rows = row_selection(self.0.num_rows(), rows)?;
        let key = position_key_from_py(columns)?;
        let values = values_from_py(py, values)?;
        let df = self.0.clone();
        run(py, move || df.iloc_set(&rows, &key, &values)).map(PyDataFrame)
    }
}

#[pymethods]
impl PySeries {
    /// The values at the labels of `index` (pandas' `reindex`).
    fn reindex(&self, py: Python<'_>, index: super::objects::PyIndex) -> PyResult<Self> {
        let s = self.0.clone();
        run(py, move || s.reindex(&index.0)).map(PySeries)
    }
}
