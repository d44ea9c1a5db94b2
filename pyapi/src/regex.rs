//! `plc.strings.regex_program`, `plc.strings.contains` (regex functions) and
//! `plc.strings.replace_re`.

use crate::args::add_functions;
use crate::column::PyColumn;
use crate::enums::enum_value;
use crate::errors::run;
use crate::scalar::PyScalar;
use ferrodf_core::ops::strings::regex::{RegexProgram, contains, replace};
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRegexProgram>()?;
    add_functions!(m, regex_search, replace_re, replace_with_backrefs)
}
