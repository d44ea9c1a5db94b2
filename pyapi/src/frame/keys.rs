//! Python labels and selection keys to the frontend's `Label`, `LabelKey`, `PositionKey`.

use ferrodf::{Label, LabelKey, LevelKey, PositionKey};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PySlice, PyString, PyTuple};

/// A Python label: None, bool, int, float, str or a tuple of those (NumPy scalars too).
pub fn label_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Label> {
    if obj.is_none() {
        return Ok(Label::None);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Label::Bool(b.is_true()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Label::Str(s.to_str()?.to_string()));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return Ok(Label::Tuple(
            t.iter()
                .map(|e| label_from_py(&e))
                .collect::<PyResult<_>>()?,
        ));
    }
    if obj.cast::<PyInt>().is_ok() {
        return obj
            .extract::<i64>()
            .map(Label::Int)
            .map_err(|_| PyOverflowError::new_err(format!("label {obj} does not fit in 64 bits")));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Label::Float(f.value()));
    }
    let type_name = obj.get_type().name()?.to_string();
    if type_name == "bool_" {
        return Ok(Label::Bool(obj.is_truthy()?));
    }
    if obj.hasattr("__index__")? {
        return Ok(Label::Int(obj.extract::<i64>()?));
    }
    if type_name.starts_with("float") {
        return Ok(Label::Float(obj.extract::<f64>()?));
    }
    Err(PyTypeError::new_err(format!(
        "labels must be str, int, float, bool, None or tuples of those; got {type_name}"
    )))
}

/// A label back to Python.
/// An index level: an integer is a position, anything else a level name.
pub fn level_from_py(obj: &Bound<'_, PyAny>) -> PyResult<ferrodf::reindex::Level> {
    use ferrodf::reindex::Level;
    match obj.extract::<i64>() {
        Ok(p) if !obj.is_instance_of::<pyo3::types::PyBool>() => Ok(Level::Position(p)),
        _ => label_from_py(obj).map(Level::Name),
    }
}

pub fn label_to_py(py: Python<'_>, label: &Label) -> PyResult<Py<PyAny>> {
    Ok(match label {
        Label::None => py.None(),
        Label::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Label::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Label::Float(f) => f.into_pyobject(py)?.into_any().unbind(),
        Label::Str(s) => s.into_pyobject(py)?.into_any().unbind(),
        Label::Tuple(parts) => {
            let items = parts
                .iter()
                .map(|p| label_to_py(py, p))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
    })
}

/// Labels back to a Python list.
pub fn labels_to_py(py: Python<'_>, labels: &[Label]) -> PyResult<Vec<Py<PyAny>>> {
    labels.iter().map(|l| label_to_py(py, l)).collect()
}

fn is_list_like(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(!obj.is_instance_of::<PyString>()
        && !obj.is_instance_of::<PyTuple>()
        && !obj.is_none()
        && obj.hasattr("__iter__")?
        && !obj.hasattr("items")?)
}

/// The items as a boolean mask when every one is a bool (Python's or NumPy's), else None
/// (an empty list is no mask).
fn bool_mask(items: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<bool>>> {
    let all_bools = !items.is_empty()
        && items.iter().all(|i| {
            i.is_instance_of::<PyBool>() || i.get_type().name().is_ok_and(|n| n == "bool_")
        });
    if !all_bools {
        return Ok(None);
    }
    items
        .iter()
        .map(|i| i.is_truthy())
        .collect::<PyResult<_>>()
        .map(Some)
}

fn slice_bound(obj: Bound<'_, PyAny>) -> PyResult<Option<Label>> {
    if obj.is_none() {
        Ok(None)
    } else {
        label_from_py(&obj).map(Some)
    }
}

/// A `select_by_label` key: a label, a tuple (with `slice(None)` or lists per level), a
/// list of labels, a boolean mask or a label slice.
pub fn label_key_from_py(obj: &Bound<'_, PyAny>) -> PyResult<LabelKey> {
    if obj.hasattr("items")? {
        return Err(PyTypeError::new_err(
            "a mapping is not a column key; pass a label or a list of labels",
        ));
    }
    if let Ok(s) = obj.cast::<PySlice>() {
        if !s.getattr("step")?.is_none() {
            return Err(PyTypeError::new_err(
                "label slicing with a step is not supported",
            ));
        }
        return Ok(LabelKey::Slice {
            start: slice_bound(s.getattr("start")?)?,
            stop: slice_bound(s.getattr("stop")?)?,
        });
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        let has_selectors = t
            .iter()
            .any(|e| e.is_instance_of::<PySlice>() || e.is_instance_of::<pyo3::types::PyList>());
        if has_selectors {
            let levels = t
                .iter()
                .map(|e| {
                    if let Ok(s) = e.cast::<PySlice>() {
                        if s.getattr("start")?.is_none() && s.getattr("stop")?.is_none() && s.getattr("step")?.is_none() {
                            return Ok(LevelKey::Any);
                        }
                        return Err(PyTypeError::new_err(
                            "only slice(None) is supported inside a column key tuple; use a list of labels for a level",
                        ));
                    }
                    if is_list_like(&e)? {
                        return Ok(LevelKey::OneOf(e.try_iter()?.map(|x| label_from_py(&x?)).collect::<PyResult<_>>()?));
                    }
                    Ok(LevelKey::Label(label_from_py(&e)?))
                })
                .collect::<PyResult<_>>()?;
            return Ok(LabelKey::Levels(levels));
        }
        return Ok(LabelKey::Label(label_from_py(obj)?));
    }
    if is_list_like(obj)? {
        let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
        if let Some(mask) = bool_mask(&items)? {
            return Ok(LabelKey::Mask(mask));
        }
        return Ok(LabelKey::List(
            items.iter().map(label_from_py).collect::<PyResult<_>>()?,
        ));
    }
    Ok(LabelKey::Label(label_from_py(obj)?))
}

fn opt_i64(obj: Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    if obj.is_none() {
        Ok(None)
    } else {
        obj.extract::<i64>()
            .map(Some)
            .map_err(|_| PyTypeError::new_err("slice bounds must be integers or None"))
    }
}

/// A `select_by_index` key: an int, a list of ints, a boolean mask or a slice.
pub fn position_key_from_py(obj: &Bound<'_, PyAny>) -> PyResult<PositionKey> {
    if let Ok(s) = obj.cast::<PySlice>() {
        return Ok(PositionKey::Slice {
            start: opt_i64(s.getattr("start")?)?,
            stop: opt_i64(s.getattr("stop")?)?,
            step: opt_i64(s.getattr("step")?)?,
        });
    }
    if is_list_like(obj)? || obj.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
        if let Some(mask) = bool_mask(&items)? {
            return Ok(PositionKey::Mask(mask));
        }
        return Ok(PositionKey::List(
            items
                .iter()
                .map(|i| {
                    i.extract::<i64>().map_err(|_| {
                        PyTypeError::new_err(format!("column positions must be integers, got {i}"))
                    })
                })
                .collect::<PyResult<_>>()?,
        ));
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a single bool is not a column position",
        ));
    }
    obj.extract::<i64>()
        .map(PositionKey::Position)
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "column positions must be integers, slices, lists or boolean masks; got {}",
                obj.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })
}
