//! Argument helpers shared by the plc binding files (copying, concatenate, filling,
//! stream_compaction, replace, reduce): optional stream/mr arguments, type names for error
//! messages, and row-index conversion.

use pyo3::exceptions::{PyIndexError, PyOverflowError};
use pyo3::prelude::*;

pub(crate) type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// Row indices: Python ints that must be non-negative and within size_type.
pub(crate) fn indices(values: Vec<i64>, what: &str) -> PyResult<Vec<usize>> {
    values
        .into_iter()
        .map(|v| {
            if v > i32::MAX as i64 {
                Err(PyOverflowError::new_err(format!(
                    "{what} {v} does not fit in a 32-bit row index"
                )))
            } else if v < 0 {
                Err(PyIndexError::new_err(format!("{what} {v} is negative")))
            } else {
                Ok(v as usize)
            }
        })
        .collect()
}

pub(crate) fn index(v: i64, what: &str) -> PyResult<usize> {
    Ok(indices(vec![v], what)?[0])
}
