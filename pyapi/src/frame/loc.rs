//! `.loc` for Python (`df.loc[key]`, `s.loc[key]`, and their assignments): the key
//! converted to the frontend's `Rows` / `LabelKey`; what the key means and what it selects
//! are `ferrodf::loc`'s rules.

use ferrodf::loc::{Located, tuple_is_row_label};
use ferrodf::selection::{ItemKey, Rows};
use ferrodf::{LabelKey, Selected, Series};
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString, PyTuple};

use super::assign::values_from_py;
use super::compute::{scalar_to_py, value_from_py};
use super::keys::{label_from_py, label_key_from_py};
use super::objects::{PyDataFrame, PyIndex, PySeries};
use crate::column::PyColumn;
use crate::errors::run;

/// Whether a part of a tuple key is one plain label (not a slice, a list-like or a tuple).
fn is_plain_label(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if obj.extract::<PySeries>().is_ok()
        || obj.extract::<PyColumn>().is_ok()
        || obj.extract::<PyIndex>().is_ok()
    {
        return Ok(false);
    }
    Ok(obj.is_instance_of::<PyString>()
        || !(obj.is_instance_of::<PySlice>()
            || obj.is_instance_of::<PyTuple>()
            || obj.hasattr("__iter__")?
            || obj.hasattr("__len__")?))
}

/// A `.loc` key split into its row part and its column part (`None`: every column), and,
/// for a pair of plain labels that could also be one MultiIndex row label, the other
/// reading: pandas tries the row label first and falls back to `(rows, columns)`.
type Split<'py> = (Bound<'py, PyAny>, Option<Bound<'py, PyAny>>);

fn split_key<'py>(
    key: &Bound<'py, PyAny>,
    nlevels: usize,
) -> PyResult<(Split<'py>, Option<Split<'py>>)> {
    if let Ok(t) = key.cast::<PyTuple>() {
        let plain = t
            .iter()
            .map(|p| is_plain_label(&p))
            .collect::<PyResult<Vec<_>>>()?;
        let pair = t.len() == 2;
        if !tuple_is_row_label(nlevels, &plain) {
            if pair {
                return Ok(((t.get_item(0)?, Some(t.get_item(1)?)), None));
            }
        } else if pair {
            let other = (t.get_item(0)?, Some(t.get_item(1)?));
            return Ok(((key.clone(), None), Some(other)));
        }
    }
    Ok(((key.clone(), None), None))
}

/// The row part of a `.loc` key: a label, a MultiIndex tuple, a label slice, labels (a
/// list, an array, an Index), a boolean array (by position) or a boolean Series (by label).
fn rows_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Rows> {
    if let Ok(s) = obj.cast::<PySlice>() {
        let (start, stop, step) = slice_parts(py, s)?;
        if start.is_none() && stop.is_none() && step.is_none() {
            return Ok(Rows::All);
        }
        return Ok(Rows::Slice { start, stop, step });
    }
    if let Ok(s) = obj.extract::<PySeries>() {
        return Ok(if is_bool(s.0.column()) {
            Rows::Mask(s.0)
        } else {
            Rows::Labels(s.0.column().clone())
        });
    }
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(if is_bool(&c.0) {
            Rows::Flags(c.0)
        } else {
            Rows::Labels(c.0)
        });
    }
    if let Ok(index) = obj.extract::<PyIndex>() {
        let mut levels = index.0.level_columns().map_err(crate::errors::to_py)?;
        return Ok(if levels.len() == 1 {
            Rows::Labels(levels.remove(0))
        } else {
            Rows::LevelLabels(levels)
        });
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return Ok(Rows::Tuple(
            t.iter()
                .map(|v| value_from_py(py, &v))
                .collect::<PyResult<_>>()?,
        ));
    }
    if obj.is_instance_of::<PyString>() || !obj.hasattr("__iter__")? {
        return Ok(Rows::Label(value_from_py(py, obj)?));
    }
    label_list(py, obj)
}

/// A list-like of labels (or of MultiIndex tuples, or of flags) as columns.
fn label_list(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Rows> {
    let to_column = py
        .import("ferrodf.core.column.column")?
        .getattr("to_plc_column")?;
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    if items.is_empty() {
        return Ok(Rows::Labels(ferrodf::core::Column::from_values(
            Vec::<i64>::new(),
        )));
    }
    let not_found = || {
        let shown: Vec<String> = items.iter().take(5).map(|i| i.to_string()).collect();
        PyKeyError::new_err(format!(
            "labels [{}] not found in the index: they are not all of one type",
            shown.join(", ")
        ))
    };
    let column = |values: Bound<'_, PyAny>| -> PyResult<ferrodf::core::Column> {
        match to_column.call1((values,)) {
            Ok(c) => Ok(c.extract::<PyColumn>()?.0),
            // labels of mixed types: not all of them can be labels of one index
            Err(e) if e.get_type(py).name()?.to_str()?.starts_with("Arrow") => Err(not_found()),
            Err(e) => Err(e),
        }
    };
    if items.iter().all(|i| i.is_instance_of::<PyTuple>()) {
        let width = items[0].len()?;
        let mut levels = Vec::with_capacity(width);
        for level in 0..width {
            let values = items
                .iter()
                .map(|t| {
                    if t.len()? != width {
                        return Err(PyKeyError::new_err(format!(
                            "give one {width}-tuple per MultiIndex row key, got {t}"
                        )));
                    }
                    t.get_item(level)
                })
                .collect::<PyResult<Vec<_>>>()?;
            levels.push(column(PyList::new(py, values)?.into_any())?);
        }
        return Ok(Rows::LevelLabels(levels));
    }
    let c = column(obj.clone())?;
    Ok(if is_bool(&c) {
        Rows::Flags(c)
    } else {
        Rows::Labels(c)
    })
}

fn is_bool(c: &ferrodf::core::Column) -> bool {
    c.dtype().id() == ferrodf::core::TypeId::Bool8
}

/// The column part of a `.loc` key (every column when absent).
fn columns_from_py(obj: Option<&Bound<'_, PyAny>>) -> PyResult<LabelKey> {
    match obj {
        None => Ok(LabelKey::Slice {
            start: None,
            stop: None,
        }),
        Some(c) => label_key_from_py(c),
    }
}

/// A selection back to Python as `(result, mixed_row)`: a DataFrame, a Series or a value
/// with `False`; a row mixing strings with other types as a one-row DataFrame with `True`
/// (ferrodf has no object dtype; the Python layer gives pandas' object row).
fn located_to_py(py: Python<'_>, out: Located) -> PyResult<(Py<PyAny>, bool)> {
    Ok(match out {
        Located::Frame(f) => (Py::new(py, PyDataFrame(f))?.into_any(), false),
        Located::Series(s) => (Py::new(py, PySeries(s))?.into_any(), false),
        Located::Value(v) => (scalar_to_py(py, &v)?, false),
        Located::MixedRow(f) => (Py::new(py, PyDataFrame(f))?.into_any(), true),
    })
}

#[pymethods]
impl PyDataFrame {
    /// `df.loc[key]` (`ferrodf::DataFrame::loc_get`).
    fn loc(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<(Py<PyAny>, bool)> {
        let (first, other) = split_key(key, self.0.index().nlevels())?;
        let get = |(rows, columns): Split<'_>| -> PyResult<Located> {
            let rows = rows_from_py(py, &rows)?;
            let columns = columns_from_py(columns.as_ref())?;
            let df = self.0.clone();
            run(py, move || df.loc_get(&rows, &columns))
        };
        let out = match (get(first), other) {
            (Err(e), Some(other)) if e.is_instance_of::<PyKeyError>(py) => get(other)?,
            (out, _) => out?,
        };
        located_to_py(py, out)
    }

    /// `df[key]` (`ferrodf::DataFrame::getitem`, whose rules tell rows from columns): a
    /// slice, a list (a Python list, a NumPy array or pandas Index given as a list), a
    /// boolean plc column (a NumPy boolean array), a Series, or one label.
    fn getitem(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let key = item_key_from_py(py, key)?;
        let df = self.0.clone();
        match run(py, move || df.getitem(&key))? {
            Selected::Series(s) => Ok(Py::new(py, PySeries(s))?.into_any()),
            Selected::Frame(f) => Ok(Py::new(py, PyDataFrame(f))?.into_any()),
        }
    }

    /// `df.loc[key] = values` (`ferrodf::DataFrame::loc_set`): a new row label appends a
    /// row, a new column label adds a column.
    fn loc_set(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        // a new row label appends a row: no fallback to (rows, columns) here
        let ((rows, columns), _) = split_key(key, self.0.index().nlevels())?;
        let rows = rows_from_py(py, &rows)?;
        let columns = columns_from_py(columns.as_ref())?;
        let values = values_from_py(py, values)?;
        let df = self.0.clone();
        run(py, move || df.loc_set(&rows, &columns, &values)).map(PyDataFrame)
    }
}

#[pymethods]
impl PyDataFrame {
    /// `df.drop(index=key)` (`ferrodf::DataFrame::drop_labels`): the rows `key` names by
    /// label, dropped where the data lives.
    fn drop_labels(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Self> {
        let rows = rows_from_py(py, key)?;
        let df = self.0.clone();
        run(py, move || df.drop_labels(&rows)).map(PyDataFrame)
    }
}

#[pymethods]
impl PySeries {
    /// `s.loc[key]` (`ferrodf::Series::loc_get`).
    fn loc(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<(Py<PyAny>, bool)> {
        let rows = rows_from_py(py, key)?;
        let s = self.0.clone();
        let out = run(py, move || s.loc_get(&rows))?;
        located_to_py(py, out)
    }

    /// `s.loc[key] = values` (`ferrodf::Series::loc_set`).
    fn loc_set(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let rows = rows_from_py(py, key)?;
        let values = values_from_py(py, values)?;
        let s = self.0.clone();
        run(py, move || s.loc_set(&rows, &values)).map(PySeries)
    }

    /// `s.iloc[rows] = values` (`ferrodf::Series::iloc_set`; rows as `select_rows` takes
    /// them).
    fn iloc_set(
        &self,
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let rows = super::objects::row_selection(self.0.len(), rows)?;
        let values = values_from_py(py, values)?;
        let s: Series = self.0.clone();
        run(py, move || s.iloc_set(&rows, &values)).map(PySeries)
    }
}

/// A `df[key]` key as the frontend's [`ItemKey`].
fn item_key_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<ItemKey> {
    if let Ok(s) = obj.cast::<PySlice>() {
        let (start, stop, step) = slice_parts(py, s)?;
        return Ok(ItemKey::Slice { start, stop, step });
    }
    if let Ok(s) = obj.extract::<PySeries>() {
        return Ok(ItemKey::Series(s.0));
    }
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(ItemKey::Flags(c.0));
    }
    if let Ok(list) = obj.cast::<PyList>() {
        let labels = list
            .iter()
            .map(|v| label_from_py(&v))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(ItemKey::List(labels));
    }
    label_from_py(obj).map(ItemKey::Label)
}

/// A Python slice's bounds as values (`None` for an open end) and its step.
type SliceParts = (
    Option<ferrodf::compute::Value>,
    Option<ferrodf::compute::Value>,
    Option<i64>,
);

fn slice_parts(py: Python<'_>, s: &Bound<'_, PySlice>) -> PyResult<SliceParts> {
    let bound = |name: &str| -> PyResult<Option<ferrodf::compute::Value>> {
        let v = s.getattr(name)?;
        if v.is_none() {
            Ok(None)
        } else {
            value_from_py(py, &v).map(Some)
        }
    };
    Ok((
        bound("start")?,
        bound("stop")?,
        s.getattr("step")?.extract()?,
    ))
}
