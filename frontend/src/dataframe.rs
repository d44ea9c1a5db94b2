//! [`DataFrame`]: labelled columns (a [`ColumnAccessor`]) over shared row labels (an
//! [`Index`]).

use ferrodf_core::{Column, Error, Result};

use crate::column_accessor::{ColumnAccessor, LabelKey, PositionKey};
use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;
use crate::series::Series;
use crate::suggest::missing_label;

/// A table of labelled, equally long columns with row labels.
///
/// ```
/// use ferrodf::{DataFrame, Label, LabelKey, Selected};
/// use ferrodf::core::Column;
/// let df = DataFrame::from_columns(vec![
///     ("x".into(), Column::from_values(vec![1i64, 2, 3])),
///     ("y".into(), Column::from_options(vec![Some(1.5f64), None, Some(3.0)])),
/// ]).unwrap();
/// assert_eq!(df.shape(), (3, 2));
/// let Selected::Series(y) = df.get(&LabelKey::Label("y".into())).unwrap() else { panic!() };
/// assert_eq!(y.name(), &Label::from("y"));
/// println!("{df}");
/// ```
#[derive(Clone, Debug)]
pub struct DataFrame {
    data: ColumnAccessor,
    index: Index,
}

/// What `df[key]` gives: one column as a Series, or several as a DataFrame.
#[derive(Clone, Debug)]
pub enum Selected {
    Series(Series),
    Frame(DataFrame),
}

impl DataFrame {
    /// A frame over `data` with row labels `index` (the default RangeIndex when `None`).
    pub fn new(data: ColumnAccessor, index: Option<Index>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let index = match index {
            Some(index) => {
                if !data.is_empty() && index.len() != data.nrows() {
                    return Err(Error::value(format!(
                        "the index has {} labels but the columns have {} rows",
                        index.len(),
                        data.nrows()
                    )));
                }
                index
            }
            None => Index::default_for(data.nrows()),
        };
        Ok(DataFrame { data, index })
    }

    /// A frame from `(label, column)` pairs with the default index.
    pub fn from_columns(pairs: Vec<(Label, Column)>) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let multiindex = pairs.iter().any(|(l, _)| l.is_tuple());
        DataFrame::new(ColumnAccessor::from_pairs(pairs, multiindex)?, None)
    }

    /// The columns and their labels.
    pub fn data(&self) -> &ColumnAccessor {
        &self.data
    }

    /// The row labels.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// (rows, columns).
    pub fn shape(&self) -> (usize, usize) {
        (self.num_rows(), self.data.len())
    }

    /// The number of rows.
    pub fn num_rows(&self) -> usize {
        self.index.len()
    }

    /// A copy with other row labels.
    pub fn with_index(&self, index: Index) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        DataFrame::new(self.data.clone(), Some(index))
    }

    /// A copy with other columns (same row labels).
    pub fn with_data(&self, data: ColumnAccessor) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        DataFrame::new(data, Some(self.index.clone()))
    }

    /// The column under exactly `label` as a Series.
    pub fn column(&self, label: &Label) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let column = self.data.get(label)?.clone();
        Series::from_column(column, Some(self.index.clone()), label.clone())
    }

    /// `df[key]` for a column key: a full label gives a Series, anything else a frame.
    pub fn get(&self, key: &LabelKey) -> Result<Selected> {
        let _operation = ferrodf_core::memory::enter_operation();
        if let LabelKey::Label(label) = key {
            if self.data.contains(label) {
                return Ok(Selected::Series(self.column(label)?));
            }
        }
        let data = self.data.select_by_label(key)?;
        Ok(Selected::Frame(self.with_data(data)?))
    }

    /// pandas' refusal of a key that names both a column and an index level
    /// (`df.set_index("a", drop=False).groupby("a")`): ValueError rather than a silent
    /// choice of the column.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("a" => [1i64, 2], "b" => [3i64, 4]).unwrap();
    /// let both = df.set_index(["a"], false).unwrap();
    /// assert!(both.check_unambiguous(&["a".into()]).is_err());
    /// assert!(both.check_unambiguous(&["b".into()]).is_ok());
    /// ```
    pub fn check_unambiguous(&self, keys: &[Label]) -> Result<()> {
        let levels = self.index.names();
        for key in keys {
            if *key != Label::None && levels.contains(key) && self.data.contains(key) {
                return Err(Error::value(format!(
                    "{key} is both an index level and a column label, which is ambiguous; \
                     rename one (rename_axis or reset_index) or pass level= for the index"
                )));
            }
        }
        Ok(())
    }

    /// The columns `key` selects by label, always as a frame.
    pub fn select_columns(&self, key: &LabelKey) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_data(self.data.select_by_label(key)?)
    }

    /// The columns `key` selects by position.
    pub fn select_columns_by_position(&self, key: &PositionKey) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_data(self.data.select_by_index(key)?)
    }

    /// The rows `rows` selects, with their labels.
    pub fn select_rows(&self, rows: &RowSelection) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let index = self.index.select(rows)?;
        let columns = rows.apply(self.data.columns())?;
        DataFrame::new(self.data.with_columns(columns)?, Some(index))
    }

    /// The first `n` rows.
    pub fn head(&self, n: i64) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.select_rows(&RowSelection::head(self.num_rows(), n))
    }

    /// The last `n` rows.
    pub fn tail(&self, n: i64) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.select_rows(&RowSelection::tail(self.num_rows(), n))
    }

    /// Sets the column under `label`: replaces it or appends it. A frame without columns
    /// takes the length of its first column (and a default index when it has none).
    pub fn set_column(&mut self, label: Label, column: Column) -> Result<()> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.data.is_empty() && self.index.is_default() && self.index.len() != column.size() {
            self.index = Index::default_for(column.size());
        }
        self.check_length(&column)?;
        self.data.set_by_label(label, column)
    }

    /// A ValueError unless `column` has one value per row.
    fn check_length(&self, column: &Column) -> Result<()> {
        if column.size() != self.num_rows() {
            return Err(Error::value(format!(
                "length of values ({}) does not match length of index ({})",
                column.size(),
                self.num_rows()
            )));
        }
        Ok(())
    }

    /// Inserts a column at `loc`; an existing label raises ValueError, as in pandas.
    pub fn insert(&mut self, loc: usize, label: Label, column: Column) -> Result<()> {
        let _operation = ferrodf_core::memory::enter_operation();
        if self.data.contains(&label) {
            return Err(Error::value(format!(
                "cannot insert {label}, already exists"
            )));
        }
        if self.data.is_empty() && self.index.is_default() {
            self.index = Index::default_for(column.size());
        }
        self.check_length(&column)?;
        self.data.insert(label, column, Some(loc))
    }

    /// A copy without the columns `labels` name (prefixes drop whole MultiIndex groups).
    pub fn drop_columns(&self, labels: &[Label]) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let mut dropped = vec![false; self.data.len()];
        for label in labels {
            let found = self.data.positions_of(label);
            if found.is_empty() {
                return Err(missing_label(label, self.data.names()));
            }
            for p in found {
                dropped[p] = true;
            }
        }
        let keep: Vec<usize> = (0..self.data.len()).filter(|&i| !dropped[i]).collect();
        self.with_data(self.data.take_positions(&keep)?)
    }

    /// A copy with the column labels mapped by `mapper` (at `level` on a MultiIndex).
    pub fn rename_columns(
        &self,
        mapper: &dyn Fn(&Label) -> Label,
        level: Option<i64>,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.with_data(self.data.rename_levels(mapper, level)?)
    }
}
