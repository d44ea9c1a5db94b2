//! Writing values into a frame: pandas' `df.loc[rows, cols] = values`,
//! `df.iloc[rows, cols] = values`, `df[col] = series` and `df[col] = scalar`, with pandas 3's rules:
//!
//! - a Series aligns on the labels it is written to (the selected rows; the selected
//!   columns when one row is written);
//! - a value a column cannot hold exactly raises TypeError (pandas 3 no longer upcasts a
//!   column silently; `astype` first), while NaN is a missing value as everywhere in
//!   ferrodf;
//! - a row or column label the frame lacks enlarges it: a new column is missing in the rows
//!   not written, a new row is missing in the columns not written.
//!
//! The values are scattered into copies of the columns where they live (on the GPU for
//! device columns); the frame written to is not changed.

use ferrodf_core::ops::binaryop::{BinaryOperator, Operand, binary_operation};
use ferrodf_core::ops::cast::{cast, is_supported_cast};
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, Source, scatter};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
use ferrodf_core::{Column, DataType, Error, Result, Scalar, Table, TypeId};

use crate::align::reindex_map;
use crate::categorical;
use crate::column_accessor::{LabelKey, PositionKey};
use crate::compute::binary::fill_scalar;
use crate::compute::{ReduceOptions, Reduction, Value, nan_as_null, reduce_column};
use crate::index::Index;
use crate::label::Label;
use crate::loc::RowMatch;
use crate::lookup::labels_index;
use crate::reshape::{gather_column, nulls_like};
use crate::rows::RowSelection;
use crate::selection::Rows;
use crate::{DataFrame, Series};

/// What an assignment writes.
#[derive(Clone, Debug)]
pub enum Values {
    /// One value for every selected cell ([`Value::Null`] writes missing values).
    Scalar(Value),
    /// One value per selected row (when one column is written), or one per selected column
    /// (when one row is written).
    Vector(Column),
    /// One column of values per selected column, each with one value per selected row.
    Block(Vec<Column>),
    /// A Series, aligned on the labels of the selected rows, or on the selected column
    /// labels when one row is written by label (missing where it lacks a label).
    Series(Series),
}

impl From<Value> for Values {
    fn from(v: Value) -> Values {
        Values::Scalar(v)
    }
}

macro_rules! values_from_scalar {
    ($($t:ty),*) => {$(
        impl From<$t> for Values {
            fn from(v: $t) -> Values {
                Values::Scalar(v.into())
            }
        }
    )*};
}
values_from_scalar!(i32, i64, f64, bool, &str, String);

from_impls!(Values {
    Series => |s| Values::Series(s),
    Column => |c| Values::Vector(c),
});

/// The values one column receives.
enum Cell {
    Scalar(Value),
    Column(Column),
}

impl Values {
    /// A column of the values' type, for the type of a column the assignment creates
    /// (float64 when the values are all missing scalars, as pandas adds NaN columns).
    fn type_template(&self) -> Result<Column> {
        Ok(match self {
            Values::Scalar(Value::Null) => Column::from_values(Vec::<f64>::new()),
            Values::Scalar(v) => v.to_scalar()?.as_column().clone(),
            Values::Vector(c) => c.clone(),
            Values::Block(cs) => cs
                .first()
                .cloned()
                .unwrap_or_else(|| Column::from_values(Vec::<f64>::new())),
            Values::Series(s) => s.column().clone(),
        })
    }
}

impl Series {
    /// The values at the labels of `index` (pandas' `s.reindex(index)`): missing where this
    /// Series lacks a label. Its own labels must be unique (ValueError otherwise).
    ///
    /// ```
    /// use ferrodf::{Index, Series};
    /// use ferrodf::core::Column;
    /// let s = Series::new("x", vec![1.5f64, 2.5])
    ///     .with_index(Index::from_column(Column::from_values(vec![10i64, 20]), None))
    ///     .unwrap();
    /// let onto = Index::from_column(Column::from_values(vec![20i64, 30]), None);
    /// let r = s.reindex(&onto).unwrap();
    /// assert_eq!(r.column().null_count().unwrap(), 1); // no label 30
    /// ```
    pub fn reindex(&self, index: &Index) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.index().same_labels(index)? {
            return self.with_index(index.clone());
        }
        let map = reindex_map(self.index(), index)?;
        let column = gather_column(self.column().clone(), &map, OutOfBoundsPolicy::Nullify)?;
        Series::from_column(column, Some(index.clone()), self.name().clone())
    }
}

impl DataFrame {
    /// pandas' `df[label] = series`: the Series aligned on the frame's row labels (a frame
    /// without columns or rows takes the Series' labels).
    ///
    /// ```
    /// use ferrodf::{df, Series};
    /// let df = df!("a" => [1i64, 2, 3]).unwrap();
    /// let tail = Series::new("b", vec![7i64, 8, 9]).tail(2).unwrap(); // labels 1 and 2
    /// let out = df.set_series("b".into(), &tail).unwrap();
    /// assert_eq!(out.column(&"b".into()).unwrap().column().null_count().unwrap(), 1);
    /// ```
    pub fn set_series(&self, label: Label, values: &Series) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.data().is_empty() && self.num_rows() == 0 {
            let mut out = DataFrame::new(self.data().clone(), Some(values.index().clone()))?;
            out.set_column(label, values.column().clone())?;
            return Ok(out);
        }
        let column = values.reindex(self.index())?.column().clone();
        let mut out = self.clone();
        out.set_column(label, column)?;
        Ok(out)
    }

    /// pandas' `df[label] = scalar`: a column of the frame's length with `value` in every
    /// row, built where the frame computes (on the GPU when one is used, without a
    /// host-side column). A missing value gives a float64 column of nulls (pandas' NaN).
    ///
    /// ```
    /// use ferrodf::df;
    /// let mut df = df!("a" => [1i64, 2, 3]).unwrap();
    /// df.set_scalar("n".into(), 1.5).unwrap();
    /// let n = df.column(&"n".into()).unwrap();
    /// assert_eq!(n.column().host_values::<f64>().unwrap().to_vec(), vec![1.5; 3]);
    /// ```
    pub fn set_scalar(&mut self, label: Label, value: impl Into<Value>) -> Result<()> {
        let _operation = ferrodf_core::memory::enter_operation();
        let column = crate::construct::repeat(&value.into(), self.num_rows())?;
        self.set_column(label, column)
    }

    /// pandas' `df.loc[rows, columns] = values`. A row label the index lacks appends a
    /// row, column labels the frame lacks add columns (see [`Values`] for the shapes).
    ///
    /// ```
    /// use ferrodf::{df, LabelKey};
    /// use ferrodf::assign::Values;
    /// use ferrodf::selection::Rows;
    /// let df = df!("a" => [1i64, 2, 3], "b" => [0.5f64, 1.5, 2.5]).unwrap();
    /// // df.loc[df["a"] > 1, "b"] = 0.0
    /// let mask = df.column(&"a".into()).unwrap().gt(1).unwrap();
    /// let out = df.loc_set(&Rows::Mask(mask), &LabelKey::Label("b".into()), &0.0.into()).unwrap();
    /// let b = out.column(&"b".into()).unwrap();
    /// assert_eq!(b.column().host_values::<f64>().unwrap().to_vec(), vec![0.5, 0.0, 0.0]);
    /// // df.loc[3] = 9 appends a row
    /// let grown = df.loc_set(&Rows::Label(3i64.into()), &LabelKey::Slice { start: None, stop: None }, &9.into()).unwrap();
    /// assert_eq!(grown.shape(), (4, 2));
    /// // a value the column cannot hold exactly is a TypeError
    /// assert!(df.loc_set(&Rows::All, &LabelKey::Label("a".into()), &1.5.into()).is_err());
    /// ```
    pub fn loc_set(&self, rows: &Rows, columns: &LabelKey, values: &Values) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let labels = self.assigned_labels(columns)?;
        let (positions, one_label) = match self.index().locate(rows) {
            Ok(RowMatch::One(i)) => (Column::from_values(vec![i as i64]), true),
            Ok(RowMatch::Rows { rows: found, .. }) => (self.positions_of(&found)?, false),
            // a new label appends a row
            Err(Error::Key(_)) if matches!(rows, Rows::Label(_) | Rows::Tuple(_)) => {
                let label = match rows {
                    Rows::Label(key) => std::slice::from_ref(key),
                    Rows::Tuple(key) => key.as_slice(),
                    _ => unreachable!("matched above"),
                };
                return self.append_row(label, &labels, values);
            }
            Err(e) => return Err(e),
        };
        self.set_at(&positions, &labels, values, one_label)
    }

    /// pandas' `df.iloc[rows, columns] = values`: rows and columns by position; nothing is
    /// appended (IndexError for positions out of range).
    ///
    /// ```
    /// use ferrodf::{df, PositionKey};
    /// use ferrodf::rows::RowSelection;
    /// use ferrodf::core::Column;
    /// let df = df!("a" => [1i64, 2, 3]).unwrap();
    /// let out = df
    ///     .iloc_set(&RowSelection::Take(Column::from_values(vec![-1i64])), &PositionKey::Position(0), &7.into())
    ///     .unwrap();
    /// assert_eq!(out.column(&"a".into()).unwrap().column().host_values::<i64>().unwrap().to_vec(), vec![1, 2, 7]);
    /// ```
    pub fn iloc_set(
        &self,
        rows: &RowSelection,
        columns: &PositionKey,
        values: &Values,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let labels = self
            .select_columns_by_position(columns)?
            .data()
            .names()
            .to_vec();
        let positions = self.positions_of(rows)?;
        self.set_at(&positions, &labels, values, false)
    }

    /// The cells at row `positions` of the columns `labels` set to `values` (columns the
    /// frame lacks are added first, missing elsewhere). `one_row_by_label` says that one
    /// row was named by its label, so a Series aligns on the column labels, as pandas'
    /// `df.loc[label] = series`.
    pub fn set_at(
        &self,
        positions: &Column,
        labels: &[Label],
        values: &Values,
        one_row_by_label: bool,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let data = self.with_new_columns(labels, values)?;
        let count = positions.size();
        let cells = self.cells(values, labels, count, one_row_by_label, || {
            self.index().select(&RowSelection::Take(positions.clone()))
        })?;
        let mut data = data.data().clone();
        for (label, cell) in labels.iter().zip(cells) {
            let target = data.get(label)?.clone();
            let written = if categorical::is_categorical(&target) {
                // written as the categories' values, then encoded again: a value must
                // be one of the categories (pandas' rule)
                let plain = crate::index::decoded(&target)?;
                let like = categorical::categories(&target).clone();
                let written = write_cells(&plain, &like, positions, cell, label)?;
                categorical::encode_like(&written, &target, label)?
            } else {
                write_cells(&target, &target, positions, cell, label)?
            };
            data.set_by_label(label.clone(), written)?;
        }
        self.with_data(data)
    }

    /// pandas' `df.loc[new_label, columns] = values`: one row appended, labelled `label`
    /// (one value per index level), holding the values in `columns` (added when new) and
    /// missing values elsewhere.
    pub fn append_row(
        &self,
        label: &[Value],
        columns: &[Label],
        values: &Values,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let nlevels = self.index().nlevels();
        if label.len() != nlevels {
            return Err(Error::Key(format!(
                "a new row label needs one value per index level ({nlevels}), got {}",
                label.len()
            )));
        }
        let grown = self.with_new_columns(columns, values)?;
        let label_index = self.new_label_index(label)?;
        let cells = self.cells(values, columns, 1, true, || Ok(label_index.clone()))?;
        let given: Vec<(&Label, Cell)> = columns.iter().zip(cells).collect();
        let mut data = grown.data().clone();
        let mut new_columns = Vec::with_capacity(data.len());
        for (name, col) in data.iter() {
            let row = match given.iter().find(|(l, _)| *l == name) {
                Some((_, Cell::Scalar(v))) => exact_scalar(v, col, name)?.as_column().clone(),
                Some((_, Cell::Column(c))) => exact_cast(c, col, name)?,
                None => nulls_like(col, 1)?,
            };
            new_columns.push(concatenate(&[col.clone(), row])?);
        }
        data = data.with_columns(new_columns)?;
        if self.num_rows() == 0 {
            // the first row's label is the whole index (of the label's own type)
            return DataFrame::new(data, Some(label_index));
        }
        let levels = self
            .index()
            .level_columns()?
            .into_iter()
            .zip(label_index.level_columns()?)
            .map(|(own, new)| concatenate(&[own, new]))
            .collect::<Result<Vec<_>>>()?;
        DataFrame::new(data, Some(self.index().rebuild(levels)))
    }

    /// The column labels an assignment writes: a label or list of labels may name new
    /// columns (a MultiIndex prefix names its whole group); other keys select existing ones.
    pub fn assigned_labels(&self, key: &LabelKey) -> Result<Vec<Label>> {
        let wanted = match key {
            LabelKey::Label(l) => vec![l.clone()],
            LabelKey::List(ls) => ls.clone(),
            other => return Ok(self.select_columns(other)?.data().names().to_vec()),
        };
        let names = self.data().names();
        let mut out = Vec::with_capacity(wanted.len());
        for label in wanted {
            let found = self.data().positions_of(&label);
            if found.is_empty() {
                out.push(label);
            } else {
                out.extend(found.into_iter().map(|p| names[p].clone()));
            }
        }
        Ok(out)
    }

    /// This frame with all-missing columns for the labels it lacks, of the values' type.
    fn with_new_columns(&self, labels: &[Label], values: &Values) -> Result<DataFrame> {
        let mut out = self.clone();
        for label in labels {
            if !out.data().contains(label) {
                let template = values.type_template()?;
                out.set_column(label.clone(), nulls_like(&template, self.num_rows())?)?;
            }
        }
        Ok(out)
    }

    /// What each written column receives, checked against the selection's shape.
    fn cells(
        &self,
        values: &Values,
        labels: &[Label],
        count: usize,
        one_row_by_label: bool,
        row_labels: impl FnOnce() -> Result<Index>,
    ) -> Result<Vec<Cell>> {
        let k = labels.len();
        let shape_error = |given: String| {
            Error::value(format!(
                "cannot set {given} into {count} rows x {k} columns; give a scalar, one value \
                 per selected row (one column), one value per column (one row), or one \
                 column of values per selected column"
            ))
        };
        Ok(match values {
            Values::Scalar(v) => (0..k).map(|_| Cell::Scalar(v.clone())).collect(),
            Values::Vector(c) if k == 1 && c.size() == count => vec![Cell::Column(c.clone())],
            Values::Vector(c) if count == 1 && c.size() == k => (0..k)
                .map(|j| Ok(Cell::Column(c.slice(j, 1)?)))
                .collect::<Result<_>>()?,
            Values::Vector(c) => return Err(shape_error(format!("{} values", c.size()))),
            Values::Block(cs) => {
                if cs.len() != k || cs.iter().any(|c| c.size() != count) {
                    let sizes: Vec<usize> = cs.iter().map(Column::size).collect();
                    return Err(shape_error(format!("columns of {sizes:?} values")));
                }
                cs.iter().cloned().map(Cell::Column).collect()
            }
            Values::Series(s) if one_row_by_label && count == 1 => {
                let onto = labels_index(labels, self.data().level_names())?;
                let aligned = s.reindex(&onto)?.column().clone();
                (0..k)
                    .map(|j| Ok(Cell::Column(aligned.slice(j, 1)?)))
                    .collect::<Result<_>>()?
            }
            Values::Series(s) => {
                let aligned = s.reindex(&row_labels()?)?.column().clone();
                (0..k).map(|_| Cell::Column(aligned.clone())).collect()
            }
        })
    }

    /// The positions a row selection names, as an integer column.
    pub(crate) fn positions_of(&self, rows: &RowSelection) -> Result<Column> {
        match rows {
            RowSelection::Slice { start, len, step } => sequence(
                *len,
                &Scalar::from_native(*start as i64),
                &Scalar::from_native(*step as i64),
            ),
            RowSelection::Take(map) => Ok(map.clone()),
            RowSelection::Mask(mask) => self.mask_positions(mask),
        }
    }

    /// Every row position, as an int64 column.
    fn all_positions(&self) -> Result<Column> {
        positions_range(0, self.num_rows())
    }

    /// The positions where a boolean column (one flag per row) is true.
    fn mask_positions(&self, mask: &Column) -> Result<Column> {
        if mask.dtype().id() != TypeId::Bool8 || mask.size() != self.num_rows() {
            return Err(Error::value(format!(
                "a row mask is a boolean column with one flag per row ({} rows), got {} values \
                 of type {}",
                self.num_rows(),
                mask.size(),
                mask.dtype()
            )));
        }
        let every = Table::new(vec![self.all_positions()?])?;
        Ok(apply_boolean_mask(&every, mask)?.into_columns().remove(0))
    }

    /// The one-row index of a new row label, in the types of this frame's index levels.
    fn new_label_index(&self, label: &[Value]) -> Result<Index> {
        let own = self.index().level_columns()?;
        let levels = own
            .iter()
            .zip(label)
            .map(|(level, v)| {
                if level.size() == 0 && !matches!(v, Value::Null) {
                    // an empty index takes the label's own type, as pandas
                    return Ok(v.to_scalar()?.as_column().clone());
                }
                exact_scalar(v, level, &Label::None)
                    .map(|s| s.as_column().clone())
                    .map_err(|e| match e {
                        Error::Type(_) => Error::type_err(format!(
                            "cannot add the row label {} to an index of {} labels; use a \
                             label of that type, or convert the index first",
                            crate::lookup::describe(v),
                            crate::dtype_name(level.dtype())
                        )),
                        e => e,
                    })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(self.index().rebuild(levels))
    }
}

/// `target` with the rows at `positions` set to `cell`, converted exactly to the type of
/// `like` (the target's own, or a categorical's categories).
fn write_cells(
    target: &Column,
    like: &Column,
    positions: &Column,
    cell: Cell,
    label: &Label,
) -> Result<Column> {
    let table = Table::new(vec![target.clone()])?;
    let written = match cell {
        Cell::Scalar(v) => {
            let s = exact_scalar(&v, like, label)?;
            scatter(Source::Scalars(&[s]), positions, &table)?
        }
        Cell::Column(c) => {
            let c = exact_cast(&c, like, label)?;
            scatter(Source::Table(&Table::new(vec![c])?), positions, &table)?
        }
    };
    Ok(written.into_columns().remove(0))
}

fn positions_range(start: usize, len: usize) -> Result<Column> {
    sequence(
        len,
        &Scalar::from_native(start as i64),
        &Scalar::from_native(1i64),
    )
}

fn cannot_hold(like: &Column, label: &Label, what: &str) -> Error {
    Error::type_err(format!(
        "invalid value for column {label} of type {}: {what} cannot be held exactly; cast \
         the column first (astype) to hold it",
        crate::dtype_name(like.dtype())
    ))
}

/// `value` as a scalar of `like`'s type, exactly (TypeError when it cannot be held).
pub(crate) fn exact_scalar(value: &Value, like: &Column, label: &Label) -> Result<Scalar> {
    let target = like.dtype();
    match value {
        Value::Null => fill_scalar(value, target),
        Value::Str(_) if target.id().is_timestamp() => fill_scalar(value, target),
        Value::Scalar(s) => Scalar::from_column(exact_cast(s.as_column(), like, label)?),
        other => {
            let s = other.to_scalar()?;
            let what = match other {
                Value::Str(t) => format!("{t:?}"),
                Value::Int(i) => i.to_string(),
                Value::Float(f) => f.to_string(),
                Value::Bool(b) => b.to_string(),
                _ => "the value".to_string(),
            };
            Scalar::from_column(exact_cast(s.as_column(), like, label).map_err(|e| match e {
                Error::Type(_) => cannot_hold(like, label, &what),
                e => e,
            })?)
        }
    }
}

/// `values` in `like`'s type: numbers (and bools, decimals) convert when every value
/// survives the round trip; date-times and durations change unit the same way; strings
/// convert only to date-times (parsed). Anything else is a TypeError.
fn exact_cast(values: &Column, like: &Column, label: &Label) -> Result<Column> {
    let (from, to) = (values.dtype(), like.dtype());
    if from == to {
        return Ok(values.clone());
    }
    let values = if from.id().is_floating() {
        nan_as_null(values)?
    } else {
        values.clone()
    };
    if values.null_count()? == values.size() {
        return nulls_like(like, values.size());
    }
    let number = |t: DataType| t.id().is_numeric() || t.id().is_decimal();
    let time = |a: DataType, b: DataType| {
        (a.id().is_timestamp() && b.id().is_timestamp())
            || (a.id().is_duration() && b.id().is_duration())
    };
    let parse = from.id() == TypeId::String && to.id().is_timestamp();
    let what = format!("a {} value", crate::dtype_name(from));
    if !((number(from) && number(to)) || time(from, to) || parse) || !is_supported_cast(from, to) {
        return Err(cannot_hold(like, label, &what));
    }
    let out = cast(&values, to)?;
    if parse || !is_supported_cast(to, from) {
        return Ok(out);
    }
    let back = cast(&out, from)?;
    let same = binary_operation(
        Operand::Column(&back),
        Operand::Column(&values),
        BinaryOperator::NullEquals,
        TypeId::Bool8.into(),
    )?;
    let all = reduce_column(&same, Reduction::All, ReduceOptions::default())?;
    if all.value::<u8>()? != Some(1) {
        return Err(cannot_hold(like, label, &what));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::df;

    fn ints(df: &DataFrame, label: &str) -> Vec<Option<i64>> {
        let c = df.column(&label.into()).unwrap().column().clone();
        let nulls = c.host_nulls().unwrap();
        c.host_values::<i64>()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, v)| nulls.as_ref().is_none_or(|n| n.is_valid(i)).then_some(*v))
            .collect()
    }

    #[test]
    fn new_column_is_missing_where_not_written() {
        let df = df!("a" => [1i64, 2, 3]).unwrap();
        let out = df
            .loc_set(
                &Rows::Label(1i64.into()),
                &LabelKey::Label("b".into()),
                &Values::Scalar(5.into()),
            )
            .unwrap();
        assert_eq!(ints(&out, "b"), vec![None, Some(5), None]);
        assert_eq!(ints(&df, "a"), vec![Some(1), Some(2), Some(3)]); // unchanged
    }

    #[test]
    fn shapes_and_types_are_checked() {
        let df = df!("a" => [1i64, 2, 3], "b" => [4i64, 5, 6]).unwrap();
        let all = LabelKey::Slice {
            start: None,
            stop: None,
        };
        let two = Values::Vector(Column::from_values(vec![1i64, 2]));
        assert!(matches!(
            df.loc_set(&Rows::All, &all, &two),
            Err(Error::Value(_))
        ));
        let strs = Values::Scalar("x".into());
        assert!(matches!(
            df.loc_set(&Rows::All, &all, &strs),
            Err(Error::Type(_))
        ));
        // 2.0 is held exactly by an int column
        let out = df
            .loc_set(&Rows::All, &LabelKey::Label("a".into()), &2.0.into())
            .unwrap();
        assert_eq!(ints(&out, "a"), vec![Some(2); 3]);
        // one row of several columns
        let row = Values::Vector(Column::from_values(vec![8i64, 9]));
        let out = df.loc_set(&Rows::Label(0i64.into()), &all, &row).unwrap();
        assert_eq!(ints(&out, "b"), vec![Some(9), Some(5), Some(6)]);
    }
}
