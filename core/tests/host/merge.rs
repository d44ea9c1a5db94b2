//! The host path of `ops::merge::merge`. arrow-rs has no k-way merge: the oracle
//! concatenates the sorted tables (`arrow_select::concat`) and sorts the rows stably with
//! `arrow_ord::sort::LexicographicalComparator`, so equal keys keep table order.

use crate::common::*;
use arrow_array::{ArrayRef, UInt32Array};
use arrow_ord::sort::LexicographicalComparator;
use arrow_select::{concat::concat, take::take};
use ferrodf_core::ops::merge::merge;
use ferrodf_core::ops::sorting::{NullOrder, Order, sort};
use ferrodf_core::{Error, Table};

/// Merge `parts` (sorted tables as arrays, column-major) by the key columns.
fn merge_oracle(
    parts: &[Vec<ArrayRef>],
    keys: &[usize],
    order: &[Order],
    nulls: &[NullOrder],
) -> Vec<ArrayRef> {
    let ncols = parts[0].len();
    let all: Vec<ArrayRef> = (0..ncols)
        .map(|c| concat(&parts.iter().map(|p| p[c].as_ref()).collect::<Vec<_>>()).unwrap())
        .collect();
    let sort_cols = sort_columns(keys.iter().map(|&k| all[k].clone()), order, nulls);
    let cmp = LexicographicalComparator::try_new(&sort_cols).unwrap();
    let mut idx: Vec<u32> = (0..all[0].len() as u32).collect();
    idx.sort_by(|&a, &b| cmp.compare(a as usize, b as usize));
    let idx = UInt32Array::from(idx);
    all.iter().map(|c| take(c, &idx, None).unwrap()).collect()
}

fn check(parts: &[Table], keys: &[usize], order: &[Order], nulls: &[NullOrder]) {
    // Each input sorted by ferrodf on its keys (sorting_host.rs checks that sort).
    let sorted: Vec<Table> = parts
        .iter()
        .map(|t| {
            let kt = Table::new(keys.iter().map(|&k| t.columns()[k].clone()).collect()).unwrap();
            let map = ferrodf_core::ops::sorting::sorted_order(&kt, order, nulls).unwrap();
            ferrodf_core::ops::copying::gather(
                t,
                &map,
                ferrodf_core::ops::copying::OutOfBoundsPolicy::DontCheck,
            )
            .unwrap()
        })
        .collect();
    let want = merge_oracle(
        &sorted.iter().map(arrays).collect::<Vec<_>>(),
        keys,
        order,
        nulls,
    );
    assert_table(&merge(&sorted, keys, order, nulls).unwrap(), &want);
}

#[test]
fn merge_sorted_tables_with_nulls() {
    host();
    let (a, s) = (sample_i64(), sample_str12());
    let t1 = table(&[a.slice(0, 6).as_ref(), s.slice(0, 6).as_ref()]);
    let t2 = table(&[a.slice(6, 6).as_ref(), s.slice(6, 6).as_ref()]);
    let t3 = table(&[
        i64s(&[Some(5), None, Some(-3)]).as_ref(),
        strs(&[Some("m"), Some("n"), None]).as_ref(),
    ]);
    for (o, n) in ORDERS {
        check(&[t1.clone(), t2.clone(), t3.clone()], &[0], &[o], &[n]);
        check(
            &[t1.clone(), t3.clone()],
            &[1, 0],
            &[o, Order::Ascending],
            &[n, NullOrder::After],
        );
    }
}

#[test]
fn merge_sliced_and_empty_tables() {
    host();
    let a = sample_i64();
    let [c1, c2] = sliced(a.as_ref(), 3, 8);
    let s1 = sort(
        &Table::new(vec![c1]).unwrap(),
        &[Order::Ascending],
        &[NullOrder::Before],
    )
    .unwrap();
    let s2 = Table::new(vec![c2]).unwrap();
    let s2 = sort(&s2, &[Order::Ascending], &[NullOrder::Before]).unwrap();
    let want = merge_oracle(
        &[arrays(&s1), arrays(&s2)],
        &[0],
        &[Order::Ascending],
        &[NullOrder::Before],
    );
    assert_table(
        &merge(&[s1, s2], &[0], &[Order::Ascending], &[NullOrder::Before]).unwrap(),
        &want,
    );
    let e = table(&[i64s(&[]).as_ref()]);
    check(
        &[e.clone(), table(&[a.as_ref()])],
        &[0],
        &[Order::Ascending],
        &[NullOrder::After],
    );
    assert_eq!(
        merge(&[e.clone(), e], &[0], &[Order::Ascending], &[])
            .unwrap()
            .num_rows(),
        0
    );
}

#[test]
fn merge_errors() {
    host();
    let (i, s) = int_and_string_tables();
    assert_err!(
        merge(&[i.clone(), s], &[0], &[Order::Ascending], &[]),
        Error::Type(_)
    );
    assert_err!(
        merge(std::slice::from_ref(&i), &[0], &[], &[]),
        Error::Value(_)
    );
    assert_err!(merge(&[i], &[1], &[Order::Ascending], &[]), Error::Index(_));
}
