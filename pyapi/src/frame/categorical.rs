//! `Series.cat` for Python: argument conversion only; pandas' rules (which categories are
//! allowed, what becomes missing, the codes' type) live in
//! `ferrodf::accessors::CategoricalMethods`.

use pyo3::prelude::*;

use super::objects::{PyIndex, PySeries};
use crate::column::PyColumn;
use crate::errors::{IntoPyResult, run};

#[pymethods]
impl PySeries {
    /// Raises TypeError unless the Series is categorical.
    fn cat_check(&self) -> PyResult<()> {
        self.0.cat().map(|_| ()).py()
    }

    /// The codes (-1 where missing).
    fn cat_codes(&self, py: Python<'_>) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.codes()).map(PySeries)
    }

    /// The categories as an Index.
    fn cat_categories(&self, py: Python<'_>) -> PyResult<PyIndex> {
        let s = self.0.clone();
        run(py, move || s.cat()?.categories()).map(PyIndex)
    }

    /// Whether the categories are ordered.
    fn cat_ordered(&self) -> PyResult<bool> {
        Ok(self.0.cat().py()?.ordered())
    }

    /// `as_ordered` (`ordered=True`) or `as_unordered`.
    fn cat_as_ordered(&self, py: Python<'_>, ordered: bool) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || {
            let m = s.cat()?;
            if ordered {
                m.as_ordered()
            } else {
                m.as_unordered()
            }
        })
        .map(PySeries)
    }

    /// `add_categories`.
    fn cat_add(&self, py: Python<'_>, new: PyColumn) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.add_categories(&new.0)).map(PySeries)
    }

    /// `remove_categories`.
    fn cat_remove(&self, py: Python<'_>, removals: PyColumn) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.remove_categories(&removals.0)).map(PySeries)
    }

    /// `remove_unused_categories`.
    fn cat_remove_unused(&self, py: Python<'_>) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.remove_unused_categories()).map(PySeries)
    }

    /// `rename_categories` with a list (`old` None) or a mapping (`old` -> `new`).
    #[pyo3(signature = (new, old = None))]
    fn cat_rename(
        &self,
        py: Python<'_>,
        new: PyColumn,
        old: Option<PyColumn>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || match old {
            Some(old) => s.cat()?.rename_categories_map(&old.0, &new.0),
            None => s.cat()?.rename_categories(&new.0),
        })
        .map(PySeries)
    }

    /// `reorder_categories`.
    #[pyo3(signature = (new, ordered = None))]
    fn cat_reorder(
        &self,
        py: Python<'_>,
        new: PyColumn,
        ordered: Option<bool>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.reorder_categories(&new.0, ordered)).map(PySeries)
    }

    /// `set_categories`.
    #[pyo3(signature = (new, ordered = None, rename = false))]
    fn cat_set(
        &self,
        py: Python<'_>,
        new: PyColumn,
        ordered: Option<bool>,
        rename: bool,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.cat()?.set_categories(&new.0, ordered, rename)).map(PySeries)
    }
}
