//! pandas' `DataFrame(dict)` constructor rules: Series align on their labels (the union of
//! their indexes when they differ, or the index given), arrays must match the frame's
//! length, scalars repeat down their column.

use ferrodf_core::ops::filling::column_from_scalar;
use ferrodf_core::{Column, Error, Result, Scalar, TypeId};

use crate::align::align;
use crate::column_accessor::ColumnAccessor;
use crate::compute::Value;
use crate::index::Index;
use crate::label::Label;
use crate::{DataFrame, Series};

/// The data of one column given to [`DataFrame::from_entries`].
#[derive(Clone, Debug)]
pub enum Entry {
    /// Values with labels: aligned on the frame's index.
    Series(Series),
    /// Values by position: exactly one per row.
    Column(Column),
    /// One value for every row.
    Scalar(Value),
}

from_impls!(Entry {
    Series => |s| Entry::Series(s),
    Column => |c| Entry::Column(c),
    Value => |v| Entry::Scalar(v),
    i64 => |v| Entry::Scalar(v.into()),
    f64 => |v| Entry::Scalar(v.into()),
    &str => |v| Entry::Scalar(v.into()),
});

impl DataFrame {
    /// pandas' `DataFrame(dict, index=...)`: Series are aligned on `index`, or, without one,
    /// on their own labels (the sorted union when they differ); columns must hold one value
    /// per row; scalars repeat down their column. Tuple labels make MultiIndex columns,
    /// named by `level_names` when given.
    ///
    /// ```
    /// use ferrodf::construct::Entry;
    /// use ferrodf::{DataFrame, Index, Series};
    /// use ferrodf::core::Column;
    /// let a = Series::from_vec("a", vec![1i64, 2])
    ///     .with_index(Index::from_column(Column::from_values(vec![10i64, 20]), None))
    ///     .unwrap();
    /// let b = Series::from_vec("b", vec![5.0f64])
    ///     .with_index(Index::from_column(Column::from_values(vec![30i64]), None))
    ///     .unwrap();
    /// let df = DataFrame::from_entries(
    ///     vec![("a".into(), a.into()), ("b".into(), b.into()), ("k".into(), 7i64.into())],
    ///     None,
    ///     None,
    /// )
    /// .unwrap();
    /// assert_eq!(df.shape(), (3, 3)); // labels 10, 20, 30
    /// // arrays of different lengths are refused
    /// let bad = DataFrame::from_entries(
    ///     vec![
    ///         ("x".into(), Column::from_values(vec![1i64, 2]).into()),
    ///         ("y".into(), Column::from_values(vec![1i64]).into()),
    ///     ],
    ///     None,
    ///     None,
    /// );
    /// assert!(bad.is_err());
    /// ```
    pub fn from_entries(
        entries: Vec<(Label, Entry)>,
        index: Option<Index>,
        level_names: Option<Vec<Label>>,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let index = match index {
            Some(index) => Some(index),
            None => series_union(&entries)?,
        };
        let nrows = match &index {
            Some(index) => index.len(),
            None => arrays_length(&entries)?,
        };
        let mut pairs = Vec::with_capacity(entries.len());
        for (label, entry) in entries {
            let column = match entry {
                Entry::Series(s) => match &index {
                    Some(index) => s.reindex(index)?.column().clone(),
                    None => s.column().clone(),
                },
                Entry::Column(c) if c.size() != nrows => {
                    return Err(Error::value(format!(
                        "column {label} has {} values for {nrows} rows; give every column \
                         one value per row (or pass Series, which align on their labels)",
                        c.size()
                    )));
                }
                Entry::Column(c) => c,
                Entry::Scalar(v) => repeat(&v, nrows)?,
            };
            pairs.push((label, column));
        }
        let multiindex = pairs.iter().any(|(l, _)| l.is_tuple());
        let mut data = ColumnAccessor::from_pairs(pairs, multiindex)?;
        if let Some(names) = level_names {
            data.set_level_names(names)?;
        }
        DataFrame::new(data, index)
    }
}

/// The index the Series among `entries` share: theirs when all have the same labels, else
/// the sorted union (pandas); None when there is no Series.
fn series_union(entries: &[(Label, Entry)]) -> Result<Option<Index>> {
    let mut union: Option<Index> = None;
    for (_, entry) in entries {
        if let Entry::Series(s) = entry {
            union = Some(match union {
                None => s.index().clone(),
                Some(u) => align(&u, s.index())?.index,
            });
        }
    }
    Ok(union)
}

/// The length every array among `entries` shares (there is no Series): ValueError when
/// they differ, or when only scalars are given (pandas needs an index to know how many
/// rows to repeat them for).
fn arrays_length(entries: &[(Label, Entry)]) -> Result<usize> {
    let mut lengths = entries.iter().filter_map(|(_, e)| match e {
        Entry::Column(c) => Some(c.size()),
        _ => None,
    });
    match lengths.next() {
        Some(n) => Ok(n),
        None if entries.is_empty() => Ok(0),
        None => Err(Error::value(
            "if using all scalar values, you must pass an index (pandas' rule: the frame \
             would not know how many rows to make); pass index=[...] or wrap a value in a list",
        )),
    }
}

/// `value` in each of `n` rows, built where columns are computed (a missing value is a
/// missing float, as pandas' NaN column).
pub(crate) fn repeat(value: &Value, n: usize) -> Result<Column> {
    let scalar = match value {
        Value::Null => Scalar::from_native_as::<f64>(TypeId::Float64.into(), None)?,
        v => v.to_scalar()?,
    };
    column_from_scalar(&scalar, n)
}
