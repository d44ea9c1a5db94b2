//! The host path of `ops::join`. arrow-rs has no join kernel: the oracle is a nested loop
//! over every (left, right) row pair, keys compared with `arrow_ord::ord::make_comparator`
//! (null keys equal each other only with `nulls_equal`). The maps' row order is unspecified,
//! so pairs are compared sorted.

use crate::common::*;
use arrow_array::{Array, ArrayRef, Int32Array};
use arrow_ord::ord::make_comparator;
use arrow_schema::SortOptions;
use ferrodf_core::ops::join::{
    JOIN_NONE, cross_join, full_join, inner_join, left_anti_join, left_join, left_semi_join,
};
use ferrodf_core::{Column, Error, Table};
use proptest::prelude::*;
use std::cmp::Ordering;

/// Whether left row `i` and right row `j` have equal keys.
fn matcher(
    left: &[ArrayRef],
    right: &[ArrayRef],
    nulls_equal: bool,
) -> impl Fn(usize, usize) -> bool {
    let cmps: Vec<_> = left
        .iter()
        .zip(right)
        .map(|(l, r)| {
            (
                l.clone(),
                r.clone(),
                make_comparator(l.as_ref(), r.as_ref(), SortOptions::default()).unwrap(),
            )
        })
        .collect();
    move |i, j| {
        cmps.iter().all(|(l, r, c)| {
            if l.is_null(i) || r.is_null(j) {
                nulls_equal && l.is_null(i) && r.is_null(j)
            } else {
                c(i, j) == Ordering::Equal
            }
        })
    }
}

struct Oracle {
    inner: Vec<(i32, i32)>,
    left: Vec<(i32, i32)>,
    full: Vec<(i32, i32)>,
    semi: Vec<i32>,
    anti: Vec<i32>,
}

fn oracle(left: &[ArrayRef], right: &[ArrayRef], nulls_equal: bool) -> Oracle {
    let eq = matcher(left, right, nulls_equal);
    let (nl, nr) = (left[0].len(), right[0].len());
    let mut o = Oracle {
        inner: vec![],
        left: vec![],
        full: vec![],
        semi: vec![],
        anti: vec![],
    };
    let mut right_matched = vec![false; nr];
    for i in 0..nl {
        let matches: Vec<usize> = (0..nr).filter(|&j| eq(i, j)).collect();
        for &j in &matches {
            o.inner.push((i as i32, j as i32));
            right_matched[j] = true;
        }
        if matches.is_empty() {
            o.left.push((i as i32, JOIN_NONE));
            o.anti.push(i as i32);
        } else {
            o.semi.push(i as i32);
        }
    }
    o.left.extend(&o.inner);
    o.full = o.left.clone();
    o.full.extend(
        (0..nr)
            .filter(|&j| !right_matched[j])
            .map(|j| (JOIN_NONE, j as i32)),
    );
    for v in [&mut o.inner, &mut o.left, &mut o.full] {
        v.sort_unstable();
    }
    o
}

fn pairs((l, r): (Column, Column)) -> Vec<(i32, i32)> {
    let (l, r) = (
        l.host_values::<i32>().unwrap(),
        r.host_values::<i32>().unwrap(),
    );
    let mut p: Vec<(i32, i32)> = l.iter().copied().zip(r.iter().copied()).collect();
    p.sort_unstable();
    p
}

fn check_joins_tables(
    lt: &Table,
    rt: &Table,
    left: &[ArrayRef],
    right: &[ArrayRef],
    nulls_equal: bool,
) {
    let o = oracle(left, right, nulls_equal);
    assert_eq!(
        pairs(inner_join(lt, rt, nulls_equal).unwrap()),
        o.inner,
        "inner"
    );
    assert_eq!(
        pairs(left_join(lt, rt, nulls_equal).unwrap()),
        o.left,
        "left"
    );
    assert_eq!(
        pairs(full_join(lt, rt, nulls_equal).unwrap()),
        o.full,
        "full"
    );
    assert_col(
        &left_semi_join(lt, rt, nulls_equal).unwrap(),
        &Int32Array::from(o.semi),
    );
    assert_col(
        &left_anti_join(lt, rt, nulls_equal).unwrap(),
        &Int32Array::from(o.anti),
    );
}

fn check_joins(left: &[ArrayRef], right: &[ArrayRef]) {
    let lt = table(&left.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    let rt = table(&right.iter().map(|a| a.as_ref()).collect::<Vec<_>>());
    for nulls_equal in [true, false] {
        check_joins_tables(&lt, &rt, left, right, nulls_equal);
    }
}

#[test]
fn every_join_kind_with_null_keys() {
    host();
    let right = i64s(&[Some(5), None, Some(7), Some(-3), Some(5), Some(100), None]);
    check_joins(&[sample_i64()], &[right]);
    let rs = strs(&[
        Some("apple"),
        None,
        Some("kiwi"),
        Some(""),
        Some("é"),
        Some("apple"),
    ]);
    check_joins(&[sample_str()], &[rs]);
}

#[test]
fn two_key_columns_and_float_keys() {
    host();
    let l1 = i64s(&[Some(1), Some(1), None, Some(2), Some(2), None]);
    let l2 = strs(&[Some("a"), Some("b"), Some("a"), None, Some("a"), None]);
    let r1 = i64s(&[Some(1), None, Some(2), Some(1), None]);
    let r2 = strs(&[Some("b"), Some("a"), None, Some("b"), None]);
    check_joins(&[l1, l2], &[r1, r2]);
    // NaN keys match each other (as arrow-rs's total order has them equal).
    let lf = f64s(&[Some(f64::NAN), Some(1.5), None, Some(f64::INFINITY)]);
    let rf = f64s(&[Some(1.5), Some(f64::NAN), Some(f64::INFINITY), Some(2.0)]);
    check_joins(&[lf], &[rf]);
}

#[test]
fn sliced_and_empty_keys() {
    host();
    let (a, b) = (
        sample_i64(),
        i64s(&[Some(0), Some(5), None, Some(42), Some(-3), Some(9), None]),
    );
    for (l, r) in sliced(a.as_ref(), 3, 8)
        .into_iter()
        .zip(sliced(b.as_ref(), 1, 5))
    {
        let (lt, rt) = (Table::new(vec![l]).unwrap(), Table::new(vec![r]).unwrap());
        for nulls_equal in [true, false] {
            check_joins_tables(&lt, &rt, &[a.slice(3, 8)], &[b.slice(1, 5)], nulls_equal);
        }
    }
    check_joins(&[i64s(&[])], std::slice::from_ref(&b));
    check_joins(std::slice::from_ref(&b), &[i64s(&[])]);
    check_joins(&[i64s(&[])], &[i64s(&[])]);
}

#[test]
fn cross_join_pairs_every_row() {
    host();
    let (l, r) = (sample_str().slice(0, 4), i64s(&[Some(1), None, Some(3)]));
    for lc in sliced(sample_str().as_ref(), 0, 4) {
        let got = cross_join(&Table::new(vec![lc]).unwrap(), &table(&[r.as_ref()])).unwrap();
        let li = arrow_array::UInt32Array::from_iter_values((0..12).map(|k| k / 3));
        let ri = arrow_array::UInt32Array::from_iter_values((0..12).map(|k| k % 3));
        let want = [
            arrow_select::take::take(&l, &li, None).unwrap(),
            arrow_select::take::take(&r, &ri, None).unwrap(),
        ];
        assert_table(&got, &want);
    }
    let got = cross_join(&table(&[l.as_ref()]), &table(&[i64s(&[]).as_ref()])).unwrap();
    assert_eq!(got.num_rows(), 0);
}

#[test]
fn join_errors() {
    host();
    let (i, s) = int_and_string_tables();
    assert_err!(inner_join(&i, &s, true), Error::Type(_));
    let two = table(&[sample_i64().as_ref(), sample_i64().as_ref()]);
    assert_err!(left_join(&i, &two, true), Error::Value(_));
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn inner_and_left_joins_match_a_nested_loop(l in opt_i64s(50), r in opt_i64s(50), nulls_equal in any::<bool>()) {
        host();
        let (la, ra) = (i64s(&l), i64s(&r));
        let (lt, rt) = (table(&[la.as_ref()]), table(&[ra.as_ref()]));
        let o = oracle(&[la], &[ra], nulls_equal);
        prop_assert_eq!(pairs(inner_join(&lt, &rt, nulls_equal).unwrap()), o.inner);
        prop_assert_eq!(pairs(left_join(&lt, &rt, nulls_equal).unwrap()), o.left);
    }

    #[test]
    fn joins_of_sliced_keys_match_a_nested_loop(l in opt_i64s(50), r in opt_i64s(50), lo in 0usize..9, ro in 0usize..9, nulls_equal in any::<bool>()) {
        host();
        let ((la, lc), (ra, rc)) = (tail(i64s(&l).as_ref(), lo), tail(i64s(&r).as_ref(), ro));
        let (lt, rt) = (Table::new(vec![lc]).unwrap(), Table::new(vec![rc]).unwrap());
        check_joins_tables(&lt, &rt, &[la], &[ra], nulls_equal);
    }

    #[test]
    fn string_inner_join_matches_a_nested_loop(l in opt_strs(40), r in opt_strs(40)) {
        host();
        let la: ArrayRef = std::sync::Arc::new(arrow_array::StringArray::from(l));
        let ra: ArrayRef = std::sync::Arc::new(arrow_array::StringArray::from(r));
        let (lt, rt) = (table(&[la.as_ref()]), table(&[ra.as_ref()]));
        let o = oracle(&[la], &[ra], true);
        prop_assert_eq!(pairs(inner_join(&lt, &rt, true).unwrap()), o.inner);
    }
}
