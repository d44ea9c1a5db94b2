//! `_lib.ColumnAccessor`: the frontend's ColumnAccessor for Python.

use std::collections::HashMap;

use ferrodf::{ColumnAccessor, Label};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::keys::{
    label_from_py, label_key_from_py, label_to_py, labels_to_py, position_key_from_py,
};
use crate::column::PyColumn;
use crate::errors::IntoPyResult;

#[pyclass(name = "ColumnAccessor", module = "ferrodf._lib", from_py_object)]
#[derive(Clone)]
pub struct PyColumnAccessor(pub ColumnAccessor);

#[pymethods]
impl PyColumnAccessor {
    #[new]
    #[pyo3(signature = (names, columns, multiindex = false, level_names = None))]
    fn new(
        names: Vec<Bound<'_, PyAny>>,
        columns: Vec<PyColumn>,
        multiindex: bool,
        level_names: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Self> {
        let names = names
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        let level_names = level_names
            .map(|l| l.iter().map(label_from_py).collect::<PyResult<Vec<_>>>())
            .transpose()?
            .unwrap_or_default();
        let columns = columns.into_iter().map(|c| c.0).collect();
        ColumnAccessor::new(names, columns, multiindex, level_names)
            .py()
            .map(PyColumnAccessor)
    }

    #[getter]
    fn names(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        labels_to_py(py, self.0.names())
    }

    #[getter]
    fn columns(&self) -> Vec<PyColumn> {
        self.0.columns().iter().cloned().map(PyColumn).collect()
    }

    #[getter]
    fn multiindex(&self) -> bool {
        self.0.multiindex()
    }

    #[getter]
    fn level_names(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        labels_to_py(py, self.0.level_names())
    }

    #[setter]
    fn set_level_names(&mut self, names: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let names = names
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        self.0.set_level_names(names).py()
    }

    #[getter]
    fn nlevels(&self) -> usize {
        self.0.nlevels()
    }

    #[getter]
    fn nrows(&self) -> usize {
        self.0.nrows()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __contains__(&self, label: &Bound<'_, PyAny>) -> bool {
        label_from_py(label).is_ok_and(|l| self.0.contains(&l))
    }

    /// The column stored under exactly `label`.
    fn get(&self, label: &Bound<'_, PyAny>) -> PyResult<PyColumn> {
        self.0
            .get(&label_from_py(label)?)
            .py()
            .cloned()
            .map(PyColumn)
    }

    #[pyo3(signature = (name, column, loc = None))]
    fn insert(
        &mut self,
        name: &Bound<'_, PyAny>,
        column: PyColumn,
        loc: Option<i64>,
    ) -> PyResult<()> {
        let loc = match loc {
            None | Some(-1) => None,
            Some(l) if l < 0 => {
                return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "insert location {l} is negative; use 0..={} or -1 for the end",
                    self.0.len()
                )));
            }
            Some(l) => Some(l as usize),
        };
        self.0.insert(label_from_py(name)?, column.0, loc).py()
    }

    fn set_by_label(&mut self, name: &Bound<'_, PyAny>, column: PyColumn) -> PyResult<()> {
        self.0.set_by_label(label_from_py(name)?, column.0).py()
    }

    fn pop(&mut self, label: &Bound<'_, PyAny>) -> PyResult<PyColumn> {
        self.0.pop(&label_from_py(label)?).py().map(PyColumn)
    }

    fn select_by_label(&self, key: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .select_by_label(&label_key_from_py(key)?)
            .py()
            .map(PyColumnAccessor)
    }

    fn select_by_index(&self, key: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .select_by_index(&position_key_from_py(key)?)
            .py()
            .map(PyColumnAccessor)
    }

    fn droplevel(&self, level: i64) -> PyResult<Self> {
        self.0.droplevel(level).py().map(PyColumnAccessor)
    }

    #[pyo3(signature = (i = -2, j = -1))]
    fn swaplevel(&self, i: i64, j: i64) -> PyResult<Self> {
        self.0.swaplevel(i, j).py().map(PyColumnAccessor)
    }

    /// Renames labels with a dict or a callable (applied to each label at `level`).
    #[pyo3(signature = (mapper, level = None))]
    fn rename_levels(
        &self,
        py: Python<'_>,
        mapper: &Bound<'_, PyAny>,
        level: Option<i64>,
    ) -> PyResult<Self> {
        let table = rename_table(py, &self.0, mapper, level)?;
        self.0
            .rename_levels(
                &|l| table.get(l).cloned().unwrap_or_else(|| l.clone()),
                level,
            )
            .py()
            .map(PyColumnAccessor)
    }

    #[pyo3(signature = (deep = false))]
    fn copy(&self, deep: bool) -> PyResult<Self> {
        self.0.copy(deep).py().map(PyColumnAccessor)
    }
}

/// The new name of every label part a rename touches, asked of the Python mapper once each.
pub fn rename_table(
    py: Python<'_>,
    ca: &ColumnAccessor,
    mapper: &Bound<'_, PyAny>,
    level: Option<i64>,
) -> PyResult<HashMap<Label, Label>> {
    let mut parts: Vec<Label> = Vec::new();
    for name in ca.names() {
        if ca.multiindex() {
            parts.extend(name.levels().iter().cloned());
        } else {
            parts.push(name.clone());
        }
    }
    let _ = level;
    let dict = mapper.cast::<PyDict>().ok();
    if dict.is_none() && !mapper.is_callable() {
        return Err(PyTypeError::new_err("mapper must be a dict or a callable"));
    }
    let mut table = HashMap::new();
    for p in parts {
        if table.contains_key(&p) {
            continue;
        }
        let key = label_to_py(py, &p)?;
        let new = match &dict {
            Some(d) => match d.get_item(key.bind(py))? {
                Some(v) => label_from_py(&v)?,
                None => continue,
            },
            None => label_from_py(&mapper.call1((key,))?)?,
        };
        table.insert(p, new);
    }
    Ok(table)
}
