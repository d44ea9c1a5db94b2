//! The grouped RANK scan composed from whole-column operations, for the device: a stable
//! sort of the grouped positions by (group, excluded null, value), runs of equal values
//! found by comparing neighbours, and each rank read off the run and group boundaries.
//!
//! Every step is a `plc` operation with a device path (sorted_order, shift, binary ops,
//! scan, apply_boolean_mask, lower_bound, gather, scatter), so on the GPU the values never
//! leave device memory. On the host the same steps run the host paths, which is how the
//! unit tests check the composition against [`super::ordered`]'s loop.

use super::order_stats::{bin, bin_s, gather_col, i32_scalar, null_like, repeats_previous, truthy};
use crate::column::Column;
use crate::error::Result;
use crate::ops::aggregation::{Aggregation, RankMethod, RankPercentage};
use crate::ops::binaryop::BinaryOperator as B;
use crate::ops::cast::cast;
use crate::ops::concatenate::concatenate;
use crate::ops::copying::{Side, Source, copy_if_else, scatter, shift};
use crate::ops::filling::sequence;
use crate::ops::scan::scan;
use crate::ops::search::{NullOrder, Order, lower_bound};
use crate::ops::sorting::stable_sorted_order;
use crate::ops::stream_compaction::apply_boolean_mask;
use crate::ops::unary::{UnaryOperator, is_null, unary_operation};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{DataType, TypeId};

/// The RANK options of [`Aggregation::Rank`].
#[derive(Clone, Copy)]
pub(crate) struct RankSpec {
    pub method: RankMethod,
    pub order: Order,
    pub include_nulls: bool,
    pub null_precedence: NullOrder,
    pub percentage: RankPercentage,
}

impl RankSpec {
    /// The options of `agg` when it is a RANK.
    pub(crate) fn of(agg: &Aggregation) -> Option<RankSpec> {
        match agg {
            Aggregation::Rank {
                method,
                column_order,
                null_handling,
                null_precedence,
                percentage,
            } => Some(RankSpec {
                method: *method,
                order: *column_order,
                include_nulls: *null_handling == crate::ops::aggregation::NullPolicy::Include,
                null_precedence: *null_precedence,
                percentage: *percentage,
            }),
            _ => None,
        }
    }

    fn floats(&self) -> bool {
        self.percentage != RankPercentage::None || self.method == RankMethod::Average
    }
}

/// The RANK of every grouped position: `gid` holds the INT32 group of each position
/// (ascending, `groups` groups), `values` the value at each position. The result (INT32,
/// or FLOAT64 for AVERAGE and percentages) is null where a null value is excluded.
pub(crate) fn grouped_rank(
    gid: &Column,
    groups: usize,
    values: &Column,
    spec: RankSpec,
) -> Result<Column> {
    let m = values.size();
    let out_t: DataType = if spec.floats() {
        TypeId::Float64
    } else {
        TypeId::Int32
    }
    .into();
    let excluded = if spec.include_nulls {
        sequence(m, &i32_scalar(0), &i32_scalar(0))?
    } else {
        cast(&is_null(values)?, TypeId::Int32.into())?
    };
    // Excluded nulls go to the end of their group, out of the way of the ranked rows.
    let q = stable_sorted_order(
        &Table::new(vec![gid.clone(), excluded.clone(), values.clone()])?,
        &[Order::Ascending, Order::Ascending, spec.order],
        &[NullOrder::Before, NullOrder::Before, spec.null_precedence],
    )?;
    let (sg, sx, sv) = (
        gather_col(gid, &q)?,
        gather_col(&excluded, &q)?,
        gather_col(values, &q)?,
    );
    let same_group = truthy(&bin(
        &sg,
        &shift(&sg, 1, &i32_scalar(-1))?,
        B::Equal,
        TypeId::Bool8,
    )?)?;
    let same = bin(
        &repeats_previous(&sv, true, true)?,
        &same_group,
        B::LogicalAnd,
        TypeId::Bool8,
    )?;
    let run_start = unary_operation(&same, UnaryOperator::Not)?;
    let starts_i32 = cast(&run_start, TypeId::Int32.into())?;
    let run_no = cast(
        &scan(&starts_i32, &Aggregation::Sum, true)?,
        TypeId::Int32.into(),
    )?;
    let run_id = bin_s(&run_no, &i32_scalar(1), B::Sub, TypeId::Int32)?;
    let pos = sequence(m, &i32_scalar(0), &i32_scalar(1))?;
    // Where each run starts, then where the next one does (m after the last).
    let run_pos = apply_boolean_mask(&Table::new(vec![pos.clone()])?, &run_start)?;
    let run_bounds = concatenate(&[
        run_pos.columns()[0].clone(),
        Column::from_values(vec![m as i32]),
    ])?;
    let a = gather_col(&run_bounds, &run_id)?;
    let b = gather_col(&run_bounds, &run_no)?;
    // Each group's first position and the end of its ranked (not excluded) positions.
    let ids = sequence(groups, &i32_scalar(0), &i32_scalar(1))?;
    let hay = Table::new(vec![sg.clone(), sx.clone()])?;
    let asc = [Order::Ascending, Order::Ascending];
    let before = [NullOrder::Before, NullOrder::Before];
    let zeros = sequence(groups, &i32_scalar(0), &i32_scalar(0))?;
    let ones = sequence(groups, &i32_scalar(1), &i32_scalar(0))?;
    let g_start = lower_bound(&hay, &Table::new(vec![ids.clone(), zeros])?, &asc, &before)?;
    let g_end = lower_bound(&hay, &Table::new(vec![ids, ones])?, &asc, &before)?;
    let start = gather_col(&g_start, &sg)?;
    let one = i32_scalar(1);
    // 1 + the distance of `pos` from `from`: a rank counted from 1 within the group.
    let one_based = |pos: &Column, from: &Column| -> Result<Column> {
        bin_s(
            &bin(pos, from, B::Sub, TypeId::Int32)?,
            &one,
            B::Add,
            TypeId::Int32,
        )
    };
    let rank = match spec.method {
        RankMethod::First => one_based(&pos, &start)?,
        RankMethod::Min => one_based(&a, &start)?,
        RankMethod::Max => bin(&b, &start, B::Sub, TypeId::Int32)?,
        RankMethod::Average => {
            let lo = one_based(&a, &start)?;
            let hi = bin(&b, &start, B::Sub, TypeId::Int32)?;
            let sum = bin(&lo, &hi, B::Add, TypeId::Float64)?;
            bin_s(
                &sum,
                &Scalar::from_native(2.0f64),
                B::TrueDiv,
                TypeId::Float64,
            )?
        }
        RankMethod::Dense => {
            let first_run = gather_col(&run_id, &start)?;
            one_based(&run_id, &first_run)?
        }
    };
    let rank = if spec.percentage == RankPercentage::None {
        cast(&rank, out_t)?
    } else {
        // Per group: the ranked count, or for DENSE the number of distinct values.
        let total = if spec.method == RankMethod::Dense {
            let last = bin_s(&g_end, &one, B::Sub, TypeId::Int32)?;
            let runs = bin(
                &gather_col(&run_id, &last)?,
                &gather_col(&run_id, &g_start)?,
                B::Sub,
                TypeId::Int32,
            )?;
            bin_s(&runs, &one, B::Add, TypeId::Int32)?
        } else {
            bin(&g_end, &g_start, B::Sub, TypeId::Int32)?
        };
        let total = cast(&gather_col(&total, &sg)?, TypeId::Float64.into())?;
        let r = cast(&rank, TypeId::Float64.into())?;
        let f64s = |v: f64| Scalar::from_native(v);
        match spec.percentage {
            RankPercentage::OneNormalized => bin(&r, &total, B::TrueDiv, TypeId::Float64)?,
            _ => {
                let num = bin_s(&r, &f64s(1.0), B::Sub, TypeId::Float64)?;
                let den = bin_s(&total, &f64s(1.0), B::Sub, TypeId::Float64)?;
                let q = bin(&num, &den, B::TrueDiv, TypeId::Float64)?;
                let several = bin_s(&total, &f64s(1.0), B::Greater, TypeId::Bool8)?;
                copy_if_else(Side::Column(&q), Side::Scalar(&f64s(0.0)), &several)?
            }
        }
    };
    // Excluded nulls rank null; then every rank goes back to its grouped position.
    let ranked = bin_s(&sx, &i32_scalar(0), B::Equal, TypeId::Bool8)?;
    let rank = copy_if_else(
        Side::Column(&rank),
        Side::Scalar(&null_like(&rank)?),
        &ranked,
    )?;
    let placed = scatter(
        Source::Table(&Table::new(vec![rank.clone()])?),
        &q,
        &Table::new(vec![rank])?,
    )?;
    Ok(placed.columns()[0].clone())
}

#[cfg(test)]
mod tests {
    use super::super::hash_host::group_rows;
    use super::super::ordered::{Grouped, scan as host_scan};
    use super::*;
    use crate::interop::arrow::{from_arrow, to_arrow};

    fn check(values: Column, keys: Vec<i32>) {
        let keys = Table::new(vec![Column::from_values(keys)]).unwrap();
        let g = group_rows(&keys, false).unwrap();
        let gr = Grouped::new(&g);
        let gid: Vec<i32> = g.gid.iter().map(|&x| x as i32).collect();
        let sg = gather_col(&Column::from_values(gid), &gr.map()).unwrap();
        let sv = gather_col(&values, &gr.map()).unwrap();
        for method in [
            RankMethod::First,
            RankMethod::Min,
            RankMethod::Max,
            RankMethod::Average,
            RankMethod::Dense,
        ] {
            for percentage in [
                RankPercentage::None,
                RankPercentage::OneNormalized,
                RankPercentage::ZeroNormalized,
            ] {
                for order in [Order::Ascending, Order::Descending] {
                    for null_precedence in [NullOrder::Before, NullOrder::After] {
                        for include_nulls in [false, true] {
                            let spec = RankSpec {
                                method,
                                order,
                                include_nulls,
                                null_precedence,
                                percentage,
                            };
                            let agg = Aggregation::Rank {
                                method,
                                column_order: order,
                                null_handling: if include_nulls {
                                    crate::ops::aggregation::NullPolicy::Include
                                } else {
                                    crate::ops::aggregation::NullPolicy::Exclude
                                },
                                null_precedence,
                                percentage,
                            };
                            let want = to_arrow(&host_scan(&values, &agg, &gr).unwrap()).unwrap();
                            let got =
                                to_arrow(&grouped_rank(&sg, g.len(), &sv, spec).unwrap()).unwrap();
                            assert_eq!(got.to_data(), want.to_data(), "{agg:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn floats_with_nulls_nans_and_ties_agree_with_the_host() {
        let values = from_arrow(&arrow_array::Float64Array::from(vec![
            Some(3.0),
            None,
            Some(1.0),
            Some(f64::NAN),
            Some(2.0),
            Some(2.0),
            None,
            Some(-0.0),
            Some(0.0),
            Some(5.0),
            Some(f64::NAN),
            Some(2.0),
            None,
            Some(7.0),
        ]))
        .unwrap();
        check(values, vec![1, 2, 1, 1, 2, 2, 3, 1, 1, 4, 2, 2, 3, 3]);
    }

    #[test]
    fn strings_agree_with_the_host() {
        let values = from_arrow(&arrow_array::StringArray::from(vec![
            Some("b"),
            Some("a"),
            None,
            Some("b"),
            Some(""),
            Some("b"),
            Some("z"),
            None,
            Some("a"),
        ]))
        .unwrap();
        check(values, vec![0, 0, 0, 1, 1, 0, 2, 2, 0]);
    }

    #[test]
    fn decimals_agree_with_the_host() {
        let values = arrow_array::Decimal128Array::from(vec![
            Some(250i128),
            Some(-7),
            None,
            Some(250),
            Some(i64::MAX as i128 * 5),
            Some(-7),
            Some(0),
            None,
            Some(250),
        ])
        .with_precision_and_scale(38, 2)
        .unwrap();
        check(
            from_arrow(&values).unwrap(),
            vec![0, 0, 0, 1, 1, 0, 2, 2, 0],
        );
    }
}
