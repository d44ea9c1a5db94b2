//! Label lookup (`.loc` with one label) and one row as a Series, computed where the data
//! lives: an equality pass over the labels, then a gather of the matching rows.

use ferrodf_core::interop::arrow::from_arrow;
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::stream_compaction::apply_boolean_mask;
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::compute::promote::result_type;
use crate::compute::{BinaryOp, Operand, Value, binary_column};
use crate::index::Index;
use crate::label::Label;
use crate::label_map::Rows;
use crate::rows::RowSelection;
use crate::{DataFrame, Selected, Series};

/// Where a label sits in an index.
#[derive(Clone, Debug)]
pub enum Location {
    /// Exactly one row.
    Row(usize),
    /// Several rows (an INT32 column of positions, in order).
    Rows(Column),
}

impl Index {
    /// The rows whose (single-level) label equals `key` (pandas' `get_loc`); KeyError when
    /// none does. Integer and string labels are found in the index's hash map (built on
    /// the first lookup, [`crate::label_map`]); other labels by an equality pass.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::lookup::Location;
    /// use ferrodf::core::Column;
    /// let idx = Index::from_column(Column::from_values(vec![10i64, 20, 30]), None);
    /// assert!(matches!(idx.get_loc(&20.into()).unwrap(), Location::Row(1)));
    /// assert!(idx.get_loc(&40.into()).is_err());
    /// ```
    pub fn get_loc(&self, key: &Value) -> Result<Location> {
        let _operation = ferrodf_core::memory::enter_operation();
        let missing = || Error::Key(format!("{} not found in the index", describe(key)));
        if let (Index::Range { start, step, .. }, Value::Int(v)) = (self, key) {
            let (start, step, v) = (*start as i128, *step as i128, *v);
            let offset = v - start;
            if offset % step == 0 && (0..self.len() as i128).contains(&(offset / step)) {
                return Ok(Location::Row((offset / step) as usize));
            }
            return Err(missing());
        }
        if self.nlevels() != 1 {
            return Err(Error::not_implemented(
                "get_loc with one scalar on a MultiIndex; give a tuple with a label per level",
            ));
        }
        if let Index::Column { column, map, .. } = self
            && let Some(found) = map.find(column, key)?
        {
            // the hashed labels (integers, strings): pandas' index engine
            return match found {
                None => Err(missing()),
                Some(Rows::One(i)) => Ok(Location::Row(i)),
                Some(Rows::Many(all)) => Ok(Location::Rows(Column::from_values(
                    all.into_iter().map(|p| p as i32).collect::<Vec<_>>(),
                ))),
            };
        }
        let labels = self.level_columns()?.remove(0);
        let comparable = matches!(
            (labels.dtype().id(), key),
            (t, Value::Int(_) | Value::Float(_) | Value::Bool(_)) if t.is_numeric()
        ) || matches!((labels.dtype().id(), key), (TypeId::String, Value::Str(_)))
            || matches!(key, Value::Scalar(_))
            || (labels.dtype().id().is_timestamp() && matches!(key, Value::Str(_)));
        if !comparable {
            return Err(missing());
        }
        let hits = binary_column(&labels, BinaryOp::Eq, Operand::Value(key), false)
            .map_err(|_| missing())?;
        let n = labels.size();
        let rows = sequence(n, &Scalar::from_native(0i32), &Scalar::from_native(1i32))?;
        let found = apply_boolean_mask(&Table::new(vec![rows])?, &hits)?
            .into_columns()
            .remove(0);
        match found.size() {
            0 => Err(missing()),
            1 => Ok(Location::Row(found.host_values::<i32>()?[0] as usize)),
            _ => Ok(Location::Rows(found)),
        }
    }
}

pub(crate) fn describe(key: &Value) -> String {
    match key {
        Value::Str(s) => format!("{s:?}"),
        Value::Int(v) => v.to_string(),
        Value::Float(v) => v.to_string(),
        Value::Bool(v) => v.to_string(),
        Value::Null => "a missing label".to_string(),
        Value::Scalar(s) => format!("the {} label", s.dtype()),
    }
}

impl DataFrame {
    /// `df.loc[key]` with one label on a one-level index, in one call: the row as a Series
    /// indexed by the column labels and named by the label when the label is unique, else
    /// the rows carrying it as a frame. KeyError when no label equals `key`; a unique row
    /// mixing strings with other types has no single column type (NotImplementedError,
    /// [`DataFrame::row_values`] gives its values).
    ///
    /// ```
    /// use ferrodf::{Index, Selected, df};
    /// use ferrodf::core::Column;
    /// let df = df!("a" => [1i64, 2, 3], "b" => [0.5f64, 1.5, 2.5]).unwrap();
    /// let df = df
    ///     .with_index(Index::from_column(Column::from_values(vec![10i64, 20, 10]), None))
    ///     .unwrap();
    /// let Selected::Series(row) = df.loc_label(&20.into()).unwrap() else { panic!() };
    /// assert_eq!(row.column().host_values::<f64>().unwrap().to_vec(), vec![2.0, 1.5]);
    /// let Selected::Frame(rows) = df.loc_label(&10.into()).unwrap() else { panic!() };
    /// assert_eq!(rows.shape(), (2, 2));
    /// assert!(df.loc_label(&30.into()).is_err());
    /// ```
    pub fn loc_label(&self, key: &Value) -> Result<Selected> {
        let _operation = ferrodf_core::memory::enter_operation();
        match self.index().get_loc(key)? {
            Location::Row(i) => self.row(i).map(Selected::Series),
            Location::Rows(positions) => self
                .select_rows(&RowSelection::Take(positions))
                .map(Selected::Frame),
        }
    }

    /// Row `position` as a Series indexed by the column labels and named by the row's label
    /// (pandas' `df.loc[label]` / `df.iloc[i]`). The values take one type as pandas gives
    /// them: numbers promote to a common type, columns of one type keep it; frames mixing
    /// strings with other types have no single column type here (NotImplementedError).
    pub fn row(&self, position: usize) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.check_row(position)?;
        // one-row slices share the columns' buffers: no gather, on the host or the GPU
        let picked = self
            .data()
            .columns()
            .iter()
            .map(|c| c.slice(position, 1))
            .collect::<Result<Vec<_>>>()?;
        let values = stack(&picked)?;
        let index = labels_index(self.data().names(), self.data().level_names())?;
        Series::from_column(values, Some(index), self.row_label(position)?)
    }

    /// Row `position` as one value per column (in column order) and the row's label: the
    /// row of [`DataFrame::row`] before it is put into one Series, for rows mixing strings
    /// with other types, which no single column type holds (pandas gives an object Series).
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [3i64, 1], "s" => ["x", "b"]).unwrap();
    /// let (values, _label) = df.row_values(1).unwrap();
    /// assert_eq!(values[0].value::<i64>().unwrap(), Some(1));
    /// assert!(df.row_values(2).is_err());
    /// ```
    pub fn row_values(&self, position: usize) -> Result<(Vec<ferrodf_core::Scalar>, Label)> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.check_row(position)?;
        let values = self
            .data()
            .columns()
            .iter()
            .map(|c| ferrodf_core::ops::copying::get_element(c, position))
            .collect::<Result<Vec<_>>>()?;
        Ok((values, self.row_label(position)?))
    }

    /// Whether the rows have one type that holds every column's values ([`DataFrame::row`]
    /// can make a Series of a row).
    pub(crate) fn has_row_type(&self) -> bool {
        common_type(self.data().columns()).is_ok()
    }

    fn check_row(&self, position: usize) -> Result<()> {
        let n = self.num_rows();
        if position >= n {
            return Err(Error::index(format!(
                "row position {position} is out of bounds for {n} rows"
            )));
        }
        Ok(())
    }

    /// The label of row `position` (a tuple for a MultiIndex).
    fn row_label(&self, position: usize) -> Result<Label> {
        self.index()
            .select(&crate::rows::RowSelection::Slice {
                start: position,
                len: 1,
                step: 1,
            })?
            .label_at_first()
    }
}

impl DataFrame {
    /// One value per column (pandas' `df.sum()`, `df.mean()`, ...): a Series indexed by
    /// the column labels; with `numeric_only`, only number and bool columns take part.
    /// The values take one type as pandas gives them (numbers promote).
    ///
    /// ```
    /// use ferrodf::DataFrame;
    /// use ferrodf::compute::{ReduceOptions, Reduction};
    /// use ferrodf::core::Column;
    /// let df = DataFrame::from_columns(vec![
    ///     ("a".into(), Column::from_values(vec![1i64, 3])),
    ///     ("b".into(), Column::from_options(vec![Some(0.5f64), None])),
    /// ]).unwrap();
    /// let sums = df.reduce(Reduction::Sum, ReduceOptions::default(), false).unwrap();
    /// assert_eq!(sums.column().host_values::<f64>().unwrap().to_vec(), vec![4.0, 0.5]);
    /// ```
    pub fn reduce(
        &self,
        how: crate::compute::Reduction,
        options: crate::compute::ReduceOptions,
        numeric_only: bool,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (labels, values) = self.reduce_each(how, options, numeric_only)?;
        let values: Vec<Column> = values.iter().map(|v| v.as_column().clone()).collect();
        // Results of different kinds (a string min next to a number) have no common type:
        // `stack` says so (NotImplemented), and `reduce_each` gives them one by one.
        let column = stack(&values)?;
        let index = labels_index(&labels, self.data().level_names())?;
        Series::from_column(column, Some(index), Label::None)
    }

    /// The per-column results of [`DataFrame::reduce`] before they are put into one
    /// Series: the labels of the columns that take part (with `numeric_only`, the number
    /// and bool columns) and one scalar each. For results of different kinds, which no
    /// single column type holds (pandas gives an object Series).
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::compute::{ReduceOptions, Reduction};
    /// let df = df!("a" => [3i64, 1], "s" => ["x", "b"]).unwrap();
    /// let (labels, mins) = df.reduce_each(Reduction::Min, ReduceOptions::default(), false).unwrap();
    /// assert_eq!(labels.len(), 2);
    /// assert_eq!(mins[0].value::<i64>().unwrap(), Some(1));
    /// ```
    pub fn reduce_each(
        &self,
        how: crate::compute::Reduction,
        options: crate::compute::ReduceOptions,
        numeric_only: bool,
    ) -> Result<(Vec<Label>, Vec<ferrodf_core::Scalar>)> {
        let mut labels = Vec::new();
        let mut values = Vec::new();
        for (label, col) in self.data().iter() {
            if numeric_only && !col.dtype().id().is_numeric() {
                continue;
            }
            values.push(crate::compute::reduce_column(col, how, options)?);
            labels.push(label.clone());
        }
        Ok((labels, values))
    }

    /// The row label of each column's smallest (`Reduction::Argmin`) or largest
    /// (`Reduction::Argmax`) value (pandas' `df.idxmin()` / `idxmax()`): a Series of row
    /// labels indexed by the column labels. As pandas 3, a column without values, or with a
    /// missing value when `skipna` is false, is a ValueError.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::compute::{ReduceOptions, Reduction};
    /// let df = df!("a" => [3i64, 1, 2], "b" => [0.5f64, 2.5, 1.5]).unwrap();
    /// let at = df.idx_reduce(Reduction::Argmax, ReduceOptions::default()).unwrap();
    /// assert_eq!(at.column().host_values::<i64>().unwrap().to_vec(), vec![0, 1]);
    /// ```
    pub fn idx_reduce(
        &self,
        how: crate::compute::Reduction,
        options: crate::compute::ReduceOptions,
    ) -> Result<Series> {
        use crate::compute::Reduction;
        let _operation = ferrodf_core::memory::enter_operation();
        if !matches!(how, Reduction::Argmin | Reduction::Argmax) {
            return Err(Error::value(format!(
                "idx_reduce takes argmin or argmax, not {}",
                how.name()
            )));
        }
        if self.index().nlevels() != 1 {
            return Err(Error::not_implemented(
                "idxmin/idxmax of a frame with MultiIndex rows (the labels would be tuples); \
                 reset_index() first, or use the positions of argmin/argmax",
            ));
        }
        let mut positions = Vec::with_capacity(self.data().len());
        for col in self.data().columns() {
            let pos = crate::compute::reduce_column(col, how, options)?
                .value::<i64>()?
                .unwrap_or(-1);
            if pos < 0 {
                return Err(Error::value(
                    "Encountered an NA value with skipna=False; pass skipna=True or fill the \
                     missing values first",
                ));
            }
            positions.push(pos);
        }
        let labels = self.index().level_columns()?.remove(0);
        let picked = gather(
            &Table::new(vec![labels])?,
            &Column::from_values(positions),
            OutOfBoundsPolicy::DontCheck,
        )?
        .into_columns()
        .remove(0);
        let index = labels_index(self.data().names(), self.data().level_names())?;
        Series::from_column(picked, Some(index), Label::None)
    }

    /// The mean of each column (numbers only).
    pub fn mean(&self) -> Result<Series> {
        let o = crate::compute::ReduceOptions::default();
        self.reduce(crate::compute::Reduction::Mean, o, true)
    }

    /// The sum of each column.
    pub fn sum(&self) -> Result<Series> {
        let o = crate::compute::ReduceOptions::default();
        self.reduce(crate::compute::Reduction::Sum, o, false)
    }
}

/// One-row columns stacked into one column of their common type (a row of a frame, the
/// per-column results of a reduction).
fn stack(rows: &[Column]) -> Result<Column> {
    if rows.is_empty() {
        return Ok(Column::from_values(Vec::<f64>::new()));
    }
    let target = common_type(rows)?;
    let same: Vec<Column> = rows
        .iter()
        .map(|c| {
            if c.dtype() == target {
                Ok(c.clone())
            } else {
                cast(c, target)
            }
        })
        .collect::<Result<_>>()?;
    concatenate(&same)
}

fn common_type(columns: &[Column]) -> Result<ferrodf_core::DataType> {
    let mut it = columns.iter().map(Column::dtype);
    let Some(first) = it.next() else {
        return Ok(TypeId::Float64.into());
    };
    it.try_fold(first, |acc, t| {
        let is_bool = |d: ferrodf_core::DataType| d.id() == TypeId::Bool8;
        if acc == t {
            Ok(acc)
        } else if acc.id().is_numeric() && t.id().is_numeric() && !is_bool(acc) && !is_bool(t) {
            // pandas keeps bools apart from numbers here (an object row or result)
            Ok(result_type(acc.id(), t.id())?.into())
        } else {
            Err(Error::not_implemented(format!(
                "values of {acc} and {t} together have no single column type in ferrodf \
                 (pandas makes an object column); select columns of one kind first, or use \
                 .to_pandas()"
            )))
        }
    })
}

/// An index over column labels (strings or integers; tuples become a MultiIndex).
pub(crate) fn labels_index(labels: &[Label], level_names: &[Label]) -> Result<Index> {
    build_labels_index(labels, level_names, label_column)
}

/// [`labels_index`] with each level in its labels' own type (int64, float64, bool or
/// string); a level whose labels mix kinds is a TypeError rather than strings.
pub(crate) fn typed_labels_index(labels: &[Label], level_names: &[Label]) -> Result<Index> {
    build_labels_index(labels, level_names, typed_label_column)
}

fn build_labels_index(
    labels: &[Label],
    level_names: &[Label],
    label_column: fn(&[&Label]) -> Result<Column>,
) -> Result<Index> {
    let nlevels = labels.first().map_or(1, |l| l.levels().len().max(1));
    let mut levels = Vec::with_capacity(nlevels);
    for k in 0..nlevels {
        let parts: Vec<&Label> = labels
            .iter()
            .map(|l| if l.is_tuple() { &l.levels()[k] } else { l })
            .collect();
        levels.push(label_column(&parts)?);
    }
    let names = if level_names.len() == nlevels {
        level_names.to_vec()
    } else {
        vec![Label::None; nlevels]
    };
    if nlevels == 1 {
        Ok(Index::from_column(levels.remove(0), Some(names[0].clone())))
    } else {
        Index::multi(levels, Some(names))
    }
}

fn typed_label_column(parts: &[&Label]) -> Result<Column> {
    let all = |f: fn(&Label) -> bool| parts.iter().all(|l| f(l));
    if all(|l| matches!(l, Label::Int(_))) {
        return label_column(parts);
    }
    if all(|l| matches!(l, Label::Int(_) | Label::Float(_))) {
        let v: Vec<f64> = parts
            .iter()
            .map(|l| match l {
                Label::Int(i) => *i as f64,
                Label::Float(x) => *x,
                _ => unreachable!("checked above"),
            })
            .collect();
        return Ok(Column::from_values(v));
    }
    if all(|l| matches!(l, Label::Bool(_))) {
        let v: arrow_array::BooleanArray = parts
            .iter()
            .map(|l| Some(matches!(l, Label::Bool(true))))
            .collect();
        return from_arrow(&v);
    }
    if all(|l| matches!(l, Label::Str(_) | Label::None)) {
        return label_column(parts);
    }
    Err(Error::type_err(
        "labels of mixed types (strings next to numbers, say) have no single index type in \
         ferrodf; rename them to one type, or use .to_pandas()",
    ))
}

pub(crate) fn label_column(parts: &[&Label]) -> Result<Column> {
    if parts.iter().all(|l| matches!(l, Label::Int(_))) {
        let v: Vec<i64> = parts
            .iter()
            .map(|l| if let Label::Int(i) = l { *i } else { 0 })
            .collect();
        return Ok(Column::from_values(v));
    }
    let strings: arrow_array::StringArray = parts
        .iter()
        .map(|l| match l {
            Label::None => None,
            other => Some(other.to_plain_string()),
        })
        .collect();
    from_arrow(&strings)
}

/// Every label of `index`, read to the host (for indexes as short as a frame's columns).
pub(crate) fn labels_of(index: &Index) -> Result<Vec<Label>> {
    let cols = index.level_columns()?;
    (0..index.len())
        .map(|i| {
            let parts = cols
                .iter()
                .map(|c| label_of_first_row(&c.slice(i, 1)?))
                .collect::<Result<Vec<_>>>()?;
            Ok(Label::from_levels(parts))
        })
        .collect()
}

impl Index {
    /// The label of the first row (for naming a row Series).
    fn label_at_first(&self) -> Result<Label> {
        if self.is_empty() {
            return Ok(Label::None);
        }
        let cols = self.level_columns()?;
        let parts = cols
            .iter()
            .map(label_of_first_row)
            .collect::<Result<Vec<_>>>()?;
        Ok(Label::from_levels(parts))
    }
}

/// Row 0 of `c` as a label: numbers, bools and strings (other types are no labels here).
pub(crate) fn label_of_first_row(c: &Column) -> Result<Label> {
    if c.null_count()? > 0 && c.slice(0, 1)?.null_count()? == 1 {
        return Ok(Label::None);
    }
    let id = c.dtype().id();
    let one = c.slice(0, 1)?;
    Ok(match id {
        TypeId::Bool8 => Label::Bool(one.host_values::<u8>()?[0] != 0),
        t if t.is_integer() => {
            Label::Int(cast(&one, TypeId::Int64.into())?.host_values::<i64>()?[0])
        }
        t if t.is_floating() => {
            Label::Float(cast(&one, TypeId::Float64.into())?.host_values::<f64>()?[0])
        }
        TypeId::String => {
            let a = ferrodf_core::interop::arrow::to_arrow(&one)?;
            use arrow_array::cast::AsArray;
            let s = match a.as_string_opt::<i32>() {
                Some(s) => s.value(0).to_string(),
                None => a.as_string::<i64>().value(0).to_string(),
            };
            Label::Str(s)
        }
        _ => {
            return Err(Error::not_implemented(format!(
                "a {} row label as a Series name",
                c.dtype()
            )));
        }
    })
}
