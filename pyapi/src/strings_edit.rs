//! `plc.strings` bindings of `capitalize`, `case.swapcase`, `char_types`, `padding`,
//! `repeat`, `reverse`, `contains.like`, `replace.replace_slice` / `replace_multiple`,
//! `split.partition`, `translate`, `attributes.code_points`, `find_multiple` and
//! `combine.join_strings` / `join_list_elements` and `wrap`. The Python modules turn
//! pylibcudf's Python-side arguments (plain strings, dicts) into these.

use crate::args::{ColumnOrScalar, add_functions, column_fns};
use crate::column::PyColumn;
use crate::enums::{enum_value, extract_enum};
use crate::errors::run;
use crate::strings::{col_or_scalar, opt_scalar, scalar_arg};
use crate::table::PyTable;
use ferrodf_core::ops::strings::combine::Separator;
use ferrodf_core::ops::strings::{
    attributes, capitalize, case, char_types, find_multiple as core_find_multiple, join, like,
    padding, partition, repeat, replace, reverse as core_reverse, translate, wrap as core_wrap,
};
use ferrodf_core::string_options::{FilterType, OutputIfEmptyList, SeparatorOnNulls, SideType};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

column_fns! {
    /// Python's `str.swapcase` on every row.
    swapcase = case::swapcase;
    /// Whether every row is title-cased, BOOL8.
    is_title = capitalize::is_title;
    /// The characters of every row reversed.
    reverse_strings = core_reverse::reverse;
    /// The UTF-8 integer of every character of every row, INT32.
    code_points = attributes::code_points;
}

/// A `StringCharacterTypes` value (members may be or-ed together).
fn char_types_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    let v = enum_value(obj, "StringCharacterTypes")?;
    u32::try_from(v).map_err(|_| {
        PyValueError::new_err(format!("{v} is not a valid StringCharacterTypes value"))
    })
}

/// A code point as a `char` (`ValueError` for surrogates and values past U+10FFFF).
fn char_arg(cp: u32) -> PyResult<char> {
    char::from_u32(cp)
        .ok_or_else(|| PyValueError::new_err(format!("{cp} is not a Unicode code point")))
}

/// Capitalize every row (and the characters after `delimiters`).
#[pyfunction]
#[pyo3(signature = (input, delimiters = None))]
pub fn capitalize_strings(
    py: Python<'_>,
    input: PyColumn,
    delimiters: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let d = opt_scalar(delimiters, "capitalize.capitalize", "delimiters")?;
    let r = run(py, move || {
        capitalize::capitalize(&input.0, d.as_ref().map(|s| &s.0))
    })?;
    Ok(PyColumn(r))
}

/// Title-case the runs of `sequence_type` characters.
#[pyfunction]
#[pyo3(signature = (input, sequence_type))]
pub fn title(
    py: Python<'_>,
    input: PyColumn,
    sequence_type: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let t = char_types_arg(sequence_type)?;
    Ok(PyColumn(run(py, move || capitalize::title(&input.0, t))?))
}

/// Whether all (checked) characters of every row are of `types`.
#[pyfunction]
#[pyo3(signature = (source_strings, types, verify_types))]
pub fn all_characters_of_type(
    py: Python<'_>,
    source_strings: PyColumn,
    types: &Bound<'_, PyAny>,
    verify_types: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let (t, v) = (char_types_arg(types)?, char_types_arg(verify_types)?);
    let r = run(py, move || {
        char_types::all_characters_of_type(&source_strings.0, t, v)
    })?;
    Ok(PyColumn(r))
}

/// Replace the characters of `types_to_remove` (or not of `types_to_keep`).
#[pyfunction]
#[pyo3(signature = (source_strings, types_to_remove, replacement, types_to_keep))]
pub fn filter_characters_of_type(
    py: Python<'_>,
    source_strings: PyColumn,
    types_to_remove: &Bound<'_, PyAny>,
    replacement: &Bound<'_, PyAny>,
    types_to_keep: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    const NAME: &str = "char_types.filter_characters_of_type";
    let (rm, keep) = (
        char_types_arg(types_to_remove)?,
        char_types_arg(types_to_keep)?,
    );
    let repl = scalar_arg(replacement, NAME, "replacement")?;
    let r = run(py, move || {
        char_types::filter_characters_of_type(&source_strings.0, rm, &repl.0, keep)
    })?;
    Ok(PyColumn(r))
}

/// Pad every row to `width` characters with `fill_char` on `side`.
#[pyfunction]
#[pyo3(signature = (input, width, side, fill_char))]
pub fn pad(
    py: Python<'_>,
    input: PyColumn,
    width: i64,
    side: &Bound<'_, PyAny>,
    fill_char: String,
) -> PyResult<PyColumn> {
    let side = extract_enum::<SideType>(side)?;
    Ok(PyColumn(run(py, move || {
        padding::pad(&input.0, width, side, &fill_char)
    })?))
}

/// zfill every row to `width` (an int) or to its row of `width` (an integer Column).
#[pyfunction]
#[pyo3(signature = (input, width))]
pub fn zfill(py: Python<'_>, input: PyColumn, width: &Bound<'_, PyAny>) -> PyResult<PyColumn> {
    if let Ok(w) = width.extract::<PyColumn>() {
        return Ok(PyColumn(run(py, move || {
            padding::zfill_by_widths(&input.0, &w.0)
        })?));
    }
    let w: i64 = width.extract()?;
    Ok(PyColumn(run(py, move || padding::zfill(&input.0, w))?))
}

/// Repeat every row `repeat_times` times (an int, or an integer Column row by row).
#[pyfunction]
#[pyo3(signature = (input, repeat_times))]
pub fn repeat_strings(
    py: Python<'_>,
    input: PyColumn,
    repeat_times: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    if let Ok(c) = repeat_times.extract::<PyColumn>() {
        return Ok(PyColumn(run(py, move || {
            repeat::repeat_strings(&input.0, repeat::Times::Column(&c.0))
        })?));
    }
    let t: i64 = repeat_times.extract()?;
    Ok(PyColumn(run(py, move || {
        repeat::repeat_strings(&input.0, repeat::Times::Scalar(t))
    })?))
}

/// SQL LIKE of every row against `pattern` (a string Scalar).
#[pyfunction]
#[pyo3(signature = (input, pattern, escape_character = None))]
pub fn like_strings(
    py: Python<'_>,
    input: PyColumn,
    pattern: &Bound<'_, PyAny>,
    escape_character: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    const NAME: &str = "contains.like";
    let p = scalar_arg(pattern, NAME, "pattern")?;
    let e = opt_scalar(escape_character, NAME, "escape_character")?;
    Ok(PyColumn(run(py, move || {
        like::like(&input.0, &p.0, e.as_ref().map(|s| &s.0))
    })?))
}

/// Replace characters [start, stop) of every row by `repl`.
#[pyfunction]
#[pyo3(signature = (input, repl = None, start = 0, stop = -1))]
pub fn replace_slice(
    py: Python<'_>,
    input: PyColumn,
    repl: Option<&Bound<'_, PyAny>>,
    start: i64,
    stop: i64,
) -> PyResult<PyColumn> {
    let r = opt_scalar(repl, "replace.replace_slice", "repl")?;
    Ok(PyColumn(run(py, move || {
        replace::replace_slice(&input.0, r.as_ref().map(|s| &s.0), start, stop)
    })?))
}

/// Replace each of the `target` rows by the same row of `repl`.
#[pyfunction]
#[pyo3(signature = (input, target, repl, maxrepl = -1))]
pub fn replace_multiple(
    py: Python<'_>,
    input: PyColumn,
    target: &Bound<'_, PyAny>,
    repl: &Bound<'_, PyAny>,
    maxrepl: i64,
) -> PyResult<PyColumn> {
    const NAME: &str = "replace.replace_multiple";
    let column = |obj: &Bound<'_, PyAny>, what: &str| -> PyResult<ferrodf_core::Column> {
        Ok(match col_or_scalar(obj, NAME, what)? {
            ColumnOrScalar::Column(c) => c,
            ColumnOrScalar::Scalar(s) => s.as_column().clone(),
        })
    };
    let (t, r) = (column(target, "target")?, column(repl, "repl")?);
    Ok(PyColumn(run(py, move || {
        replace::replace_multiple(&input.0, &t, &r, maxrepl)
    })?))
}

/// partition (or, `reverse`, rpartition) every row at `delimiter`.
#[pyfunction]
#[pyo3(signature = (input, delimiter = None, reverse = false))]
pub fn partition_strings(
    py: Python<'_>,
    input: PyColumn,
    delimiter: Option<&Bound<'_, PyAny>>,
    reverse: bool,
) -> PyResult<PyTable> {
    let name = if reverse {
        "split.partition.rpartition"
    } else {
        "split.partition.partition"
    };
    let d = opt_scalar(delimiter, name, "delimiter")?;
    let op = if reverse {
        partition::rpartition
    } else {
        partition::partition
    };
    Ok(PyTable(run(py, move || {
        op(&input.0, d.as_ref().map(|s| &s.0))
    })?))
}

/// Map the code points `keys` to the strings `values`.
#[pyfunction]
#[pyo3(signature = (input, keys, values))]
pub fn translate_strings(
    py: Python<'_>,
    input: PyColumn,
    keys: Vec<u32>,
    values: Vec<String>,
) -> PyResult<PyColumn> {
    let keys = keys
        .into_iter()
        .map(char_arg)
        .collect::<PyResult<Vec<char>>>()?;
    Ok(PyColumn(run(py, move || {
        let table: Vec<(char, &str)> = keys
            .iter()
            .copied()
            .zip(values.iter().map(String::as_str))
            .collect();
        translate::translate(&input.0, &table)
    })?))
}

/// Keep or remove the characters inside the inclusive code point `ranges`.
#[pyfunction]
#[pyo3(signature = (input, ranges, keep_characters, replacement))]
pub fn filter_characters(
    py: Python<'_>,
    input: PyColumn,
    ranges: Vec<(u32, u32)>,
    keep_characters: &Bound<'_, PyAny>,
    replacement: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let keep = extract_enum::<FilterType>(keep_characters)?;
    let repl = scalar_arg(replacement, "translate.filter_characters", "replacement")?;
    let ranges = ranges
        .into_iter()
        .map(|(lo, hi)| Ok((char_arg(lo)?, char_arg(hi)?)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyColumn(run(py, move || {
        translate::filter_characters(&input.0, &ranges, keep, &repl.0)
    })?))
}

/// Every row of `targets` searched in every row, LIST<INT32>.
#[pyfunction]
#[pyo3(signature = (input, targets))]
pub fn find_multiple(py: Python<'_>, input: PyColumn, targets: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        core_find_multiple::find_multiple(&input.0, &targets.0)
    })?))
}

/// All rows joined into one with `separator` (null rows as `narep`, or left out).
#[pyfunction]
#[pyo3(signature = (input, separator, narep))]
pub fn join_strings(
    py: Python<'_>,
    input: PyColumn,
    separator: &Bound<'_, PyAny>,
    narep: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    const NAME: &str = "combine.join_strings";
    let (s, n) = (
        scalar_arg(separator, NAME, "separator")?,
        scalar_arg(narep, NAME, "narep")?,
    );
    Ok(PyColumn(run(py, move || {
        join::join_strings(&input.0, &s.0, &n.0)
    })?))
}

/// Every list of a LIST<STRING> column joined with a Scalar or per-row Column separator.
#[pyfunction]
#[pyo3(signature = (
    lists_strings_column, separator, separator_narep, string_narep, separate_nulls,
    empty_list_policy
))]
pub fn join_list_elements(
    py: Python<'_>,
    lists_strings_column: PyColumn,
    separator: &Bound<'_, PyAny>,
    separator_narep: &Bound<'_, PyAny>,
    string_narep: &Bound<'_, PyAny>,
    separate_nulls: &Bound<'_, PyAny>,
    empty_list_policy: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    const NAME: &str = "combine.join_list_elements";
    let sep = col_or_scalar(separator, NAME, "separator")?;
    let sep_narep = scalar_arg(separator_narep, NAME, "separator_narep")?;
    let narep = scalar_arg(string_narep, NAME, "string_narep")?;
    let on_nulls = extract_enum::<SeparatorOnNulls>(separate_nulls)?;
    let policy = extract_enum::<OutputIfEmptyList>(empty_list_policy)?;
    Ok(PyColumn(run(py, move || {
        let s = match &sep {
            ColumnOrScalar::Column(c) => Separator::Column(c),
            ColumnOrScalar::Scalar(s) => Separator::Scalar(s),
        };
        join::join_list_elements(
            &lists_strings_column.0,
            s,
            &sep_narep.0,
            &narep.0,
            on_nulls,
            policy,
        )
    })?))
}

/// libcudf's line wrapping of every row at `width` characters.
#[pyfunction]
#[pyo3(signature = (input, width))]
pub fn wrap(py: Python<'_>, input: PyColumn, width: i64) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || core_wrap::wrap(&input.0, width))?))
}

/// Add these bindings to the extension module's `strings`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        swapcase,
        is_title,
        reverse_strings,
        code_points,
        capitalize_strings,
        title,
        all_characters_of_type,
        filter_characters_of_type,
        pad,
        zfill,
        repeat_strings,
        like_strings,
        replace_slice,
        replace_multiple,
        partition_strings,
        translate_strings,
        filter_characters,
        find_multiple,
        join_strings,
        join_list_elements,
        wrap,
    )
}
