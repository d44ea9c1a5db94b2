//! The order-based groupby operations on the host: scans (running SUM, PRODUCT, MIN, MAX,
//! COUNT and RANK within each group), `shift`, `replace_nulls` and `get_groups`. They all
//! work on the grouped row order: the rows of group 0 (in input order), then group 1, ...
//! (groups numbered by first appearance; libcudf leaves the group order unspecified).

use super::hash_host::HostGroups;
use super::host_agg::{grouped_order, make_column};
use super::types::{output_type, storage_view};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::ops::aggregation::{Aggregation, NullPolicy, RankMethod, RankPercentage};
use crate::ops::concatenate::concatenate;
use crate::ops::gather::{NULL_ROW, gather_internal, gather_internal_nullable, host_map};
use crate::ops::numeric::{Num, column_values_as, with_num_type};
use crate::ops::search::{NullOrder, Order};
use crate::ops::stream_compaction::host_distinct::normalize_float_keys;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{TypeId, check_same_type};
use arrow_row::{RowConverter, SortField};
use arrow_schema::SortOptions;
use rayon::prelude::*;

/// The grouped order of a grouping, with group offsets.
pub(crate) struct Grouped {
    /// Input row of each grouped position.
    pub order: Vec<u32>,
    /// `offsets[k]..offsets[k+1]`: the positions of group k.
    pub offsets: Vec<usize>,
}

impl Grouped {
    pub(crate) fn new(g: &HostGroups) -> Grouped {
        let (order, offsets) = grouped_order(g);
        Grouped { order, offsets }
    }
    fn groups(&self) -> usize {
        self.offsets.len() - 1
    }
    /// The grouped order as an INT32 gather map.
    pub(crate) fn map(&self) -> Column {
        host_map(self.order.iter().map(|&r| r as i32).collect())
    }
    /// Build one value per grouped position, group by group in parallel.
    fn per_group<T: Send>(&self, f: impl Fn(&[u32]) -> Vec<T> + Sync) -> Vec<T> {
        (0..self.groups())
            .into_par_iter()
            .flat_map_iter(|k| f(&self.order[self.offsets[k]..self.offsets[k + 1]]))
            .collect()
    }
}

/// One scan aggregation of `values`, in grouped order.
pub(crate) fn scan(values: &Column, agg: &Aggregation, gr: &Grouped) -> Result<Column> {
    use Aggregation as A;
    let out = output_type(values.dtype(), agg)?;
    let nulls = values.host_nulls()?;
    let is_valid = |r: u32| nulls.as_ref().is_none_or(|b| b.is_valid(r as usize));
    match agg {
        A::Count(policy) => {
            let include = *policy == NullPolicy::Include;
            let v = gr.per_group(|rows| {
                let mut c = 0i32;
                rows.iter()
                    .map(|&r| {
                        c += i32::from(include || is_valid(r));
                        c
                    })
                    .collect()
            });
            make_column(out, v, None)
        }
        A::Sum | A::Product | A::Min | A::Max => {
            let Some(acc) = crate::device::kernels::storage_id(out.id()) else {
                return Err(Error::not_implemented(format!(
                    "groupby scan: {} of {} values is not implemented",
                    agg.kind(),
                    values.dtype()
                )));
            };
            let st = storage_view(values)?;
            let valid: Vec<bool> = gr.order.iter().map(|&r| is_valid(r)).collect();
            with_num_type!(acc, S => {
                let vals = column_values_as::<S>(&st)?;
                let (identity, f): (S, fn(S, S) -> S) = match agg {
                    A::Sum => (S::zero(), |a, b| a.wadd(b)),
                    A::Product => (S::one(), |a, b| a.wmul(b)),
                    A::Max => (S::lowest(), |a, b| if b > a { b } else { a }),
                    _ => (S::highest(), |a, b| if b < a { b } else { a }),
                };
                let v = gr.per_group(|rows| {
                    let mut run = identity;
                    rows.iter()
                        .map(|&r| {
                            if is_valid(r) {
                                run = f(run, vals[r as usize]);
                            }
                            run
                        })
                        .collect()
                });
                make_column(out, v, Some(&valid))
            })
        }
        A::Rank {
            method,
            column_order,
            null_handling,
            null_precedence,
            percentage,
        } => rank(
            values,
            gr,
            *method,
            *column_order,
            *null_handling == NullPolicy::Include,
            *null_precedence,
            *percentage,
        ),
        A::Ewma {
            center_of_mass,
            history,
        } => {
            let com = *center_of_mass;
            if !com.is_finite() || com < 0.0 {
                return Err(Error::value(format!(
                    "EWMA center_of_mass must be a finite number >= 0, got {com}"
                )));
            }
            let beta = com / (com + 1.0);
            let adjust = *history == crate::ops::aggregation::EWMHistory::Infinite;
            let x = column_values_as::<f64>(values)?;
            // Each group is its own EWMA: the state starts afresh at its first row.
            let v: Vec<f64> = gr.per_group(|rows| {
                let group = rows.iter().map(|&r| is_valid(r).then(|| x[r as usize]));
                crate::ops::scan::host::ewma_rows(group, beta, adjust)
            });
            if out.id() == TypeId::Float32 {
                let v: Vec<f32> = v.iter().map(|&f| f as f32).collect();
                return make_column(out, v, None);
            }
            make_column(out, v, None)
        }
        other => Err(Error::not_implemented(format!(
            "groupby scan supports SUM, PRODUCT, MIN, MAX, COUNT, RANK and EWMA, not {}",
            other.kind()
        ))),
    }
}

#[allow(clippy::too_many_arguments)]
fn rank(
    values: &Column,
    gr: &Grouped,
    method: RankMethod,
    order: Order,
    include_nulls: bool,
    null_precedence: NullOrder,
    percentage: RankPercentage,
) -> Result<Column> {
    let descending = order == Order::Descending;
    // libcudf: BEFORE makes a null the smallest value, then DESCENDING reverses the order.
    let nulls_first = (null_precedence == NullOrder::Before) != descending;
    let array = normalize_float_keys(to_arrow(values)?);
    let conv = RowConverter::new(vec![SortField::new_with_options(
        array.data_type().clone(),
        SortOptions {
            descending,
            nulls_first,
        },
    )])
    .map_err(|e| Error::not_implemented(format!("groupby rank of these values: {e}")))?;
    let rows = conv
        .convert_columns(&[array])
        .map_err(|e| Error::value(format!("groupby rank: {e}")))?;
    let nulls = values.host_nulls()?;
    let is_null = |r: u32| nulls.as_ref().is_some_and(|b| b.is_null(r as usize));
    let ranks: Vec<Option<f64>> = gr.per_group(|group| {
        let mut ranked: Vec<(usize, u32)> = group
            .iter()
            .enumerate()
            .filter(|&(_, &r)| include_nulls || !is_null(r))
            .map(|(p, &r)| (p, r))
            .collect();
        ranked.sort_by(|a, b| rows.row(a.1 as usize).cmp(&rows.row(b.1 as usize)));
        let mut out = vec![None; group.len()];
        let count = ranked.len();
        let mut dense = 0usize;
        let mut a = 0;
        while a < count {
            let mut b = a + 1;
            let key = rows.row(ranked[a].1 as usize);
            while b < count && rows.row(ranked[b].1 as usize) == key {
                b += 1;
            }
            dense += 1;
            for (t, &(p, _)) in ranked[a..b].iter().enumerate() {
                out[p] = Some(match method {
                    RankMethod::First => (a + t + 1) as f64,
                    RankMethod::Min => (a + 1) as f64,
                    RankMethod::Max => b as f64,
                    RankMethod::Average => (a + 1 + b) as f64 / 2.0,
                    RankMethod::Dense => dense as f64,
                });
            }
            a = b;
        }
        // Percentages of DENSE ranks divide by the number of distinct values.
        let total = if method == RankMethod::Dense {
            dense
        } else {
            count
        } as f64;
        out.into_iter()
            .map(|r| {
                r.map(|r| match percentage {
                    RankPercentage::None => r,
                    RankPercentage::OneNormalized => r / total,
                    RankPercentage::ZeroNormalized if total > 1.0 => (r - 1.0) / (total - 1.0),
                    RankPercentage::ZeroNormalized => 0.0,
                })
            })
            .collect()
    });
    let valid: Vec<bool> = ranks.iter().map(Option::is_some).collect();
    if percentage != RankPercentage::None || method == RankMethod::Average {
        let v: Vec<f64> = ranks.iter().map(|r| r.unwrap_or(0.0)).collect();
        make_column(TypeId::Float64.into(), v, Some(&valid))
    } else {
        let v: Vec<i32> = ranks.iter().map(|r| r.unwrap_or(0.0) as i32).collect();
        make_column(TypeId::Int32.into(), v, Some(&valid))
    }
}

/// Each column shifted within each group by its offset, rows shifted in set to its fill.
pub(crate) fn shift(
    values: &Table,
    offsets: &[i64],
    fills: &[Scalar],
    gr: &Grouped,
) -> Result<Table> {
    let n = values.num_rows() as i32;
    let cols = values
        .columns()
        .iter()
        .zip(offsets.iter().zip(fills))
        .map(|(c, (&off, fill))| {
            check_same_type(
                "groupby shift",
                ("the fill value", fill.dtype()),
                ("the column", c.dtype()),
            )?;
            let map: Vec<i32> = gr.per_group(|rows| {
                let s = rows.len() as i64;
                (0..s)
                    .map(|t| {
                        let j = t.wrapping_sub(off);
                        if (0..s).contains(&j) {
                            rows[j as usize] as i32
                        } else {
                            n // the fill row, appended below
                        }
                    })
                    .collect()
            });
            let with_fill = concatenate(&[c.clone(), fill.as_column().clone()])?;
            gather_internal(&with_fill, &host_map(map))
        })
        .collect::<Result<Vec<_>>>()?;
    table_of(cols, gr.order.len())
}

/// Nulls replaced by the nearest valid value before (`following` false) or after them in
/// the same group; nulls without one stay null.
pub(crate) fn replace_nulls(values: &Table, following: &[bool], gr: &Grouped) -> Result<Table> {
    let cols = values
        .columns()
        .iter()
        .zip(following)
        .map(|(c, &fwd)| {
            let nulls = c.host_nulls()?;
            let is_valid = |r: u32| nulls.as_ref().is_none_or(|b| b.is_valid(r as usize));
            let map: Vec<i32> = gr.per_group(|rows| {
                let mut out = vec![NULL_ROW; rows.len()];
                let mut last = NULL_ROW;
                let mut visit = |t: usize| {
                    if is_valid(rows[t]) {
                        last = rows[t] as i32;
                    }
                    out[t] = last;
                };
                if fwd {
                    (0..rows.len()).rev().for_each(&mut visit);
                } else {
                    (0..rows.len()).for_each(&mut visit);
                }
                out
            });
            gather_internal_nullable(c, &host_map(map))
        })
        .collect::<Result<Vec<_>>>()?;
    table_of(cols, gr.order.len())
}

pub(crate) fn table_of(cols: Vec<Column>, rows: usize) -> Result<Table> {
    if cols.is_empty() {
        Ok(Table::empty_with_rows(rows))
    } else {
        Table::new(cols)
    }
}

/// The key rows of the grouped order (the keys table scans and shifts return).
pub(crate) fn gather_table(t: &Table, map: &Column) -> Result<Table> {
    let cols = t
        .columns()
        .iter()
        .map(|c| gather_internal(c, map))
        .collect::<Result<Vec<_>>>()?;
    table_of(cols, map.size())
}
