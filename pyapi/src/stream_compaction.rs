//! `plc.stream_compaction`: dropping, filtering, deduplicating and counting rows
//! (`unique_count` and `distinct_count` are re-exported by `plc.reduce` as well). Argument
//! conversion only; the semantics live in ferrodf-core.

use crate::args::{Opt, indices};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::keys::{NanEquality, NullEquality};
use ferrodf_core::ops::stream_compaction::{self as sc, DuplicateKeepOption};
use ferrodf_core::params::{NanPolicy, NullPolicy};
use pyo3::prelude::*;

fn keep_option(obj: &Bound<'_, PyAny>) -> PyResult<DuplicateKeepOption> {
    extract_enum(obj)
}

fn key_indices(keys: Vec<i64>) -> PyResult<Vec<usize>> {
    indices(keys, "key column index")
}

#[pyfunction]
#[pyo3(signature = (source_table, keys, keep_threshold, stream = None, mr = None))]
pub fn drop_nulls(
    py: Python<'_>,
    source_table: PyTable,
    keys: Vec<i64>,
    keep_threshold: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, t) = (key_indices(keys)?, keep_threshold.max(0) as usize);
    run(py, move || sc::drop_nulls(&source_table.0, &k, t)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (source_table, keys, keep_threshold, stream = None, mr = None))]
pub fn drop_nans(
    py: Python<'_>,
    source_table: PyTable,
    keys: Vec<i64>,
    keep_threshold: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, t) = (key_indices(keys)?, keep_threshold.max(0) as usize);
    run(py, move || sc::drop_nans(&source_table.0, &k, t)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (source_table, boolean_mask, stream = None, mr = None))]
pub fn apply_boolean_mask(
    py: Python<'_>,
    source_table: PyTable,
    boolean_mask: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    run(py, move || {
        sc::apply_boolean_mask(&source_table.0, &boolean_mask.0)
    })
    .map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, stream = None, mr = None))]
pub fn unique(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep, ne) = (
        key_indices(keys)?,
        keep_option(keep)?,
        extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal,
    );
    run(py, move || sc::unique(&input.0, &k, keep, ne)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, nans_equal, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn distinct(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
    let (ne, na) = (
        extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal,
        extract_enum::<NanEquality>(nans_equal)? == NanEquality::AllEqual,
    );
    run(py, move || sc::distinct(&input.0, &k, keep, ne, na)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, nans_equal, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn stable_distinct(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
    let (ne, na) = (
        extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal,
        extract_enum::<NanEquality>(nans_equal)? == NanEquality::AllEqual,
    );
    run(py, move || sc::stable_distinct(&input.0, &k, keep, ne, na)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keep, nulls_equal, nans_equal, stream = None, mr = None))]
pub fn distinct_indices(
    py: Python<'_>,
    input: PyTable,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let keep = keep_option(keep)?;
    let (ne, na) = (
        extract_enum::<NullEquality>(nulls_equal)? == NullEquality::Equal,
        extract_enum::<NanEquality>(nans_equal)? == NanEquality::AllEqual,
    );
    run(py, move || sc::distinct_indices(&input.0, keep, ne, na)).map(PyColumn)
}

/// (include nulls, NaN is null) from NullPolicy and NanPolicy.
fn count_policies(
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
) -> PyResult<(bool, bool)> {
    let include = extract_enum::<NullPolicy>(null_handling)? == NullPolicy::Include;
    let nan_is_null = extract_enum::<NanPolicy>(nan_handling)? == NanPolicy::NanIsNull;
    Ok((include, nan_is_null))
}

#[pyfunction]
#[pyo3(signature = (source, null_handling, nan_handling, stream = None))]
pub fn unique_count(
    py: Python<'_>,
    source: PyColumn,
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
    stream: Opt,
) -> PyResult<usize> {
    let _ = stream;
    let (inc, nan) = count_policies(null_handling, nan_handling)?;
    run(py, move || sc::unique_count(&source.0, inc, nan))
}

#[pyfunction]
#[pyo3(signature = (source, null_handling, nan_handling, stream = None))]
pub fn distinct_count(
    py: Python<'_>,
    source: PyColumn,
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
    stream: Opt,
) -> PyResult<usize> {
    let _ = stream;
    let (inc, nan) = count_policies(null_handling, nan_handling)?;
    run(py, move || sc::distinct_count(&source.0, inc, nan))
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),* $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )* };
    }
    add!(
        drop_nulls,
        drop_nans,
        apply_boolean_mask,
        unique,
        distinct,
        stable_distinct,
        distinct_indices,
        unique_count,
        distinct_count
    );
    Ok(())
}
