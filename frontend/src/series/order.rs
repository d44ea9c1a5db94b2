//! Ordering and de-duplicating a Series: `sort_values`, `sort_index`, `drop_duplicates`,
//! `unique` (no detour through a one-column frame).

use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::stable_sorted_order;
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
use ferrodf_core::{Column, Result, Table};

use super::Series;
use crate::index::Index;
use crate::rows::RowSelection;

pub(crate) fn order_of(ascending: bool, na_first: bool) -> (Order, NullOrder) {
    // pandas places missing values by na_position whatever the direction; libcudf's null
    // order is relative to the direction
    let order = if ascending {
        Order::Ascending
    } else {
        Order::Descending
    };
    let nulls = if ascending != na_first {
        NullOrder::After
    } else {
        NullOrder::Before
    };
    (order, nulls)
}

impl Series {
    /// The values in order (stable), missing ones last unless `na_first`; `key` (one
    /// value per row: pandas' `key=` function's result) orders instead of the values.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::from_options("x", vec![Some(3i64), None, Some(1)]);
    /// let sorted = s.sort_values(true, false, None).unwrap();
    /// assert_eq!(sorted.column().host_values::<i64>().unwrap()[..2].to_vec(), vec![1, 3]);
    /// assert_eq!(sorted.column().null_count().unwrap(), 1);
    /// ```
    pub fn sort_values(
        &self,
        ascending: bool,
        na_first: bool,
        key: Option<Column>,
    ) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (order, nulls) = order_of(ascending, na_first);
        let keys = Table::new(vec![key.unwrap_or_else(|| self.column.clone())])?;
        let map = stable_sorted_order(&keys, &[order], &[nulls])?;
        self.select_rows(&RowSelection::Take(map))
    }

    /// The rows ordered by their labels (stable), missing labels last unless `na_first`.
    pub fn sort_index(&self, ascending: bool, na_first: bool) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let levels = self.index.level_columns()?;
        let (order, nulls) = order_of(ascending, na_first);
        let n = levels.len();
        let map = stable_sorted_order(&Table::new(levels)?, &vec![order; n], &vec![nulls; n])?;
        self.select_rows(&RowSelection::Take(map))
    }

    /// The rows whose value has not occurred before (`KeepFirst`), after (`KeepLast`), or
    /// occurs once (`KeepNone`), in their order; missing values count as one value.
    ///
    /// ```
    /// use ferrodf::Series;
    /// use ferrodf::core::ops::stream_compaction::DuplicateKeepOption;
    /// let s = Series::from_vec("x", vec![2i64, 1, 2, 3]);
    /// let d = s.drop_duplicates(DuplicateKeepOption::KeepFirst).unwrap();
    /// assert_eq!(d.column().host_values::<i64>().unwrap().to_vec(), vec![2, 1, 3]);
    /// assert_eq!(s.unique().unwrap().len(), 3);
    /// ```
    pub fn drop_duplicates(&self, keep: DuplicateKeepOption) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys = Table::new(vec![self.column.clone()])?;
        let rows = distinct_indices(&keys, keep, true, true)?;
        self.select_rows(&RowSelection::Take(rows))
    }

    /// The distinct values in order of appearance, numbered 0, 1, ...
    pub fn unique(&self) -> Result<Series> {
        let first = self.drop_duplicates(DuplicateKeepOption::KeepFirst)?;
        first.with_index(Index::default_for(first.len()))
    }
}
