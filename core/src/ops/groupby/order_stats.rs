//! Order-based grouped aggregations (MEDIAN, QUANTILE, NUNIQUE, NTH_ELEMENT, ARGMIN,
//! ARGMAX, COLLECT_LIST, COLLECT_SET) composed
//! from whole-column operations: a sort by (group id, value), binary searches for each
//! group's segment, then arithmetic and gathers per group.
//!
//! Every step is a `plc` operation with a device path (sorted_order, lower/upper_bound,
//! gather, binary_operation, cast, unary, shift, scan, copy_if_else), so on the GPU the
//! whole computation stays in device memory; on the host the same steps run on the host
//! paths, which is how the unit tests below check them against [`super::host_agg`].
//!
//! Inputs: `gid`, an INT32 group id per value row (-1 for rows in no group), and the
//! number of groups; outputs have one row per group, in group-id order (QUANTILE: the
//! quantiles of a group on consecutive rows, or as a list per group).

use super::check_quantiles;
use super::types::output_type;
use crate::column::Column;
use crate::error::Result;
use crate::ops::aggregation::{Aggregation, Interpolation, NullPolicy};
use crate::ops::binaryop::{BinaryOperator as B, Operand, binary_operation};
use crate::ops::cast::cast;
use crate::ops::concatenate::concatenate;
use crate::ops::copying::{OutOfBoundsPolicy, Side, copy_if_else, gather, shift};
use crate::ops::filling::sequence;
use crate::ops::replace::{Replacement, replace_nulls};
use crate::ops::search::{NullOrder, Order, lower_bound, upper_bound};
use crate::ops::sorting::stable_sorted_order;
use crate::ops::stream_compaction::apply_boolean_mask;
use crate::ops::unary::{UnaryOperator, is_nan, is_null, is_valid, unary_operation};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{DataType, TypeId};

/// Whether `agg` of `values` has this composed path.
pub(crate) fn supported(values: DataType, agg: &Aggregation) -> bool {
    let id = values.id();
    // Decimals too: sort, gather and NullEquals take them on both paths.
    let fixed = id.is_fixed_width();
    match agg {
        Aggregation::Median | Aggregation::Quantile { .. } => id.is_numeric(),
        Aggregation::Nunique(_) => fixed || id == TypeId::String,
        // Gathers take nested rows on the device; a set's sort and duplicate test do not.
        Aggregation::NthElement { .. } | Aggregation::CollectList(_) => {
            fixed || matches!(id, TypeId::String | TypeId::List | TypeId::Struct)
        }
        Aggregation::Argmin | Aggregation::Argmax => fixed || id == TypeId::String,
        Aggregation::CollectSet { .. } => fixed || id == TypeId::String,
        _ => false,
    }
}

/// `agg` of `values` per group.
pub(crate) fn aggregate(
    gid: &Column,
    groups: usize,
    values: &Column,
    agg: &Aggregation,
) -> Result<Column> {
    let out = output_type(values.dtype(), agg)?;
    match agg {
        Aggregation::Median => quantiles(gid, groups, values, &[0.5], Interpolation::Linear, out),
        Aggregation::Quantile {
            quantiles: qs,
            interpolation,
        } => quantiles(gid, groups, values, qs, *interpolation, out),
        Aggregation::Nunique(policy) => {
            nunique(gid, groups, values, *policy == NullPolicy::Include, out)
        }
        Aggregation::NthElement { n, null_handling } => nth_element(
            gid,
            groups,
            values,
            *n,
            *null_handling == NullPolicy::Include,
        ),
        Aggregation::Argmin => arg_rows(gid, groups, values, Order::Ascending),
        Aggregation::Argmax => arg_rows(gid, groups, values, Order::Descending),
        Aggregation::CollectList(policy) => collect(
            gid,
            groups,
            values,
            *policy == NullPolicy::Include,
            None,
            out,
        ),
        Aggregation::CollectSet {
            null_handling,
            nulls_equal,
            nans_equal,
        } => collect(
            gid,
            groups,
            values,
            *null_handling == NullPolicy::Include,
            Some((*nulls_equal, *nans_equal)),
            out,
        ),
        _ => unreachable!("checked by supported()"),
    }
}

pub(super) fn i32_scalar(v: i32) -> Scalar {
    Scalar::from_native(v)
}

fn f64_scalar(v: f64) -> Scalar {
    Scalar::from_native(v)
}

/// `a op b` of two columns, into a column of type `out`.
pub(super) fn bin(a: &Column, b: &Column, op: B, out: TypeId) -> Result<Column> {
    binary_operation(Operand::Column(a), Operand::Column(b), op, out.into())
}

/// `a op b` of a column and a scalar, into a column of type `out`.
pub(super) fn bin_s(a: &Column, b: &Scalar, op: B, out: TypeId) -> Result<Column> {
    binary_operation(Operand::Column(a), Operand::Scalar(b), op, out.into())
}

/// A null scalar of `c`'s type.
pub(super) fn null_like(c: &Column) -> Result<Scalar> {
    let map = Column::from_values(vec![i32::MIN]);
    let one = gather(
        &Table::new(vec![c.clone()])?,
        &map,
        OutOfBoundsPolicy::Nullify,
    )?;
    Scalar::from_column(one.columns()[0].clone())
}

/// Rows `map` of `c` (null for out-of-bounds entries such as `i32::MIN`).
pub(super) fn gather_col(c: &Column, map: &Column) -> Result<Column> {
    let t = gather(
        &Table::new(vec![c.clone()])?,
        map,
        OutOfBoundsPolicy::Nullify,
    )?;
    Ok(t.columns()[0].clone())
}

/// BOOL8 without nulls: a null row counts as false.
pub(super) fn truthy(c: &Column) -> Result<Column> {
    let f = Scalar::from_native_as::<u8>(TypeId::Bool8.into(), Some(0))?;
    replace_nulls(c, Replacement::Scalar(&f))
}

/// The rows of each group as segments of a sorted order.
struct Segments {
    /// INT32 gather map: rows in group order (rows in no group first).
    order: Column,
    /// INT32 first row of each group in `order`.
    starts: Column,
    /// INT32 end of each group's valid values (valid rows sort first in a group).
    valid_ends: Column,
    /// INT32 end of each group.
    ends: Column,
}

/// How rows are ordered within a group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Within {
    /// By value, nulls last.
    Value,
    /// Valid rows first, each part in row order.
    ValidFirst,
    /// Row order.
    Rows,
}

/// Sort by group id, then as `within` says, and find each group's segment.
fn segments(gid: &Column, groups: usize, values: &Column, within: Within) -> Result<Segments> {
    let ids = sequence(groups, &i32_scalar(0), &i32_scalar(1))?;
    if within == Within::Rows {
        let order = stable_sorted_order(
            &Table::new(vec![gid.clone()])?,
            &[Order::Ascending],
            &[NullOrder::Before],
        )?;
        let hay = Table::new(vec![gather_col(gid, &order)?])?;
        let needles = Table::new(vec![ids])?;
        let ends = upper_bound(&hay, &needles, &[], &[])?;
        return Ok(Segments {
            starts: lower_bound(&hay, &needles, &[], &[])?,
            valid_ends: ends.clone(),
            ends,
            order,
        });
    }
    let nulls = cast(&is_null(values)?, TypeId::Int32.into())?;
    let second = if within == Within::Value {
        values
    } else {
        &nulls
    };
    let order = stable_sorted_order(
        &Table::new(vec![gid.clone(), second.clone()])?,
        &[Order::Ascending, Order::Ascending],
        &[NullOrder::Before, NullOrder::After],
    )?;
    let hay = Table::new(vec![gather_col(gid, &order)?, gather_col(&nulls, &order)?])?;
    let zeros = sequence(groups, &i32_scalar(0), &i32_scalar(0))?;
    let ones = sequence(groups, &i32_scalar(1), &i32_scalar(0))?;
    let asc = [Order::Ascending, Order::Ascending];
    let before = [NullOrder::Before, NullOrder::Before];
    let first = Table::new(vec![ids.clone(), zeros])?;
    let nulls_at = Table::new(vec![ids, ones])?;
    Ok(Segments {
        starts: lower_bound(&hay, &first, &asc, &before)?,
        valid_ends: lower_bound(&hay, &nulls_at, &asc, &before)?,
        ends: upper_bound(&hay, &nulls_at, &asc, &before)?,
        order,
    })
}

/// Whether each row repeats the row before it in a sorted column: equal values, nulls
/// equal to nulls when `nulls_equal`, NaN equal to NaN when `nans_equal`. Row 0 compares
/// with a null, so callers combine this with a same-group test.
pub(crate) fn repeats_previous(v: &Column, nulls_equal: bool, nans_equal: bool) -> Result<Column> {
    let prev = shift(v, 1, &null_like(v)?)?;
    let mut same = truthy(&bin(v, &prev, B::NullEquals, TypeId::Bool8)?)?;
    if !nulls_equal {
        let both_null = bin(&is_null(v)?, &is_null(&prev)?, B::LogicalAnd, TypeId::Bool8)?;
        let not_both = unary_operation(&both_null, UnaryOperator::Not)?;
        same = bin(&same, &not_both, B::LogicalAnd, TypeId::Bool8)?;
    }
    if v.dtype().id().is_floating() {
        let both_nan = bin(
            &truthy(&is_nan(v)?)?,
            &truthy(&is_nan(&prev)?)?,
            B::LogicalAnd,
            TypeId::Bool8,
        )?;
        // NaN != NaN for NullEquals: NaNs are one value only when nans_equal.
        same = if nans_equal {
            bin(&same, &both_nan, B::LogicalOr, TypeId::Bool8)?
        } else {
            let not_nan = unary_operation(&both_nan, UnaryOperator::Not)?;
            bin(&same, &not_nan, B::LogicalAnd, TypeId::Bool8)?
        };
    }
    Ok(same)
}

/// `map` with i32::MIN (a null row for a Nullify gather) where `keep` is false.
fn masked_map(map: &Column, keep: &Column) -> Result<Column> {
    copy_if_else(
        Side::Column(map),
        Side::Scalar(&i32_scalar(i32::MIN)),
        &truthy(keep)?,
    )
}

/// The float64 values of each group at positions `starts + floor/ceil/rint(pos)`.
fn pick(
    sorted: &Column,
    starts: &Column,
    pos: &Column,
    op: UnaryOperator,
    ok: &Column,
) -> Result<Column> {
    let k = cast(&unary_operation(pos, op)?, TypeId::Int32.into())?;
    let idx = bin(starts, &k, B::Add, TypeId::Int32)?;
    gather_col(sorted, &masked_map(&idx, ok)?)
}

fn quantiles(
    gid: &Column,
    groups: usize,
    values: &Column,
    qs: &[f64],
    interp: Interpolation,
    out: DataType,
) -> Result<Column> {
    check_quantiles(qs)?;
    let seg = segments(gid, groups, values, Within::Value)?;
    let sorted = cast(&gather_col(values, &seg.order)?, TypeId::Float64.into())?;
    let count = bin(&seg.valid_ends, &seg.starts, B::Sub, TypeId::Int32)?;
    let ok = bin_s(&count, &i32_scalar(0), B::Greater, TypeId::Bool8)?;
    let last = bin_s(&count, &i32_scalar(1), B::Sub, TypeId::Float64)?;
    let mut per_q = Vec::with_capacity(qs.len());
    for &q in qs {
        let pos = bin_s(&last, &f64_scalar(q), B::Mul, TypeId::Float64)?;
        let at = |op| pick(&sorted, &seg.starts, &pos, op, &ok);
        let v = match interp {
            Interpolation::Lower => at(UnaryOperator::Floor)?,
            Interpolation::Higher => at(UnaryOperator::Ceil)?,
            Interpolation::Nearest => at(UnaryOperator::Rint)?,
            Interpolation::Linear | Interpolation::Midpoint => {
                let (a, b) = (at(UnaryOperator::Floor)?, at(UnaryOperator::Ceil)?);
                let diff = bin(&b, &a, B::Sub, TypeId::Float64)?;
                if interp == Interpolation::Midpoint {
                    let half = bin_s(&diff, &f64_scalar(2.0), B::TrueDiv, TypeId::Float64)?;
                    bin(&a, &half, B::Add, TypeId::Float64)?
                } else {
                    let lo = unary_operation(&pos, UnaryOperator::Floor)?;
                    let hi = unary_operation(&pos, UnaryOperator::Ceil)?;
                    let frac = bin(&pos, &lo, B::Sub, TypeId::Float64)?;
                    let step = bin(&diff, &frac, B::Mul, TypeId::Float64)?;
                    let lerp = bin(&a, &step, B::Add, TypeId::Float64)?;
                    // Exactly on a value: that value (a + (b - a) * 0 is NaN for infinities).
                    let exact = bin(&lo, &hi, B::Equal, TypeId::Bool8)?;
                    copy_if_else(Side::Column(&a), Side::Column(&lerp), &truthy(&exact)?)?
                }
            }
        };
        per_q.push(v);
    }
    let nq = qs.len();
    let flat = if nq == 1 {
        per_q.pop().expect("one quantile")
    } else {
        // Row g * nq + j is quantile j of group g: entry j * groups + g of the stacked
        // columns.
        let stacked = concatenate(&per_q)?;
        let i = sequence(groups * nq, &i32_scalar(0), &i32_scalar(1))?;
        let nqs = i32_scalar(nq as i32);
        let g = bin_s(&i, &nqs, B::Div, TypeId::Int32)?;
        let j = bin_s(&i, &nqs, B::Mod, TypeId::Int32)?;
        let jg = bin_s(&j, &i32_scalar(groups as i32), B::Mul, TypeId::Int32)?;
        let map = bin(&jg, &g, B::Add, TypeId::Int32)?;
        gather_col(&stacked, &map)?
    };
    if out.id() != TypeId::List {
        return Ok(flat);
    }
    let offsets = sequence(groups + 1, &i32_scalar(0), &i32_scalar(nq as i32))?;
    Column::new(out, groups, None, None, Some(0), 0, vec![offsets, flat])
}

fn nunique(
    gid: &Column,
    groups: usize,
    values: &Column,
    include_nulls: bool,
    out: DataType,
) -> Result<Column> {
    let seg = segments(gid, groups, values, Within::Value)?;
    let sv = gather_col(values, &seg.order)?;
    let sg = gather_col(gid, &seg.order)?;
    // NaNs sort together and count once.
    let same = repeats_previous(&sv, true, true)?;
    let prev_g = shift(&sg, 1, &i32_scalar(-2))?;
    let same_group = bin(&sg, &prev_g, B::Equal, TypeId::Bool8)?;
    let dup = bin(&same, &same_group, B::LogicalAnd, TypeId::Bool8)?;
    let not_dup = unary_operation(&dup, UnaryOperator::Not)?;
    let fresh = bin(&is_valid(&sv)?, &not_dup, B::LogicalAnd, TypeId::Bool8)?;
    let fresh = cast(&fresh, TypeId::Int32.into())?;
    let cs = crate::ops::scan::scan(&fresh, &Aggregation::Sum, true)?;
    let cs = cast(&cs, TypeId::Int32.into())?;
    let cs0 = concatenate(&[Column::from_values(vec![0i32]), cs])?;
    let at_end = gather_col(&cs0, &seg.ends)?;
    let at_start = gather_col(&cs0, &seg.starts)?;
    let mut counts = bin(&at_end, &at_start, B::Sub, TypeId::Int32)?;
    if include_nulls {
        let has_null = bin(&seg.ends, &seg.valid_ends, B::Greater, TypeId::Bool8)?;
        let has_null = cast(&has_null, TypeId::Int32.into())?;
        counts = bin(&counts, &has_null, B::Add, TypeId::Int32)?;
    }
    cast(&counts, out)
}

fn nth_element(
    gid: &Column,
    groups: usize,
    values: &Column,
    n: i32,
    include_nulls: bool,
) -> Result<Column> {
    let within = if include_nulls {
        Within::Rows
    } else {
        Within::ValidFirst
    };
    let seg = segments(gid, groups, values, within)?;
    let end = if include_nulls {
        &seg.ends
    } else {
        &seg.valid_ends
    };
    let size = bin(end, &seg.starts, B::Sub, TypeId::Int32)?;
    let j = if n >= 0 {
        sequence(groups, &i32_scalar(n), &i32_scalar(0))?
    } else {
        bin_s(&size, &i32_scalar(n), B::Add, TypeId::Int32)?
    };
    let ge0 = bin_s(&j, &i32_scalar(0), B::GreaterEqual, TypeId::Bool8)?;
    let lt = bin(&j, &size, B::Less, TypeId::Bool8)?;
    let ok = bin(&ge0, &lt, B::LogicalAnd, TypeId::Bool8)?;
    let pos = bin(&seg.starts, &j, B::Add, TypeId::Int32)?;
    let rows = gather_col(&seg.order, &masked_map(&pos, &ok)?)?;
    let rows = replace_nulls(&rows, Replacement::Scalar(&i32_scalar(i32::MIN)))?;
    gather_col(values, &rows)
}

/// ARGMIN (`Ascending`) or ARGMAX (`Descending`): the row of each group's smallest or
/// largest valid value, the first row among equals (the sort is stable); null for groups
/// without valid values. NaN loses to every number, as in `reduce`: it is picked only
/// when a group's valid values are all NaN.
fn arg_rows(gid: &Column, groups: usize, values: &Column, order: Order) -> Result<Column> {
    let mut keys = vec![gid.clone()];
    let mut orders = vec![Order::Ascending];
    // Null precedence is relative to the ascending order (libcudf's rule): nulls "before"
    // a descending order come last.
    let nulls_last = if order == Order::Ascending {
        NullOrder::After
    } else {
        NullOrder::Before
    };
    if order == Order::Descending && values.dtype().id().is_floating() {
        // NaN sorts above every number: rank numbers (0) before NaNs (1) before nulls (2).
        let nan = cast(&truthy(&is_nan(values)?)?, TypeId::Int32.into())?;
        let null = cast(&is_null(values)?, TypeId::Int32.into())?;
        let twice = bin(&null, &null, B::Add, TypeId::Int32)?;
        keys.push(bin(&nan, &twice, B::Add, TypeId::Int32)?);
        orders.push(Order::Ascending);
    }
    keys.push(values.clone());
    orders.push(order);
    let mut null_order = vec![NullOrder::Before; keys.len()];
    *null_order.last_mut().expect("values key") = nulls_last;
    let sorted = stable_sorted_order(&Table::new(keys)?, &orders, &null_order)?;
    let hay = Table::new(vec![gather_col(gid, &sorted)?])?;
    let ids = Table::new(vec![sequence(groups, &i32_scalar(0), &i32_scalar(1))?])?;
    let starts = lower_bound(&hay, &ids, &[], &[])?;
    // A group's first row is null only when all its values are: no row then.
    let first = gather_col(&sorted, &starts)?;
    let first_valid = truthy(&gather_col(&is_valid(values)?, &first)?)?;
    copy_if_else(
        Side::Column(&first),
        Side::Scalar(&null_like(&first)?),
        &first_valid,
    )
}

/// COLLECT_LIST (`set` None: each group's values in row order) or COLLECT_SET (`set`
/// Some((nulls_equal, nans_equal)): the distinct valid values in ascending order, then the
/// nulls: one when nulls are equal, else each). One list per group, never null.
pub(super) fn collect(
    gid: &Column,
    groups: usize,
    values: &Column,
    include_nulls: bool,
    set: Option<(bool, bool)>,
    out: DataType,
) -> Result<Column> {
    let within = if set.is_some() {
        Within::Value
    } else {
        Within::Rows
    };
    let seg = segments(gid, groups, values, within)?;
    let sv = gather_col(values, &seg.order)?;
    let sg = gather_col(gid, &seg.order)?;
    // Rows in a group, and valid unless nulls are collected.
    let mut keep = bin_s(&sg, &i32_scalar(0), B::GreaterEqual, TypeId::Bool8)?;
    if !include_nulls {
        keep = bin(&keep, &is_valid(&sv)?, B::LogicalAnd, TypeId::Bool8)?;
    }
    if let Some((nulls_equal, nans_equal)) = set {
        // A row repeats the previous one (same group, equal value) and is dropped.
        let same = repeats_previous(&sv, nulls_equal, nans_equal)?;
        let prev_g = shift(&sg, 1, &i32_scalar(-2))?;
        let same_group = bin(&sg, &prev_g, B::Equal, TypeId::Bool8)?;
        let dup = bin(&same, &same_group, B::LogicalAnd, TypeId::Bool8)?;
        let fresh = unary_operation(&dup, UnaryOperator::Not)?;
        keep = bin(&keep, &fresh, B::LogicalAnd, TypeId::Bool8)?;
    }
    let kept = apply_boolean_mask(&Table::new(vec![seg.order, sg])?, &keep)?;
    let child = gather_col(values, &kept.columns()[0])?;
    // The kept group ids ascend: group k's list starts at the first id >= k.
    let hay = Table::new(vec![kept.columns()[1].clone()])?;
    let ids = Table::new(vec![sequence(groups + 1, &i32_scalar(0), &i32_scalar(1))?])?;
    let offsets = lower_bound(&hay, &ids, &[], &[])?;
    Column::new(out, groups, None, None, Some(0), 0, vec![offsets, child])
}

#[cfg(test)]
mod tests {
    use super::super::hash_host::HostGroups;
    use super::super::host_agg;
    use super::*;
    use crate::interop::arrow::{from_arrow, to_arrow};

    fn gid_of(g: &HostGroups) -> Column {
        Column::from_values(
            g.gid
                .iter()
                .map(|&x| if x == u32::MAX { -1 } else { x as i32 })
                .collect::<Vec<i32>>(),
        )
    }

    fn check(values: Column, keys: Vec<i32>, aggs: &[Aggregation]) {
        let keys = Table::new(vec![Column::from_values(keys)]).unwrap();
        for include_nulls in [false, true] {
            let g = super::super::hash_host::group_rows(&keys, include_nulls).unwrap();
            let gid = gid_of(&g);
            for a in aggs {
                let want = to_arrow(&host_agg::aggregate(&values, a, &g).unwrap()).unwrap();
                let got = to_arrow(&aggregate(&gid, g.len(), &values, a).unwrap()).unwrap();
                assert_eq!(
                    got.to_data(),
                    want.to_data(),
                    "{a:?} include_nulls={include_nulls}"
                );
            }
        }
    }

    fn aggs() -> Vec<Aggregation> {
        let mut v = vec![
            Aggregation::Median,
            Aggregation::Nunique(NullPolicy::Exclude),
            Aggregation::Nunique(NullPolicy::Include),
        ];
        for interp in [
            Interpolation::Linear,
            Interpolation::Lower,
            Interpolation::Higher,
            Interpolation::Midpoint,
            Interpolation::Nearest,
        ] {
            v.push(Aggregation::Quantile {
                quantiles: vec![0.25],
                interpolation: interp,
            });
            v.push(Aggregation::Quantile {
                quantiles: vec![0.0, 0.5, 0.9, 1.0],
                interpolation: interp,
            });
        }
        v.extend([
            Aggregation::Argmin,
            Aggregation::Argmax,
            Aggregation::CollectList(NullPolicy::Include),
            Aggregation::CollectList(NullPolicy::Exclude),
        ]);
        for p in [NullPolicy::Include, NullPolicy::Exclude] {
            for nulls_equal in [true, false] {
                for nans_equal in [true, false] {
                    v.push(Aggregation::CollectSet {
                        null_handling: p,
                        nulls_equal,
                        nans_equal,
                    });
                }
            }
        }
        for n in [0, 1, -1, -2, 5] {
            for p in [NullPolicy::Include, NullPolicy::Exclude] {
                v.push(Aggregation::NthElement {
                    n,
                    null_handling: p,
                });
            }
        }
        v
    }

    #[test]
    fn floats_with_nulls_and_nans_agree_with_the_host() {
        let values = from_arrow(&arrow_array::Float64Array::from(vec![
            Some(3.0),
            None,
            Some(1.0),
            Some(f64::NAN),
            Some(2.0),
            Some(2.0),
            None,
            Some(-1.0),
            Some(f64::INFINITY),
            Some(5.0),
            Some(f64::NAN),
            Some(0.5),
        ]))
        .unwrap();
        check(values, vec![1, 2, 1, 1, 2, 2, 3, 1, 4, 4, 2, 3], &aggs());
    }

    #[test]
    fn ints_and_strings_agree_with_the_host() {
        let ints = from_arrow(&arrow_array::Int64Array::from(vec![
            Some(5),
            Some(5),
            None,
            Some(-3),
            Some(7),
            Some(5),
            Some(i64::MAX),
            None,
        ]))
        .unwrap();
        let keys = vec![0, 0, 0, 1, 1, 0, 2, 3];
        check(ints, keys.clone(), &aggs());
        let strs = from_arrow(&arrow_array::StringArray::from(vec![
            Some("b"),
            Some("a"),
            None,
            Some("b"),
            Some(""),
            Some("b"),
            Some("z"),
            None,
        ]))
        .unwrap();
        let string_aggs: Vec<Aggregation> = aggs()
            .into_iter()
            .filter(|a| supported(strs.dtype(), a))
            .collect();
        assert!(!string_aggs.is_empty());
        check(strs, keys, &string_aggs);
    }

    #[test]
    fn decimals_agree_with_the_host() {
        let raw = vec![
            Some(250i128),
            None,
            Some(-7),
            Some(250),
            Some(i64::MAX as i128 * 3),
            Some(0),
            None,
            Some(-7),
        ];
        let keys = vec![0, 0, 1, 0, 1, 2, 2, 1];
        let d128 = arrow_array::Decimal128Array::from(raw.clone())
            .with_precision_and_scale(38, 2)
            .unwrap();
        let d64 = arrow_array::Decimal128Array::from(
            raw.iter()
                .map(|v| v.map(|x| x % 1_000_000_000))
                .collect::<Vec<_>>(),
        )
        .with_precision_and_scale(18, 3)
        .unwrap();
        let d128 = from_arrow(&d128).unwrap();
        let d64 = crate::ops::cast::cast(
            &from_arrow(&d64).unwrap(),
            DataType::new(TypeId::Decimal64, -3),
        )
        .unwrap();
        for values in [d128, d64] {
            let decimal_aggs: Vec<Aggregation> = aggs()
                .into_iter()
                .filter(|a| supported(values.dtype(), a))
                .collect();
            assert!(decimal_aggs.len() > 10, "{:?}", values.dtype());
            check(values, keys.clone(), &decimal_aggs);
        }
    }
}
