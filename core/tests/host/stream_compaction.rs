//! The host path of `ops::stream_compaction`: `apply_boolean_mask`, `drop_nulls` and
//! `drop_nans` against `arrow_select::filter` (with the keep mask computed by a plain loop
//! for the last two); `distinct`, `unique` and the counts have no arrow-rs kernel, so their
//! oracle is a plain loop over `Option` values.

use crate::common::*;
use arrow_array::{Array, ArrayRef, BooleanArray, Float64Array};
use arrow_select::filter::filter;
use ferrodf_core::Error;
use ferrodf_core::ops::stream_compaction::{
    DuplicateKeepOption, apply_boolean_mask, distinct, distinct_count, distinct_indices, drop_nans,
    drop_nulls, stable_distinct, unique, unique_count,
};
use proptest::prelude::*;
use std::collections::HashMap;

fn mask_of(keep: &[bool]) -> BooleanArray {
    BooleanArray::from(keep.to_vec())
}

fn filtered(values: &[ArrayRef], keep: &BooleanArray) -> Vec<ArrayRef> {
    values.iter().map(|v| filter(v, keep).unwrap()).collect()
}

#[test]
fn apply_boolean_mask_matches_filter() {
    host();
    let (a, s) = (sample_i64(), sample_str());
    let s12 = arrow_select::concat::concat(&[&s, &s.slice(0, 2)]).unwrap();
    let mask = sample_mask();
    let got = apply_boolean_mask(&table(&[a.as_ref(), s12.as_ref()]), &col(&mask)).unwrap();
    assert_table(&got, &filtered(&[a.clone(), s12.clone()], &mask));
    // Sliced values and mask (offsets 3 and 1).
    for (v, m) in sliced(a.as_ref(), 3, 9)
        .into_iter()
        .zip(sliced(&mask, 1, 9))
    {
        let got = apply_boolean_mask(&ferrodf_core::Table::new(vec![v]).unwrap(), &m).unwrap();
        assert_table(&got, &filtered(&[a.slice(3, 9)], &mask.slice(1, 9)));
    }
    // Empty.
    let e = i64s(&[]);
    let got = apply_boolean_mask(&table(&[e.as_ref()]), &col(&mask_of(&[]))).unwrap();
    assert_table(&got, &[e]);
}

#[test]
fn apply_boolean_mask_errors() {
    host();
    let t = table(&[sample_i64().as_ref()]);
    assert_err!(apply_boolean_mask(&t, &col(&sample_i64())), Error::Type(_));
    assert_err!(
        apply_boolean_mask(&t, &col(&mask_of(&[true]))),
        Error::Value(_)
    );
}

#[test]
fn drop_nulls_and_nans_with_thresholds() {
    host();
    let a = i64s(&[Some(1), None, None, Some(4), None, Some(6)]);
    let b = f64s(&[
        None,
        Some(f64::NAN),
        None,
        Some(1.0),
        Some(f64::NAN),
        Some(2.0),
    ]);
    let t = table(&[a.as_ref(), b.as_ref()]);
    for threshold in 0..=3 {
        let keep: Vec<bool> = (0..6)
            .map(|i| (a.is_valid(i) as usize + b.is_valid(i) as usize) >= threshold)
            .collect();
        let got = drop_nulls(&t, &[0, 1], threshold).unwrap();
        assert_table(&got, &filtered(&[a.clone(), b.clone()], &mask_of(&keep)));
        let bv = b.as_any().downcast_ref::<Float64Array>().unwrap();
        let keep: Vec<bool> = (0..6)
            .map(|i| (!(bv.is_valid(i) && bv.value(i).is_nan())) as usize >= threshold)
            .collect();
        let got = drop_nans(&t, &[1], threshold).unwrap();
        assert_table(&got, &filtered(&[a.clone(), b.clone()], &mask_of(&keep)));
    }
    // Sliced keys.
    for c in sliced(a.as_ref(), 1, 5) {
        let got = drop_nulls(&ferrodf_core::Table::new(vec![c]).unwrap(), &[0], 1).unwrap();
        assert_table(&got, &[i64s(&[Some(4), Some(6)])]);
    }
    assert_err!(drop_nulls(&t, &[2], 1), Error::Index(_));
    assert_err!(drop_nans(&t, &[0], 1), Error::Type(_));
}

/// Rows kept by `distinct` of one int64 key column, in input order (nulls one key).
fn distinct_oracle(v: &[Option<i64>], keep: DuplicateKeepOption) -> Vec<usize> {
    let mut seen: HashMap<Option<i64>, (usize, usize, usize)> = HashMap::new();
    for (i, x) in v.iter().enumerate() {
        let e = seen.entry(*x).or_insert((i, i, 0));
        e.1 = i;
        e.2 += 1;
    }
    let mut rows: Vec<usize> = seen
        .values()
        .filter_map(|&(first, last, count)| match keep {
            DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => Some(first),
            DuplicateKeepOption::KeepLast => Some(last),
            DuplicateKeepOption::KeepNone => (count == 1).then_some(first),
        })
        .collect();
    rows.sort_unstable();
    rows
}

/// Rows kept by `unique` (runs of equal consecutive keys).
fn unique_oracle(v: &[Option<i64>], keep: DuplicateKeepOption) -> Vec<usize> {
    let mut rows = vec![];
    let mut start = 0;
    for i in 1..=v.len() {
        if i == v.len() || v[i] != v[start] {
            match keep {
                DuplicateKeepOption::KeepAny | DuplicateKeepOption::KeepFirst => rows.push(start),
                DuplicateKeepOption::KeepLast => rows.push(i - 1),
                DuplicateKeepOption::KeepNone if i - start == 1 => rows.push(start),
                DuplicateKeepOption::KeepNone => {}
            }
            start = i;
        }
    }
    rows
}

fn take_rows(v: &[Option<i64>], rows: &[usize]) -> ArrayRef {
    i64s(&rows.iter().map(|&r| v[r]).collect::<Vec<_>>())
}

fn check_distinct_and_unique(v: &[Option<i64>]) {
    let a = i64s(v);
    let t = table(&[a.as_ref()]);
    for keep in DuplicateKeepOption::ALL {
        let want = distinct_oracle(v, keep);
        assert_table(
            &stable_distinct(&t, &[0], keep, true, true).unwrap(),
            &[take_rows(v, &want)],
        );
        assert_table(
            &distinct(&t, &[0], keep, true, true).unwrap(),
            &[take_rows(v, &want)],
        );
        let idx = distinct_indices(&t, keep, true, true).unwrap();
        let want_idx: Vec<i32> = want.iter().map(|&r| r as i32).collect();
        assert_col(&idx, &arrow_array::Int32Array::from(want_idx));
        let want = unique_oracle(v, keep);
        assert_table(
            &unique(&t, &[0], keep, true).unwrap(),
            &[take_rows(v, &want)],
        );
    }
    let c = col(&a);
    let valid: std::collections::HashSet<_> = v.iter().flatten().collect();
    let has_null = v.iter().any(Option::is_none) as usize;
    assert_eq!(distinct_count(&c, false, false).unwrap(), valid.len());
    assert_eq!(
        distinct_count(&c, true, false).unwrap(),
        valid.len() + has_null
    );
    let runs = unique_oracle(v, DuplicateKeepOption::KeepFirst);
    let null_runs = runs.iter().filter(|&&r| v[r].is_none()).count();
    assert_eq!(unique_count(&c, true, false).unwrap(), runs.len());
    assert_eq!(
        unique_count(&c, false, false).unwrap(),
        runs.len() - null_runs
    );
}

#[test]
fn distinct_unique_and_counts_with_nulls() {
    host();
    let v = i64_values(sample_i64().as_ref());
    check_distinct_and_unique(&v);
    check_distinct_and_unique(&[None, None, Some(1), Some(1), None, Some(2)]);
    check_distinct_and_unique(&[]);
}

#[test]
fn distinct_of_sliced_strings_and_nulls_unequal() {
    host();
    let s = sample_str();
    for c in sliced(s.as_ref(), 1, 9) {
        let t = ferrodf_core::Table::new(vec![c]).unwrap();
        let got = stable_distinct(&t, &[0], DuplicateKeepOption::KeepFirst, true, true).unwrap();
        let want = strs(&[
            None,
            Some(""),
            Some("apple"),
            Some("pear"),
            Some("Zed"),
            Some("é"),
            Some("fig"),
        ]);
        assert_table(&got, &[want]);
        // Nulls unequal: every null row is kept.
        let got = stable_distinct(&t, &[0], DuplicateKeepOption::KeepFirst, false, true).unwrap();
        assert_eq!(got.num_rows(), 8);
    }
    // NaNs equal or not.
    let f = f64s(&[Some(f64::NAN), Some(f64::NAN), Some(-0.0), Some(0.0)]);
    let t = table(&[f.as_ref()]);
    assert_eq!(
        distinct(&t, &[0], DuplicateKeepOption::KeepFirst, true, true)
            .unwrap()
            .num_rows(),
        2
    );
    assert_eq!(
        distinct(&t, &[0], DuplicateKeepOption::KeepFirst, true, false)
            .unwrap()
            .num_rows(),
        3
    );
    assert_err!(
        distinct(&t, &[1], DuplicateKeepOption::KeepFirst, true, true),
        Error::Index(_)
    );
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn filter_matches_arrow(values in opt_i64s(100), seed in any::<u64>(), off in 0usize..9) {
        host();
        let mask: BooleanArray = (0..values.len()).map(|i| {
            let h = seed.wrapping_mul(i as u64 + 1).rotate_left(17);
            (h % 5 != 0).then_some(h % 3 != 0)
        }).collect();
        let ((a, ac), (m, mc)) = (tail(i64s(&values).as_ref(), off), tail(&mask, off));
        let got = apply_boolean_mask(&ferrodf_core::Table::new(vec![ac]).unwrap(), &mc).unwrap();
        let m = m.as_any().downcast_ref::<BooleanArray>().unwrap();
        assert_table(&got, &filtered(&[a], m));
    }

    #[test]
    fn distinct_matches_a_loop(values in opt_i64s(60)) {
        host();
        check_distinct_and_unique(&values);
    }
}
