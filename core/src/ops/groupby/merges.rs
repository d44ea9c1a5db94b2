//! HISTOGRAM, MERGE_HISTOGRAM, MERGE_LISTS, MERGE_SETS and MERGE_M2, composed from whole-column
//! operations over the group ids (as [`super::order_stats`]): every step (explode, a
//! nested sorted groupby, sorts, searches, gathers) has a device path, so on the GPU the
//! work stays in device memory, and on the host the same steps run on the host.
//!
//! Inputs: `gid`, an INT32 group id per value row (-1: the row is in no group), and the
//! number of groups; outputs have one row per group in group-id order.
//!
//! Layouts (libcudf's): HISTOGRAM gives LIST<STRUCT<value, count INT64>> per group, one
//! entry per distinct value (nulls are one value), entries in ascending value order, nulls
//! last; MERGE_HISTOGRAM takes such lists and adds the counts of equal values;
//! MERGE_LISTS concatenates a group's lists in row order (null lists skipped);
//! MERGE_SETS concatenates them and keeps each distinct value once (COLLECT_SET's rules).

use super::order_stats::{bin, bin_s, collect, gather_col, i32_scalar, truthy};
use super::{GroupBy, GroupByRequest};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::{Aggregation, NullPolicy};
use crate::ops::binaryop::BinaryOperator as B;
use crate::ops::cast::cast;
use crate::ops::copying::{Side, copy_if_else};
use crate::ops::filling::sequence;
use crate::ops::lists::explode;
use crate::ops::search::lower_bound;
use crate::ops::stream_compaction::apply_boolean_mask;
use crate::ops::unary::is_valid;
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::TypeId;

/// `agg` (HISTOGRAM, MERGE_HISTOGRAM, MERGE_LISTS or MERGE_SETS) of `values` per group.
pub(crate) fn aggregate(
    gid: &Column,
    groups: usize,
    values: &Column,
    agg: &Aggregation,
) -> Result<Column> {
    match agg {
        Aggregation::Histogram => histogram(gid, groups, values, None),
        Aggregation::MergeHistogram => {
            let (g, entries) = exploded(gid, values, "MERGE_HISTOGRAM")?;
            let kids = entries.children();
            if entries.dtype().id() != TypeId::Struct || kids.len() != 2 {
                return Err(Error::type_err(format!(
                    "groupby: MERGE_HISTOGRAM needs LIST<STRUCT<value, count>> values, got \
                     lists of {}",
                    entries.dtype()
                )));
            }
            let (off, n) = (entries.offset(), entries.size());
            let value = kids[0].slice(off, n)?;
            let count = cast(&kids[1].slice(off, n)?, TypeId::Int64.into())?;
            histogram(&g, groups, &value, Some(&count))
        }
        Aggregation::MergeLists => {
            let (g, elems) = exploded(gid, values, "MERGE_LISTS")?;
            collect(&g, groups, &elems, true, None, TypeId::List.into())
        }
        Aggregation::MergeSets {
            nulls_equal,
            nans_equal,
        } => {
            let (g, elems) = exploded(gid, values, "MERGE_SETS")?;
            let set = Some((*nulls_equal, *nans_equal));
            collect(&g, groups, &elems, true, set, TypeId::List.into())
        }
        _ => unreachable!("only the merge kinds come here"),
    }
}

/// Each list element on its own row with its row's group id (null and empty lists give
/// no row).
fn exploded(gid: &Column, lists: &Column, what: &str) -> Result<(Column, Column)> {
    if lists.dtype().id() != TypeId::List {
        return Err(Error::type_err(format!(
            "groupby: {what} needs LIST values, got {}",
            lists.dtype()
        )));
    }
    let t = explode(&Table::new(vec![gid.clone(), lists.clone()])?, 1)?;
    Ok((t.columns()[0].clone(), t.columns()[1].clone()))
}

/// One LIST<STRUCT<value, count INT64>> per group: the distinct values of each group (in
/// ascending order, null last) with their number of rows, or with the sum of their
/// `weights` (MERGE_HISTOGRAM). A sorted groupby over (group id, value) does the counting.
fn histogram(
    gid: &Column,
    groups: usize,
    values: &Column,
    weights: Option<&Column>,
) -> Result<Column> {
    let id = values.dtype().id();
    if !(id.is_fixed_width() || id == TypeId::String) {
        return Err(Error::not_implemented(format!(
            "groupby: HISTOGRAM of {} values is not implemented; it supports fixed-width and \
             STRING values",
            values.dtype()
        )));
    }
    let list = |offsets: Column, child: Column| {
        Column::new(
            TypeId::List.into(),
            groups,
            None,
            None,
            Some(0),
            0,
            vec![offsets, child],
        )
    };
    let struct_of = |v: Column, c: Column| {
        let n = v.size();
        Column::new(TypeId::Struct.into(), n, None, None, Some(0), 0, vec![v, c])
    };
    if values.size() == 0 {
        let empty_counts = Column::from_values(Vec::<i64>::new());
        let offsets = sequence(groups + 1, &i32_scalar(0), &i32_scalar(0))?;
        return list(offsets, struct_of(values.clone(), empty_counts)?);
    }
    // Rows in no group are left out before the nested groupby.
    let in_group = bin_s(gid, &i32_scalar(0), B::GreaterEqual, TypeId::Bool8)?;
    let mut cols = vec![gid.clone(), values.clone()];
    if let Some(w) = weights {
        cols.push(w.clone());
    }
    let kept = apply_boolean_mask(&Table::new(cols)?, &in_group)?;
    let (g, v) = (&kept.columns()[0], &kept.columns()[1]);
    let request = match weights {
        Some(_) => GroupByRequest {
            values: kept.columns()[2].clone(),
            aggregations: vec![Aggregation::Sum],
        },
        None => GroupByRequest {
            values: v.clone(),
            aggregations: vec![Aggregation::Count(NullPolicy::Include)],
        },
    };
    // Null values are a key of their own (nulls sort last within a group).
    let by = Table::new(vec![g.clone(), v.clone()])?;
    let gb = GroupBy::new(by, NullPolicy::Include, false, vec![], vec![])?;
    let (keys, results) = gb.aggregate_sorted(&[request])?;
    let counts = cast(&results[0].columns()[0], TypeId::Int64.into())?;
    // The entry group ids ascend: group k's list starts at the first id >= k.
    let hay = Table::new(vec![keys.columns()[0].clone()])?;
    let ids = Table::new(vec![sequence(groups + 1, &i32_scalar(0), &i32_scalar(1))?])?;
    let offsets = lower_bound(&hay, &ids, &[], &[])?;
    let child = struct_of(keys.columns()[1].clone(), counts)?;
    list(offsets, child)
}

/// MERGE_M2 of STRUCT<count, mean, M2> partial results per group: `n = sum n_i`, `mean =
/// sum n_i mean_i / n`, `M2 = sum M2_i + sum n_i (mean_i - mean)^2` (Chan et al.), as a
/// STRUCT<count INT32, mean FLOAT64, M2 FLOAT64>; mean and M2 are null for a group
/// without rows of positive count. Rows with a null struct or child, or a count <= 0, add
/// nothing. Two nested sorted groupbys over the group ids do the sums.
pub(crate) fn merge_m2(gid: &Column, groups: usize, values: &Column) -> Result<Column> {
    let kids = values.children();
    let numeric = |c: &Column| c.dtype().id().is_numeric();
    if values.dtype().id() != TypeId::Struct || kids.len() != 3 || !kids.iter().all(numeric) {
        return Err(Error::type_err(format!(
            "groupby: MERGE_M2 needs a STRUCT column of three numeric children (count, mean, \
             M2), got {} with {} children",
            values.dtype(),
            kids.len()
        )));
    }
    let f64_t = TypeId::Float64;
    let (off, n) = (values.offset(), values.size());
    let part = |i: usize| -> Result<Column> { cast(&kids[i].slice(off, n)?, f64_t.into()) };
    let (count, mean, m2) = (part(0)?, part(1)?, part(2)?);
    // The rows that add to their group: valid everywhere, with a positive count.
    let mut ok = bin_s(
        &count,
        &Scalar::from_native(0.0f64),
        B::Greater,
        TypeId::Bool8,
    )?;
    for c in [values, &count, &mean, &m2] {
        ok = bin(&ok, &is_valid(c)?, B::LogicalAnd, TypeId::Bool8)?;
    }
    let ok = truthy(&ok)?;
    let zero = Scalar::from_native(0.0f64);
    let or_zero = |c: &Column| copy_if_else(Side::Column(c), Side::Scalar(&zero), &ok);
    let (count, mean, m2) = (or_zero(&count)?, or_zero(&mean)?, or_zero(&m2)?);
    let weighted = bin(&count, &mean, B::Mul, f64_t)?;
    let in_group = bin_s(gid, &i32_scalar(0), B::GreaterEqual, TypeId::Bool8)?;
    let rows = Table::new(vec![gid.clone(), count, weighted, m2, mean])?;
    let rows = apply_boolean_mask(&rows, &in_group)?;
    let [g, count, weighted, m2, mean] = rows.columns() else {
        unreachable!("five columns")
    };
    // Every group id 0..groups appears (groups are not empty), so the sorted results have
    // one row per group, in group-id order.
    let sums = |cols: &[&Column]| -> Result<Vec<Column>> {
        let gb = GroupBy::new(
            Table::new(vec![g.clone()])?,
            NullPolicy::Exclude,
            false,
            vec![],
            vec![],
        )?;
        let reqs: Vec<GroupByRequest> = cols
            .iter()
            .map(|c| GroupByRequest {
                values: (*c).clone(),
                aggregations: vec![Aggregation::Sum],
            })
            .collect();
        let (_, results) = gb.aggregate_sorted(&reqs)?;
        Ok(results
            .into_iter()
            .map(|t| t.columns()[0].clone())
            .collect())
    };
    let first = sums(&[count, weighted, m2])?;
    let (total, wsum, m2sum) = (&first[0], &first[1], &first[2]);
    let group_mean = bin(wsum, total, B::Div, f64_t)?;
    let dev = bin(mean, &gather_col(&group_mean, g)?, B::Sub, f64_t)?;
    let spread = bin(&bin(&dev, &dev, B::Mul, f64_t)?, count, B::Mul, f64_t)?;
    let second = sums(&[&spread])?;
    let merged_m2 = bin(m2sum, &second[0], B::Add, f64_t)?;
    let has = truthy(&bin_s(total, &zero, B::Greater, TypeId::Bool8)?)?;
    let null = Scalar::from_native_as::<f64>(f64_t.into(), None)?;
    let or_null = |c: &Column| copy_if_else(Side::Column(c), Side::Scalar(&null), &has);
    let children = vec![
        cast(total, TypeId::Int32.into())?,
        or_null(&group_mean)?,
        or_null(&merged_m2)?,
    ];
    debug_assert_eq!(children[0].size(), groups);
    Column::new(
        TypeId::Struct.into(),
        groups,
        None,
        None,
        Some(0),
        0,
        children,
    )
}
