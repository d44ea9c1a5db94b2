//! Argument helpers shared by the plc binding files: optional stream/mr arguments (and
//! [`plc_fn!`], which writes them once for every binding), registration ([`add_functions!`]),
//! type names for error messages, and row-index conversion.

use crate::column::PyColumn;
use crate::scalar::PyScalar;
use ferrodf_core::{Column, Scalar};
use pyo3::exceptions::{PyIndexError, PyOverflowError};
use pyo3::prelude::*;

pub(crate) type Opt<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// A Column or a Scalar argument (pylibcudf's `ColumnOrScalar`).
pub(crate) enum ColumnOrScalar {
    Column(Column),
    Scalar(Scalar),
}

impl ColumnOrScalar {
    /// `None` for any other object: each binding words its own TypeError.
    pub(crate) fn extract(obj: &Bound<'_, PyAny>) -> Option<Self> {
        if let Ok(c) = obj.extract::<PyColumn>() {
            return Some(Self::Column(c.0));
        }
        obj.extract::<PyScalar>().ok().map(|s| Self::Scalar(s.0))
    }
}

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

/// Column indices: Python ints that must be non-negative (an IndexError names `what`).
pub(crate) fn non_negative(values: Vec<i64>, what: &str) -> PyResult<Vec<usize>> {
    values
        .into_iter()
        .map(|v| {
            usize::try_from(v).map_err(|_| PyIndexError::new_err(format!("{what} {v} is negative")))
        })
        .collect()
}

pub(crate) fn index(v: i64, what: &str) -> PyResult<usize> {
    Ok(indices(vec![v], what)?[0])
}

/// Stamps out `plc` bindings whose pylibcudf signatures end in `stream=None` (and usually
/// `mr=None`): a given stream is honoured by ordering the binding's work with it, an `mr`
/// is checked (see [`crate::stream`]). Writing them here keeps each binding down to its
/// own arguments and its body.
///
/// Each item reads `fn name(py, arg: Type = default, ...) [stream, mr] -> Out { body }`: the
/// Python signature is the arguments in order (defaults as written) followed by the bracketed
/// ones, each `= None`; `py` names the `Python` token the body may use.
macro_rules! plc_fn {
    ($(
        $(#[$meta:meta])*
        fn $name:ident($py:ident $(, $arg:ident: $ty:ty $(= $default:tt)?)* $(,)?)
            [$($ordering:ident),+] -> $out:ty $body:block
    )*) => {$(
        $(#[$meta])*
        #[pyfunction]
        #[pyo3(signature = ($($arg $(= $default)?,)* $($ordering = None),+))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            $py: Python<'_>,
            $($arg: $ty,)*
            $($ordering: $crate::args::Opt,)+
        ) -> PyResult<$out> {
            // Kept alive to the end of the call: the last statement orders the caller's
            // stream after this binding's work.
            $(let _order = $crate::stream::honour($py, stringify!($ordering), $ordering)?;)+
            $body
        }
    )*};
}
pub(crate) use plc_fn;

/// [`plc_fn!`] for methods: `impl Class { fn name<'py>(&self, py, args...) [stream] -> Out
/// { body } ... }` becomes one `#[pymethods]` block (`'py` is the `Python` token's lifetime).
macro_rules! plc_methods {
    (impl $class:ident {$(
        $(#[$meta:meta])*
        fn $name:ident<$lt:lifetime>(
            &$this:ident,
            $py:ident $(, $arg:ident: $ty:ty $(= $default:tt)?)* $(,)?
        ) [$($ordering:ident),+] -> $out:ty $body:block
    )*}) => {
        #[pymethods]
        impl $class {$(
            $(#[$meta])*
            #[pyo3(signature = ($($arg $(= $default)?,)* $($ordering = None),+))]
            fn $name<$lt>(
                &$this,
                $py: Python<$lt>,
                $($arg: $ty,)*
                $($ordering: $crate::args::Opt,)+
            ) -> PyResult<$out> {
                $(let _order = $crate::stream::honour($py, stringify!($ordering), $ordering)?;)+
                $body
            }
        )*}
    };
}
pub(crate) use plc_methods;

/// [`plc_fn!`] for a family of bindings with one signature and one body, each over its own
/// core function: `fn op(py, args...) [stream, mr] -> Out { body } for { name = core::path; ... }`
/// defines every `name`, whose body sees its core function as `op`.
macro_rules! plc_family {
    (fn $op:ident $params:tt [$($ordering:ident),+] -> $out:ty $body:block for {}) => {};
    (
        fn $op:ident $params:tt [$($ordering:ident),+] -> $out:ty $body:block for {
            $(#[$doc:meta])* $name:ident = $core:path;
            $($rest:tt)*
        }
    ) => {
        $crate::args::plc_fn! {
            $(#[$doc])*
            fn $name $params [$($ordering),+] -> $out {
                let $op = $core;
                $body
            }
        }
        $crate::args::plc_family! {
            fn $op $params [$($ordering),+] -> $out $body for { $($rest)* }
        }
    };
}
pub(crate) use plc_family;

/// [`plc_family!`] for the bindings that take one Column (`input`) and return one Column,
/// the commonest plc shape: `name = core::path;` per binding, each with its doc comment.
macro_rules! column_fns {
    ($($(#[$doc:meta])* $name:ident = $core:path;)*) => {
        $crate::args::plc_family! {
            fn column_op(py, input: $crate::column::PyColumn) [stream, mr]
                -> $crate::column::PyColumn
            {
                $crate::errors::run(py, move || column_op(&input.0)).map($crate::column::PyColumn)
            } for {
                $($(#[$doc])* $name = $core;)*
            }
        }
    };
}
pub(crate) use column_fns;

/// Adds the named `#[pyfunction]`s to module `m`.
macro_rules! add_functions {
    ($m:expr, $($f:path),+ $(,)?) => {{
        $( $m.add_function(wrap_pyfunction!($f, $m)?)?; )+
        Ok(())
    }};
}
pub(crate) use add_functions;
