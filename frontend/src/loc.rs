//! pandas' `.loc` by label for frames and Series: which rows a key names, found where the
//! labels live, and what the selection gives back (a frame, a Series or one value) under
//! pandas' rules: one label found once drops the row dimension, a partial MultiIndex key
//! drops the levels it matched, a tuple is one MultiIndex label or a `(rows, columns)` pair.

use ferrodf_core::ops::copying::get_element;
use ferrodf_core::{Column, Error, Result, Scalar, TypeId};

use crate::assign::Values;
use crate::column_accessor::LabelKey;
use crate::compute::Value;
use crate::index::Index;
use crate::lookup::Location;
use crate::rows::RowSelection;
use crate::selection::Rows;
use crate::{DataFrame, Selected, Series};

/// What a `.loc` selection gives back.
#[derive(Clone, Debug)]
pub enum Located {
    /// Several rows (or a slice, list or mask of them) of several columns.
    Frame(DataFrame),
    /// One column, or one row of a frame indexed by the column labels.
    Series(Series),
    /// One cell.
    Value(Scalar),
    /// One row of a frame mixing strings with other types, which no single column type
    /// holds (pandas gives an object Series), as a one-row frame.
    MixedRow(DataFrame),
}

/// The rows a `.loc` row key names.
#[derive(Clone, Debug)]
pub enum RowMatch {
    /// One label found exactly once: pandas drops the row dimension (a row, a value).
    One(usize),
    /// Any number of rows; `dropped_levels` leading MultiIndex levels were matched by a
    /// partial key and leave the result's index, as in pandas.
    Rows {
        rows: RowSelection,
        dropped_levels: usize,
    },
}

/// Whether a tuple key is one MultiIndex row label rather than a `(rows, columns)` pair:
/// it has one plain label per level (`parts_are_labels[i]`: part `i` is a scalar, not a
/// slice, list or nested tuple). A tuple inside a pair (`df.loc[("a", 1), "x"]`) is the
/// row label of the pair, as in pandas.
///
/// ```
/// use ferrodf::loc::tuple_is_row_label;
/// assert!(tuple_is_row_label(2, &[true, true])); // df.loc[("a", 1)] on two levels
/// assert!(!tuple_is_row_label(1, &[true, true])); // df.loc["a", "x"]
/// assert!(!tuple_is_row_label(2, &[false, true])); // df.loc[["a"], "x"]
/// ```
pub fn tuple_is_row_label(nlevels: usize, parts_are_labels: &[bool]) -> bool {
    nlevels > 1 && parts_are_labels.len() == nlevels && parts_are_labels.iter().all(|&l| l)
}

impl Index {
    /// The rows `rows` names among these labels (pandas' `.loc` row lookup), computed where
    /// the labels live. KeyError for a label that is missing, IndexError for a boolean
    /// array of the wrong length, ValueError for a boolean Series over other labels.
    ///
    /// ```
    /// use ferrodf::Index;
    /// use ferrodf::loc::RowMatch;
    /// use ferrodf::selection::Rows;
    /// use ferrodf::core::Column;
    /// let idx = Index::from_column(Column::from_values(vec![10i64, 20, 10]), None);
    /// assert!(matches!(idx.locate(&Rows::Label(20.into())).unwrap(), RowMatch::One(1)));
    /// assert!(matches!(idx.locate(&Rows::Label(10.into())).unwrap(), RowMatch::Rows { .. }));
    /// assert!(idx.locate(&Rows::Label(30.into())).is_err());
    /// ```
    pub fn locate(&self, rows: &Rows) -> Result<RowMatch> {
        let _operation = ferrodf_core::memory::enter_operation();
        let n = self.len();
        let all = |rows| RowMatch::Rows {
            rows,
            dropped_levels: 0,
        };
        Ok(match rows {
            Rows::All => all(RowSelection::Slice {
                start: 0,
                len: n,
                step: 1,
            }),
            Rows::Label(key) if self.nlevels() > 1 => {
                self.locate_levels(std::slice::from_ref(key))?
            }
            Rows::Label(key) => match self.get_loc(key)? {
                Location::Row(i) => RowMatch::One(i),
                Location::Rows(map) => all(RowSelection::Take(map)),
            },
            Rows::Tuple(key) => self.locate_levels(key)?,
            Rows::Slice { start, stop, step } => {
                all(self.label_slice(start.as_ref(), stop.as_ref(), *step)?)
            }
            Rows::Labels(wanted) => all(RowSelection::Take(self.get_indexer(wanted)?)),
            Rows::LevelLabels(wanted) => all(RowSelection::Take(self.get_indexer_levels(wanted)?)),
            Rows::Flags(flags) => {
                if flags.dtype().id() != TypeId::Bool8 {
                    return Err(Error::type_err(format!(
                        "a row mask is boolean, got {} values",
                        crate::dtype_name(flags.dtype())
                    )));
                }
                if flags.size() != n {
                    return Err(Error::index(format!(
                        "a boolean row mask of {} values for {n} rows; give one flag per row",
                        flags.size()
                    )));
                }
                all(RowSelection::Mask(flags.clone()))
            }
            Rows::Mask(mask) => {
                if mask.dtype().id() != TypeId::Bool8 {
                    return Err(Error::type_err(format!(
                        "a row mask is a boolean Series, got a {} Series",
                        crate::dtype_name(mask.dtype())
                    )));
                }
                if self.same_labels(mask.index())? {
                    return Ok(all(RowSelection::Mask(mask.column().clone())));
                }
                // pandas aligns the mask on these labels; a label the mask lacks is an
                // error (as a missing flag there would be)
                let aligned = mask.reindex(self)?;
                if aligned.column().null_count()? > mask.column().null_count()? {
                    return Err(Error::value(
                        "the boolean Series' index lacks labels of the indexed object \
                         (unalignable boolean Series); give a flag for every label",
                    ));
                }
                all(RowSelection::Mask(aligned.column().clone()))
            }
        })
    }

    /// A (prefix of a) MultiIndex key: one row when the whole key matches once, else the
    /// rows under the prefix, whose matched levels pandas drops.
    fn locate_levels(&self, key: &[Value]) -> Result<RowMatch> {
        let dropped_levels = if key.len() < self.nlevels() {
            key.len()
        } else {
            0
        };
        Ok(match self.get_loc_levels(key)? {
            Location::Row(i) => RowMatch::One(i),
            Location::Rows(map) => RowMatch::Rows {
                rows: RowSelection::Take(map),
                dropped_levels,
            },
        })
    }

    /// The rows of the label slice `start:stop:step`, both bounds included; a negative step
    /// walks from `start` down to `stop` (pandas' `loc["c":"a":-1]`).
    fn label_slice(
        &self,
        start: Option<&Value>,
        stop: Option<&Value>,
        step: Option<i64>,
    ) -> Result<RowSelection> {
        let n = self.len();
        match step.unwrap_or(1) {
            0 => Err(Error::value("slice step cannot be zero")),
            k if k > 0 => {
                let (from, to) = self.slice_positions(start, stop)?;
                RowSelection::from_slice(n, Some(from as i64), Some(to as i64), Some(k))
            }
            k => {
                // the labels stop..=start in index order, walked backwards
                let (from, to) = self.slice_positions(stop, start)?;
                if to <= from {
                    return Ok(RowSelection::Slice {
                        start: 0,
                        len: 0,
                        step: 1,
                    });
                }
                let below = (from > 0).then(|| from as i64 - 1);
                RowSelection::from_slice(n, Some(to as i64 - 1), below, Some(k))
            }
        }
    }

    /// This index without its first `k` levels (a plain index when one level is left).
    fn without_leading_levels(&self, k: usize) -> Result<Index> {
        if k == 0 {
            return Ok(self.clone());
        }
        let mut levels = self.level_columns()?;
        let mut names = self.names();
        let levels = levels.split_off(k);
        let names = names.split_off(k);
        if levels.len() == 1 {
            let name = names.into_iter().next();
            return Ok(Index::from_column(
                levels.into_iter().next().expect("one"),
                name,
            ));
        }
        Index::multi(levels, Some(names))
    }
}

impl DataFrame {
    /// pandas' `df.loc[rows, columns]` with pandas' result shapes: one column gives a Series
    /// (one value where one row label is found once), one row label found once gives the
    /// row as a Series indexed by the column labels, anything else a frame; a partial
    /// MultiIndex key drops the levels it matched.
    ///
    /// ```
    /// use ferrodf::{df, Index, LabelKey};
    /// use ferrodf::core::Column;
    /// use ferrodf::loc::Located;
    /// use ferrodf::selection::Rows;
    /// let df = df!("a" => [1i64, 2, 3], "b" => [0.5f64, 1.5, 2.5]).unwrap();
    /// let df = df.with_index(Index::from_column(Column::from_values(vec![10i64, 20, 30]), None)).unwrap();
    /// let all = LabelKey::Slice { start: None, stop: None };
    /// // df.loc[20, "b"] is one value
    /// let Located::Value(v) = df.loc_get(&Rows::Label(20.into()), &LabelKey::Label("b".into())).unwrap() else { panic!() };
    /// assert_eq!(v.value::<f64>().unwrap(), Some(1.5));
    /// // df.loc[20] is the row
    /// assert!(matches!(df.loc_get(&Rows::Label(20.into()), &all).unwrap(), Located::Series(_)));
    /// // df.loc[10:20] is a frame of two rows
    /// let slice = Rows::Slice { start: Some(10.into()), stop: Some(20.into()), step: None };
    /// let Located::Frame(f) = df.loc_get(&slice, &all).unwrap() else { panic!() };
    /// assert_eq!(f.shape(), (2, 2));
    /// ```
    pub fn loc_get(&self, rows: &Rows, columns: &LabelKey) -> Result<Located> {
        let _operation = ferrodf_core::memory::enter_operation();
        let picked = match columns {
            LabelKey::Slice {
                start: None,
                stop: None,
            } => Selected::Frame(self.clone()),
            key => self.get(key)?,
        };
        let frame = match picked {
            Selected::Series(s) => return s.loc_get(rows),
            Selected::Frame(f) => f,
        };
        match frame.index().locate(rows)? {
            RowMatch::One(i) if !frame.has_row_type() => frame
                .select_rows(&RowSelection::Slice {
                    start: i,
                    len: 1,
                    step: 1,
                })
                .map(Located::MixedRow),
            RowMatch::One(i) => frame.row(i).map(Located::Series),
            RowMatch::Rows {
                rows,
                dropped_levels,
            } => {
                let out = frame.select_rows(&rows)?;
                let index = out.index().without_leading_levels(dropped_levels)?;
                out.with_index(index).map(Located::Frame)
            }
        }
    }
}

impl Series {
    /// pandas' `s.loc[rows]`: one value where one label is found once, else a Series (a
    /// partial MultiIndex key drops the levels it matched).
    ///
    /// ```
    /// use ferrodf::{Index, Series};
    /// use ferrodf::core::Column;
    /// use ferrodf::loc::Located;
    /// use ferrodf::selection::Rows;
    /// let s = Series::from_vec("x", vec![1i64, 2, 3])
    ///     .with_index(Index::from_column(Column::from_values(vec![7i64, 8, 9]), None))
    ///     .unwrap();
    /// let Located::Value(v) = s.loc_get(&Rows::Label(8.into())).unwrap() else { panic!() };
    /// assert_eq!(v.value::<i64>().unwrap(), Some(2));
    /// let Located::Series(tail) = s.loc_get(&Rows::Slice { start: Some(8.into()), stop: None, step: None }).unwrap() else { panic!() };
    /// assert_eq!(tail.len(), 2);
    /// ```
    pub fn loc_get(&self, rows: &Rows) -> Result<Located> {
        let _operation = ferrodf_core::memory::enter_operation();
        match self.index().locate(rows)? {
            RowMatch::One(i) => get_element(self.column(), i).map(Located::Value),
            RowMatch::Rows {
                rows,
                dropped_levels,
            } => {
                let out = self.select_rows(&rows)?;
                let index = out.index().without_leading_levels(dropped_levels)?;
                out.with_index(index).map(Located::Series)
            }
        }
    }

    /// pandas' `s.loc[rows] = values`: the cells the key names set to `values` (a scalar,
    /// one value per row, or a Series aligned on the labels); a new label appends a row. A
    /// value the Series cannot hold exactly raises TypeError; a failed assignment changes
    /// nothing.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::selection::Rows;
    /// let s = Series::from_vec("x", vec![1i64, 2, 3]);
    /// let out = s.loc_set(&Rows::Label(1.into()), &9.into()).unwrap();
    /// assert_eq!(out.column().host_values::<i64>().unwrap().to_vec(), vec![1, 9, 3]);
    /// let grown = s.loc_set(&Rows::Label(5.into()), &4.into()).unwrap();
    /// assert_eq!(grown.len(), 4);
    /// assert!(s.loc_set(&Rows::All, &1.5.into()).is_err());
    /// ```
    pub fn loc_set(&self, rows: &Rows, values: &Values) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (frame, label) = self.as_frame()?;
        let out = frame.loc_set(rows, &LabelKey::Label(label.clone()), values)?;
        self.back_from_frame(&out, &label)
    }

    /// pandas' `s.iloc[rows] = values`: by position; nothing is appended (IndexError for
    /// positions out of range).
    ///
    /// ```
    /// use ferrodf::{RowSelection, Series};
    /// let s = Series::from_vec("x", vec![1.0f64, 2.0, 3.0]);
    /// let out = s.iloc_set(&RowSelection::Slice { start: 1, len: 2, step: 1 }, &0.0.into()).unwrap();
    /// assert_eq!(out.column().host_values::<f64>().unwrap().to_vec(), vec![1.0, 0.0, 0.0]);
    /// ```
    pub fn iloc_set(&self, rows: &RowSelection, values: &Values) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (frame, label) = self.as_frame()?;
        let out = frame.iloc_set(rows, &crate::PositionKey::Position(0), values)?;
        self.back_from_frame(&out, &label)
    }

    /// This Series as a one-column frame (the assignment rules are the frame's).
    fn as_frame(&self) -> Result<(DataFrame, crate::Label)> {
        let label = crate::Label::Int(0);
        Ok((self.to_frame(Some(label.clone()))?, label))
    }

    /// The column `label` of `frame` back as this Series (its name kept).
    fn back_from_frame(&self, frame: &DataFrame, label: &crate::Label) -> Result<Series> {
        let column: Column = frame.column(label)?.column().clone();
        Series::from_column(column, Some(frame.index().clone()), self.name().clone())
    }
}
