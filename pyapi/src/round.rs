//! `plc.round`: round and round_decimal.

use crate::args::{Opt, add_functions, plc_family};
use crate::column::PyColumn;
use crate::enums::extract_enum_or;
use crate::errors::run;
use ferrodf_core::ops::round::{self as core_round, RoundingMethod};
use pyo3::prelude::*;

plc_family! {
    fn round_op(
        py,
        source: PyColumn,
        decimal_places: i32 = 0,
        round_method: Opt = None,
    ) [stream, mr] -> PyColumn {
        let method = extract_enum_or(round_method, RoundingMethod::HalfUp)?;
        run(py, move || round_op(&source.0, decimal_places, method)).map(PyColumn)
    } for {
        /// Round to `decimal_places` digits.
        round = core_round::round;
        /// Round integers or decimals to `decimal_places` digits.
        round_decimal = core_round::round_decimal;
    }
}

/// Register the round bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, round, round_decimal)
}
