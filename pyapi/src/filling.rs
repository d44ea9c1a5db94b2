//! `plc.filling`: fill, sequence and repeat. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::{add_functions, index, indices, plc_fn, type_name};
use crate::column::PyColumn;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::filling;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

fn range(begin: i64, end: i64) -> PyResult<(usize, usize)> {
    let r = indices(vec![begin, end], "fill range index")?;
    Ok((r[0], r[1]))
}

plc_fn! {
    /// `destination` with rows `begin..end` set to `value`.
    fn fill(
        py,
        destination: PyColumn,
        begin: i64,
        end: i64,
        value: PyScalar,
    ) [stream, mr] -> PyColumn {
        let (b, e) = range(begin, end)?;
        run(py, move || filling::fill(&destination.0, b, e, &value.0)).map(PyColumn)
    }

    /// Set rows `begin..end` of `destination` to `value`.
    fn fill_in_place(
        py,
        destination: PyColumn,
        begin: i64,
        end: i64,
        value: PyScalar,
    ) [stream] -> () {
        let (b, e) = range(begin, end)?;
        run(py, move || filling::fill_in_place(&destination.0, b, e, &value.0))
    }

    /// `size` rows `init, init + step, ...`.
    fn sequence(py, size: i64, init: PyScalar, step: PyScalar) [stream, mr] -> PyColumn {
        if size < 0 {
            return Err(PyValueError::new_err(format!("sequence size {size} is negative")));
        }
        let n = index(size, "size")?;
        run(py, move || filling::sequence(n, &init.0, &step.0)).map(PyColumn)
    }

    /// Every row repeated `count` times (an int, or a Column of per-row counts).
    /// `size` timestamps from `init`, `months` calendar months apart.
    fn calendrical_month_sequence(py, n: i64, init: PyScalar, months: i64) [stream, mr]
        -> PyColumn
    {
        if n < 0 {
            return Err(PyValueError::new_err(format!(
                "calendrical_month_sequence: n must not be negative, got {n}"
            )));
        }
        let n = index(n, "n")?;
        run(py, move || filling::calendrical_month_sequence(n, &init.0, months)).map(PyColumn)
    }

    fn repeat(py, input_table: PyTable, count: &Bound<'_, PyAny>) [stream, mr] -> PyTable {
        if let Ok(c) = count.extract::<PyColumn>() {
            return run(py, move || {
                filling::repeat(&input_table.0, filling::RepeatCount::PerRow(&c.0))
            })
            .map(PyTable);
        }
        let k: i64 = count.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "repeat count must be an int or a Column, got {}",
                type_name(count)
            ))
        })?;
        if k < 0 {
            return Err(PyValueError::new_err(format!("repeat count {k} is negative")));
        }
        let k =
            usize::try_from(k).map_err(|_| PyOverflowError::new_err("repeat count too large"))?;
        run(py, move || filling::repeat(&input_table.0, filling::RepeatCount::All(k)))
            .map(PyTable)
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        fill,
        fill_in_place,
        sequence,
        repeat,
        calendrical_month_sequence
    )
}
