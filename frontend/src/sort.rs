//! `sort_values`: rows ordered by columns, with pandas' options as a builder.

use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::stable_sorted_order;
use ferrodf_core::{Column, Error, Result, Table};

use crate::DataFrame;
use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;

/// How [`DataFrame::sort_values`] orders rows: by which columns, in which direction,
/// where missing values go. Every sort is stable (pandas' `kind="stable"`, a valid result
/// for any `kind`).
///
/// ```
/// use ferrodf::{DataFrame, SortOptions};
/// use ferrodf::core::Column;
/// let df = DataFrame::from_columns(vec![
///     ("x".into(), Column::from_options(vec![Some(3i64), None, Some(2)])),
/// ]).unwrap();
/// let s = df.sort_values(&SortOptions::by(["x"]).descending().nulls_first()).unwrap();
/// let x = s.column(&"x".into()).unwrap();
/// assert_eq!(x.column().null_count().unwrap(), 1);
/// assert_eq!(x.column().host_values::<i64>().unwrap()[1..].to_vec(), vec![3, 2]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SortOptions {
    by: Vec<Label>,
    ascending: Vec<bool>,
    nulls_first: bool,
    ignore_index: bool,
    keys: Option<Vec<Column>>,
}

impl SortOptions {
    /// Sort by the columns `labels`, ascending, missing values last.
    pub fn by<L: Into<Label>>(labels: impl IntoIterator<Item = L>) -> SortOptions {
        SortOptions {
            by: labels.into_iter().map(Into::into).collect(),
            ascending: vec![true],
            ..SortOptions::default()
        }
    }

    /// Every column in descending order.
    pub fn descending(mut self) -> SortOptions {
        self.ascending = vec![false];
        self
    }

    /// One direction per column (`true`: ascending), or one for all.
    pub fn ascending(mut self, flags: impl IntoIterator<Item = bool>) -> SortOptions {
        self.ascending = flags.into_iter().collect();
        self
    }

    /// Missing values first (pandas' `na_position="first"`).
    pub fn nulls_first(mut self) -> SortOptions {
        self.nulls_first = true;
        self
    }

    /// Missing values first when `first`, else last.
    pub fn na_first(mut self, first: bool) -> SortOptions {
        self.nulls_first = first;
        self
    }

    /// Number the result 0, 1, ... instead of keeping the row labels.
    pub fn ignore_index(mut self) -> SortOptions {
        self.ignore_index = true;
        self
    }

    /// Order by these columns instead of the `by` columns' values (pandas' `key=`: the
    /// key function's results, one column per `by` label).
    pub fn keys(mut self, keys: Vec<Column>) -> SortOptions {
        self.keys = Some(keys);
        self
    }
}

impl DataFrame {
    /// The rows ordered as `options` say (pandas' `sort_values`).
    pub fn sort_values(&self, options: &SortOptions) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let SortOptions {
            by,
            ascending,
            nulls_first,
            ignore_index,
            keys,
        } = options;
        if by.is_empty() {
            return Err(Error::value(
                "sort_values needs at least one column in `by`",
            ));
        }
        self.check_unambiguous(by)?;
        if ascending.len() != 1 && ascending.len() != by.len() {
            return Err(Error::value(format!(
                "{} ascending flags for {} sort columns: give one, or one per column",
                ascending.len(),
                by.len()
            )));
        }
        let columns = match keys {
            Some(k) if k.len() != by.len() => {
                return Err(Error::value(format!(
                    "{} sort keys for {} sort columns: give one key per column",
                    k.len(),
                    by.len()
                )));
            }
            Some(k) => k.clone(),
            None => by
                .iter()
                .map(|l| self.data().get(l).cloned())
                .collect::<Result<Vec<_>>>()?,
        };
        let order: Vec<Order> = (0..by.len())
            .map(|i| {
                if ascending[i.min(ascending.len() - 1)] {
                    Order::Ascending
                } else {
                    Order::Descending
                }
            })
            .collect();
        // pandas puts nulls last whatever the direction; libcudf's null order is relative
        // to the direction, so it flips with a descending column
        let nulls: Vec<NullOrder> = order
            .iter()
            .map(|o| match (o, nulls_first) {
                (Order::Ascending, false) | (Order::Descending, true) => NullOrder::After,
                _ => NullOrder::Before,
            })
            .collect();
        let map = stable_sorted_order(&Table::new(columns)?, &order, &nulls)?;
        let sorted = self.select_rows(&RowSelection::Take(map))?;
        if *ignore_index {
            return sorted.with_index(Index::default_for(sorted.num_rows()));
        }
        Ok(sorted)
    }
}
