//! The host path of `ops::groupby`. arrow-rs has no groupby: rows are grouped by a plain
//! loop (groups in order of first appearance, as ferrodf numbers them), then each group's
//! values are gathered with `arrow_select::take` and aggregated with `arrow_arith`'s
//! aggregate kernels (`sum`, `min`, `max`) and `Array::null_count`.

use crate::common::*;
use arrow_arith::aggregate;
use arrow_array::types::Int64Type;
use arrow_array::{Array, ArrayRef, Float64Array, Int32Array, Int64Array, UInt32Array};
use arrow_select::take::take;
use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest, ReplacePolicy};
use ferrodf_core::{Column, Error, Table};
use proptest::prelude::*;
use std::sync::Arc;

/// A groupby with default options: unsorted keys, libcudf's column order and null order.
fn grouped_by(keys: Table, policy: NullPolicy) -> GroupBy {
    GroupBy::new(keys, policy, false, vec![], vec![]).unwrap()
}

/// The rows of each group of int64 keys, groups in order of first appearance.
fn groups_of(keys: &[Option<i64>], include_nulls: bool) -> Vec<(Option<i64>, Vec<u32>)> {
    let mut out: Vec<(Option<i64>, Vec<u32>)> = vec![];
    for (i, k) in keys.iter().enumerate() {
        if k.is_none() && !include_nulls {
            continue;
        }
        match out.iter_mut().find(|(g, _)| g == k) {
            Some((_, rows)) => rows.push(i as u32),
            None => out.push((*k, vec![i as u32])),
        }
    }
    out
}

/// Per group: SUM (wrapping, as libcudf's INT64 sum), MIN, MAX, COUNT(valid), COUNT(all)
/// and MEAN of int64 values.
fn aggregate_oracle(groups: &[(Option<i64>, Vec<u32>)], values: &ArrayRef) -> Vec<ArrayRef> {
    let mut sum = vec![];
    let mut min = vec![];
    let mut max = vec![];
    let mut valid = vec![];
    let mut all = vec![];
    let mut mean = vec![];
    for (_, rows) in groups {
        let g = take(values, &UInt32Array::from(rows.clone()), None).unwrap();
        let g = g.as_any().downcast_ref::<Int64Array>().unwrap();
        let s = aggregate::sum::<Int64Type>(g);
        sum.push(s);
        min.push(aggregate::min(g));
        max.push(aggregate::max(g));
        let count = (g.len() - g.null_count()) as i32;
        valid.push(count);
        all.push(g.len() as i32);
        // MEAN accumulates in float64 (no integer wrap), in row order here.
        let fsum: f64 = g.iter().flatten().map(|x| x as f64).sum();
        mean.push((count > 0).then(|| fsum / count as f64));
    }
    vec![
        Arc::new(Int64Array::from(sum)),
        Arc::new(Int64Array::from(min)),
        Arc::new(Int64Array::from(max)),
        Arc::new(Int32Array::from(valid)),
        Arc::new(Int32Array::from(all)),
        Arc::new(Float64Array::from(mean)),
    ]
}

fn aggs() -> Vec<Aggregation> {
    vec![
        Aggregation::Sum,
        Aggregation::Min,
        Aggregation::Max,
        Aggregation::Count(NullPolicy::Exclude),
        Aggregation::Count(NullPolicy::Include),
        Aggregation::Mean,
    ]
}

fn check_aggregate_columns(kc: Column, vc: Column, keys: &[Option<i64>], values: &ArrayRef) {
    for policy in [NullPolicy::Include, NullPolicy::Exclude] {
        let gb = grouped_by(Table::new(vec![kc.clone()]).unwrap(), policy);
        let req = GroupByRequest {
            values: vc.clone(),
            aggregations: aggs(),
        };
        let (k, r) = gb.aggregate(&[req]).unwrap();
        let groups = groups_of(keys, policy == NullPolicy::Include);
        let want_keys = i64s(&groups.iter().map(|g| g.0).collect::<Vec<_>>());
        assert_table(&k, &[want_keys]);
        assert_table(&r[0], &aggregate_oracle(&groups, values));
    }
}

fn check_aggregate(keys: &[Option<i64>], values: &[Option<i64>]) {
    let (ka, va) = (i64s(keys), i64s(values));
    check_aggregate_columns(col(&ka), col(&va), keys, &va);
}

/// Ten keys with nulls and groups of one to three rows.
const KEYS: [Option<i64>; 10] = [
    Some(1),
    None,
    Some(2),
    Some(1),
    Some(3),
    None,
    Some(2),
    Some(1),
    Some(3),
    Some(4),
];

#[test]
fn aggregate_with_null_keys_and_values() {
    host();
    let values = [
        Some(10),
        Some(1),
        None,
        Some(-5),
        None,
        Some(7),
        Some(4),
        None,
        None,
        Some(0),
    ];
    check_aggregate(&KEYS, &values);
}

#[test]
fn aggregate_sliced_and_empty() {
    host();
    // A leading row that the slice leaves out.
    let keys = i64s(&[&[Some(9)], &KEYS[..9]].concat());
    let values = sample_i64();
    for (kc, vc) in sliced(keys.as_ref(), 1, 8)
        .into_iter()
        .zip(sliced(values.as_ref(), 4, 8))
    {
        let kv = i64_values(&keys.slice(1, 8));
        check_aggregate_columns(kc, vc, &kv, &values.slice(4, 8));
    }
    check_aggregate(&[], &[]);
}

#[test]
fn string_keys_and_get_groups() {
    host();
    let keys = sample_str();
    let values = i64s(&(0..10).map(Some).collect::<Vec<_>>());
    let gb = grouped_by(table(&[keys.as_ref()]), NullPolicy::Include);
    let g = gb.get_groups(Some(&table(&[values.as_ref()]))).unwrap();
    // First appearance: pear, null, "", apple, Zed, é, fig.
    assert_eq!(g.offsets, vec![0, 2, 4, 5, 7, 8, 9, 10]);
    let order = UInt32Array::from(vec![0, 4, 1, 6, 2, 3, 8, 5, 7, 9]);
    assert_table(&g.keys, &[take(&keys, &order, None).unwrap()]);
    assert_table(
        g.values.as_ref().unwrap(),
        &[take(&values, &order, None).unwrap()],
    );
}

#[test]
fn scan_shift_and_replace_nulls_in_grouped_order() {
    host();
    let keys = [Some(1), Some(2), Some(1), Some(2), Some(1), Some(3)];
    let values = [Some(5), None, None, Some(3), Some(2), None];
    let gb = grouped_by(table(&[i64s(&keys).as_ref()]), NullPolicy::Exclude);
    // Grouped order: rows 0, 2, 4 (key 1), 1, 3 (key 2), 5 (key 3).
    let req = GroupByRequest {
        values: col(&i64s(&values)),
        aggregations: vec![Aggregation::Sum, Aggregation::Count(NullPolicy::Include)],
    };
    let (k, r) = gb.scan(&[req]).unwrap();
    assert_table(
        &k,
        &[i64s(&[
            Some(1),
            Some(1),
            Some(1),
            Some(2),
            Some(2),
            Some(3),
        ])],
    );
    // A running sum skips nulls (the null row itself is null), as libcudf's inclusive scan.
    assert_table(
        &r[0],
        &[
            i64s(&[Some(5), None, Some(7), None, Some(3), None]),
            i32s(&[Some(1), Some(2), Some(3), Some(1), Some(2), Some(1)]),
        ],
    );
    let (_, s) = gb
        .shift(
            &table(&[i64s(&values).as_ref()]),
            &[1],
            &[scalar(i64s(&[Some(-1)]).as_ref())],
        )
        .unwrap();
    assert_table(
        &s,
        &[i64s(&[Some(-1), Some(5), None, Some(-1), None, Some(-1)])],
    );
    let (_, f) = gb
        .replace_nulls(
            &table(&[i64s(&values).as_ref()]),
            &[ReplacePolicy::Preceding],
        )
        .unwrap();
    assert_table(
        &f,
        &[i64s(&[Some(5), Some(5), Some(2), None, Some(3), None])],
    );
}

#[test]
fn groupby_errors() {
    host();
    assert_err!(
        GroupBy::new(
            Table::empty_with_rows(3),
            NullPolicy::Include,
            false,
            vec![],
            vec![]
        ),
        Error::Value(_)
    );
    let gb = grouped_by(table(&[sample_i64().as_ref()]), NullPolicy::Include);
    let short = GroupByRequest {
        values: col(&i64s(&[Some(1)])),
        aggregations: vec![Aggregation::Sum],
    };
    assert_err!(gb.aggregate(&[short]), Error::Value(_));
    let strings = GroupByRequest {
        values: col(&sample_str12()),
        aggregations: vec![Aggregation::Sum],
    };
    assert_err!(gb.aggregate(&[strings]), Error::Type(_));
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn sum_and_count_match_the_oracle(rows in proptest::collection::vec((proptest::option::weighted(0.9, 0i64..8), proptest::option::weighted(0.8, -1000i64..1000)), 0..120)) {
        host();
        let (keys, values): (Vec<_>, Vec<_>) = rows.into_iter().unzip();
        check_aggregate(&keys, &values);
    }

    #[test]
    fn sliced_sum_and_count_match_the_oracle(rows in proptest::collection::vec((proptest::option::weighted(0.9, 0i64..8), proptest::option::weighted(0.8, -1000i64..1000)), 0..120), off in 1usize..9) {
        host();
        let (keys, values): (Vec<_>, Vec<_>) = rows.into_iter().unzip();
        let ((_, kc), (va, vc)) = (tail(i64s(&keys).as_ref(), off), tail(i64s(&values).as_ref(), off));
        let off = if off > keys.len() { 0 } else { off };
        check_aggregate_columns(kc, vc, &keys[off..], &va);
    }
}
