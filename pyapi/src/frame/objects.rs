//! `_lib.Index`, `_lib.Series`, `_lib.DataFrame`: the frontend's types for Python. The
//! Python classes in `ferrodf/frame.py` wrap these and add pandas' call conventions.

use ferrodf::{DataFrame, DisplayOptions, Index, JoinHow, RowSelection, Selected, Series};
use pyo3::prelude::*;

use super::accessor::{PyColumnAccessor, rename_table};
use super::keys::{
    label_from_py, label_key_from_py, label_to_py, labels_to_py, position_key_from_py,
};
use crate::column::PyColumn;
use crate::errors::{IntoPyResult, run};

#[pyclass(name = "Index", module = "ferrodf._lib", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyIndex(pub Index);

#[pyclass(name = "Series", module = "ferrodf._lib", frozen, from_py_object)]
#[derive(Clone)]
pub struct PySeries(pub Series);

#[pyclass(name = "DataFrame", module = "ferrodf._lib", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyDataFrame(pub DataFrame);

fn labels(items: &[Bound<'_, PyAny>]) -> PyResult<Vec<ferrodf::Label>> {
    items.iter().map(label_from_py).collect()
}

/// Rows to select, as the Python layer passes them: a `(start, stop, step)` slice, an
/// integer column of positions or a boolean column.
pub(super) fn row_selection(nrows: usize, rows: &Bound<'_, PyAny>) -> PyResult<RowSelection> {
    if let Ok(s) = rows.cast::<pyo3::types::PySlice>() {
        let get = |name: &str| -> PyResult<Option<i64>> {
            let v = s.getattr(name)?;
            if v.is_none() {
                Ok(None)
            } else {
                v.extract().map(Some)
            }
        };
        return RowSelection::from_slice(nrows, get("start")?, get("stop")?, get("step")?).py();
    }
    let col: PyColumn = rows.extract()?;
    if col.0.dtype().id() == ferrodf::core::TypeId::Bool8 {
        Ok(RowSelection::Mask(col.0))
    } else {
        Ok(RowSelection::Take(col.0))
    }
}

#[pymethods]
impl PyIndex {
    #[staticmethod]
    #[pyo3(signature = (start, stop, step = 1, name = None))]
    fn range(start: i64, stop: i64, step: i64, name: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let name = name.map(label_from_py).transpose()?;
        Index::range(start, stop, step, name).py().map(PyIndex)
    }

    #[staticmethod]
    #[pyo3(signature = (column, name = None))]
    fn from_column(column: PyColumn, name: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PyIndex(Index::from_column(
            column.0,
            name.map(label_from_py).transpose()?,
        )))
    }

    #[staticmethod]
    #[pyo3(signature = (levels, names = None))]
    fn multi(levels: Vec<PyColumn>, names: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Self> {
        let names = names
            .map(|n| n.iter().map(label_from_py).collect::<PyResult<Vec<_>>>())
            .transpose()?;
        Index::multi(levels.into_iter().map(|c| c.0).collect(), names)
            .py()
            .map(PyIndex)
    }

    /// pandas' `MultiIndex(levels, codes, names)` (`ferrodf::Index::from_codes`).
    #[staticmethod]
    #[pyo3(signature = (levels, codes, names = None))]
    fn from_codes(
        py: Python<'_>,
        levels: Vec<PyColumn>,
        codes: Vec<PyColumn>,
        names: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Self> {
        let names = names
            .map(|n| n.iter().map(label_from_py).collect::<PyResult<Vec<_>>>())
            .transpose()?;
        let levels = levels.into_iter().map(|c| c.0).collect();
        let codes = codes.into_iter().map(|c| c.0).collect();
        crate::errors::run(py, move || Index::from_codes(levels, codes, names)).map(Self)
    }

    /// "range", "column" or "multi".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Index::Range { .. } => "range",
            Index::Column { .. } => "column",
            Index::Multi { .. } => "multi",
        }
    }

    /// (start, stop, step) of a RangeIndex, else None.
    #[getter]
    fn range_params(&self) -> Option<(i64, i64, i64)> {
        match &self.0 {
            Index::Range {
                start, stop, step, ..
            } => Some((*start, *stop, *step)),
            _ => None,
        }
    }

    #[getter]
    fn names(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        labels_to_py(py, &self.0.names())
    }

    fn with_names(&self, names: Vec<Bound<'_, PyAny>>) -> PyResult<Self> {
        let names = names
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        self.0.with_names(names).py().map(PyIndex)
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    #[getter]
    fn nlevels(&self) -> usize {
        self.0.nlevels()
    }

    /// Whether both indexes hold the same labels in order (pandas' `equals`), decided
    /// without a host copy.
    fn same_labels(&self, py: Python<'_>, other: PyIndex) -> PyResult<bool> {
        let (a, b) = (self.0.clone(), other.0);
        run(py, move || a.same_labels(&b))
    }

    /// The labels as columns, one per level (a RangeIndex materialized as int64).
    fn level_columns(&self, py: Python<'_>) -> PyResult<Vec<PyColumn>> {
        let index = self.0.clone();
        run(py, move || index.level_columns()).map(|v| v.into_iter().map(PyColumn).collect())
    }

    fn select_rows(&self, py: Python<'_>, rows: &Bound<'_, PyAny>) -> PyResult<Self> {
        let sel = row_selection(self.0.len(), rows)?;
        let index = self.0.clone();
        run(py, move || index.select(&sel)).map(PyIndex)
    }

    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let index = self.0.clone();
        run(py, move || index.to_text())
    }
}

#[pymethods]
impl PySeries {
    /// pandas' `concat` of Series along the rows (`ferrodf::Series::concat`).
    #[staticmethod]
    #[pyo3(signature = (parts, ignore_index = false))]
    fn concat(py: Python<'_>, parts: Vec<PySeries>, ignore_index: bool) -> PyResult<Self> {
        let parts: Vec<Series> = parts.into_iter().map(|s| s.0).collect();
        run(py, move || Series::concat(&parts, ignore_index)).map(PySeries)
    }

    #[new]
    #[pyo3(signature = (column, index = None, name = None))]
    fn new(
        column: PyColumn,
        index: Option<PyIndex>,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let name = name
            .map(label_from_py)
            .transpose()?
            .unwrap_or(ferrodf::Label::None);
        Series::from_column(column.0, index.map(|i| i.0), name)
            .py()
            .map(PySeries)
    }

    #[getter]
    fn column(&self) -> PyColumn {
        PyColumn(self.0.column().clone())
    }

    #[getter]
    fn index(&self) -> PyIndex {
        PyIndex(self.0.index().clone())
    }

    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        label_to_py(py, self.0.name())
    }

    fn rename(&self, name: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PySeries(self.0.rename(label_from_py(name)?)))
    }

    fn with_column(&self, column: PyColumn) -> PyResult<Self> {
        self.0.with_column(column.0).py().map(PySeries)
    }

    fn with_index(&self, index: PyIndex) -> PyResult<Self> {
        self.0.with_index(index.0).py().map(PySeries)
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn select_rows(&self, py: Python<'_>, rows: &Bound<'_, PyAny>) -> PyResult<Self> {
        let sel = row_selection(self.0.len(), rows)?;
        let s = self.0.clone();
        run(py, move || s.select_rows(&sel)).map(PySeries)
    }

    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let s = self.0.clone();
        run(py, move || s.to_text())
    }

    fn to_html(&self, py: Python<'_>) -> PyResult<String> {
        let s = self.0.clone();
        run(py, move || s.to_html())
    }
}

#[pymethods]
impl PyDataFrame {
    #[new]
    #[pyo3(signature = (data, index = None))]
    fn new(data: PyColumnAccessor, index: Option<PyIndex>) -> PyResult<Self> {
        DataFrame::new(data.0, index.map(|i| i.0))
            .py()
            .map(PyDataFrame)
    }

    #[getter]
    fn data(&self) -> PyColumnAccessor {
        PyColumnAccessor(self.0.data().clone())
    }

    #[getter]
    fn index(&self) -> PyIndex {
        PyIndex(self.0.index().clone())
    }

    #[getter]
    fn shape(&self) -> (usize, usize) {
        self.0.shape()
    }

    /// `df[key]` for a column key: a `Series` for one full label, else a `DataFrame`.
    fn get(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match self.0.get(&label_key_from_py(key)?).py()? {
            Selected::Series(s) => Ok(Py::new(py, PySeries(s))?.into_any()),
            Selected::Frame(f) => Ok(Py::new(py, PyDataFrame(f))?.into_any()),
        }
    }

    fn column(&self, label: &Bound<'_, PyAny>) -> PyResult<PySeries> {
        self.0.column(&label_from_py(label)?).py().map(PySeries)
    }

    fn select_columns(&self, key: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .select_columns(&label_key_from_py(key)?)
            .py()
            .map(PyDataFrame)
    }

    fn select_columns_by_position(&self, key: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .select_columns_by_position(&position_key_from_py(key)?)
            .py()
            .map(PyDataFrame)
    }

    fn select_rows(&self, py: Python<'_>, rows: &Bound<'_, PyAny>) -> PyResult<Self> {
        let sel = row_selection(self.0.num_rows(), rows)?;
        let df = self.0.clone();
        run(py, move || df.select_rows(&sel)).map(PyDataFrame)
    }

    fn with_column(&self, label: &Bound<'_, PyAny>, column: PyColumn) -> PyResult<Self> {
        let mut df = self.0.clone();
        df.set_column(label_from_py(label)?, column.0).py()?;
        Ok(PyDataFrame(df))
    }

    fn insert(&self, loc: usize, label: &Bound<'_, PyAny>, column: PyColumn) -> PyResult<Self> {
        let mut df = self.0.clone();
        df.insert(loc, label_from_py(label)?, column.0).py()?;
        Ok(PyDataFrame(df))
    }

    fn drop_columns(&self, labels: Vec<Bound<'_, PyAny>>) -> PyResult<Self> {
        let labels = labels
            .iter()
            .map(label_from_py)
            .collect::<PyResult<Vec<_>>>()?;
        self.0.drop_columns(&labels).py().map(PyDataFrame)
    }

    #[pyo3(signature = (mapper, level = None))]
    fn rename_columns(
        &self,
        py: Python<'_>,
        mapper: &Bound<'_, PyAny>,
        level: Option<i64>,
    ) -> PyResult<Self> {
        let table = rename_table(py, self.0.data(), mapper, level)?;
        self.0
            .rename_columns(
                &|l| table.get(l).cloned().unwrap_or_else(|| l.clone()),
                level,
            )
            .py()
            .map(PyDataFrame)
    }

    fn with_index(&self, index: PyIndex) -> PyResult<Self> {
        self.0.with_index(index.0).py().map(PyDataFrame)
    }

    fn with_data(&self, data: PyColumnAccessor) -> PyResult<Self> {
        self.0.with_data(data.0).py().map(PyDataFrame)
    }

    /// pandas' `df.memory_usage(index=...)`: bytes per column (and the index).
    fn memory_usage(&self, index: bool) -> PyResult<PySeries> {
        self.0.memory_usage_by_column(index).py().map(PySeries)
    }

    #[pyo3(signature = (by, ascending, nulls_first = false, keys = None))]
    fn sort_values(
        &self,
        py: Python<'_>,
        by: Vec<Bound<'_, PyAny>>,
        ascending: Vec<bool>,
        nulls_first: bool,
        keys: Option<Vec<PyColumn>>,
    ) -> PyResult<Self> {
        let by = by.iter().map(label_from_py).collect::<PyResult<Vec<_>>>()?;
        let mut options = ferrodf::SortOptions::by(by)
            .ascending(ascending)
            .na_first(nulls_first);
        if let Some(k) = keys {
            options = options.keys(k.into_iter().map(|c| c.0).collect());
        }
        let df = self.0.clone();
        run(py, move || df.sort_values(&options)).map(PyDataFrame)
    }

    /// `df.groupby(by)` (column labels) or `df.groupby(level=...)` (index levels: names
    /// or positions), with pandas' options.
    #[pyo3(signature = (by = None, level = None, sort = true, dropna = true, as_index = true, observed = true))]
    #[allow(clippy::too_many_arguments)]
    fn groupby(
        &self,
        py: Python<'_>,
        by: Option<Vec<Bound<'_, PyAny>>>,
        level: Option<Vec<Bound<'_, PyAny>>>,
        sort: bool,
        dropna: bool,
        as_index: bool,
        observed: bool,
    ) -> PyResult<super::groupby::PyGroupBy> {
        let df = self.0.clone();
        let grouped = match (by, level) {
            (Some(_), Some(_)) => {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "groupby takes by or level, not both",
                ));
            }
            (Some(by), None) => {
                let by = labels(&by)?;
                run(py, move || df.groupby(by))?
            }
            (None, Some(level)) => {
                let levels = level
                    .iter()
                    .map(super::keys::level_from_py)
                    .collect::<PyResult<Vec<_>>>()?;
                run(py, move || df.groupby_levels(levels))?
            }
            (None, None) => {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "groupby needs by= (column labels) or level= (index levels)",
                ));
            }
        };
        let grouped = grouped
            .sort(sort)
            .dropna(dropna)
            .as_index(as_index)
            .observed(observed)
            .py()?;
        Ok(super::groupby::PyGroupBy(grouped))
    }

    /// pandas' `merge`: `on`, `left_on`/`right_on` (lists of labels) or the indexes.
    #[pyo3(signature = (right, how = "inner", on = None, left_on = None, right_on = None, left_index = false, right_index = false, suffixes = ("_x".to_string(), "_y".to_string()), sort = false))]
    #[allow(clippy::too_many_arguments)]
    fn merge(
        &self,
        py: Python<'_>,
        right: PyDataFrame,
        how: &str,
        on: Option<Vec<Bound<'_, PyAny>>>,
        left_on: Option<Vec<Bound<'_, PyAny>>>,
        right_on: Option<Vec<Bound<'_, PyAny>>>,
        left_index: bool,
        right_index: bool,
        suffixes: (String, String),
        sort: bool,
    ) -> PyResult<Self> {
        let how = JoinHow::parse(how).py()?;
        let on = on.map(|v| labels(&v)).transpose()?;
        let left_on = left_on.map(|v| labels(&v)).transpose()?;
        let right_on = right_on.map(|v| labels(&v)).transpose()?;
        let left = self.0.clone();
        run(py, move || {
            let mut m = left
                .merge(&right.0)
                .how(how)
                .left_index(left_index)
                .right_index(right_index)
                .suffixes(&suffixes.0, &suffixes.1)
                .sort(sort);
            if let Some(on) = on {
                m = m.on(on);
            }
            if let Some(l) = left_on {
                m = m.left_on(l);
            }
            if let Some(r) = right_on {
                m = m.right_on(r);
            }
            m.run()
        })
        .map(PyDataFrame)
    }

    /// pandas' `DataFrame.join` on the indexes.
    #[pyo3(signature = (other, how = "left", lsuffix = "", rsuffix = ""))]
    fn join(
        &self,
        py: Python<'_>,
        other: PyDataFrame,
        how: &str,
        lsuffix: &str,
        rsuffix: &str,
    ) -> PyResult<Self> {
        let how = JoinHow::parse(how).py()?;
        let (left, l, r) = (self.0.clone(), lsuffix.to_string(), rsuffix.to_string());
        run(py, move || left.join(&other.0, how, &l, &r)).map(PyDataFrame)
    }

    fn set_index(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, drop: bool) -> PyResult<Self> {
        let keys = labels(&keys)?;
        let df = self.0.clone();
        run(py, move || df.set_index(keys, drop)).map(PyDataFrame)
    }

    fn reset_index(&self, py: Python<'_>, drop: bool) -> PyResult<Self> {
        let df = self.0.clone();
        run(py, move || df.reset_index(drop)).map(PyDataFrame)
    }

    #[staticmethod]
    #[pyo3(signature = (frames, axis = 0, ignore_index = false))]
    fn concat(
        py: Python<'_>,
        frames: Vec<PyDataFrame>,
        axis: u8,
        ignore_index: bool,
    ) -> PyResult<Self> {
        let frames: Vec<DataFrame> = frames.into_iter().map(|f| f.0).collect();
        run(py, move || {
            if axis == 0 {
                DataFrame::concat_rows(&frames, ignore_index)
            } else {
                DataFrame::concat_columns(&frames)
            }
        })
        .map(PyDataFrame)
    }

    /// `keep`: "first", "last" or False (drop every duplicated row).
    fn drop_duplicates(
        &self,
        py: Python<'_>,
        subset: Vec<Bound<'_, PyAny>>,
        keep: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let keep = super::compute::keep_from_py(keep)?;
        let subset = labels(&subset)?;
        let df = self.0.clone();
        run(py, move || df.drop_duplicates(&subset, keep)).map(PyDataFrame)
    }

    fn dropna(&self, py: Python<'_>, subset: Vec<Bound<'_, PyAny>>, all: bool) -> PyResult<Self> {
        let subset = labels(&subset)?;
        let df = self.0.clone();
        run(py, move || df.dropna(&subset, all)).map(PyDataFrame)
    }

    #[pyo3(signature = (ascending, na_first = false))]
    fn sort_index(&self, py: Python<'_>, ascending: bool, na_first: bool) -> PyResult<Self> {
        let df = self.0.clone();
        run(py, move || df.sort_index(ascending, na_first)).map(PyDataFrame)
    }

    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let df = self.0.clone();
        run(py, move || df.to_text())
    }

    fn to_html(&self, py: Python<'_>) -> PyResult<String> {
        let df = self.0.clone();
        run(py, move || df.to_html())
    }
}

/// Sets the display options (pandas' `display.*`).
#[pyfunction]
pub fn set_display_options(
    max_rows: usize,
    min_rows: usize,
    max_columns: usize,
    max_colwidth: usize,
    precision: usize,
    summary: bool,
) {
    ferrodf::set_display_options(DisplayOptions {
        max_rows,
        min_rows,
        max_columns,
        max_colwidth,
        precision,
        summary,
    });
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyColumnAccessor>()?;
    m.add_class::<PyIndex>()?;
    m.add_class::<PySeries>()?;
    m.add_class::<PyDataFrame>()?;
    m.add_function(wrap_pyfunction!(set_display_options, m)?)?;
    Ok(())
}
