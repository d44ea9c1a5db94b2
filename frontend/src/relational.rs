//! Sorting, grouping and joining whole frames: `sort_values`, `groupby(...).agg(...)` and
//! `merge`, built on the core's sorting, groupby and join kernels.

use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::cast::cast;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::ops::join::{full_join, inner_join, left_anti_join, left_join, left_semi_join};
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::{is_sorted, stable_sorted_order};
use ferrodf_core::{Column, Error, Result, Scalar, Table, TypeId};

use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;

/// A pandas aggregation name (`"sum"`, `"mean"`, `"size"`, `"first"`, ...) as the core's
/// aggregation.
///
/// ```
/// use ferrodf::relational::aggregation_named;
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

/// How `merge` keeps rows (pandas' `how`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinHow {
    Inner,
    Left,
    Right,
    Outer,
    /// The left rows with a match (cuDF's `how="leftsemi"`), left columns only.
    LeftSemi,
    /// The left rows without a match (`how="leftanti"`), left columns only.
    LeftAnti,
}

impl JoinHow {
    /// pandas' name: "inner", "left", "right" or "outer".
    pub fn parse(how: &str) -> Result<JoinHow> {
        let _operation = ferrodf_core::memory::enter_operation();
        match how {
            "inner" => Ok(JoinHow::Inner),
            "left" => Ok(JoinHow::Left),
            "right" => Ok(JoinHow::Right),
            "outer" | "full" => Ok(JoinHow::Outer),
            "leftsemi" | "semi" => Ok(JoinHow::LeftSemi),
            "leftanti" | "anti" => Ok(JoinHow::LeftAnti),
            other => Err(Error::value(format!(
                "how must be inner, left, right, outer, leftsemi or leftanti, got {other:?}"
            ))),
        }
    }
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

fn key_table(df: &DataFrame, by: &[Label]) -> Result<Table> {
    let cols = by
        .iter()
        .map(|l| df.data().get(l).cloned())
        .collect::<Result<Vec<_>>>()?;
    Table::new(cols)
}

fn gather_all(columns: &[Column], map: &Column) -> Result<Vec<Column>> {
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
        let (group_keys, results) = gb.aggregate(&reqs)?;
        let mut key_columns = group_keys.into_columns();
        let mut values: Vec<Column> = results
            .into_iter()
            .zip(requests)
            .map(|(t, r)| empty_group_identity(t.into_columns().remove(0), &r.how))
            .collect::<Result<_>>()?;
        if sort && !key_columns.is_empty() {
            let order = vec![Order::Ascending; key_columns.len()];
            let nulls = vec![NullOrder::After; key_columns.len()];
            let map = stable_sorted_order(&Table::new(key_columns.clone())?, &order, &nulls)?;
            key_columns = gather_all(&key_columns, &map)?;
            values = gather_all(&values, &map)?;
        }
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

    /// Joins with `right` on the columns `on` (pandas' `merge`): key columns once, the
    /// other columns of both sides, shared names suffixed. Rows follow pandas' order:
    /// left order for inner and left joins, right order for right joins, sorted keys for
    /// outer joins. Null keys match each other, as in pandas.
    pub fn merge(
        &self,
        right: &DataFrame,
        on: &[Label],
        how: JoinHow,
        suffixes: (&str, &str),
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        self.merge_on(right, on, on, how, suffixes)
    }

    /// [`merge`](Self::merge) with different key columns on each side (`left_on`,
    /// `right_on`); both sides' key columns are kept unless they have the same label.
    pub fn merge_on(
        &self,
        right: &DataFrame,
        left_on: &[Label],
        right_on: &[Label],
        how: JoinHow,
        suffixes: (&str, &str),
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        if left_on.is_empty() || left_on.len() != right_on.len() {
            return Err(Error::value(format!(
                "merge needs the same number (at least one) of left and right keys, got {} and {}",
                left_on.len(),
                right_on.len()
            )));
        }
        let lkeys = key_table(self, left_on)?;
        let rkeys = key_table(right, right_on)?;
        for (l, r) in lkeys.columns().iter().zip(rkeys.columns()) {
            if l.dtype() != r.dtype() {
                return Err(Error::type_err(format!(
                    "merge keys have different types ({} and {}); cast one side first",
                    l.dtype(),
                    r.dtype()
                )));
            }
        }
        if matches!(how, JoinHow::LeftSemi | JoinHow::LeftAnti) {
            let rows = if how == JoinHow::LeftSemi {
                left_semi_join(&lkeys, &rkeys, true)?
            } else {
                left_anti_join(&lkeys, &rkeys, true)?
            };
            let out = self.select_rows(&RowSelection::Take(rows))?;
            return out.with_index(Index::default_for(out.num_rows()));
        }
        let (lmap, rmap) = match how {
            JoinHow::Inner => inner_join(&lkeys, &rkeys, true)?,
            JoinHow::Left => left_join(&lkeys, &rkeys, true)?,
            JoinHow::Right => {
                let (r, l) = left_join(&rkeys, &lkeys, true)?;
                (l, r)
            }
            _ => full_join(&lkeys, &rkeys, true)?,
        };
        let (lmap, rmap) = pandas_row_order(how, lmap, rmap, &lkeys, &rkeys)?;
        // A left join keeps every left row at least once, in order; with as many pairs as
        // left rows (distinct right keys) each is kept once, so the map is the identity and
        // the left columns are reused as they are (right joins likewise).
        let lcols = if how == JoinHow::Left && lmap.size() == self.num_rows() {
            self.data().columns().to_vec()
        } else {
            gather_all(self.data().columns(), &lmap)?
        };
        let rcols = if how == JoinHow::Right && rmap.size() == right.num_rows() {
            right.data().columns().to_vec()
        } else {
            gather_all(right.data().columns(), &rmap)?
        };
        let lnames = self.data().names();
        let rnames = right.data().names();
        // a key with the same label on both sides appears once (coalesced for outer joins)
        let shared_key = |name: &Label| -> Option<usize> {
            left_on
                .iter()
                .zip(right_on)
                .position(|(l, r)| l == name && r == name)
        };
        let mut pairs: Vec<(Label, Column)> = Vec::new();
        for (name, col) in lnames.iter().zip(&lcols) {
            if let Some(k) = shared_key(name) {
                let from_right = &rcols[right.data().position(&right_on[k]).expect("key checked")];
                let key = match how {
                    JoinHow::Right => from_right.clone(),
                    JoinHow::Outer => replace_nulls(col, Replacement::Column(from_right))?,
                    _ => col.clone(),
                };
                pairs.push((name.clone(), key));
            } else if rnames.contains(name) {
                pairs.push((suffixed(name, suffixes.0), col.clone()));
            } else {
                pairs.push((name.clone(), col.clone()));
            }
        }
        for (name, col) in rnames.iter().zip(&rcols) {
            if shared_key(name).is_some() {
                continue;
            }
            let label = if lnames.contains(name) {
                suffixed(name, suffixes.1)
            } else {
                name.clone()
            };
            pairs.push((label, col.clone()));
        }
        let multiindex = pairs.iter().any(|(l, _)| l.is_tuple());
        DataFrame::new(ColumnAccessor::from_pairs(pairs, multiindex)?, None)
    }
}

/// The join maps reordered to pandas' row order (left order for inner and left joins, right
/// order for right joins, sorted keys for outer joins), before any column is gathered: the
/// join emits rows in its hash table's order. Only the maps (and for outer joins the keys)
/// are sorted, and not at all when they are in order already.
fn pandas_row_order(
    how: JoinHow,
    lmap: Column,
    rmap: Column,
    lkeys: &Table,
    rkeys: &Table,
) -> Result<(Column, Column)> {
    let order_columns = match how {
        JoinHow::Right => vec![rmap.clone(), lmap.clone()],
        JoinHow::Outer => {
            let lk = gather_all(lkeys.columns(), &lmap)?;
            let rk = gather_all(rkeys.columns(), &rmap)?;
            let mut keys: Vec<Column> = lk
                .iter()
                .zip(&rk)
                .map(|(l, r)| replace_nulls(l, Replacement::Column(r)))
                .collect::<Result<_>>()?;
            keys.push(lmap.clone());
            keys
        }
        _ => vec![lmap.clone(), rmap.clone()],
    };
    let n = order_columns.len();
    let table = Table::new(order_columns)?;
    let (asc, nulls) = (vec![Order::Ascending; n], vec![NullOrder::After; n]);
    if is_sorted(&table, &asc, &nulls)? {
        return Ok((lmap, rmap));
    }
    let order = stable_sorted_order(&table, &asc, &nulls)?;
    let maps = gather(
        &Table::new(vec![lmap, rmap])?,
        &order,
        OutOfBoundsPolicy::DontCheck,
    )?
    .into_columns();
    let mut maps = maps.into_iter();
    Ok((
        maps.next().expect("two maps"),
        maps.next().expect("two maps"),
    ))
}

fn suffixed(label: &Label, suffix: &str) -> Label {
    match label {
        Label::Str(s) => Label::Str(format!("{s}{suffix}")),
        Label::Tuple(parts) => {
            let mut parts = parts.clone();
            if let Some(last) = parts.last_mut() {
                *last = suffixed(last, suffix);
            }
            Label::Tuple(parts)
        }
        other => Label::Str(format!("{}{suffix}", other.to_plain_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(pairs: Vec<(&str, Column)>) -> DataFrame {
        DataFrame::from_columns(
            pairs
                .into_iter()
                .map(|(l, c)| (Label::from(l), c))
                .collect(),
        )
        .unwrap()
    }

    fn ints(c: &Column) -> Vec<Option<i64>> {
        let nulls = c.host_nulls().unwrap();
        let v = c.host_values::<i64>().unwrap();
        (0..c.size())
            .map(|i| nulls.as_ref().is_none_or(|n| n.is_valid(i)).then(|| v[i]))
            .collect()
    }

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
        let Index::Column { column, name } = out.index() else {
            panic!("keys become the index")
        };
        assert_eq!(ints(column), vec![Some(1), Some(2), Some(3)]);
        assert_eq!(name, &Label::from("k"));
    }

    #[test]
    fn merge_keeps_left_order_and_suffixes() {
        let left = frame(vec![
            ("k", Column::from_values(vec![2i64, 1, 2])),
            ("x", Column::from_values(vec![1i64, 2, 3])),
        ]);
        let right = frame(vec![
            ("k", Column::from_values(vec![1i64, 2])),
            ("x", Column::from_values(vec![10i64, 20])),
        ]);
        let out = left
            .merge(&right, &["k".into()], JoinHow::Left, ("_x", "_y"))
            .unwrap();
        let names: Vec<String> = out
            .data()
            .names()
            .iter()
            .map(Label::to_plain_string)
            .collect();
        assert_eq!(names, ["k", "x_x", "x_y"]);
        assert_eq!(
            ints(&out.data().columns()[1]),
            vec![Some(1), Some(2), Some(3)]
        );
        assert_eq!(
            ints(&out.data().columns()[2]),
            vec![Some(20), Some(10), Some(20)]
        );
    }

    #[test]
    fn outer_merge_coalesces_keys() {
        let left = frame(vec![("k", Column::from_values(vec![1i64, 2]))]);
        let right = frame(vec![("k", Column::from_values(vec![3i64, 2]))]);
        let out = left
            .merge(&right, &["k".into()], JoinHow::Outer, ("_x", "_y"))
            .unwrap();
        assert_eq!(
            ints(&out.data().columns()[0]),
            vec![Some(1), Some(2), Some(3)]
        );
    }
}
