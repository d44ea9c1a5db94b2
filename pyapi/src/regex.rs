//! `plc.strings.regex_program`, `plc.strings.contains` (regex functions),
//! `plc.strings.replace_re`, `plc.strings.findall`, `plc.strings.extract` and the regex
//! splits of `plc.strings.split.split`.

use crate::args::add_functions;
use crate::column::PyColumn;
use crate::enums::enum_value;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::strings::regex::{
    RegexProgram, contains, extract, findall, replace, split as re_split,
};
use pyo3::prelude::*;

/// A compiled regular expression (pylibcudf's `RegexProgram`): build it with `create`.
#[pyclass(
    name = "RegexProgram",
    module = "ferrodf.plc.strings.regex_program",
    frozen
)]
pub struct PyRegexProgram(pub RegexProgram);

#[pymethods]
impl PyRegexProgram {
    /// Compile `pattern` with `flags` (RegexFlags bits); ValueError for a pattern the
    /// engine rejects.
    #[staticmethod]
    #[pyo3(signature = (pattern, flags = None))]
    fn create(py: Python<'_>, pattern: String, flags: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let flags = match flags {
            Some(f) if !f.is_none() => enum_value(f, "RegexFlags")?,
            _ => 0,
        };
        if flags < 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "{flags} is not a valid RegexFlags value"
            )));
        }
        Ok(PyRegexProgram(run(py, move || {
            RegexProgram::create(&pattern, flags as u32)
        })?))
    }

    /// The pattern as given.
    #[getter]
    fn pattern(&self) -> String {
        self.0.pattern().to_string()
    }

    /// The flags as given (an int).
    #[getter]
    fn flags(&self) -> u32 {
        self.0.flags()
    }

    /// Number of capture groups in the pattern.
    fn groups_count(&self) -> usize {
        self.0.groups_count()
    }

    fn __repr__(&self) -> String {
        format!(
            "RegexProgram({:?}, flags={})",
            self.0.pattern(),
            self.0.flags()
        )
    }
}

/// contains_re (op 0), matches_re (1) or count_re (2).
#[pyfunction]
#[pyo3(name = "regex_search")]
pub fn regex_search(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    op: i32,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || match op {
        0 => contains::contains_re(&input.0, &p),
        1 => contains::matches_re(&input.0, &p),
        _ => contains::count_re(&input.0, &p),
    })?))
}

/// Replace matches by a string scalar.
#[pyfunction]
#[pyo3(name = "replace_re", signature = (input, prog, replacement, max_replace_count = -1))]
pub fn replace_re(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    replacement: PyScalar,
    max_replace_count: i64,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || {
        replace::replace_re(&input.0, &p, &replacement.0, max_replace_count)
    })?))
}

/// Replace matches by a template with group references.
#[pyfunction]
#[pyo3(name = "replace_with_backrefs", signature = (input, prog, replacement, max_replace_count = -1))]
pub fn replace_with_backrefs(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    replacement: String,
    max_replace_count: i64,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || {
        replace::replace_with_backrefs_n(&input.0, &p, &replacement, max_replace_count)
    })?))
}

/// LIST<STRING> of every match of each row.
#[pyfunction]
#[pyo3(name = "findall")]
pub fn findall_re(
    py: Python<'_>,
    input: PyColumn,
    pattern: PyRef<'_, PyRegexProgram>,
) -> PyResult<PyColumn> {
    let p = pattern.0.clone();
    Ok(PyColumn(run(py, move || findall::findall(&input.0, &p))?))
}

/// INT32 character position of each row's first match (-1 without one).
#[pyfunction]
#[pyo3(name = "find_re")]
pub fn find_re(
    py: Python<'_>,
    input: PyColumn,
    pattern: PyRef<'_, PyRegexProgram>,
) -> PyResult<PyColumn> {
    let p = pattern.0.clone();
    Ok(PyColumn(run(py, move || findall::find_re(&input.0, &p))?))
}

/// A table with a column per capture group of each row's first match.
#[pyfunction]
#[pyo3(name = "extract")]
pub fn extract_groups(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
) -> PyResult<PyTable> {
    let p = prog.0.clone();
    Ok(PyTable(run(py, move || extract::extract(&input.0, &p))?))
}

/// One capture group (0 is the first) of each row's first match.
#[pyfunction]
#[pyo3(name = "extract_single")]
pub fn extract_single(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    group: i64,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || {
        extract::extract_single(&input.0, &p, group)
    })?))
}

/// LIST<STRING> of every capture group of every match of each row.
#[pyfunction]
#[pyo3(name = "extract_all_record")]
pub fn extract_all_record(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || {
        extract::extract_all_record(&input.0, &p)
    })?))
}

/// split_re / rsplit_re (when `reverse`): a table of token columns.
#[pyfunction]
#[pyo3(name = "split_re", signature = (input, prog, maxsplit, reverse = false))]
pub fn split_re(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    maxsplit: i64,
    reverse: bool,
) -> PyResult<PyTable> {
    let p = prog.0.clone();
    Ok(PyTable(run(py, move || {
        if reverse {
            re_split::rsplit_re(&input.0, &p, maxsplit)
        } else {
            re_split::split_re(&input.0, &p, maxsplit)
        }
    })?))
}

/// split_record_re / rsplit_record_re (when `reverse`): a LIST<STRING> column.
#[pyfunction]
#[pyo3(name = "split_record_re", signature = (input, prog, maxsplit, reverse = false))]
pub fn split_record_re(
    py: Python<'_>,
    input: PyColumn,
    prog: PyRef<'_, PyRegexProgram>,
    maxsplit: i64,
    reverse: bool,
) -> PyResult<PyColumn> {
    let p = prog.0.clone();
    Ok(PyColumn(run(py, move || {
        if reverse {
            re_split::rsplit_record_re(&input.0, &p, maxsplit)
        } else {
            re_split::split_record_re(&input.0, &p, maxsplit)
        }
    })?))
}

/// The words the device regex kernels read for `prog` (tests run the kernel sources on
/// the CPU with them): `((dfa_words, reverse_offset) | None, capture_words | None)`.
#[pyfunction]
#[pyo3(name = "_regex_device_words")]
#[allow(clippy::type_complexity)]
pub fn regex_device_words(
    py: Python<'_>,
    prog: PyRef<'_, PyRegexProgram>,
) -> PyResult<(Option<(Vec<u32>, usize)>, Option<Vec<u32>>)> {
    let p = prog.0.clone();
    run(py, move || Ok(p.device_words()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRegexProgram>()?;
    add_functions!(
        m,
        regex_search,
        replace_re,
        replace_with_backrefs,
        findall_re,
        find_re,
        extract_groups,
        extract_single,
        extract_all_record,
        split_re,
        split_record_re,
        regex_device_words,
    )
}
