//! Joining frames (pandas' `merge` and `join`): on key columns, on index levels, or a
//! mix, with pandas' row order and suffixes, built on the core's hash joins.

use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather};
use ferrodf_core::ops::join::{full_join, inner_join, left_anti_join, left_join, left_semi_join};
use ferrodf_core::ops::replace::{Replacement, replace_nulls};
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::{is_sorted, stable_sorted_order};
use ferrodf_core::{Column, Error, Result, Table, TypeId};

use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::groupby::aggregate::{gather_all, key_table};
use crate::index::Index;
use crate::label::Label;
use crate::rows::RowSelection;

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

impl DataFrame {
    /// Starts a join with `right` (pandas' `merge`); set the keys and `how`, then
    /// [`run`](Merge::run) it.
    ///
    /// ```
    /// use ferrodf::{df, JoinHow};
    /// let sales = df!("city" => ["Oslo", "Rome", "Oslo"], "revenue" => [10i64, 20, 30]).unwrap();
    /// let regions = df!("city" => ["Oslo", "Rome"], "region" => ["north", "south"]).unwrap();
    /// let joined = sales.merge(&regions).on(["city"]).how(JoinHow::Left).run().unwrap();
    /// assert_eq!(joined.shape(), (3, 3));
    /// ```
    pub fn merge<'a>(&'a self, right: &'a DataFrame) -> Merge<'a> {
        Merge {
            left: self,
            right,
            how: JoinHow::Inner,
            on: None,
            left_on: None,
            right_on: None,
            left_index: false,
            right_index: false,
            suffixes: ("_x".to_string(), "_y".to_string()),
            sort: false,
        }
    }

    /// Joins with `other` on the indexes (pandas' `DataFrame.join`, whose default `how` is
    /// a left join); overlapping column names need a suffix.
    ///
    /// ```
    /// use ferrodf::{df, JoinHow};
    /// let a = df!("x" => [1i64, 2]).unwrap();
    /// let b = df!("y" => [3i64, 4]).unwrap();
    /// assert_eq!(a.join(&b, JoinHow::Left, "", "").unwrap().shape(), (2, 2));
    /// assert!(a.join(&a, JoinHow::Left, "", "").is_err());
    /// ```
    pub fn join(
        &self,
        other: &DataFrame,
        how: JoinHow,
        lsuffix: &str,
        rsuffix: &str,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let overlap: Vec<String> = self
            .data()
            .names()
            .iter()
            .filter(|n| other.data().contains(n))
            .map(Label::to_plain_string)
            .collect();
        if !overlap.is_empty() && lsuffix.is_empty() && rsuffix.is_empty() {
            return Err(Error::value(format!(
                "columns overlap but no suffix specified: {overlap:?}; pass lsuffix= or rsuffix="
            )));
        }
        self.merge(other)
            .how(how)
            .left_index(true)
            .right_index(true)
            .suffixes(lsuffix, rsuffix)
            .run()
    }

    /// The join on key columns (`left_on`, `right_on`): key columns once when both sides
    /// share the label, the other columns of both sides, shared names suffixed. Rows follow
    /// pandas' order: left order for inner and left joins, right order for right joins,
    /// sorted keys for outer joins, and for every join with `sort`). Null keys match each
    /// other, as in pandas.
    pub(crate) fn merge_columns(
        &self,
        right: &DataFrame,
        keys: (&[Label], &[Label]),
        how: JoinHow,
        suffixes: (&str, &str),
        sort: bool,
    ) -> Result<DataFrame> {
        let (left_on, right_on) = keys;
        let _operation = ferrodf_core::memory::enter_operation();
        if left_on.is_empty() || left_on.len() != right_on.len() {
            return Err(Error::value(format!(
                "merge needs the same number (at least one) of left and right keys, got {} and {}",
                left_on.len(),
                right_on.len()
            )));
        }
        let (lkeys, rkeys) =
            common_key_types(key_table(self, left_on)?, key_table(right, right_on)?)?;
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
        let (lmap, rmap) = pandas_row_order(how, sort, lmap, rmap, &lkeys, &rkeys)?;
        // A left join keeps every left row at least once, in order; with as many pairs as
        // left rows (distinct right keys) each is kept once, so the map is the identity and
        // the left columns are reused as they are (right joins likewise). Not with `sort`,
        // which reorders the rows.
        let lcols = if how == JoinHow::Left && !sort && lmap.size() == self.num_rows() {
            self.data().columns().to_vec()
        } else {
            gather_all(self.data().columns(), &lmap)?
        };
        let rcols = if how == JoinHow::Right && !sort && rmap.size() == right.num_rows() {
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

/// A join being set up by [`DataFrame::merge`]: pandas' `merge` arguments as builder
/// methods. Without keys it joins on the columns both sides share.
#[must_use = "a Merge does nothing until run() is called"]
#[derive(Clone, Debug)]
pub struct Merge<'a> {
    left: &'a DataFrame,
    right: &'a DataFrame,
    how: JoinHow,
    on: Option<Vec<Label>>,
    left_on: Option<Vec<Label>>,
    right_on: Option<Vec<Label>>,
    left_index: bool,
    right_index: bool,
    suffixes: (String, String),
    sort: bool,
}

fn labels<L: Into<Label>>(keys: impl IntoIterator<Item = L>) -> Vec<Label> {
    keys.into_iter().map(Into::into).collect()
}

impl<'a> Merge<'a> {
    /// How rows are kept (default [`JoinHow::Inner`]).
    pub fn how(mut self, how: JoinHow) -> Self {
        self.how = how;
        self
    }

    /// Key columns with the same labels on both sides.
    pub fn on<L: Into<Label>>(mut self, keys: impl IntoIterator<Item = L>) -> Self {
        self.on = Some(labels(keys));
        self
    }

    /// The left side's key columns (with [`right_on`](Self::right_on) or
    /// [`right_index`](Self::right_index)).
    pub fn left_on<L: Into<Label>>(mut self, keys: impl IntoIterator<Item = L>) -> Self {
        self.left_on = Some(labels(keys));
        self
    }

    /// The right side's key columns.
    pub fn right_on<L: Into<Label>>(mut self, keys: impl IntoIterator<Item = L>) -> Self {
        self.right_on = Some(labels(keys));
        self
    }

    /// Whether the left side joins on its index levels.
    pub fn left_index(mut self, yes: bool) -> Self {
        self.left_index = yes;
        self
    }

    /// Whether the right side joins on its index levels.
    pub fn right_index(mut self, yes: bool) -> Self {
        self.right_index = yes;
        self
    }

    /// The suffixes of column names both sides have (default `("_x", "_y")`).
    pub fn suffixes(mut self, left: &str, right: &str) -> Self {
        self.suffixes = (left.to_string(), right.to_string());
        self
    }

    /// Whether the rows are sorted by the join keys (pandas' `sort`; default false: left
    /// order for inner and left joins, right order for right joins; outer joins are
    /// always sorted). Rows with equal keys keep that order.
    pub fn sort(mut self, yes: bool) -> Self {
        self.sort = yes;
        self
    }

    /// Runs the join.
    pub fn run(self) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let suffixes = (self.suffixes.0.as_str(), self.suffixes.1.as_str());
        let no_keys = Vec::new();
        let left_keys = self
            .on
            .as_ref()
            .or(self.left_on.as_ref())
            .unwrap_or(&no_keys);
        let right_keys = self
            .on
            .as_ref()
            .or(self.right_on.as_ref())
            .unwrap_or(&no_keys);
        self.left.check_unambiguous(left_keys)?;
        self.right.check_unambiguous(right_keys)?;
        if self.left_index || self.right_index {
            return self.index_merge();
        }
        let (left_on, right_on) =
            match (self.on.clone(), self.left_on.clone(), self.right_on.clone()) {
                (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                    return Err(Error::value(
                        "pass either on or left_on/right_on, not both".to_string(),
                    ));
                }
                (Some(on), None, None) => (on.clone(), on),
                (None, Some(l), Some(r)) => (l, r),
                (None, None, None) => {
                    let shared: Vec<Label> = self
                        .left
                        .data()
                        .names()
                        .iter()
                        .filter(|n| self.right.data().contains(n))
                        .cloned()
                        .collect();
                    if shared.is_empty() {
                        return Err(Error::value(
                            "no common columns to merge on; pass on=... or left_on/right_on"
                                .to_string(),
                        ));
                    }
                    (shared.clone(), shared)
                }
                _ => {
                    return Err(Error::value("left_on and right_on go together".to_string()));
                }
            };
        self.left.merge_columns(
            self.right,
            (&left_on, &right_on),
            self.how,
            suffixes,
            self.sort,
        )
    }

    /// A join where one or both sides use their index levels as keys: the levels become
    /// temporary key columns, and the joined keys the result's index when both sides join
    /// on their index. When one side joins on its index and the other on columns, the
    /// result's index is the column side's row labels of each output row (missing where
    /// the row comes from the index side alone), as pandas does.
    fn index_merge(&self) -> Result<DataFrame> {
        let levels = self
            .left
            .index()
            .nlevels()
            .max(self.right.index().nlevels());
        let temporary: Vec<Label> = (0..levels)
            .map(|i| Label::Str(format!("__ferrodf_key_{i}")))
            .collect();
        // the row labels of the side that joins on columns, when the other joins on its index
        let column_side = match (self.left_index, self.right_index) {
            (false, true) => Some(self.left),
            (true, false) => Some(self.right),
            _ => None,
        };
        let row_labels: Vec<Label> = (0..column_side.map_or(0, |df| df.index().nlevels()))
            .map(|i| Label::Str(format!("__ferrodf_row_label_{i}")))
            .collect();
        let with_keys = |df: &DataFrame,
                         use_index: bool,
                         on: &Option<Vec<Label>>|
         -> Result<(DataFrame, Vec<Label>)> {
            if !use_index {
                let on = on.clone().ok_or_else(|| {
                    Error::value(
                        "give left_on/right_on for the side that does not join on its index"
                            .to_string(),
                    )
                })?;
                // its row labels ride along as temporary columns (see above)
                let mut out = df.clone();
                for (name, col) in row_labels.iter().zip(df.index().level_columns()?) {
                    out.insert(out.data().names().len(), name.clone(), col)?;
                }
                return Ok((out, on));
            }
            let mut out = df.clone();
            let names = temporary[..df.index().nlevels()].to_vec();
            for (i, (name, col)) in names.iter().zip(df.index().level_columns()?).enumerate() {
                out.insert(i, name.clone(), col)?;
            }
            Ok((out, names))
        };
        let (lf, lkeys) = with_keys(self.left, self.left_index, &self.left_on)?;
        let (rf, rkeys) = with_keys(self.right, self.right_index, &self.right_on)?;
        let suffixes = (self.suffixes.0.as_str(), self.suffixes.1.as_str());
        let mut merged = lf.merge_columns(&rf, (&lkeys, &rkeys), self.how, suffixes, self.sort)?;
        if self.left_index && self.right_index {
            let keys: Vec<Label> = lkeys
                .into_iter()
                .filter(|k| merged.data().contains(k))
                .collect();
            let mut levels = keys
                .iter()
                .map(|k| merged.data().get(k).cloned())
                .collect::<Result<Vec<_>>>()?;
            // pandas names the joined index after the side it comes from
            let (left_names, right_names) = (self.left.index().names(), self.right.index().names());
            let names = match self.how {
                _ if keys.len() != left_names.len() => vec![Label::None; keys.len()],
                JoinHow::Right => right_names,
                JoinHow::Outer => left_names
                    .into_iter()
                    .zip(right_names)
                    .map(|(l, r)| if l == Label::None { r } else { l })
                    .collect(),
                _ => left_names,
            };
            let index = if levels.len() == 1 {
                Index::from_column(levels.remove(0), Some(names[0].clone()))
            } else {
                Index::multi(levels, Some(names))?
            };
            return merged.drop_columns(&keys)?.with_index(index);
        }
        // a key column of one side meets the other side's index: rows only the index side
        // has take their key from the index, as in pandas
        let (column_keys, index_keys, fills) = if self.right_index {
            (
                &lkeys,
                &rkeys,
                matches!(self.how, JoinHow::Right | JoinHow::Outer),
            )
        } else {
            (
                &rkeys,
                &lkeys,
                matches!(self.how, JoinHow::Left | JoinHow::Outer),
            )
        };
        if fills {
            for (c, i) in column_keys.iter().zip(index_keys) {
                if let (Ok(col), Ok(idx)) = (merged.data().get(c), merged.data().get(i)) {
                    if col.dtype() == idx.dtype() {
                        let filled = replace_nulls(col, Replacement::Column(idx))?;
                        merged.set_column(c.clone(), filled)?;
                    }
                }
            }
        }
        let labels = row_labels
            .iter()
            .map(|k| merged.data().get(k).cloned())
            .collect::<Result<Vec<_>>>()?;
        let drop: Vec<Label> = temporary
            .into_iter()
            .chain(row_labels)
            .filter(|k| merged.data().contains(k))
            .collect();
        let merged = if drop.is_empty() {
            merged
        } else {
            merged.drop_columns(&drop)?
        };
        let Some(side) = column_side else {
            return Ok(merged);
        };
        let mut names = side.index().names();
        let index = if labels.len() == 1 {
            Index::from_column(labels.into_iter().next().expect("one level"), names.pop())
        } else {
            Index::multi(labels, Some(names))?
        };
        merged.with_index(index)
    }
}

/// The join maps reordered to pandas' row order (left order for inner and left joins, right
/// order for right joins, sorted keys for outer joins and with `sort`, equal keys in the
/// join's own order), before any column is gathered: the
/// join emits rows in its hash table's order. Only the maps (and for outer joins the keys)
/// are sorted, and not at all when they are in order already.
fn pandas_row_order(
    how: JoinHow,
    sort: bool,
    lmap: Column,
    rmap: Column,
    lkeys: &Table,
    rkeys: &Table,
) -> Result<(Column, Column)> {
    let order_columns = match how {
        JoinHow::Right if !sort => vec![rmap.clone(), lmap.clone()],
        _ if sort || how == JoinHow::Outer => {
            let lk = gather_all(lkeys.columns(), &lmap)?;
            let rk = gather_all(rkeys.columns(), &rmap)?;
            let mut keys: Vec<Column> = lk
                .iter()
                .zip(&rk)
                .map(|(l, r)| replace_nulls(l, Replacement::Column(r)))
                .collect::<Result<_>>()?;
            // equal keys: the driving side's order, then the other's
            if how == JoinHow::Right {
                keys.extend([rmap.clone(), lmap.clone()]);
            } else {
                keys.extend([lmap.clone(), rmap.clone()]);
            }
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

/// The key columns of both sides in one type per key: numbers of different types are
/// compared in their common type (pandas joins int8 keys with int64 ones); other
/// differing types are a TypeError.
fn common_key_types(left: Table, right: Table) -> Result<(Table, Table)> {
    let mut lcols = left.into_columns();
    let mut rcols = right.into_columns();
    for (l, r) in lcols.iter_mut().zip(rcols.iter_mut()) {
        let (a, b) = (l.dtype().id(), r.dtype().id());
        if a == b {
            continue;
        }
        let numeric = |t: TypeId| t.is_integer() || t.is_floating();
        if !(numeric(a) && numeric(b)) {
            return Err(Error::type_err(format!(
                "merge keys have different types ({} and {}); cast one side first",
                l.dtype(),
                r.dtype()
            )));
        }
        let t = if a.is_floating() || b.is_floating() {
            TypeId::Float64
        } else if a.is_signed_integer() || b.is_signed_integer() {
            TypeId::Int64
        } else {
            TypeId::Uint64
        }
        .into();
        if l.dtype() != t {
            *l = ferrodf_core::ops::cast::cast(l, t)?;
        }
        if r.dtype() != t {
            *r = ferrodf_core::ops::cast::cast(r, t)?;
        }
    }
    Ok((Table::new(lcols)?, Table::new(rcols)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{frame, ints};

    fn merge_on_k(left: &DataFrame, right: &DataFrame, how: JoinHow) -> DataFrame {
        left.merge(right).on(["k"]).how(how).run().unwrap()
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
        let out = merge_on_k(&left, &right, JoinHow::Left);
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
        let out = merge_on_k(&left, &right, JoinHow::Outer);
        assert_eq!(
            ints(&out.data().columns()[0]),
            vec![Some(1), Some(2), Some(3)]
        );
    }
}
