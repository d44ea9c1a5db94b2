//! `plc.copying`, `plc.concatenate`, `plc.filling`, `plc.stream_compaction` and
//! `plc.replace`: argument conversion only; the semantics live in ferrodf-core.

use crate::args::{Opt, index, indices, type_name};
use crate::column::PyColumn;
use crate::enums::enum_value;
use crate::errors::{IntoPyResult, run};
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::copying::{
    self as cp, MaskAllocationPolicy, OutOfBoundsPolicy, Side, Source,
};
use ferrodf_core::ops::stream_compaction::{self as sc, DuplicateKeepOption};
use ferrodf_core::ops::{concatenate as cc, filling, replace};
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
    let policy = match enum_value(bounds_policy, "OutOfBoundsPolicy")? {
        0 => OutOfBoundsPolicy::Nullify,
        1 => OutOfBoundsPolicy::DontCheck,
        v => {
            return Err(PyValueError::new_err(format!(
                "{v} is not an OutOfBoundsPolicy"
            )));
        }
    };
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
    let policy = match enum_value(policy, "MaskAllocationPolicy")? {
        0 => MaskAllocationPolicy::Never,
        1 => MaskAllocationPolicy::Retain,
        2 => MaskAllocationPolicy::Always,
        v => {
            return Err(PyValueError::new_err(format!(
                "{v} is not a MaskAllocationPolicy"
            )));
        }
    };
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

// ---------------------------------------------------------------------------- concatenate

#[pyfunction]
#[pyo3(signature = (objects, stream = None, mr = None))]
pub fn concatenate(
    py: Python<'_>,
    objects: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<Py<PyAny>> {
    let _ = (stream, mr);
    let items: Vec<Bound<'_, PyAny>> = objects
        .try_iter()
        .map_err(|_| PyTypeError::new_err("concatenate takes a list of Column or a list of Table"))?
        .collect::<PyResult<_>>()?;
    let Some(first) = items.first() else {
        return Err(PyValueError::new_err(
            "concatenate: the input list may not be empty",
        ));
    };
    if first.extract::<PyColumn>().is_ok() {
        let cols = items
            .iter()
            .map(|o| {
                o.extract::<PyColumn>().map(|c| c.0).map_err(|_| {
                    PyTypeError::new_err("concatenate: mix of Column and other objects")
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let out = run(py, move || cc::concatenate(&cols))?;
        return Ok(PyColumn(out).into_pyobject(py)?.into_any().unbind());
    }
    if first.extract::<PyTable>().is_ok() {
        let tabs = items
            .iter()
            .map(|o| {
                o.extract::<PyTable>().map(|t| t.0).map_err(|_| {
                    PyTypeError::new_err("concatenate: mix of Table and other objects")
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let out = run(py, move || cc::concatenate_tables(&tabs))?;
        return Ok(PyTable(out).into_pyobject(py)?.into_any().unbind());
    }
    Err(PyValueError::new_err(format!(
        "concatenate takes Columns or Tables, got {}",
        type_name(first)
    )))
}

// ---------------------------------------------------------------------------- filling

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

// ---------------------------------------------------------------------------- stream_compaction

fn keep_option(obj: &Bound<'_, PyAny>) -> PyResult<DuplicateKeepOption> {
    Ok(match enum_value(obj, "DuplicateKeepOption")? {
        0 => DuplicateKeepOption::KeepAny,
        1 => DuplicateKeepOption::KeepFirst,
        2 => DuplicateKeepOption::KeepLast,
        3 => DuplicateKeepOption::KeepNone,
        v => {
            return Err(PyValueError::new_err(format!(
                "{v} is not a DuplicateKeepOption"
            )));
        }
    })
}

/// NullEquality / NanEquality: EQUAL (ALL_EQUAL) = 0 -> true, UNEQUAL = 1 -> false.
fn equality(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    match enum_value(obj, what)? {
        0 => Ok(true),
        1 => Ok(false),
        v => Err(PyValueError::new_err(format!("{v} is not a {what}"))),
    }
}

fn key_indices(keys: Vec<i64>) -> PyResult<Vec<usize>> {
    indices(keys, "key column index")
}

#[pyfunction]
#[pyo3(signature = (source_table, keys, keep_threshold, stream = None, mr = None))]
pub fn drop_nulls(
    py: Python<'_>,
    source_table: PyTable,
    keys: Vec<i64>,
    keep_threshold: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, t) = (key_indices(keys)?, keep_threshold.max(0) as usize);
    run(py, move || sc::drop_nulls(&source_table.0, &k, t)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (source_table, keys, keep_threshold, stream = None, mr = None))]
pub fn drop_nans(
    py: Python<'_>,
    source_table: PyTable,
    keys: Vec<i64>,
    keep_threshold: i64,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, t) = (key_indices(keys)?, keep_threshold.max(0) as usize);
    run(py, move || sc::drop_nans(&source_table.0, &k, t)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (source_table, boolean_mask, stream = None, mr = None))]
pub fn apply_boolean_mask(
    py: Python<'_>,
    source_table: PyTable,
    boolean_mask: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    run(py, move || {
        sc::apply_boolean_mask(&source_table.0, &boolean_mask.0)
    })
    .map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, stream = None, mr = None))]
pub fn unique(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep, ne) = (
        key_indices(keys)?,
        keep_option(keep)?,
        equality(nulls_equal, "NullEquality")?,
    );
    run(py, move || sc::unique(&input.0, &k, keep, ne)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, nans_equal, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn distinct(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
    let (ne, na) = (
        equality(nulls_equal, "NullEquality")?,
        equality(nans_equal, "NanEquality")?,
    );
    run(py, move || sc::distinct(&input.0, &k, keep, ne, na)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keys, keep, nulls_equal, nans_equal, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn stable_distinct(
    py: Python<'_>,
    input: PyTable,
    keys: Vec<i64>,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyTable> {
    let _ = (stream, mr);
    let (k, keep) = (key_indices(keys)?, keep_option(keep)?);
    let (ne, na) = (
        equality(nulls_equal, "NullEquality")?,
        equality(nans_equal, "NanEquality")?,
    );
    run(py, move || sc::stable_distinct(&input.0, &k, keep, ne, na)).map(PyTable)
}

#[pyfunction]
#[pyo3(signature = (input, keep, nulls_equal, nans_equal, stream = None, mr = None))]
pub fn distinct_indices(
    py: Python<'_>,
    input: PyTable,
    keep: &Bound<'_, PyAny>,
    nulls_equal: &Bound<'_, PyAny>,
    nans_equal: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let keep = keep_option(keep)?;
    let (ne, na) = (
        equality(nulls_equal, "NullEquality")?,
        equality(nans_equal, "NanEquality")?,
    );
    run(py, move || sc::distinct_indices(&input.0, keep, ne, na)).map(PyColumn)
}

/// (include nulls, NaN is null) from NullPolicy and NanPolicy.
fn count_policies(
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
) -> PyResult<(bool, bool)> {
    let include = match enum_value(null_handling, "NullPolicy")? {
        0 => false,
        1 => true,
        v => return Err(PyValueError::new_err(format!("{v} is not a NullPolicy"))),
    };
    let nan_is_null = match enum_value(nan_handling, "NanPolicy")? {
        0 => true,
        1 => false,
        v => return Err(PyValueError::new_err(format!("{v} is not a NanPolicy"))),
    };
    Ok((include, nan_is_null))
}

#[pyfunction]
#[pyo3(signature = (source, null_handling, nan_handling, stream = None))]
pub fn unique_count(
    py: Python<'_>,
    source: PyColumn,
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
    stream: Opt,
) -> PyResult<usize> {
    let _ = stream;
    let (inc, nan) = count_policies(null_handling, nan_handling)?;
    run(py, move || sc::unique_count(&source.0, inc, nan))
}

#[pyfunction]
#[pyo3(signature = (source, null_handling, nan_handling, stream = None))]
pub fn distinct_count(
    py: Python<'_>,
    source: PyColumn,
    null_handling: &Bound<'_, PyAny>,
    nan_handling: &Bound<'_, PyAny>,
    stream: Opt,
) -> PyResult<usize> {
    let _ = stream;
    let (inc, nan) = count_policies(null_handling, nan_handling)?;
    run(py, move || sc::distinct_count(&source.0, inc, nan))
}

// ---------------------------------------------------------------------------- replace

#[pyfunction]
#[pyo3(signature = (source_column, replacement, stream = None, mr = None))]
pub fn replace_nulls(
    py: Python<'_>,
    source_column: PyColumn,
    replacement: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    if let Ok(c) = replacement.extract::<PyColumn>() {
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Column(&c.0))
        })
        .map(PyColumn);
    }
    if let Ok(s) = replacement.extract::<PyScalar>() {
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Scalar(&s.0))
        })
        .map(PyColumn);
    }
    let is_policy = replacement
        .get_type()
        .name()
        .is_ok_and(|n| n == "ReplacePolicy");
    if is_policy {
        let following = match enum_value(replacement, "ReplacePolicy")? {
            0 => false,
            1 => true,
            v => return Err(PyValueError::new_err(format!("{v} is not a ReplacePolicy"))),
        };
        return run(py, move || {
            replace::replace_nulls(&source_column.0, replace::Replacement::Policy { following })
        })
        .map(PyColumn);
    }
    Err(PyTypeError::new_err(format!(
        "replace_nulls: replacement must be a Column, a Scalar or a ReplacePolicy, got {}",
        type_name(replacement)
    )))
}

#[pyfunction]
#[pyo3(signature = (source_column, values_to_replace, replacement_values, stream = None, mr = None))]
pub fn find_and_replace_all(
    py: Python<'_>,
    source_column: PyColumn,
    values_to_replace: PyColumn,
    replacement_values: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    run(py, move || {
        replace::find_and_replace_all(
            &source_column.0,
            &values_to_replace.0,
            &replacement_values.0,
        )
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (source_column, lo, hi, lo_replace = None, hi_replace = None, stream = None, mr = None))]
#[allow(clippy::too_many_arguments)]
pub fn clamp(
    py: Python<'_>,
    source_column: PyColumn,
    lo: PyScalar,
    hi: PyScalar,
    lo_replace: Option<PyScalar>,
    hi_replace: Option<PyScalar>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
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

#[pyfunction]
#[pyo3(signature = (source_column, inplace = false, stream = None, mr = None))]
pub fn normalize_nans_and_zeros(
    py: Python<'_>,
    source_column: PyColumn,
    inplace: bool,
    stream: Opt,
    mr: Opt,
) -> PyResult<Option<PyColumn>> {
    let _ = (stream, mr);
    if inplace {
        run(py, move || {
            replace::normalize_nans_and_zeros_in_place(&source_column.0)
        })?;
        return Ok(None);
    }
    run(py, move || {
        replace::normalize_nans_and_zeros(&source_column.0)
    })
    .map(|c| Some(PyColumn(c)))
}

// ---------------------------------------------------------------------------- reduce.scan / minmax

#[pyfunction]
#[pyo3(signature = (col, agg, inclusive, stream = None, mr = None))]
pub fn scan(
    py: Python<'_>,
    col: PyColumn,
    agg: crate::aggregation::PyAggregation,
    inclusive: &Bound<'_, PyAny>,
    stream: Opt,
    mr: Opt,
) -> PyResult<PyColumn> {
    let _ = (stream, mr);
    let inclusive = match enum_value(inclusive, "ScanType")? {
        0 => true,
        1 => false,
        v => return Err(PyValueError::new_err(format!("{v} is not a ScanType"))),
    };
    run(py, move || {
        ferrodf_core::ops::scan::scan(&col.0, &agg.0, inclusive)
    })
    .map(PyColumn)
}

#[pyfunction]
#[pyo3(signature = (col, stream = None, mr = None))]
pub fn minmax(
    py: Python<'_>,
    col: PyColumn,
    stream: Opt,
    mr: Opt,
) -> PyResult<(PyScalar, PyScalar)> {
    let _ = (stream, mr);
    let (lo, hi) = run(py, move || ferrodf_core::ops::reduce::minmax(&col.0))?;
    Ok((PyScalar(lo), PyScalar(hi)))
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
        get_element,
        concatenate,
        fill,
        fill_in_place,
        sequence,
        repeat,
        drop_nulls,
        drop_nans,
        apply_boolean_mask,
        unique,
        distinct,
        stable_distinct,
        distinct_indices,
        unique_count,
        distinct_count,
        replace_nulls,
        find_and_replace_all,
        clamp,
        normalize_nans_and_zeros,
        scan,
        minmax,
    );
    Ok(())
}
