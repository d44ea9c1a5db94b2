//! `value_counts`, `unique` and `nunique` of a Series, with pandas' order.

use ferrodf_core::binary_operator::BinaryOperator;
use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::binaryop::{Operand, binary_operation};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::stable_sorted_order;
use ferrodf_core::{Column, Result, Scalar, Table, TypeId};

use super::Series;
use crate::index::Index;
use crate::label::Label;

impl Series {
    /// How often each value occurs (pandas' `value_counts`): a Series named `"count"` (int64)
    /// indexed by the values. With `sort`, most frequent first (`ascending`: least), ties in
    /// order of first occurrence; without, in order of first occurrence. Missing values are
    /// counted too unless `dropna`.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::from_vec("x", vec![2i64, 1, 1, 2, 3]);
    /// let vc = s.value_counts(true, false, true).unwrap();
    /// let keys = &vc.index().level_columns().unwrap()[0];
    /// assert_eq!(keys.host_values::<i64>().unwrap().to_vec(), vec![2, 1, 3]);
    /// assert_eq!(vc.column().host_values::<i64>().unwrap().to_vec(), vec![2, 2, 1]);
    /// ```
    pub fn value_counts(&self, sort: bool, ascending: bool, dropna: bool) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let n = self.len();
        let policy = if dropna {
            NullPolicy::Exclude
        } else {
            NullPolicy::Include
        };
        let keys = Table::new(vec![self.column.clone()])?;
        let gb = GroupBy::new(keys, policy, false, vec![], vec![])?;
        // the first row of each group orders ties (and everything when not sorting)
        let rows = sequence(n, &Scalar::from_native(0i64), &Scalar::from_native(1i64))?;
        let requests = [GroupByRequest {
            values: rows,
            aggregations: vec![Aggregation::Count(NullPolicy::Include), Aggregation::Min],
        }];
        let (group_keys, mut results) = gb.aggregate(&requests)?;
        let mut stats = results.remove(0).into_columns();
        let first = stats.remove(1);
        let counts = cast(&stats.remove(0), TypeId::Int64.into())?;
        let (sort_keys, order) = if sort {
            let direction = if ascending {
                Order::Ascending
            } else {
                Order::Descending
            };
            (
                vec![counts.clone(), first],
                vec![direction, Order::Ascending],
            )
        } else {
            (vec![first], vec![Order::Ascending])
        };
        let nulls = vec![NullOrder::After; order.len()];
        let map = stable_sorted_order(&Table::new(sort_keys)?, &order, &nulls)?;
        let out = gather(
            &Table::new(vec![group_keys.into_columns().remove(0), counts])?,
            &map,
            OutOfBoundsPolicy::DontCheck,
        )?
        .into_columns();
        let mut out = out.into_iter();
        let values: Column = out.next().expect("two columns");
        let counts = out.next().expect("two columns");
        let index = Index::from_column(values, Some(self.name.clone()));
        Series::from_column(counts, Some(index), Label::from("count"))
    }

    /// pandas' `value_counts(normalize=True)`: each value's share of the rows counted (the
    /// valid ones with `dropna`), as float64 in [`value_counts`](Self::value_counts)'
    /// order, named `"proportion"`.
    ///
    /// ```
    /// use ferrodf::Series;
    /// let s = Series::from_vec("x", vec![2i64, 1, 1, 1]);
    /// let shares = s.value_proportions(true, false, true).unwrap();
    /// assert_eq!(shares.column().host_values::<f64>().unwrap().to_vec(), vec![0.75, 0.25]);
    /// assert_eq!(shares.name(), &ferrodf::Label::from("proportion"));
    /// ```
    pub fn value_proportions(&self, sort: bool, ascending: bool, dropna: bool) -> Result<Series> {
        let _operation = ferrodf_core::memory::enter_operation();
        let counts = self.value_counts(sort, ascending, dropna)?;
        let counted = if dropna {
            self.len() - self.column.null_count()?
        } else {
            self.len()
        };
        let float64 = TypeId::Float64.into();
        let shares = binary_operation(
            Operand::Column(&cast(counts.column(), float64)?),
            Operand::Scalar(&Scalar::from_native(counted as f64)),
            BinaryOperator::TrueDiv,
            float64,
        )?;
        Series::from_column(
            shares,
            Some(counts.index().clone()),
            Label::from("proportion"),
        )
    }
}
