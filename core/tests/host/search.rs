//! The host path of `ops::search`. arrow-rs has no bound search: the oracle of
//! `lower_bound` and `upper_bound` is `slice::partition_point` over the haystack with
//! `arrow_ord::sort::LexicographicalComparator` (the haystack and the needles concatenated,
//! so one comparator sees both). `contains` against a plain loop over `Option` values.

use crate::common::*;
use arrow_array::{Array, ArrayRef, BooleanArray, Int32Array};
use arrow_ord::sort::LexicographicalComparator;
use arrow_select::concat::concat;
use ferrodf_core::Error;
use ferrodf_core::ops::search::{NullOrder, Order, contains, lower_bound, upper_bound};
use ferrodf_core::ops::sorting::sort;
use std::cmp::Ordering;

/// (lower, upper) bounds of every needle row in the sorted haystack.
fn bounds_oracle(
    hay: &[ArrayRef],
    needles: &[ArrayRef],
    order: &[Order],
    nulls: &[NullOrder],
) -> (Int32Array, Int32Array) {
    let n = hay[0].len();
    let keys = hay
        .iter()
        .zip(needles)
        .map(|(h, k)| concat(&[h.as_ref(), k.as_ref()]).unwrap());
    let cols = sort_columns(keys, order, nulls);
    let cmp = LexicographicalComparator::try_new(&cols).unwrap();
    let rows: Vec<usize> = (0..n).collect();
    let (mut lo, mut hi) = (vec![], vec![]);
    for j in 0..needles[0].len() {
        lo.push(rows.partition_point(|&i| cmp.compare(i, n + j) == Ordering::Less) as i32);
        hi.push(rows.partition_point(|&i| cmp.compare(i, n + j) != Ordering::Greater) as i32);
    }
    (Int32Array::from(lo), Int32Array::from(hi))
}

fn check_bounds(hay: &[ArrayRef], needles: &[ArrayRef], order: &[Order], nulls: &[NullOrder]) {
    let h = table(&hay.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    // Sorted by ferrodf itself (sorting_host.rs checks that against arrow-rs).
    let h = sort(&h, order, nulls).unwrap();
    let hay_sorted = arrays(&h);
    let k = table(&needles.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    let (lo, hi) = bounds_oracle(&hay_sorted, needles, order, nulls);
    assert_col(&lower_bound(&h, &k, order, nulls).unwrap(), &lo);
    assert_col(&upper_bound(&h, &k, order, nulls).unwrap(), &hi);
}

#[test]
fn bounds_every_direction_with_nulls() {
    host();
    let needles = i64s(&[
        None,
        Some(-3),
        Some(5),
        Some(6),
        Some(i64::MIN),
        Some(i64::MAX),
        Some(-100),
        Some(1000),
    ]);
    for order in [Order::Ascending, Order::Descending] {
        for nulls in [NullOrder::Before, NullOrder::After] {
            check_bounds(
                &[sample_i64()],
                std::slice::from_ref(&needles),
                &[order],
                &[nulls],
            );
            let sn = strs(&[
                Some("pear"),
                None,
                Some(""),
                Some("b"),
                Some("zzz"),
                Some("é"),
            ]);
            check_bounds(&[sample_str()], &[sn], &[order], &[nulls]);
        }
    }
    // Two key columns.
    let h2 = i64s(&[
        Some(1),
        Some(1),
        Some(2),
        None,
        Some(2),
        Some(0),
        Some(1),
        Some(2),
        Some(0),
        None,
    ]);
    let n1 = i64s(&[Some(1), Some(2), None, Some(3)]);
    let n2 = strs(&[Some("apple"), Some("zz"), None, Some("")]);
    check_bounds(
        &[h2, sample_str()],
        &[n1, n2],
        &[Order::Ascending, Order::Descending],
        &[NullOrder::After, NullOrder::Before],
    );
}

#[test]
fn bounds_sliced_and_empty() {
    host();
    let hay = i64s(&[
        Some(100),
        None,
        Some(1),
        Some(3),
        Some(3),
        Some(5),
        Some(8),
        Some(-1),
    ]);
    let needles = i64s(&[Some(99), Some(3), None, Some(0), Some(9), Some(5)]);
    // Rows 1..7 of the haystack are sorted with nulls before.
    for h in sliced(hay.as_ref(), 1, 6) {
        for k in sliced(needles.as_ref(), 1, 5) {
            let ht = ferrodf_core::Table::new(vec![h.clone()]).unwrap();
            let kt = ferrodf_core::Table::new(vec![k]).unwrap();
            let (lo, hi) = bounds_oracle(
                &[hay.slice(1, 6)],
                &[needles.slice(1, 5)],
                &[Order::Ascending],
                &[NullOrder::Before],
            );
            assert_col(
                &lower_bound(&ht, &kt, &[Order::Ascending], &[NullOrder::Before]).unwrap(),
                &lo,
            );
            assert_col(
                &upper_bound(&ht, &kt, &[Order::Ascending], &[NullOrder::Before]).unwrap(),
                &hi,
            );
        }
    }
    check_bounds(
        &[i64s(&[])],
        std::slice::from_ref(&needles),
        &[Order::Ascending],
        &[NullOrder::After],
    );
    check_bounds(
        std::slice::from_ref(&hay),
        &[i64s(&[])],
        &[Order::Ascending],
        &[NullOrder::After],
    );
}

fn contains_oracle(hay: &[Option<i64>], needles: &[Option<i64>]) -> BooleanArray {
    needles
        .iter()
        .map(|n| n.map(|x| hay.contains(&Some(x))))
        .collect()
}

#[test]
fn contains_with_nulls_slices_and_empty() {
    host();
    let hay = [Some(5), None, Some(-3), Some(7), Some(5)];
    let needles = [Some(5), None, Some(0), Some(7), Some(-3), Some(8)];
    assert_col(
        &contains(&col(&i64s(&hay)), &col(&i64s(&needles))).unwrap(),
        &contains_oracle(&hay, &needles),
    );
    let n = i64s(&needles);
    for (h, k) in sliced(i64s(&hay).as_ref(), 2, 3)
        .into_iter()
        .zip(sliced(n.as_ref(), 1, 4))
    {
        assert_col(
            &contains(&h, &k).unwrap(),
            &contains_oracle(&hay[2..5], &needles[1..5]),
        );
    }
    assert_col(
        &contains(&col(&i64s(&[])), &col(&n)).unwrap(),
        &contains_oracle(&[], &needles),
    );
    assert_col(
        &contains(&col(&n), &col(&i64s(&[]))).unwrap(),
        &contains_oracle(&needles, &[]),
    );
    // Strings; a null haystack row does not make a null needle found.
    let got = contains(
        &col(&sample_str()),
        &col(&strs(&[Some("fig"), None, Some("figs"), Some("")])),
    )
    .unwrap();
    assert_col(
        &got,
        &BooleanArray::from(vec![Some(true), None, Some(false), Some(true)]),
    );
}

#[test]
fn search_errors() {
    host();
    let h = table(&[sample_i64().as_ref()]);
    let strings = table(&[sample_str().as_ref()]);
    assert_err!(lower_bound(&h, &strings, &[], &[]), Error::Type(_));
    assert_err!(
        lower_bound(&h, &h, &[Order::Ascending, Order::Ascending], &[]),
        Error::Value(_)
    );
    assert_err!(
        contains(&col(&sample_i64()), &col(&sample_str())),
        Error::Type(_)
    );
}
