//! Moving labels between the index and the columns: `set_index`, `reset_index`, the
//! index levels as columns that `groupby(level=...)` groups by, and the row-label edits
//! `drop(index=...)` and `rename(index=...)`.

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{Source, scatter};
use ferrodf_core::ops::filling::column_from_scalar;
use ferrodf_core::ops::replace::find_and_replace_all;
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::assign::exact_scalar;
use crate::compute::Value;

use crate::rows::RowSelection;

use crate::DataFrame;
use crate::index::Index;
use crate::label::Label;

/// One index level, by position (negative from the end) or by name.
#[derive(Clone, Debug, PartialEq)]
pub enum Level {
    Position(i64),
    Name(Label),
}

from_impls!(Level {
    i64 => |p| Level::Position(p),
    &str => |name| Level::Name(name.into()),
    Label => |name| Level::Name(name),
});

impl DataFrame {
    /// The columns `keys` as the row labels, a MultiIndex for several (pandas'
    /// `set_index`); with `drop` they leave the columns.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("k" => ["a", "b"], "v" => [1i64, 2]).unwrap();
    /// let by_k = df.set_index(["k"], true).unwrap();
    /// assert_eq!((by_k.shape(), by_k.index().names()), ((2, 1), vec!["k".into()]));
    /// ```
    pub fn set_index<L: Into<Label>>(
        &self,
        keys: impl IntoIterator<Item = L>,
        drop: bool,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys: Vec<Label> = keys.into_iter().map(Into::into).collect();
        let mut columns = keys
            .iter()
            .map(|k| self.data().get(k).cloned())
            .collect::<Result<Vec<_>>>()?;
        let index = match columns.len() {
            0 => return Err(Error::value("set_index needs at least one key".to_string())),
            1 => Index::from_column(columns.remove(0), Some(keys[0].clone())),
            _ => Index::multi(columns, Some(keys.clone()))?,
        };
        let out = self.with_index(index)?;
        if drop {
            out.drop_columns(&keys)
        } else {
            Ok(out)
        }
    }

    /// A RangeIndex in place of the row labels (pandas' `reset_index`); unless `drop`,
    /// the index levels become leading columns named after the levels (`index`, or
    /// `level_<i>` for unnamed levels of a MultiIndex).
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("k" => ["a", "b"], "v" => [1i64, 2]).unwrap();
    /// let back = df.set_index(["k"], true).unwrap().reset_index(false).unwrap();
    /// assert_eq!(back.data().names(), df.data().names());
    /// ```
    pub fn reset_index(&self, drop: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mut out = self.with_index(Index::default_for(self.num_rows()))?;
        if drop {
            return Ok(out);
        }
        let index = self.index();
        let single = index.nlevels() == 1;
        for (i, (name, column)) in index
            .names()
            .into_iter()
            .zip(index.level_columns()?)
            .enumerate()
        {
            let label = match name {
                Label::None if single && !self.data().contains(&"index".into()) => {
                    Label::from("index")
                }
                Label::None => Label::Str(format!("level_{i}")),
                named => named,
            };
            out.insert(i, label, column)?;
        }
        Ok(out)
    }

    /// The positions of the index levels `levels` (names or positions, negative from the
    /// end); a KeyError names the levels there are.
    pub fn level_positions(&self, levels: &[Level]) -> Result<Vec<usize>> {
        let names = self.index().names();
        let n = names.len() as i64;
        levels
            .iter()
            .map(|level| match level {
                Level::Name(name) if names.contains(name) => {
                    Ok(names.iter().position(|x| x == name).expect("contained"))
                }
                Level::Position(p) if (-n..n).contains(p) => Ok(p.rem_euclid(n) as usize),
                Level::Position(p) => Err(Error::index(format!(
                    "level {p} is out of range for an index of {n} levels"
                ))),
                Level::Name(name) => Err(Error::Key(format!(
                    "level {name} is not an index level; the levels are {}",
                    names
                        .iter()
                        .map(Label::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            })
            .collect()
    }

    /// The frame without the rows at `positions` (an integer column; pandas'
    /// `df.drop(index=labels)` once the labels are found, e.g. with
    /// [`Index::get_indexer`]).
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::core::Column;
    /// let df = df!("a" => [1i64, 2, 3]).unwrap();
    /// let at = df.index().get_indexer(&Column::from_values(vec![1i64])).unwrap();
    /// assert_eq!(df.drop_rows(&at).unwrap().num_rows(), 2);
    /// ```
    pub fn drop_rows(&self, positions: &Column) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let n = self.num_rows();
        // built where the data lives (no host vector of n flags)
        let ones = Table::new(vec![column_from_scalar(&Scalar::from_native(1u8), n)?])?;
        let kept = scatter(
            Source::Scalars(&[Scalar::from_native(0u8)]),
            positions,
            &ones,
        )?;
        let keep = cast(&kept.into_columns().remove(0), TypeId::Bool8.into())?;
        self.select_rows(&RowSelection::Mask(keep))
    }

    /// pandas' `df.drop(index=key)`: the frame without the rows `key` names by label (a
    /// label, a MultiIndex prefix, a list of labels, ...); KeyError when one is missing.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::core::Column;
    /// use ferrodf::selection::Rows;
    /// let df = df!("a" => [1i64, 2, 3]).unwrap();
    /// let out = df.drop_labels(&Rows::Labels(Column::from_values(vec![0i64, 2]))).unwrap();
    /// assert_eq!(out.num_rows(), 1);
    /// assert!(df.drop_labels(&Rows::Label(7.into())).is_err());
    /// ```
    pub fn drop_labels(&self, key: &crate::selection::Rows) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let positions = match self.index().locate(key)? {
            crate::loc::RowMatch::One(i) => Column::from_values(vec![i as i64]),
            crate::loc::RowMatch::Rows { rows, .. } => self.positions_of(&rows)?,
        };
        self.drop_rows(&positions)
    }

    /// Row labels renamed (pandas' `df.rename(index={old: new})`): in every level (or
    /// only in `level`), each label equal to an `old` value becomes its `new` value; labels
    /// not named stay, and `old` values of another type than a level's labels match
    /// nothing there. A new value the level cannot hold is a TypeError.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::compute::Value;
    /// let df = df!("a" => [1i64, 2, 3]).unwrap();
    /// let pairs: Vec<(Value, Value)> = vec![(0.into(), 10.into()), ("x".into(), "y".into())];
    /// let out = df.rename_index(&pairs, None).unwrap();
    /// let labels = &out.index().level_columns().unwrap()[0];
    /// assert_eq!(labels.host_values::<i64>().unwrap().to_vec(), vec![10, 1, 2]);
    /// ```
    pub fn rename_index(
        &self,
        pairs: &[(Value, Value)],
        level: Option<Level>,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let only = level
            .map(|l| self.level_positions(&[l]).map(|p| p[0]))
            .transpose()?;
        let names = self.index().names();
        let mut levels = self.index().level_columns()?;
        for (k, column) in levels.iter_mut().enumerate() {
            if only.is_some_and(|o| o != k) {
                continue;
            }
            let (mut old, mut new) = (Vec::new(), Vec::new());
            for (o, v) in pairs {
                if matches!(o, Value::Null) {
                    continue;
                }
                // an old label this level cannot hold is not one of its labels
                let Ok(o) = exact_scalar(o, column, &names[k]) else {
                    continue;
                };
                old.push(o.as_column().clone());
                let renamed = exact_scalar(v, column, &names[k]).map_err(|e| match e {
                    Error::Type(_) => Error::type_err(format!(
                        "cannot rename row labels of type {} to {}; give new labels of the \
                         index's type, or convert the index first (astype)",
                        crate::dtype_name(column.dtype()),
                        crate::lookup::describe(v)
                    )),
                    e => e,
                })?;
                new.push(renamed.as_column().clone());
            }
            if !old.is_empty() {
                *column = find_and_replace_all(column, &concatenate(&old)?, &concatenate(&new)?)?;
            }
        }
        self.with_index(self.index().rebuild(levels))
    }

    /// pandas' `rename(index=func)`: every label of the index (of `level` only, when
    /// given) replaced by `func(label)`, which may change the level's type (the new labels
    /// are typed as [`column_from_values`](crate::compute::column_from_values) types them).
    /// `func` is called once per row label, as pandas calls it.
    ///
    /// ```
    /// use ferrodf::df;
    /// use ferrodf::compute::Value;
    /// let df = df!("a" => [1i64, 2]).unwrap();
    /// let out = df
    ///     .rename_index_with(|s| Ok(Value::Str(format!("r{}", s.value::<i64>()?.unwrap()))), None)
    ///     .unwrap();
    /// assert_eq!(ferrodf::dtype_name(out.index().level_columns().unwrap()[0].dtype()), "str");
    /// ```
    pub fn rename_index_with(
        &self,
        mut func: impl FnMut(&Scalar) -> Result<Value>,
        level: Option<Level>,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let only = level
            .map(|l| self.level_positions(&[l]).map(|p| p[0]))
            .transpose()?;
        let mut levels = self.index().level_columns()?;
        for (k, column) in levels.iter_mut().enumerate() {
            if only.is_some_and(|o| o != k) {
                continue;
            }
            // one copy of the level to the host, not one per label
            let labels = ferrodf_core::interop::arrow::to_arrow(column)?;
            let mapped = (0..labels.len())
                .map(|i| {
                    let one = ferrodf_core::interop::arrow::from_arrow(&labels.slice(i, 1))?;
                    func(&Scalar::from_column(one)?)
                })
                .collect::<Result<Vec<_>>>()?;
            *column = crate::compute::column_from_values(&mapped)?;
        }
        let names = self.index().names();
        let index = if levels.len() == 1 {
            Index::from_column(levels.remove(0), Some(names[0].clone()))
        } else {
            Index::multi(levels, Some(names))?
        };
        self.with_index(index)
    }
}
