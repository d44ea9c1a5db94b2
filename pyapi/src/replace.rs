//! `plc.replace`: null replacement, find-and-replace, clamping and NaN/zero normalization.
//! Argument conversion only; the semantics live in ferrodf-core.

use crate::args::{ColumnOrScalar, add_functions, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use ferrodf_core::ops::replace;
use ferrodf_core::params::ReplacePolicy;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// What `replace_nulls` fills nulls with (owned until the core call borrows it).
enum Replacement {
    Values(ColumnOrScalar),
    Policy(ReplacePolicy),
}

plc_fn! {
    /// The column with its nulls replaced by a Column's or a Scalar's values, or by the
    /// preceding or following valid value (a ReplacePolicy).
    fn replace_nulls(py, source_column: PyColumn, replacement: &Bound<'_, PyAny>) [stream, mr]
        -> PyColumn
    {
        let is_policy = || replacement.get_type().name().is_ok_and(|n| n == "ReplacePolicy");
        let with = match ColumnOrScalar::extract(replacement) {
            Some(v) => Replacement::Values(v),
            None if is_policy() => Replacement::Policy(extract_enum(replacement)?),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "replace_nulls: replacement must be a Column, a Scalar or a ReplacePolicy, \
                     got {}",
                    type_name(replacement)
                )));
            }
        };
        run(py, move || {
            let with = match &with {
                Replacement::Values(ColumnOrScalar::Column(c)) => replace::Replacement::Column(c),
                Replacement::Values(ColumnOrScalar::Scalar(s)) => replace::Replacement::Scalar(s),
                Replacement::Policy(p) => replace::Replacement::Policy {
                    following: *p == ReplacePolicy::Following,
                },
            };
            replace::replace_nulls(&source_column.0, with)
        })
        .map(PyColumn)
    }

    /// The column with every value of `values_to_replace` replaced by its counterpart.
    fn find_and_replace_all(
        py,
        source_column: PyColumn,
        values_to_replace: PyColumn,
        replacement_values: PyColumn,
    ) [stream, mr] -> PyColumn {
        run(py, move || {
            replace::find_and_replace_all(
                &source_column.0,
                &values_to_replace.0,
                &replacement_values.0,
            )
        })
        .map(PyColumn)
    }

    /// The column with values below `lo` / above `hi` replaced.
    fn clamp(
        py,
        source_column: PyColumn,
        lo: PyScalar,
        hi: PyScalar,
        lo_replace: Option<PyScalar> = None,
        hi_replace: Option<PyScalar> = None,
    ) [stream, mr] -> PyColumn {
        run(py, move || {
            replace::clamp(
                &source_column.0,
                &lo.0,
                &hi.0,
                lo_replace.as_ref().map(|s| &s.0),
                hi_replace.as_ref().map(|s| &s.0),
            )
        })
        .map(PyColumn)
    }

    /// -NaN to NaN and -0.0 to 0.0: a new column, or (`inplace`) the input changed.
    fn normalize_nans_and_zeros(py, source_column: PyColumn, inplace: bool = false) [stream, mr]
        -> Option<PyColumn>
    {
        if inplace {
            run(py, move || replace::normalize_nans_and_zeros_in_place(&source_column.0))?;
            return Ok(None);
        }
        run(py, move || replace::normalize_nans_and_zeros(&source_column.0))
            .map(|c| Some(PyColumn(c)))
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        replace_nulls,
        find_and_replace_all,
        clamp,
        normalize_nans_and_zeros
    )
}
