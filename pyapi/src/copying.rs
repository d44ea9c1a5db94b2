//! `plc.copying`: gather, scatter, slicing and other row copies. Argument conversion only;
//! the semantics live in ferrodf-core.

use crate::args::{Opt, index, indices, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::{IntoPyResult, run};
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::copying::{
    self as cp, MaskAllocationPolicy, OutOfBoundsPolicy, Side, Source,
};
use ferrodf_core::{Column, Scalar, Table};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A Column or a Table argument.
enum ColumnOrTable {
    Column(Column),
    Table(Table),
}

fn column_or_table(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<ColumnOrTable> {
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(ColumnOrTable::Column(c.0));
    }
    if let Ok(t) = obj.extract::<PyTable>() {
        return Ok(ColumnOrTable::Table(t.0));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be a Column or a Table, got {}",
        type_name(obj)
    )))
}

fn source<'a>(
    obj: &Bound<'_, PyAny>,
    table: &'a mut Option<Table>,
    scalars: &'a mut Vec<Scalar>,
) -> PyResult<()> {
    if let Ok(t) = obj.extract::<PyTable>() {
        *table = Some(t.0);
        return Ok(());
    }
    if let Ok(list) = obj.cast::<PyList>() {
        for item in list.iter() {
            let s = item.extract::<PyScalar>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "source must be a Table or a list of Scalar, found a {}",
                    type_name(&item)
                ))
            })?;
            scalars.push(s.0);
        }
        return Ok(());
    }
    Err(PyTypeError::new_err(format!(
        "source must be a Table or a list of Scalar, got {}",
        type_name(obj)
    )))
}

// ---------------------------------------------------------------------------- copying

#[pyfunction]
#[pyo3(signature = (source_table, gather_map, bounds_policy, stream = None, mr = None))]
pub fn gather(
    py: Python<'_>,
    source_table: PyTable,
    gather_map: PyColumn,
    bounds_policy: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let policy = extract_enum::<OutOfBoundsPolicy>(bounds_policy)?;
    run(py, move || {
        cp::gather(&source_table.0, &gather_map.0, policy)
    })
    .map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (source, scatter_map, target_table, stream = None, mr = None))]
pub fn scatter(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    scatter_map: PyColumn,
    target_table: PyTable,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (mut table, mut scalars) = (None, Vec::new());
    self::source(source, &mut table, &mut scalars)?;
    run(py, move || {
        let src = match &table {
            Some(t) => Source::Table(t),
            None => Source::Scalars(&scalars),
        };
        cp::scatter(src, &scatter_map.0, &target_table.0)
    })
    .map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, stream = None, mr = None))]
pub fn empty_like(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<Py<PyAny>> {
    let _ = (stream, mr);
    match column_or_table(input, "empty_like: input")? {
        ColumnOrTable::Column(c) => Ok(PyColumn(run(py, move || cp::empty_like(&c))?)
            .into_pyobject(py)?
            .into_any()
            .unbind()),
        ColumnOrTable::Table(t) => {
            let cols = run(py, move || {
                t.columns()
                    .iter()
                    .map(cp::empty_like)
                    .collect::<ferrodf_core::Result<Vec<_>>>()
            })?;
            let t = if cols.is_empty() {
                Table::empty_with_rows(0)
            } else {
                Table::new(cols).py()?
            };
            Ok(PyTable(t).into_pyobject(py)?.into_any().unbind())
        }
    }
}

#[pyfunction]
#[pyo3(signature = (input_column, policy, size = None, stream = None, mr = None))]
pub fn allocate_like(
    py: Python<'_>,
    input_column: PyColumn,
    policy: &Bound<'_, PyAny>,
    size: Option<i64>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let policy = extract_enum::<MaskAllocationPolicy>(policy)?;
    let size = size
        .map(|s| {
            if s < 0 {
                Err(PyValueError::new_err(format!("size {s} is negative")))
            } else {
                index(s, "size")
            }
        })
        .transpose()?;
    run(py, move || cp::allocate_like(&input_column.0, policy, size)).map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (input_column, target_column, input_begin, input_end, target_begin, stream = None))]
pub fn copy_range_in_place(
    py: Python<'_>,
    input_column: PyColumn,
    target_column: PyColumn,
    input_begin: i64,
    input_end: i64,
    target_begin: i64,
    stream: Opt,
) -> PyResult<()> {
    let _ = stream;
    let r = indices(vec![input_begin, input_end, target_begin], "range index")?;
    run(py, move || {
        cp::copy_range_in_place(&input_column.0, &target_column.0, r[0], r[1], r[2])
    })
}

#[pyfunction]
#[pyo3(signature = (input_column, target_column, input_begin, input_end, target_begin, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn copy_range(
    py: Python<'_>,
    input_column: PyColumn,
    target_column: PyColumn,
    input_begin: i64,
    input_end: i64,
    target_begin: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let r = indices(vec![input_begin, input_end, target_begin], "range index")?;
    run(py, move || {
        cp::copy_range(&input_column.0, &target_column.0, r[0], r[1], r[2])
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (input, offset, fill_value, stream = None, mr = None))]
pub fn shift(
    py: Python<'_>,
    input: PyColumn,
    offset: i64,
    fill_value: PyScalar,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    if offset.unsigned_abs() > i32::MAX as u64 {
        return Err(PyOverflowError::new_err(format!(
            "shift offset {offset} does not fit in 32 bits"
        )));
    }
    run(py, move || cp::shift(&input.0, offset, &fill_value.0)).map(PyColumn)
}

fn pieces(
    py: Python<'_>,
    input: ColumnOrTable,
    f_col: impl FnOnce(&Column) -> ferrodf_core::Result<Vec<Column>> + Send,
    f_tab: impl FnOnce(&Table) -> ferrodf_core::Result<Vec<Table>> + Send,
) -> PyResult<Py<PyList>> {
    match input {
        ColumnOrTable::Column(c) => {
            let out = run(py, move || f_col(&c))?;
            Ok(PyList::new(py, out.into_iter().map(PyColumn))?.unbind())
        }
        ColumnOrTable::Table(t) => {
            let out = run(py, move || f_tab(&t))?;
            Ok(PyList::new(py, out.into_iter().map(PyTable))?.unbind())
        }
    }
}

#[pyfunction]
#[pyo3(signature = (input, indices, stream = None))]
pub fn slice(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    indices: Vec<i64>,
    stream: Opt,
) -> PyResult<Py<PyList>> {
    let _ = stream;
    let idx = self::indices(indices, "slice index")?;
    let i2 = idx.clone();
    pieces(
        py,
        column_or_table(input, "slice: input")?,
        move |c| cp::slice(c, &idx),
        move |t| cp::slice_table(t, &i2),
    )
}

#[pyfunction]
#[pyo3(signature = (input, splits, stream = None))]
pub fn split(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    splits: Vec<i64>,
    stream: Opt,
) -> PyResult<Py<PyList>> {
    let _ = stream;
    let idx = indices(splits, "split point")?;
    let i2 = idx.clone();
    pieces(
        py,
        column_or_table(input, "split: input")?,
        move |c| cp::split(c, &idx),
        move |t| cp::split_table(t, &i2),
    )
}

enum Operand {
    Column(Column),
    Scalar(Scalar),
}

impl Operand {
    fn side(&self) -> Side<'_> {
        match self {
            Operand::Column(c) => Side::Column(c),
            Operand::Scalar(s) => Side::Scalar(s),
        }
    }
}

fn operand(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Operand> {
    if let Ok(c) = obj.extract::<PyColumn>() {
        return Ok(Operand::Column(c.0));
    }
    if let Ok(s) = obj.extract::<PyScalar>() {
        return Ok(Operand::Scalar(s.0));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be a Column or a Scalar, got {}",
        type_name(obj)
    )))
}

#[pyfunction]
#[pyo3(signature = (lhs, rhs, boolean_mask, stream = None, mr = None))]
pub fn copy_if_else(
    py: Python<'_>,
    lhs: &Bound<'_, PyAny>,
    rhs: &Bound<'_, PyAny>,
    boolean_mask: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let (l, r) = (
        operand(lhs, "copy_if_else: lhs")?,
        operand(rhs, "copy_if_else: rhs")?,
    );
    run(py, move || {
        cp::copy_if_else(l.side(), r.side(), &boolean_mask.0)
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (input, target, boolean_mask, stream = None, mr = None))]
pub fn boolean_mask_scatter(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    target: PyTable,
    boolean_mask: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (mut table, mut scalars) = (None, Vec::new());
    source(input, &mut table, &mut scalars)?;
    run(py, move || {
        let src = match &table {
            Some(t) => Source::Table(t),
            None => Source::Scalars(&scalars),
        };
        cp::boolean_mask_scatter(src, &target.0, &boolean_mask.0)
    })
    .map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input_column, index, stream = None, mr = None))]
pub fn get_element(
    py: Python<'_>,
    input_column: PyColumn,
    index: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyScalar> {
    let _ = (stream, mr);
    let i = self::index(index, "index")?;
    run(py, move || cp::get_element(&input_column.0, i)).map(PyScalar)
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),* $(,)?) => { $( m.add_function(wrap_pyfunction!($f, m)?)?; )* };
    }
    add!(
        gather,
        scatter,
        empty_like,
        allocate_like,
        copy_range_in_place,
        copy_range,
        shift,
        slice,
        split,
        copy_if_else,
        boolean_mask_scatter,
        get_element
    );
    Ok(())
}
