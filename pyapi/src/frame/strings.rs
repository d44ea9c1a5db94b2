//! `Series.str` for Python: argument conversion only; the pattern rules (what is a regex,
//! `case`, flags, `na`, Python replacement templates) live in
//! `ferrodf::accessors::StringMethods`.

use ferrodf::accessors::PatternOptions;
use pyo3::prelude::*;

use super::objects::{PyDataFrame, PySeries};
use crate::errors::{IntoPyResult, run};

fn options(case: bool, flags: u32, regex: bool) -> PatternOptions {
    PatternOptions { case, flags, regex }
}

#[pymethods]
impl PySeries {
    /// Raises TypeError unless the values are strings.
    fn str_check(&self) -> PyResult<()> {
        self.0.str().map(|_| ()).py()
    }

    /// `how`: "len", "lower" or "upper".
    fn str_unary(&self, py: Python<'_>, how: &str) -> PyResult<PySeries> {
        let (s, how) = (self.0.clone(), how.to_string());
        run(py, move || {
            let m = s.str()?;
            match how.as_str() {
                "len" => m.len(),
                "lower" => m.lower(),
                "upper" => m.upper(),
                other => Err(ferrodf::core::Error::value(format!(
                    "unknown str method {other}"
                ))),
            }
        })
        .map(PySeries)
    }

    /// `how`: "contains", "match" or "fullmatch".
    #[pyo3(signature = (how, pat, case = true, flags = 0, na = None, regex = true))]
    #[allow(clippy::too_many_arguments)]
    fn str_match(
        &self,
        py: Python<'_>,
        how: &str,
        pat: String,
        case: bool,
        flags: u32,
        na: Option<bool>,
        regex: bool,
    ) -> PyResult<PySeries> {
        let (s, how, opts) = (self.0.clone(), how.to_string(), options(case, flags, regex));
        run(py, move || {
            let m = s.str()?;
            match how.as_str() {
                "contains" => m.contains(&pat, opts, na),
                "match" => m.match_regex(&pat, opts, na),
                _ => m.fullmatch(&pat, opts, na),
            }
        })
        .map(PySeries)
    }

    fn str_count(&self, py: Python<'_>, pat: String, flags: u32) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.str()?.count(&pat, options(true, flags, true))).map(PySeries)
    }

    /// `ends`: endswith rather than startswith.
    fn str_affix(
        &self,
        py: Python<'_>,
        pat: String,
        ends: bool,
        na: Option<bool>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || {
            let m = s.str()?;
            if ends {
                m.endswith(&pat, na)
            } else {
                m.startswith(&pat, na)
            }
        })
        .map(PySeries)
    }

    fn str_find(
        &self,
        py: Python<'_>,
        sub: String,
        start: i64,
        end: Option<i64>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.str()?.find(&sub, start, end)).map(PySeries)
    }

    #[allow(clippy::too_many_arguments)]
    fn str_replace(
        &self,
        py: Python<'_>,
        pat: String,
        repl: String,
        n: i64,
        case: bool,
        flags: u32,
        regex: bool,
    ) -> PyResult<PySeries> {
        let (s, opts) = (self.0.clone(), options(case, flags, regex));
        run(py, move || s.str()?.replace(&pat, &repl, n, opts)).map(PySeries)
    }

    fn str_slice(
        &self,
        py: Python<'_>,
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.str()?.slice(start, stop, step)).map(PySeries)
    }

    fn str_get(&self, py: Python<'_>, i: i64) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.str()?.get(i)).map(PySeries)
    }

    /// `side`: "both", "left" or "right".
    fn str_strip(
        &self,
        py: Python<'_>,
        side: &str,
        to_strip: Option<String>,
    ) -> PyResult<PySeries> {
        let (s, side) = (self.0.clone(), side.to_string());
        run(py, move || {
            let m = s.str()?;
            let chars = to_strip.as_deref();
            match side.as_str() {
                "left" => m.lstrip(chars),
                "right" => m.rstrip(chars),
                _ => m.strip(chars),
            }
        })
        .map(PySeries)
    }

    /// pandas' `str.extract`: a DataFrame of the capture groups, or with `expand` False
    /// (one group) a Series.
    fn str_extract(
        &self,
        py: Python<'_>,
        pat: String,
        flags: u32,
        expand: bool,
    ) -> PyResult<Py<PyAny>> {
        let s = self.0.clone();
        if expand {
            let out = run(py, move || s.str()?.extract_frame(&pat, flags))?;
            Ok(Py::new(py, PyDataFrame(out))?.into_any())
        } else {
            let out = run(py, move || s.str()?.extract_series(&pat, flags))?;
            Ok(Py::new(py, PySeries(out))?.into_any())
        }
    }

    /// pandas' `str.findall`: a Series of lists of the matches.
    fn str_findall(&self, py: Python<'_>, pat: String, flags: u32) -> PyResult<PySeries> {
        let s = self.0.clone();
        run(py, move || s.str()?.findall(&pat, flags)).map(PySeries)
    }

    /// A Series of lists, or with `expand` a DataFrame of the parts.
    fn str_split(
        &self,
        py: Python<'_>,
        pat: Option<String>,
        n: i64,
        regex: Option<bool>,
        expand: bool,
    ) -> PyResult<Py<PyAny>> {
        let s = self.0.clone();
        if expand {
            let out = run(py, move || s.str()?.split_frame(pat.as_deref(), n, regex))?;
            Ok(Py::new(py, PyDataFrame(out))?.into_any())
        } else {
            let out = run(py, move || s.str()?.split(pat.as_deref(), n, regex))?;
            Ok(Py::new(py, PySeries(out))?.into_any())
        }
    }

    fn str_cat(
        &self,
        py: Python<'_>,
        others: Vec<PySeries>,
        sep: String,
        na_rep: Option<String>,
    ) -> PyResult<PySeries> {
        let s = self.0.clone();
        let others: Vec<ferrodf::Series> = others.into_iter().map(|o| o.0).collect();
        run(py, move || s.str()?.cat(&others, &sep, na_rep.as_deref())).map(PySeries)
    }

    fn str_cat_all(&self, py: Python<'_>, sep: String, na_rep: Option<String>) -> PyResult<String> {
        let s = self.0.clone();
        run(py, move || s.str()?.cat_all(&sep, na_rep.as_deref()))
    }
}
