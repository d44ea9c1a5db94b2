//! `plc.labeling`: label_bins.

use crate::args::{add_functions, plc_fn};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use ferrodf_core::ops::labeling::{self, Inclusive};
use pyo3::prelude::*;

plc_fn! {
    /// The INT32 bin of every row (null when none holds it).
    fn label_bins(
        py,
        input: PyColumn,
        left_edges: PyColumn,
        left_inclusive: &Bound<'_, PyAny>,
        right_edges: PyColumn,
        right_inclusive: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let li = extract_enum::<Inclusive>(left_inclusive)?;
        let ri = extract_enum::<Inclusive>(right_inclusive)?;
        run(py, move || {
            labeling::label_bins(&input.0, &left_edges.0, li, &right_edges.0, ri)
        })
        .map(PyColumn)
    }
}

/// Register the labeling bindings.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, label_bins)
}
