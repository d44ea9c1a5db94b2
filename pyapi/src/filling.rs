//! `plc.filling`: fill, sequence and repeat. Argument conversion only; the semantics live in
//! ferrodf-core.

use crate::args::{Opt, index, indices, type_name};
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

#[pyfunction]
#[pyo3(signature = (destination, begin, end, value, stream = None, mr = None))]
pub fn fill(
    py: Python<'_>,
    destination: PyColumn,
    begin: i64,
    end: i64,
    value: PyScalar,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let (b, e) = range(begin, end)?;
    run(py, move || filling::fill(&destination.0, b, e, &value.0)).map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (destination, begin, end, value, stream = None))]
pub fn fill_in_place(
    py: Python<'_>,
    destination: PyColumn,
    begin: i64,
    end: i64,
    value: PyScalar,
    stream: Opt,
) -> PyResult<()> {
    let _ = stream;
    let (b, e) = range(begin, end)?;
    run(py, move || {
        filling::fill_in_place(&destination.0, b, e, &value.0)
    })
}

#[pyfunction]
#[pyo3(signature = (size, init, step, stream = None, mr = None))]
pub fn sequence(
    py: Python<'_>,
    size: i64,
    init: PyScalar,
    step: PyScalar,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    if size < 0 {
        return Err(PyValueError::new_err(format!(
            "sequence size {size} is negative"
        )));
    }
    let n = index(size, "size")?;
    run(py, move || filling::sequence(n, &init.0, &step.0)).map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (input_table, count, stream = None, mr = None))]
pub fn repeat(
    py: Python<'_>,
    input_table: PyTable,
    count: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
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
        return Err(PyValueError::new_err(format!(
            "repeat count {k} is negative"
        )));
    }
    let k = usize::try_from(k).map_err(|_| PyOverflowError::new_err("repeat count too large"))?;
    run(py, move || {
        filling::repeat(&input_table.0, filling::RepeatCount::All(k))
    })
    .map(PyTable)
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),* $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )* };
    }
    add!(fill, fill_in_place, sequence, repeat);
    Ok(())
}
