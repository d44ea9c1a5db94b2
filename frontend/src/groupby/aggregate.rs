//! Grouped aggregation on the core: pandas aggregation names, the requests that name
//! each output column, and [`DataFrame::groupby_agg`], the one call every groupby front
//! end (the [`GroupBy`](super::GroupBy) builder, Python's `df.groupby`) ends in.

use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::index::Index;
use crate::label::Label;

/// A pandas aggregation name (`"sum"`, `"mean"`, `"size"`, `"first"`, ...) as the core's
/// aggregation.
///
/// ```
/// use ferrodf::groupby::aggregate::aggregation_named;
/// assert!(aggregation_named("std", 1).is_ok());
/// assert!(aggregation_named("mode", 1).is_err());
/// ```
pub fn aggregation_named(name: &str, ddof: i32) -> Result<Aggregation> {
    let _operation = ferrodf_core::memory::enter_operation();
    Ok(match name {
        "sum" => Aggregation::Sum,
        "prod" | "product" => Aggregation::Product,
        "min" => Aggregation::Min,
        "max" => Aggregation::Max,
        "mean" => Aggregation::Mean,
        "median" => Aggregation::Median,
        "std" => Aggregation::Std { ddof },
        "var" => Aggregation::Variance { ddof },
        "count" => Aggregation::Count(NullPolicy::Exclude),
        "size" => Aggregation::Count(NullPolicy::Include),
        "nunique" => Aggregation::Nunique(NullPolicy::Exclude),
        "first" => Aggregation::NthElement {
            n: 0,
            null_handling: NullPolicy::Exclude,
        },
        "last" => Aggregation::NthElement {
            n: -1,
            null_handling: NullPolicy::Exclude,
        },
        "any" => Aggregation::Any,
        "all" => Aggregation::All,
        "idxmin" | "argmin" => Aggregation::Argmin,
        "idxmax" | "argmax" => Aggregation::Argmax,
        other => {
            return Err(Error::value(format!(
                "unknown aggregation {other:?}; use sum, prod, min, max, mean, median, std, var, count, size, \
                 nunique, first, last, any or all"
            )));
        }
    })
}

/// One output column of a grouped aggregation.
#[derive(Clone, Debug)]
pub struct AggRequest {
    /// The column aggregated.
    pub column: Label,
    /// The pandas aggregation name.
    pub how: String,
    /// The label of the result column.
    pub output: Label,
}
/// pandas' sum of a group without values is 0 and its product 1 (`min_count=0`); the
/// core, like libcudf, gives null there.
fn empty_group_identity(col: Column, how: &str) -> Result<Column> {
    // pandas counts in int64 (the core counts in libcudf's int32 size type)
    if matches!(how, "count" | "size" | "nunique") && col.dtype().id() == TypeId::Int32 {
        return cast(&col, TypeId::Int64.into());
    }
    let identity = match how {
        "sum" => 0i64,
        "prod" | "product" => 1,
        _ => return Ok(col),
    };
    if !col.has_nulls()? || !(col.dtype().id().is_numeric() || col.dtype().id().is_decimal()) {
        return Ok(col);
    }
    let value = cast(&Column::from_values(vec![identity]), col.dtype())?;
    replace_nulls(&col, Replacement::Scalar(&Scalar::from_column(value)?))
}

pub(crate) fn key_table(df: &DataFrame, by: &[Label]) -> Result<Table> {
    let cols = by
        .iter()
        .map(|l| df.data().get(l).cloned())
        .collect::<Result<Vec<_>>>()?;
    Table::new(cols)
}

pub(crate) fn gather_all(columns: &[Column], map: &Column) -> Result<Vec<Column>> {
    if columns.is_empty() {
        return Ok(Vec::new());
    }
    Ok(gather(
        &Table::new(columns.to_vec())?,
        map,
        OutOfBoundsPolicy::Nullify,
    )?
    .into_columns())
}

impl DataFrame {
    /// Groups rows by the columns `by` and aggregates (pandas' `groupby(by).agg(...)`):
    /// one row per group, sorted by key when `sort`; keys with nulls are dropped when
    /// `dropna`. With `as_index` the keys become the index, else leading columns.
    pub fn groupby_agg(
        &self,
        by: &[Label],
        requests: &[AggRequest],
        sort: bool,
        dropna: bool,
        as_index: bool,
        ddof: i32,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let keys = key_table(self, by)?;
        let policy = if dropna {
            NullPolicy::Exclude
        } else {
            NullPolicy::Include
        };
        let gb = GroupBy::new(keys, policy, false, vec![], vec![])?;
        let reqs = requests
            .iter()
            .map(|r| {
                Ok(GroupByRequest {
                    values: self.data().get(&r.column)?.clone(),
                    aggregations: vec![aggregation_named(&r.how, ddof)?],
                })
            })
            .collect::<Result<Vec<_>>>()?;
        // sort=True: the core returns the groups in key order (nulls last), which on the
        // device costs no sort for small inputs
        let (group_keys, results) = if sort {
            gb.aggregate_sorted(&reqs)?
        } else {
            gb.aggregate(&reqs)?
        };
        let mut key_columns = group_keys.into_columns();
        let values: Vec<Column> = results
            .into_iter()
            .zip(requests)
            .map(|(t, r)| empty_group_identity(t.into_columns().remove(0), &r.how))
            .collect::<Result<_>>()?;
        let labels: Vec<Label> = requests.iter().map(|r| r.output.clone()).collect();
        let multiindex = labels.iter().any(Label::is_tuple);
        if as_index {
            let index = if key_columns.len() == 1 {
                Index::from_column(key_columns.remove(0), Some(by[0].clone()))
            } else {
                Index::multi(key_columns, Some(by.to_vec()))?
            };
            let data =
                ColumnAccessor::from_pairs(labels.into_iter().zip(values).collect(), multiindex)?;
            DataFrame::new(data, Some(index))
        } else {
            let pairs = by
                .iter()
                .cloned()
                .zip(key_columns)
                .chain(labels.into_iter().zip(values))
                .collect();
            DataFrame::new(ColumnAccessor::from_pairs(pairs, multiindex)?, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{frame, ints};

    #[test]
    fn groupby_sorts_groups_and_names_outputs() {
        let df = frame(vec![
            ("k", Column::from_values(vec![3i64, 1, 3, 2])),
            ("v", Column::from_values(vec![10i64, 20, 30, 40])),
        ]);
        let req = AggRequest {
            column: "v".into(),
            how: "sum".into(),
            output: "total".into(),
        };
        let out = df
            .groupby_agg(&["k".into()], &[req], true, true, true, 1)
            .unwrap();
        assert_eq!(out.data().names(), &[Label::from("total")]);
        assert_eq!(
            ints(&out.data().columns()[0]),
            vec![Some(20), Some(40), Some(40)]
        );
        let Index::Column { column, name, .. } = out.index() else {
            panic!("keys become the index")
        };
        assert_eq!(ints(column), vec![Some(1), Some(2), Some(3)]);
        assert_eq!(name, &Label::from("k"));
    }
}
