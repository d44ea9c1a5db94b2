//! Frame-level row operations: `concat`, `drop_duplicates`, `dropna`, `sort_index`,
//! `unique` positions, and grouped scans (`cumsum`, `cumcount`, ... per group) and
//! transforms.

use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::binaryop::{BinaryOperator, binary_operation};
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, Source, gather, scatter};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::ops::join::JOIN_NONE;
use ferrodf_core::ops::search::{NullOrder, Order};
use ferrodf_core::ops::sorting::stable_sorted_order;
use ferrodf_core::ops::stream_compaction::{DuplicateKeepOption, distinct_indices};
use ferrodf_core::ops::unary::is_valid;
use ferrodf_core::{Column, Error, Result, Table, TypeId};

use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::index::Index;
use crate::label::Label;
use crate::relational::{AggRequest, JoinHow};
use crate::rows::RowSelection;

/// An all-null column of `like`'s type with `n` rows.
fn nulls_like(like: &Column, n: usize) -> Result<Column> {
    let map = Column::from_values(vec![JOIN_NONE; n]);
    let source = Table::new(vec![like.slice(0, like.size().min(1))?])?;
    Ok(gather(&source, &map, OutOfBoundsPolicy::Nullify)?
        .into_columns()
        .remove(0))
}

fn and_columns(a: Column, b: &Column, or: bool) -> Result<Column> {
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
            pairs.push((label.clone(), concatenate(&parts)?));
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
                .map(|k| concatenate(&levels.iter().map(|l| l[k].clone()).collect::<Vec<_>>()))
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
        let mut keep: Option<Column> = None;
        for col in &keys {
            let valid = is_valid(col)?;
            keep = Some(match keep {
                None => valid,
                Some(k) => and_columns(k, &valid, all)?,
            });
        }
        match keep {
            None => Ok(self.clone()),
            Some(mask) => self.select_rows(&RowSelection::Mask(mask)),
        }
    }

    /// Rows ordered by their index labels (stable; nulls last).
    pub fn sort_index(&self, ascending: bool) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let levels = self.index().level_columns()?;
        let n = levels.len();
        let order = vec![
            if ascending {
                Order::Ascending
            } else {
                Order::Descending
            };
            n
        ];
        let nulls = vec![
            if ascending {
                NullOrder::After
            } else {
                NullOrder::Before
            };
            n
        ];
        let map = stable_sorted_order(&Table::new(levels)?, &order, &nulls)?;
        self.select_rows(&RowSelection::Take(map))
    }

    /// Running aggregations within the groups of `by` (pandas' `groupby(by).cumsum()` and
    /// friends: `how` is "cumsum", "cumprod", "cummin", "cummax" or "cumcount"), one value
    /// per row in the original row order; rows with a null key get nulls when `dropna`.
    pub fn groupby_scan(
        &self,
        by: &[Label],
        columns: &[Label],
        how: &str,
        dropna: bool,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let agg = match how {
            "cumsum" => Aggregation::Sum,
            "cumprod" => Aggregation::Product,
            "cummin" => Aggregation::Min,
            "cummax" => Aggregation::Max,
            "cumcount" => Aggregation::Count(NullPolicy::Include),
            other => {
                return Err(Error::value(format!(
                    "unknown grouped scan {other:?}; use cumsum, cumprod, cummin, cummax or cumcount"
                )));
            }
        };
        let keys = self.key_columns(by)?;
        let n = self.num_rows();
        // group in a stable key order, scan, then put each row's result back in its place
        let order = stable_sorted_order(
            &Table::new(keys.clone())?,
            &vec![Order::Ascending; keys.len()],
            &vec![NullOrder::After; keys.len()],
        )?;
        let sorted_keys = gather(
            &Table::new(keys.clone())?,
            &order,
            OutOfBoundsPolicy::DontCheck,
        )?;
        let sorted_values: Vec<Column> = if how == "cumcount" {
            // COUNT(INCLUDE) only needs a column of the right length: the sorted keys.
            vec![sorted_keys.columns()[0].clone()]
        } else {
            let values = columns
                .iter()
                .map(|c| self.data().get(c).cloned())
                .collect::<Result<Vec<_>>>()?;
            gather(&Table::new(values)?, &order, OutOfBoundsPolicy::DontCheck)?.into_columns()
        };
        let gb = GroupBy::new(sorted_keys, NullPolicy::Include, true, vec![], vec![])?;
        let requests: Vec<GroupByRequest> = sorted_values
            .into_iter()
            .map(|values| GroupByRequest {
                values,
                aggregations: vec![agg.clone()],
            })
            .collect();
        let (_, results) = gb.scan(&requests)?;
        let scanned: Vec<Column> = results
            .into_iter()
            .map(|t| t.into_columns().remove(0))
            .collect();
        let scanned = Table::new(scanned)?;
        let mut out = scatter(Source::Table(&scanned), &order, &scanned)?.into_columns();
        if how == "cumcount" {
            // pandas counts from 0
            let one = ferrodf_core::Scalar::from_native(1i32);
            let c = out.remove(0);
            let minus = binary_operation(
                ferrodf_core::ops::binaryop::Operand::Column(&c),
                ferrodf_core::ops::binaryop::Operand::Scalar(&one),
                BinaryOperator::Sub,
                TypeId::Int64.into(),
            )?;
            out = vec![minus];
        }
        if dropna {
            let mut valid: Option<Column> = None;
            for k in &keys {
                let v = is_valid(k)?;
                valid = Some(match valid {
                    None => v,
                    Some(acc) => and_columns(acc, &v, false)?,
                });
            }
            if let Some(valid) = valid {
                if valid.size() > 0 {
                    let nulls = out
                        .iter()
                        .map(|c| nulls_like(c, n))
                        .collect::<Result<Vec<_>>>()?;
                    out = out
                        .iter()
                        .zip(&nulls)
                        .map(|(c, z)| {
                            ferrodf_core::ops::copying::copy_if_else(
                                ferrodf_core::ops::copying::Side::Column(c),
                                ferrodf_core::ops::copying::Side::Column(z),
                                &valid,
                            )
                        })
                        .collect::<Result<_>>()?;
                }
            }
        }
        let labels: Vec<Label> = if how == "cumcount" {
            vec![Label::None]
        } else {
            columns.to_vec()
        };
        let multiindex = labels.iter().any(Label::is_tuple);
        DataFrame::new(
            ColumnAccessor::from_pairs(labels.into_iter().zip(out).collect(), multiindex)?,
            Some(self.index().clone()),
        )
    }

    /// Each row's group aggregate (pandas' `groupby(by)[columns].transform(how)`), in the
    /// original row order and index; rows with a null key get nulls when `dropna`.
    pub fn groupby_transform(
        &self,
        by: &[Label],
        columns: &[Label],
        how: &str,
        dropna: bool,
        ddof: i32,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let requests: Vec<AggRequest> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| AggRequest {
                column: c.clone(),
                how: how.to_string(),
                output: Label::Str(format!("__ferrodf_transform_{i}")),
            })
            .collect();
        // null keys form a group only without dropna; otherwise their rows find no group
        // in the left join below and get nulls, as in pandas
        let groups = self.groupby_agg(by, &requests, false, dropna, false, ddof)?;
        let keys = self
            .select_columns(&crate::LabelKey::List(by.to_vec()))?
            .with_index(Index::default_for(self.num_rows()))?;
        let joined = keys.merge(&groups, by, JoinHow::Left, ("", "_r"))?;
        let out: Vec<Column> = requests
            .iter()
            .map(|r| joined.data().get(&r.output).cloned())
            .collect::<Result<_>>()?;
        let multiindex = columns.iter().any(Label::is_tuple);
        DataFrame::new(
            ColumnAccessor::from_pairs(columns.iter().cloned().zip(out).collect(), multiindex)?,
            Some(self.index().clone()),
        )
    }

    fn key_columns(&self, subset: &[Label]) -> Result<Vec<Column>> {
        if subset.is_empty() {
            return Ok(self.data().columns().to_vec());
        }
        subset.iter().map(|l| self.data().get(l).cloned()).collect()
    }
}
