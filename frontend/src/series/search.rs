//! `searchsorted`: where values would be inserted into a sorted Series to keep it sorted
//! (pandas' `Series.searchsorted`, which Dask uses to send rows to the partitions between
//! its divisions).

use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::search::{NullOrder, Order, lower_bound, upper_bound};
use ferrodf_core::{Column, DataType, Error, Result, Table, TypeId};

use super::Series;
use crate::compute::promote::{cast_to, result_type};

/// pandas' `side`: `"left"` (the first suitable position) or `"right"` (the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSide {
    /// Before any equal values (`lower_bound`).
    Left,
    /// After any equal values (`upper_bound`).
    Right,
}

impl SearchSide {
    /// pandas' name of the side; ValueError for any other name.
    pub fn parse(name: &str) -> Result<SearchSide> {
        match name {
            "left" => Ok(SearchSide::Left),
            "right" => Ok(SearchSide::Right),
            _ => Err(Error::value(format!(
                "side={name:?}: searchsorted's side is 'left' or 'right'"
            ))),
        }
    }
}

/// Both columns in one type to compare in: NumPy's promotion for numbers, the common type
/// otherwise; TypeError where values of the two types cannot be ordered together.
fn comparable(haystack: &Column, needles: &Column) -> Result<(Column, Column)> {
    let (a, b) = (haystack.dtype(), needles.dtype());
    if a == b {
        return Ok((haystack.clone(), needles.clone()));
    }
    if a.id().is_numeric() && b.id().is_numeric() {
        let to = DataType::new(result_type(a.id(), b.id())?, 0);
        return Ok((cast_to(haystack, to)?, cast_to(needles, to)?));
    }
    let same_kind = |f: fn(TypeId) -> bool| f(a.id()) && f(b.id());
    if same_kind(TypeId::is_timestamp) || same_kind(TypeId::is_duration) {
        // the same kind at two resolutions: compare at the finer one (the ids run from
        // days to nanoseconds)
        let to = if (a.id() as i32) > (b.id() as i32) {
            a
        } else {
            b
        };
        return Ok((cast_to(haystack, to)?, cast_to(needles, to)?));
    }
    Err(Error::type_err(format!(
        "searchsorted: values of type {b} cannot be ordered among values of type {a}; cast one \
         of them first"
    )))
}

impl Series {
    /// For each value of `values`, the position where inserting it would keep this Series
    /// sorted in ascending order (pandas' `searchsorted`): before equal values for
    /// [`SearchSide::Left`], after them for [`SearchSide::Right`]. This Series must be
    /// sorted, or `sorter` must hold the positions that sort it (as `argsort` gives them).
    /// Missing values sort after every value, as NaN does in NumPy. An INT64 column.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::series::SearchSide;
    /// use ferrodf::core::Column;
    /// let s = Series::new("x", vec![1i64, 3, 3, 5]);
    /// let needles = Column::from_values(vec![3.0f64, 0.5, 6.0]);
    /// let left = s.searchsorted(&needles, SearchSide::Left, None).unwrap();
    /// assert_eq!(left.host_values::<i64>().unwrap().to_vec(), vec![1, 0, 4]);
    /// let right = s.searchsorted(&needles, SearchSide::Right, None).unwrap();
    /// assert_eq!(right.host_values::<i64>().unwrap().to_vec(), vec![3, 0, 4]);
    /// ```
    pub fn searchsorted(
        &self,
        values: &Column,
        side: SearchSide,
        sorter: Option<&Column>,
    ) -> Result<Column> {
        let _operation = ferrodf_core::memory::enter_operation();
        let sorted = match sorter {
            None => self.column().clone(),
            Some(order) => {
                if order.size() != self.len() {
                    return Err(Error::value(format!(
                        "sorter has {} positions but the Series has {} values; pass the \
                         positions that sort it (argsort)",
                        order.size(),
                        self.len()
                    )));
                }
                let table = Table::new(vec![self.column().clone()])?;
                let gathered = gather(&table, order, OutOfBoundsPolicy::Nullify)?;
                let sorted = gathered.into_columns().remove(0);
                // a position outside the Series came back as a missing value
                if sorted.null_count()? != self.column().null_count()? {
                    return Err(Error::index(format!(
                        "sorter holds positions outside 0..{}; pass the positions that \
                         sort the Series (argsort)",
                        self.len()
                    )));
                }
                sorted
            }
        };
        let (haystack, needles) = comparable(&sorted, values)?;
        let (haystack, needles) = (Table::new(vec![haystack])?, Table::new(vec![needles])?);
        let (order, nulls) = ([Order::Ascending], [NullOrder::After]);
        let positions = match side {
            SearchSide::Left => lower_bound(&haystack, &needles, &order, &nulls)?,
            SearchSide::Right => upper_bound(&haystack, &needles, &order, &nulls)?,
        };
        cast(&positions, DataType::new(TypeId::Int64, 0))
    }
}
