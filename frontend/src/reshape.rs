//! Frame-level row operations: `concat`, `drop_duplicates`, `dropna`, `sort_index`.

use ferrodf_core::ops::binaryop::{BinaryOperator, binary_operation};
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::filling::column_from_scalar;
use ferrodf_core::ops::join::JOIN_NONE;
use ferrodf_core::ops::sorting::stable_sorted_order;
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
use ferrodf_core::ops::unary::is_valid;
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::DataFrame;
use crate::Series;
use crate::column_accessor::ColumnAccessor;
use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;

/// The rows of one column at the indices of `map` (core's table gather, for one column).
pub(crate) fn gather_column(
    column: Column,
    map: &Column,
    policy: OutOfBoundsPolicy,
) -> Result<Column> {
    Ok(gather(&Table::new(vec![column])?, map, policy)?
        .into_columns()
        .remove(0))
}

/// An all-null column of `like`'s type (a categorical's categories included) with `n`
/// rows, built where columns are computed: one null row gathered from `like`, then
/// broadcast, so that no map of n rows is built on the host.
pub(crate) fn nulls_like(like: &Column, n: usize) -> Result<Column> {
    let first = like.slice(0, like.size().min(1))?;
    let one_null = gather_column(
        first,
        &Column::from_values(vec![JOIN_NONE]),
        OutOfBoundsPolicy::Nullify,
    )?;
    column_from_scalar(&Scalar::from_column(one_null)?, n)
}

pub(crate) fn and_columns(a: Column, b: &Column, or: bool) -> Result<Column> {
    let op = if or {
        BinaryOperator::LogicalOr
    } else {
        BinaryOperator::LogicalAnd
    };
    binary_operation(
        ferrodf_core::ops::binaryop::Operand::Column(&a),
        ferrodf_core::ops::binaryop::Operand::Column(b),
        op,
        TypeId::Bool8.into(),
    )
}

/// Per row, whether every one of `keys` is valid (with `any`: whether one of them is);
/// None without keys.
pub(crate) fn keys_valid(keys: &[Column], any: bool) -> Result<Option<Column>> {
    let mut acc: Option<Column> = None;
    for key in keys {
        let valid = is_valid(key)?;
        acc = Some(match acc {
            None => valid,
            Some(a) => and_columns(a, &valid, any)?,
        });
    }
    Ok(acc)
}

/// Columns one after the other in one type, as pandas' `concat` types them: numbers
/// promote to their common type (int64 with float64 is float64), an all-missing untyped part
/// takes the others' type. Other mixes (strings with numbers, booleans with numbers) would
/// be pandas' object columns, which ferrodf has no type for: TypeError.
fn concat_promoted(parts: &[Column], what: &str) -> Result<Column> {
    let typed: Vec<&Column> = parts
        .iter()
        .filter(|c| c.dtype().id() != TypeId::Empty)
        .collect();
    let Some(first) = typed.first() else {
        return concatenate(parts);
    };
    let target = if typed.iter().all(|c| c.dtype() == first.dtype()) {
        first.dtype()
    } else if typed.iter().all(|c| c.dtype().id().is_numeric()) {
        let mut t = first.dtype().id();
        for c in &typed[1..] {
            t = crate::compute::promote::result_type(t, c.dtype().id())?;
        }
        t.into()
    } else {
        let other = typed
            .iter()
            .find(|c| c.dtype() != first.dtype())
            .expect("the types differ");
        return Err(Error::type_err(format!(
            "cannot concat {what} of types {} and {}: pandas would make an object column, \
             which ferrodf has no type for; convert them to one type with astype() first",
            crate::dtype_name(first.dtype()),
            crate::dtype_name(other.dtype())
        )));
    };
    let converted = parts
        .iter()
        .map(|c| {
            if c.dtype() == target {
                Ok(c.clone())
            } else if c.dtype().id() == TypeId::Empty {
                let missing = nulls_like(first, c.size())?;
                if missing.dtype() == target {
                    Ok(missing)
                } else {
                    ferrodf_core::ops::cast::cast(&missing, target)
                }
            } else {
                ferrodf_core::ops::cast::cast(c, target)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    concatenate(&converted)
}

impl Series {
    /// pandas' `concat` of Series along the rows: one Series (values promoted to one type
    /// as [`DataFrame::concat_rows`] promotes a column), the indexes concatenated (a
    /// RangeIndex with `ignore_index`), named by the name all parts share (else unnamed).
    ///
    /// ```
    /// use ferrodf::Series;
    /// let a = Series::new("x", vec![1i64, 2]);
    /// let b = Series::new("x", vec![3.5f64]);
    /// let both = Series::concat(&[a, b], true).unwrap();
    /// assert_eq!(both.len(), 3);
    /// assert_eq!(both.column().host_values::<f64>().unwrap().to_vec(), vec![1.0, 2.0, 3.5]);
    /// ```
    pub fn concat(parts: &[Series], ignore_index: bool) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let Some(first) = parts.first() else {
            return Err(Error::value("concat needs at least one Series".to_string()));
        };
        // one column label for every part, so that the values stack in one column
        let frames = parts
            .iter()
            .map(|s| s.to_frame(Some(Label::Int(0))))
            .collect::<Result<Vec<_>>>()?;
        let stacked = DataFrame::concat_rows(&frames, ignore_index)?;
        let name = if parts.iter().all(|s| s.name() == first.name()) {
            first.name().clone()
        } else {
            Label::None
        };
        let column = stacked.data().columns()[0].clone();
        Series::from_column(column, Some(stacked.index().clone()), name)
    }
}

impl DataFrame {
    /// The frames' rows one after the other (pandas' `concat(axis=0)`): columns are
    /// matched by label in the order they first appear, a column missing from a frame is
    /// null there; the indexes are concatenated, or replaced by a RangeIndex with
    /// `ignore_index`.
    pub fn concat_rows(frames: &[DataFrame], ignore_index: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let Some(first) = frames.first() else {
            return Err(Error::value("concat needs at least one frame".to_string()));
        };
        let mut labels: Vec<Label> = Vec::new();
        for f in frames {
            for l in f.data().names() {
                if !labels.contains(l) {
                    labels.push(l.clone());
                }
            }
        }
        let mut pairs = Vec::with_capacity(labels.len());
        for label in &labels {
            let like = frames
                .iter()
                .find_map(|f| f.data().get(label).ok())
                .expect("label comes from a frame")
                .clone();
            let parts = frames
                .iter()
                .map(|f| match f.data().get(label) {
                    Ok(c) => Ok(c.clone()),
                    Err(_) => nulls_like(&like, f.num_rows()),
                })
                .collect::<Result<Vec<_>>>()?;
            pairs.push((label.clone(), concat_promoted(&parts, "columns")?));
        }
        let multiindex = first.data().multiindex() || labels.iter().any(Label::is_tuple);
        let data = ColumnAccessor::from_pairs(pairs, multiindex)?;
        let total: usize = frames.iter().map(DataFrame::num_rows).sum();
        let index = if ignore_index {
            Index::default_for(total)
        } else {
            let nlevels = first.index().nlevels();
            if frames.iter().any(|f| f.index().nlevels() != nlevels) {
                return Err(Error::value(
                    "cannot concat frames whose indexes have different numbers of levels"
                        .to_string(),
                ));
            }
            let levels = frames
                .iter()
                .map(|f| f.index().level_columns())
                .collect::<Result<Vec<_>>>()?;
            let joined = (0..nlevels)
                .map(|k| {
                    concat_promoted(
                        &levels.iter().map(|l| l[k].clone()).collect::<Vec<_>>(),
                        "indexes",
                    )
                })
                .collect::<Result<Vec<_>>>()?;
            first.index().rebuild(joined)
        };
        DataFrame::new(data, Some(index))
    }

    /// The frames side by side (pandas' `concat(axis=1)`); they must have the same number
    /// of rows, and the result takes the first frame's index. Labels must be distinct.
    pub fn concat_columns(frames: &[DataFrame]) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let Some(first) = frames.first() else {
            return Err(Error::value("concat needs at least one frame".to_string()));
        };
        let mut pairs = Vec::new();
        for f in frames {
            if f.num_rows() != first.num_rows() {
                return Err(Error::value(format!(
                    "cannot concat columns of frames with {} and {} rows",
                    first.num_rows(),
                    f.num_rows()
                )));
            }
            pairs.extend(f.data().iter().map(|(l, c)| (l.clone(), c.clone())));
        }
        let multiindex = pairs.iter().any(|(l, _)| l.is_tuple());
        DataFrame::new(
            ColumnAccessor::from_pairs(pairs, multiindex)?,
            Some(first.index().clone()),
        )
    }

    /// Rows whose values in `subset` (all columns when empty) are not repeated above
    /// (`keep` first), below (last) or at all (none); nulls equal each other.
    pub fn drop_duplicates(
        &self,
        subset: &[Label],
        keep: DuplicateKeepOption,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys = self.key_columns(subset)?;
        if keys.is_empty() {
            return Ok(self.clone());
        }
        let rows = distinct_indices(&Table::new(keys)?, keep, true, true)?;
        self.select_rows(&RowSelection::Take(rows))
    }

    /// Rows without nulls in `subset` (all columns when empty): with `all`, only rows
    /// where every one of them is null are dropped.
    pub fn dropna(&self, subset: &[Label], all: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys = self.key_columns(subset)?;
        match keys_valid(&keys, all)? {
            None => Ok(self.clone()),
            Some(mask) => self.select_rows(&RowSelection::Mask(mask)),
        }
    }

    /// Rows ordered by their index labels (stable), missing labels first with `na_first`
    /// (pandas' `na_position="first"`), else last, whatever the direction.
    ///
    /// ```
    /// use ferrodf::df;
    /// let df = df!("x" => [1i64, 2, 3]).unwrap();
    /// let back = df.sort_index(false, false).unwrap();
    /// assert_eq!(back.column(&"x".into()).unwrap().column().host_values::<i64>().unwrap().to_vec(), vec![3, 2, 1]);
    /// ```
    pub fn sort_index(&self, ascending: bool, na_first: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let levels = self.index().level_columns()?;
        let n = levels.len();
        let (order, nulls) = crate::series::order::order_of(ascending, na_first);
        let map = stable_sorted_order(&Table::new(levels)?, &vec![order; n], &vec![nulls; n])?;
        self.select_rows(&RowSelection::Take(map))
    }

    pub(crate) fn key_columns(&self, subset: &[Label]) -> Result<Vec<Column>> {
        if subset.is_empty() {
            return Ok(self.data().columns().to_vec());
        }
        subset.iter().map(|l| self.data().get(l).cloned()).collect()
    }
}
