//! The host path of `ops::sorting` against arrow-rs's orderings: the oracle of the sorted
//! order is a stable `slice::sort_by` with `arrow_ord::sort::LexicographicalComparator`
//! (arrow-rs's own `lexsort_to_indices` is not stable, and libcudf's `stable_sorted_order`
//! is); `sort` and `top_k` gather through it with `arrow_select::take`. `rank` has no
//! arrow-rs kernel; its oracle counts, per row, the rows ordered before it (a plain loop).

use crate::common::*;
use arrow_array::{Array, ArrayRef, Float64Array, Int32Array, UInt32Array};
use arrow_ord::sort::LexicographicalComparator;
use arrow_select::take::take;
use ferrodf_core::Error;
use ferrodf_core::ops::aggregation::NullPolicy;
use ferrodf_core::ops::sorting::{
    NullOrder, Order, RankMethod, is_sorted, rank, segmented_sort_by_key, sort, sort_by_key,
    sorted_order, stable_sorted_order, top_k, top_k_order,
};
use proptest::prelude::*;
use std::cmp::Ordering;

/// The stable sorted order of `keys`.
fn order_oracle(keys: &[ArrayRef], orders: &[Order], nulls: &[NullOrder]) -> Vec<i32> {
    let cols = sort_columns(keys.iter().cloned(), orders, nulls);
    let cmp = LexicographicalComparator::try_new(&cols).unwrap();
    let n = keys.first().map_or(0, |k| k.len());
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| cmp.compare(a, b));
    idx.into_iter().map(|i| i as i32).collect()
}

fn take_all(values: &[ArrayRef], order: &[i32]) -> Vec<ArrayRef> {
    let idx = UInt32Array::from_iter_values(order.iter().map(|&i| i as u32));
    values
        .iter()
        .map(|v| take(v, &idx, None).unwrap())
        .collect()
}

fn check_sort(keys: &[ArrayRef], orders: &[Order], nulls: &[NullOrder]) {
    let t = table(&keys.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    let want = order_oracle(keys, orders, nulls);
    let got = stable_sorted_order(&t, orders, nulls).unwrap();
    assert_col(&got, &Int32Array::from(want.clone()));
    assert_col(
        &sorted_order(&t, orders, nulls).unwrap(),
        &Int32Array::from(want.clone()),
    );
    let sorted = sort(&t, orders, nulls).unwrap();
    assert_table(&sorted, &take_all(keys, &want));
    assert!(is_sorted(&sorted, orders, nulls).unwrap());
}

#[test]
fn sorted_order_every_direction_and_null_order() {
    host();
    let floats = f64s(&[
        Some(1.5),
        None,
        Some(f64::NAN),
        Some(-2.0),
        Some(f64::INFINITY),
        Some(1.5),
        None,
        Some(f64::NEG_INFINITY),
        Some(0.0),
        Some(-7.25),
        Some(3.0),
        Some(f64::NAN),
    ]);
    let strings = sample_str12();
    for (o, n) in ORDERS {
        check_sort(&[sample_i64()], &[o], &[n]);
        check_sort(std::slice::from_ref(&floats), &[o], &[n]);
        check_sort(std::slice::from_ref(&strings), &[o], &[n]);
        check_sort(
            &[bools(&[Some(true), None, Some(false), Some(true)])],
            &[o],
            &[n],
        );
    }
    // Two keys, mixed directions; the second breaks the ties of the first.
    let k1 = i64s(&[
        Some(1),
        Some(1),
        None,
        Some(0),
        Some(1),
        None,
        Some(0),
        Some(1),
        Some(2),
        Some(2),
        None,
        Some(0),
    ]);
    check_sort(
        &[k1.clone(), strings.clone()],
        &[Order::Ascending, Order::Descending],
        &[NullOrder::After, NullOrder::Before],
    );
    check_sort(
        &[k1, sample_i64()],
        &[Order::Descending, Order::Ascending],
        &[NullOrder::Before, NullOrder::After],
    );
}

#[test]
fn default_orders_are_ascending_with_nulls_before() {
    host();
    let a = sample_i64();
    let t = table(&[a.as_ref()]);
    let want = order_oracle(&[a], &[Order::Ascending], &[NullOrder::Before]);
    assert_col(
        &sorted_order(&t, &[], &[]).unwrap(),
        &Int32Array::from(want),
    );
}

#[test]
fn sorted_inputs_sliced_and_empty() {
    host();
    let (a, s) = (sample_i64(), sample_str());
    for (ac, sc) in sliced(a.as_ref(), 3, 7)
        .into_iter()
        .zip(sliced(s.as_ref(), 2, 7))
    {
        let t = ferrodf_core::Table::new(vec![sc, ac]).unwrap();
        let keys = [s.slice(2, 7), a.slice(3, 7)];
        let orders = [Order::Descending, Order::Ascending];
        let nulls = [NullOrder::After, NullOrder::After];
        let want = order_oracle(&keys, &orders, &nulls);
        assert_col(
            &sorted_order(&t, &orders, &nulls).unwrap(),
            &Int32Array::from(want.clone()),
        );
        assert_table(&sort(&t, &orders, &nulls).unwrap(), &take_all(&keys, &want));
    }
    check_sort(&[i64s(&[])], &[Order::Ascending], &[NullOrder::After]);
    check_sort(&[a.slice(4, 0)], &[Order::Descending], &[NullOrder::Before]);
}

#[test]
fn sort_by_key_segmented_and_is_sorted() {
    host();
    let keys = sample_i64();
    let values = sample_str();
    let values12 = arrow_select::concat::concat(&[&values, &values.slice(0, 2)]).unwrap();
    let order = order_oracle(
        std::slice::from_ref(&keys),
        &[Order::Ascending],
        &[NullOrder::After],
    );
    let got = sort_by_key(
        &table(&[values12.as_ref()]),
        &table(&[keys.as_ref()]),
        &[Order::Ascending],
        &[NullOrder::After],
    )
    .unwrap();
    assert_table(&got, &take_all(std::slice::from_ref(&values12), &order));
    // Segments [0, 5) and [5, 12) sorted separately.
    let offsets = col(&Int32Array::from(vec![0, 5, 12]));
    let got = segmented_sort_by_key(
        &table(&[values12.as_ref()]),
        &table(&[keys.as_ref()]),
        &offsets,
        &[Order::Descending],
        &[NullOrder::Before],
    )
    .unwrap();
    let mut want: Vec<i32> = vec![];
    for (b, e) in [(0, 5), (5, 12)] {
        let seg = order_oracle(
            &[keys.slice(b, e - b)],
            &[Order::Descending],
            &[NullOrder::Before],
        );
        want.extend(seg.into_iter().map(|i| i + b as i32));
    }
    assert_table(&got, &take_all(&[values12], &want));
    let t = table(&[keys.as_ref()]);
    assert!(!is_sorted(&t, &[Order::Ascending], &[NullOrder::Before]).unwrap());
    assert!(
        is_sorted(
            &table(&[i64s(&[None, Some(1), Some(1), Some(3)]).as_ref()]),
            &[Order::Ascending],
            &[NullOrder::Before]
        )
        .unwrap()
    );
    assert!(
        !is_sorted(
            &table(&[i64s(&[None, Some(1), Some(1), Some(3)]).as_ref()]),
            &[Order::Ascending],
            &[NullOrder::After]
        )
        .unwrap()
    );
}

#[test]
fn top_k_against_the_sorted_order() {
    host();
    let a = sample_i64();
    for order in [Order::Ascending, Order::Descending] {
        // Nulls last in both directions.
        let nulls = if order == Order::Ascending {
            NullOrder::After
        } else {
            NullOrder::Before
        };
        let full = order_oracle(std::slice::from_ref(&a), &[order], &[nulls]);
        for k in [0usize, 3, 12, 20] {
            let want = &full[..k.min(12)];
            assert_col(
                &top_k_order(&col(&a), k as i64, order).unwrap(),
                &Int32Array::from(want.to_vec()),
            );
            assert_col(
                &top_k(&col(&a), k as i64, order).unwrap(),
                take_all(std::slice::from_ref(&a), want)[0].as_ref(),
            );
        }
    }
    assert_err!(top_k(&col(&a), -1, Order::Ascending), Error::Value(_));
}

/// Ranks by counting: rows before (`less`) and equal to (`equal`) each row in the order.
fn rank_oracle(
    v: &[Option<i64>],
    method: RankMethod,
    order: Order,
    nulls: NullOrder,
    policy: NullPolicy,
) -> ArrayRef {
    let key = |x: &Option<i64>| -> (i32, i64) {
        let null_rank = if nulls == NullOrder::Before { -1 } else { 1 };
        match x {
            None => (null_rank, 0),
            Some(x) => (0, *x),
        }
    };
    let cmp = |a: &Option<i64>, b: &Option<i64>| {
        let c = key(a).cmp(&key(b));
        if order == Order::Descending {
            c.reverse()
        } else {
            c
        }
    };
    let ranks: Vec<Option<f64>> = v
        .iter()
        .enumerate()
        .map(|(i, x)| {
            if x.is_none() && policy == NullPolicy::Exclude {
                return None;
            }
            let less = v.iter().filter(|y| cmp(y, x) == Ordering::Less).count();
            let equal = v.iter().filter(|y| cmp(y, x) == Ordering::Equal).count();
            let before = v[..i]
                .iter()
                .filter(|y| cmp(y, x) == Ordering::Equal)
                .count();
            let mut distinct_less: Vec<(i32, i64)> = v
                .iter()
                .filter(|y| cmp(y, x) == Ordering::Less)
                .map(key)
                .collect();
            distinct_less.sort();
            distinct_less.dedup();
            Some(match method {
                RankMethod::First => (less + before + 1) as f64,
                RankMethod::Min => (less + 1) as f64,
                RankMethod::Max => (less + equal) as f64,
                RankMethod::Average => less as f64 + (equal + 1) as f64 / 2.0,
                RankMethod::Dense => (distinct_less.len() + 1) as f64,
            })
        })
        .collect();
    if method == RankMethod::Average {
        std::sync::Arc::new(Float64Array::from(ranks))
    } else {
        i32s(
            &ranks
                .iter()
                .map(|r| r.map(|r| r as i32))
                .collect::<Vec<_>>(),
        )
    }
}

#[test]
fn rank_every_method_against_counting() {
    host();
    let a = sample_i64();
    let v = i64_values(a.as_ref());
    let methods = [
        RankMethod::First,
        RankMethod::Average,
        RankMethod::Min,
        RankMethod::Max,
        RankMethod::Dense,
    ];
    for method in methods {
        for (o, n) in ORDERS {
            for policy in [NullPolicy::Include, NullPolicy::Exclude] {
                let got = rank(&col(&a), method, o, policy, n, false).unwrap();
                assert_col(&got, rank_oracle(&v, method, o, n, policy).as_ref());
            }
        }
    }
    // Sliced and empty.
    for c in sliced(a.as_ref(), 2, 9) {
        let got = rank(
            &c,
            RankMethod::Min,
            Order::Ascending,
            NullPolicy::Include,
            NullOrder::After,
            false,
        )
        .unwrap();
        assert_col(
            &got,
            rank_oracle(
                &v[2..11],
                RankMethod::Min,
                Order::Ascending,
                NullOrder::After,
                NullPolicy::Include,
            )
            .as_ref(),
        );
    }
    let got = rank(
        &col(&i64s(&[])),
        RankMethod::Dense,
        Order::Ascending,
        NullPolicy::Include,
        NullOrder::After,
        true,
    )
    .unwrap();
    assert_col(&got, &Float64Array::from(Vec::<f64>::new()));
    // Percentage: divided by the ranked rows.
    let got = rank(
        &col(&i64s(&[Some(3), None, Some(1)])),
        RankMethod::Min,
        Order::Ascending,
        NullPolicy::Exclude,
        NullOrder::After,
        true,
    )
    .unwrap();
    assert_col(&got, &Float64Array::from(vec![Some(1.0), None, Some(0.5)]));
}

#[test]
fn sorting_errors() {
    host();
    let t = table(&[sample_i64().as_ref(), sample_i64().as_ref()]);
    assert_err!(sorted_order(&t, &[Order::Ascending], &[]), Error::Value(_));
    assert_err!(sort(&t, &[], &[NullOrder::After]), Error::Value(_));
    assert_err!(
        sort_by_key(&table(&[i64s(&[Some(1)]).as_ref()]), &t, &[], &[]),
        Error::Value(_)
    );
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn sort_matches_arrow(a in opt_i64s(80), b in opt_f64s(80), dir in 0usize..4) {
        host();
        let n = a.len().min(b.len());
        let (o, nulls) = ORDERS[dir];
        let keys = [i64s(&a[..n]), f64s(&b[..n])];
        // -0.0 and 0.0 are equal keys in libcudf but ordered in arrow-rs's total order.
        let fb: Vec<Option<f64>> = b[..n].iter().map(|x| x.map(|x| if x == 0.0 { 0.0 } else { x })).collect();
        check_sort(&[keys[0].clone(), f64s(&fb)], &[o, Order::Ascending], &[nulls, NullOrder::After]);
        check_sort(&[f64s(&fb)], &[o], &[nulls]);
    }

    #[test]
    fn sort_of_sliced_columns_matches_arrow(a in opt_i64s(80), b in opt_strs(80), off in 0usize..9, dir in 0usize..4) {
        host();
        let n = a.len().min(b.len());
        let (o, nulls) = ORDERS[dir];
        let sa: ArrayRef = std::sync::Arc::new(arrow_array::StringArray::from(b[..n].to_vec()));
        let ((ka, kc), (sk, sc)) = (tail(i64s(&a[..n]).as_ref(), off), tail(sa.as_ref(), off));
        let t = ferrodf_core::Table::new(vec![kc, sc]).unwrap();
        let (orders, null_orders) = ([o, Order::Descending], [nulls, NullOrder::Before]);
        let want = order_oracle(&[ka.clone(), sk.clone()], &orders, &null_orders);
        assert_col(&sorted_order(&t, &orders, &null_orders).unwrap(), &Int32Array::from(want.clone()));
        assert_table(&sort(&t, &orders, &null_orders).unwrap(), &take_all(&[ka, sk], &want));
    }

    #[test]
    fn sort_strings_matches_arrow(s in opt_strs(60), dir in 0usize..4) {
        host();
        let (o, nulls) = ORDERS[dir];
        let a: ArrayRef = std::sync::Arc::new(arrow_array::StringArray::from(s));
        check_sort(&[a], &[o], &[nulls]);
    }
}
