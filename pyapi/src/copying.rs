//! `plc.copying`: gather, scatter, slicing and other row copies. Argument conversion only;
//! the semantics live in ferrodf-core.

use crate::args::{ColumnOrScalar, add_functions, index, indices, plc_fn, type_name};
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

/// The `source` of `scatter` and `boolean_mask_scatter`: a Table or a list of Scalars.
enum ScatterSource {
    Table(Table),
    Scalars(Vec<Scalar>),
}

impl ScatterSource {
    fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(t) = obj.extract::<PyTable>() {
            return Ok(Self::Table(t.0));
        }
        let Ok(list) = obj.cast::<PyList>() else {
            return Err(PyTypeError::new_err(format!(
                "source must be a Table or a list of Scalar, got {}",
                type_name(obj)
            )));
        };
        let scalars = list.iter().map(|item| {
            item.extract::<PyScalar>().map(|s| s.0).map_err(|_| {
                PyTypeError::new_err(format!(
                    "source must be a Table or a list of Scalar, found a {}",
                    type_name(&item)
                ))
            })
        });
        scalars.collect::<PyResult<_>>().map(Self::Scalars)
    }

    fn as_source(&self) -> Source<'_> {
        match self {
            Self::Table(t) => Source::Table(t),
            Self::Scalars(s) => Source::Scalars(s),
        }
    }
}

fn side(operand: &ColumnOrScalar) -> Side<'_> {
    match operand {
        ColumnOrScalar::Column(c) => Side::Column(c),
        ColumnOrScalar::Scalar(s) => Side::Scalar(s),
    }
}

fn operand(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<ColumnOrScalar> {
    ColumnOrScalar::extract(obj).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "{what} must be a Column or a Scalar, got {}",
            type_name(obj)
        ))
    })
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

plc_fn! {
    /// The rows of `source_table` at the indices of `gather_map`.
    fn gather(
        py,
        source_table: PyTable,
        gather_map: PyColumn,
        bounds_policy: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyTable {
        let policy = extract_enum::<OutOfBoundsPolicy>(bounds_policy)?;
        run(py, move || cp::gather(&source_table.0, &gather_map.0, policy)).map(PyTable)
    }

    /// `target_table` with the rows of `scatter_map` set from `source`.
    fn scatter(
        py,
        source: &Bound<'_, PyAny>,
        scatter_map: PyColumn,
        target_table: PyTable,
    ) [stream, mr] -> PyTable {
        let src = ScatterSource::extract(source)?;
        run(py, move || cp::scatter(src.as_source(), &scatter_map.0, &target_table.0))
            .map(PyTable)
    }

    /// An empty Column or Table of the input's type(s).
    fn empty_like(py, input: &Bound<'_, PyAny>) [stream, mr] -> Py<PyAny> {
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

    /// An uninitialized column of the input's type and `size` (default: its size) rows.
    fn allocate_like(
        py,
        input_column: PyColumn,
        policy: &Bound<'_, PyAny>,
        size: Option<i64> = None,
    ) [stream, mr] -> PyColumn {
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

    /// Copy rows `input_begin..input_end` into `target_column` from `target_begin` on.
    fn copy_range_in_place(
        py,
        input_column: PyColumn,
        target_column: PyColumn,
        input_begin: i64,
        input_end: i64,
        target_begin: i64,
    ) [stream] -> () {
        let r = indices(vec![input_begin, input_end, target_begin], "range index")?;
        run(py, move || {
            cp::copy_range_in_place(&input_column.0, &target_column.0, r[0], r[1], r[2])
        })
    }

    /// `target_column` with rows from `target_begin` on replaced by `input_begin..input_end`.
    fn copy_range(
        py,
        input_column: PyColumn,
        target_column: PyColumn,
        input_begin: i64,
        input_end: i64,
        target_begin: i64,
    ) [stream, mr] -> PyColumn {
        let r = indices(vec![input_begin, input_end, target_begin], "range index")?;
        run(py, move || {
            cp::copy_range(&input_column.0, &target_column.0, r[0], r[1], r[2])
        })
        .map(PyColumn)
    }

    /// The column shifted by `offset` rows, the vacated rows set to `fill_value`.
    fn shift(py, input: PyColumn, offset: i64, fill_value: PyScalar) [stream, mr] -> PyColumn {
        if offset.unsigned_abs() > i32::MAX as u64 {
            return Err(PyOverflowError::new_err(format!(
                "shift offset {offset} does not fit in 32 bits"
            )));
        }
        run(py, move || cp::shift(&input.0, offset, &fill_value.0)).map(PyColumn)
    }

    /// Views of the input's rows between each pair of `indices`.
    fn slice(py, input: &Bound<'_, PyAny>, indices: Vec<i64>) [stream] -> Py<PyList> {
        let idx = self::indices(indices, "slice index")?;
        let i2 = idx.clone();
        pieces(
            py,
            column_or_table(input, "slice: input")?,
            move |c| cp::slice(c, &idx),
            move |t| cp::slice_table(t, &i2),
        )
    }

    /// Views of the input split at `splits`.
    fn split(py, input: &Bound<'_, PyAny>, splits: Vec<i64>) [stream] -> Py<PyList> {
        let idx = indices(splits, "split point")?;
        let i2 = idx.clone();
        pieces(
            py,
            column_or_table(input, "split: input")?,
            move |c| cp::split(c, &idx),
            move |t| cp::split_table(t, &i2),
        )
    }

    /// `lhs` where `boolean_mask` is true, `rhs` elsewhere.
    fn copy_if_else(
        py,
        lhs: &Bound<'_, PyAny>,
        rhs: &Bound<'_, PyAny>,
        boolean_mask: PyColumn,
    ) [stream, mr] -> PyColumn {
        let (l, r) = (
            operand(lhs, "copy_if_else: lhs")?,
            operand(rhs, "copy_if_else: rhs")?,
        );
        run(py, move || cp::copy_if_else(side(&l), side(&r), &boolean_mask.0)).map(PyColumn)
    }

    /// `target` with the rows where `boolean_mask` is true set from `input`, in order.
    fn boolean_mask_scatter(
        py,
        input: &Bound<'_, PyAny>,
        target: PyTable,
        boolean_mask: PyColumn,
    ) [stream, mr] -> PyTable {
        let src = ScatterSource::extract(input)?;
        run(py, move || cp::boolean_mask_scatter(src.as_source(), &target.0, &boolean_mask.0))
            .map(PyTable)
    }

    /// The value at row `index`.
    fn get_element(py, input_column: PyColumn, index: i64) [stream, mr] -> PyScalar {
        let i = self::index(index, "index")?;
        run(py, move || cp::get_element(&input_column.0, i)).map(PyScalar)
    }

    /// `n` rows drawn at random (deterministic by `seed`), with or without replacement.
    fn sample(
        py,
        input: PyTable,
        n: i64,
        replacement: &Bound<'_, PyAny>,
        seed: i64,
    ) [stream, mr] -> PyTable {
        let replacement = extract_enum::<cp::SampleWithReplacement>(replacement)?;
        run(py, move || cp::sample(&input.0, n, replacement, seed)).map(PyTable)
    }
}

/// Register this module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
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
        sample
    )
}
