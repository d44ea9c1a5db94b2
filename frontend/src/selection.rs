//! `df.loc[rows, columns]`, `df.iloc[rows, columns]` and `df[mask]` for Rust: a small
//! row-key type by label, positions through [`RowSelection`], columns through
//! [`LabelKey`] / [`PositionKey`].

use ferrodf_core::{Column, Error, Result, TypeId};

use crate::column_accessor::{LabelKey, PositionKey};
use crate::compute::Value;
use crate::label::Label;
use crate::loc::RowMatch;
use crate::rows::RowSelection;
use crate::{DataFrame, Selected, Series};

/// The rows of a `loc` selection, by label ([`crate::Index::locate`] finds them).
#[derive(Clone, Debug)]
pub enum Rows {
    /// Every row (`:`).
    All,
    /// The rows labelled `key` (one row when the label is unique); on a MultiIndex, the
    /// rows whose first level is `key`.
    Label(Value),
    /// One MultiIndex label, one value per level, or a prefix of the levels.
    Tuple(Vec<Value>),
    /// From the first row labelled `start` to the last labelled `stop`, both included, as
    /// pandas' label slices (`None`: from the first / to the last row), every `step`-th
    /// (a negative step walks from `start` down to `stop`).
    Slice {
        start: Option<Value>,
        stop: Option<Value>,
        step: Option<i64>,
    },
    /// The rows labelled by each value of a column, in its order (pandas' `loc[[...]]`;
    /// KeyError when one is missing).
    Labels(ferrodf_core::Column),
    /// The rows labelled by each MultiIndex key, given as one column per level.
    LevelLabels(Vec<ferrodf_core::Column>),
    /// One flag per row, by position (a boolean array).
    Flags(ferrodf_core::Column),
    /// The rows where a boolean Series over the same labels is true (missing counts as
    /// false).
    Mask(Series),
}

impl DataFrame {
    /// The rows where `mask` is true (pandas' `df[mask]`); the mask has one flag per row.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("x" => [1i64, 5, 9]).unwrap();
    /// let big = df.filter(&df.column(&"x".into()).unwrap().gt(3).unwrap()).unwrap();
    /// assert_eq!(big.num_rows(), 2);
    /// ```
    pub fn filter(&self, mask: &Series) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        if mask.dtype().id() != TypeId::Bool8 || mask.len() != self.num_rows() {
            return Err(Error::value(format!(
                "a row mask is a boolean Series with one flag per row ({} rows), got {} {} values",
                self.num_rows(),
                mask.len(),
                crate::dtype_name(mask.dtype())
            )));
        }
        self.select_rows(&RowSelection::Mask(mask.column().clone()))
    }

    /// pandas' `df.loc[rows, columns]`: rows by label, columns by label.
    ///
    /// ```
    /// use ferrodf::{df, LabelKey};
    /// use ferrodf::selection::Rows;
    /// let df = df!("a" => [1i64, 2, 3, 4], "b" => [5i64, 6, 7, 8], "c" => [0i64; 4]).unwrap();
    /// // df.loc[1:2, "a":"b"]
    /// let part = df
    ///     .loc(
    ///         &Rows::Slice { start: Some(1i64.into()), stop: Some(2i64.into()), step: None },
    ///         &LabelKey::Slice { start: Some("a".into()), stop: Some("b".into()) },
    ///     )
    ///     .unwrap();
    /// assert_eq!(part.shape(), (2, 2));
    /// ```
    pub fn loc(&self, rows: &Rows, columns: &LabelKey) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let picked = match self.index().locate(rows)? {
            RowMatch::One(i) => self.select_rows(&RowSelection::Slice {
                start: i,
                len: 1,
                step: 1,
            })?,
            RowMatch::Rows { rows, .. } => self.select_rows(&rows)?,
        };
        picked.select_columns(columns)
    }

    /// pandas' `df.iloc[rows, columns]`: rows and columns by position.
    pub fn iloc(&self, rows: &RowSelection, columns: &PositionKey) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.select_rows(rows)?.select_columns_by_position(columns)
    }
}

/// What `df[key]` was given. pandas' `DataFrame.__getitem__` decides from the key whether
/// rows or columns are meant; [`DataFrame::getitem`] applies those rules.
#[derive(Clone, Debug)]
pub enum ItemKey {
    /// One label: that column (a MultiIndex prefix: the columns below it).
    Label(Label),
    /// A list: booleans, one per row, select rows; anything else names columns.
    List(Vec<Label>),
    /// A slice: integer (or open) bounds are row positions, other bounds row labels
    /// (both ends included, as `.loc`).
    Slice {
        start: Option<Value>,
        stop: Option<Value>,
        step: Option<i64>,
    },
    /// A boolean array: the rows whose flag is true, by position.
    Flags(Column),
    /// A Series: a boolean one selects the rows where it is true (aligned on the labels);
    /// any other names columns by its values.
    Series(Series),
}

impl DataFrame {
    /// pandas' `df[key]`: a column (a Series), columns (a frame), or rows (a frame) for
    /// slices, boolean lists, arrays and Series.
    ///
    /// ```
    /// use ferrodf::{df, Label, Selected};
    /// use ferrodf::selection::ItemKey;
    /// let df = df!("a" => [1i64, 2, 3], "b" => [4i64, 5, 6]).unwrap();
    /// let Selected::Series(a) = df.getitem(&ItemKey::Label("a".into())).unwrap() else { panic!() };
    /// assert_eq!(a.len(), 3);
    /// let flags = ItemKey::List(vec![Label::Bool(true), Label::Bool(false), Label::Bool(true)]);
    /// let Selected::Frame(rows) = df.getitem(&flags).unwrap() else { panic!() };
    /// assert_eq!(rows.shape(), (2, 2));
    /// let slice = ItemKey::Slice { start: Some(1.into()), stop: None, step: None };
    /// let Selected::Frame(tail) = df.getitem(&slice).unwrap() else { panic!() };
    /// assert_eq!(tail.shape(), (2, 2));
    /// ```
    pub fn getitem(&self, key: &ItemKey) -> Result<Selected> {
        let _operation = ferrodf_core::memory::enter_operation();
        let frame = |df: DataFrame| Ok(Selected::Frame(df));
        match key {
            ItemKey::Label(label) => self.get(&LabelKey::Label(label.clone())),
            ItemKey::List(labels)
                if !labels.is_empty() && labels.iter().all(|l| matches!(l, Label::Bool(_))) =>
            {
                if labels.len() != self.num_rows() {
                    return Err(Error::value(format!(
                        "Item wrong length {} instead of {}: a boolean row key has one flag \
                         per row",
                        labels.len(),
                        self.num_rows()
                    )));
                }
                let flags: arrow_array::BooleanArray = labels
                    .iter()
                    .map(|l| Some(matches!(l, Label::Bool(true))))
                    .collect();
                let flags = ferrodf_core::interop::arrow::from_arrow(&flags)?;
                frame(self.select_rows(&RowSelection::Mask(flags))?)
            }
            ItemKey::List(labels) => frame(self.select_columns(&LabelKey::List(labels.clone()))?),
            ItemKey::Slice { start, stop, step } => {
                let positional = [start, stop]
                    .iter()
                    .all(|b| matches!(b, None | Some(Value::Int(_))));
                if positional {
                    let bound = |b: &Option<Value>| match b {
                        Some(Value::Int(i)) => Some(*i as i64),
                        _ => None,
                    };
                    let rows = RowSelection::from_slice(
                        self.num_rows(),
                        bound(start),
                        bound(stop),
                        *step,
                    )?;
                    return frame(self.select_rows(&rows)?);
                }
                let rows = Rows::Slice {
                    start: start.clone(),
                    stop: stop.clone(),
                    step: *step,
                };
                frame(self.loc(
                    &rows,
                    &LabelKey::Slice {
                        start: None,
                        stop: None,
                    },
                )?)
            }
            ItemKey::Flags(flags) => {
                if flags.dtype().id() != TypeId::Bool8 || flags.size() != self.num_rows() {
                    return Err(Error::value(format!(
                        "Item wrong length {} instead of {}: a boolean row key has one flag \
                         per row",
                        flags.size(),
                        self.num_rows()
                    )));
                }
                frame(self.select_rows(&RowSelection::Mask(flags.clone()))?)
            }
            ItemKey::Series(s) if s.dtype().id() == TypeId::Bool8 => frame(self.loc(
                &Rows::Mask(s.clone()),
                &LabelKey::Slice {
                    start: None,
                    stop: None,
                },
            )?),
            ItemKey::Series(s) => {
                let labels =
                    crate::lookup::labels_of(&crate::Index::from_column(s.column().clone(), None))?;
                frame(self.select_columns(&LabelKey::List(labels))?)
            }
        }
    }
}
