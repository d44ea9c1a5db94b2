//! `df.loc[rows, columns]`, `df.iloc[rows, columns]` and `df[mask]` for Rust: a small
//! row-key type by label, positions through [`RowSelection`], columns through
//! [`LabelKey`] / [`PositionKey`].

use ferrodf_core::{Error, Result, TypeId};

use crate::column_accessor::{LabelKey, PositionKey};
use crate::compute::Value;
use crate::loc::RowMatch;
use crate::rows::RowSelection;
use crate::{DataFrame, Series};

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
