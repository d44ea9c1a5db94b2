//! `plc.strings`: the string operations behind pandas' `.str` accessor.

use crate::args::{ColumnOrScalar, add_functions, column_fns, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::strings::{
    attributes, case, combine, find as core_find, replace as core_replace, slice, split, strip,
};
use ferrodf_core::string_options::SeparatorOnNulls;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

pub(crate) fn col_or_scalar(
    obj: &Bound<'_, PyAny>,
    function: &str,
    what: &str,
) -> PyResult<ColumnOrScalar> {
    ColumnOrScalar::extract(obj).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "strings.{function}: {what} must be a ferrodf.plc.Column or Scalar, got {}",
            type_name(obj)
        ))
    })
}

pub(crate) fn scalar_arg(obj: &Bound<'_, PyAny>, function: &str, what: &str) -> PyResult<PyScalar> {
    obj.extract::<PyScalar>().map_err(|_| {
        PyTypeError::new_err(format!(
            "strings.{function}: {what} must be a ferrodf.plc.Scalar, got {}",
            type_name(obj)
        ))
    })
}

pub(crate) fn opt_scalar(
    obj: Option<&Bound<'_, PyAny>>,
    function: &str,
    what: &str,
) -> PyResult<Option<PyScalar>> {
    match obj {
        Some(o) if !o.is_none() => scalar_arg(o, function, what).map(Some),
        _ => Ok(None),
    }
}

column_fns! {
    /// Characters (code points) per row, INT32.
    count_characters = attributes::count_characters;
    /// UTF-8 bytes per row, INT32.
    count_bytes = attributes::count_bytes;
    /// Lower-case every row.
    to_lower = case::to_lower;
    /// Upper-case every row.
    to_upper = case::to_upper;
}

/// contains / starts_with / ends_with / find / rfind (op 0..=4) against a Column or Scalar
/// target.
#[pyfunction]
#[pyo3(name = "find_op", signature = (input, target, op, start = 0, stop = -1))]
pub fn find_op(
    py: Python<'_>,
    input: PyColumn,
    target: &Bound<'_, PyAny>,
    op: i32,
    start: i64,
    stop: i64,
) -> PyResult<PyColumn> {
    let name = ["contains", "starts_with", "ends_with", "find", "rfind"][op.clamp(0, 4) as usize];
    let target = col_or_scalar(target, &format!("find.{name}"), "target")?;
    Ok(PyColumn(run(py, move || {
        let t = match &target {
            ColumnOrScalar::Column(c) => core_find::Target::Column(c),
            ColumnOrScalar::Scalar(s) => core_find::Target::Scalar(s),
        };
        match op {
            0 => core_find::contains(&input.0, t),
            1 => core_find::starts_with(&input.0, t),
            2 => core_find::ends_with(&input.0, t),
            3 => core_find::find(&input.0, t, start, stop),
            _ => core_find::rfind(&input.0, t, start, stop),
        }
    })?))
}

/// Literal replace.
#[pyfunction]
#[pyo3(name = "replace", signature = (input, target, repl, maxrepl = -1))]
pub fn replace(
    py: Python<'_>,
    input: PyColumn,
    target: &Bound<'_, PyAny>,
    repl: &Bound<'_, PyAny>,
    maxrepl: i64,
) -> PyResult<PyColumn> {
    let t = scalar_arg(target, "replace.replace", "target")?;
    let r = scalar_arg(repl, "replace.replace", "repl")?;
    Ok(PyColumn(run(py, move || {
        core_replace::replace(&input.0, &t.0, &r.0, maxrepl)
    })?))
}

/// Characters [start:stop:step] of every row.
#[pyfunction]
#[pyo3(name = "slice", signature = (input, start, stop, step))]
pub fn slice_strings(
    py: Python<'_>,
    input: PyColumn,
    start: Option<i64>,
    stop: Option<i64>,
    step: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        slice::slice_strings(&input.0, start, stop, step)
    })?))
}

/// Strip characters (whitespace by default) from one or both ends.
#[pyfunction]
#[pyo3(name = "strip", signature = (input, side, to_strip = None))]
pub fn strip_strings(
    py: Python<'_>,
    input: PyColumn,
    side: &Bound<'_, PyAny>,
    to_strip: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let side = extract_enum::<strip::SideType>(side)?;
    let to_strip = opt_scalar(to_strip, "strip.strip", "to_strip")?;
    Ok(PyColumn(run(py, move || {
        strip::strip(&input.0, side, to_strip.as_ref().map(|s| &s.0))
    })?))
}

/// A core split function: (strings, delimiter, maxsplit) -> tokens.
type SplitFn<T> = fn(&ferrodf_core::Column, &ferrodf_core::Scalar, i64) -> ferrodf_core::Result<T>;

/// Runs the forward or (when `reverse`) the backward split of `split.split.{names}`, with the
/// delimiter checked to be a Scalar.
fn split_with<T: Send>(
    py: Python<'_>,
    strings: PyColumn,
    delimiter: &Bound<'_, PyAny>,
    maxsplit: i64,
    reverse: bool,
    names: [&str; 2],
    ops: [SplitFn<T>; 2],
) -> PyResult<T> {
    let side = usize::from(reverse);
    let d = scalar_arg(
        delimiter,
        &format!("split.split.{}", names[side]),
        "delimiter",
    )?;
    let op = ops[side];
    run(py, move || op(&strings.0, &d.0, maxsplit))
}

/// Split into a table of token columns (from the end when `reverse`).
#[pyfunction]
#[pyo3(name = "split", signature = (strings_column, delimiter, maxsplit, reverse = false))]
pub fn split_table(
    py: Python<'_>,
    strings_column: PyColumn,
    delimiter: &Bound<'_, PyAny>,
    maxsplit: i64,
    reverse: bool,
) -> PyResult<PyTable> {
    let (names, ops) = (
        ["split", "rsplit"],
        [split::split as SplitFn<_>, split::rsplit],
    );
    split_with(py, strings_column, delimiter, maxsplit, reverse, names, ops).map(PyTable)
}

/// Split into a LIST<STRING> column (from the end when `reverse`).
#[pyfunction]
#[pyo3(name = "split_record", signature = (strings, delimiter, maxsplit, reverse = false))]
pub fn split_record(
    py: Python<'_>,
    strings: PyColumn,
    delimiter: &Bound<'_, PyAny>,
    maxsplit: i64,
    reverse: bool,
) -> PyResult<PyColumn> {
    let names = ["split_record", "rsplit_record"];
    let ops = [split::split_record as SplitFn<_>, split::rsplit_record];
    split_with(py, strings, delimiter, maxsplit, reverse, names, ops).map(PyColumn)
}

/// Row-wise concatenation of a table's string columns.
#[pyfunction]
#[pyo3(
    name = "concatenate",
    signature = (strings_columns, separator, narep = None, col_narep = None, separate_nulls = None)
)]
pub fn concatenate(
    py: Python<'_>,
    strings_columns: &Bound<'_, PyAny>,
    separator: &Bound<'_, PyAny>,
    narep: Option<&Bound<'_, PyAny>>,
    col_narep: Option<&Bound<'_, PyAny>>,
    separate_nulls: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    const NAME: &str = "combine.concatenate";
    let table = strings_columns.extract::<PyTable>().map_err(|_| {
        PyTypeError::new_err(format!(
            "strings.{NAME}: strings_columns must be a ferrodf.plc.Table, got {}",
            type_name(strings_columns)
        ))
    })?;
    let sep = col_or_scalar(separator, NAME, "separator")?;
    let narep = opt_scalar(narep, NAME, "narep")?;
    let col_narep = opt_scalar(col_narep, NAME, "col_narep")?;
    let separate = match separate_nulls {
        Some(v) => extract_enum::<SeparatorOnNulls>(v)? == SeparatorOnNulls::Yes,
        None => true,
    };
    Ok(PyColumn(run(py, move || {
        let s = match &sep {
            ColumnOrScalar::Column(c) => combine::Separator::Column(c),
            ColumnOrScalar::Scalar(s) => combine::Separator::Scalar(s),
        };
        combine::concatenate(
            &table.0,
            s,
            narep.as_ref().map(|s| &s.0),
            col_narep.as_ref().map(|s| &s.0),
            separate,
        )
    })?))
}

/// Add the `strings_*` functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        count_characters,
        count_bytes,
        to_lower,
        to_upper,
        find_op,
        replace,
        slice_strings,
        strip_strings,
        split_table,
        split_record,
        concatenate,
    )
}
