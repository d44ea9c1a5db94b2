//! `plc.search`: lower_bound, upper_bound and contains.

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::table::PyTable;
use ferrodf_core::named_enum::NamedEnum;
use ferrodf_core::ops::search::{self, NullOrder, Order};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// A list of enum values (`column_order`, `null_precedence`): a TypeError names the argument.
fn enum_list<E: NamedEnum>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<E>> {
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a list of {} values", E::INFO.name))
    })?;
    items.map(|item| extract_enum::<E>(&item?)).collect()
}

pub(crate) fn orders(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Order>> {
    enum_list(obj, "column_order")
}

pub(crate) fn null_orders(obj: &Bound<'_, PyAny>) -> PyResult<Vec<NullOrder>> {
    enum_list(obj, "null_precedence")
}

/// Bindings `name(<args>, column_order, null_precedence, stream=None, mr=None)` of the
/// core function `$module::name(<args>, &orders, &null_orders)`; the search and sorting
/// functions that order rows by a list of columns.
macro_rules! ordered_fns {
    ($module:ident: $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),+) -> $out:ident;)*) => {
        $crate::args::plc_fn! {$(
            $(#[$doc])*
            fn $name(
                py,
                $($arg: $ty,)+
                column_order: &Bound<'_, PyAny>,
                null_precedence: &Bound<'_, PyAny>,
            ) [stream, mr] -> $out {
                let orders = $crate::search::orders(column_order)?;
                let null_orders = $crate::search::null_orders(null_precedence)?;
                run(py, move || $module::$name($(&$arg.0,)+ &orders, &null_orders)).map($out)
            }
        )*}
    };
}
pub(crate) use ordered_fns;

ordered_fns! { search:
    /// For each needle row, the first position of the sorted haystack where it fits.
    lower_bound(haystack: PyTable, needles: PyTable) -> PyColumn;
    /// For each needle row, the last position of the sorted haystack where it fits.
    upper_bound(haystack: PyTable, needles: PyTable) -> PyColumn;
}

plc_fn! {
    /// Whether each needle occurs in the haystack (BOOL8, null for null needles).
    fn contains(py, haystack: PyColumn, needles: PyColumn) [stream, mr] -> PyColumn {
        run(py, move || search::contains(&haystack.0, &needles.0)).map(PyColumn)
    }
}

/// Register the search bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, lower_bound, upper_bound, contains)
}
