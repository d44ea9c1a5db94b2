//! The host path of `ops::concatenate` against `arrow_select::concat`: nulls, empty pieces,
//! sliced pieces (imported from sliced arrays and sliced after import), strings of both
//! offset widths and lists.

use crate::common::*;
use arrow_array::{Array, ArrayRef, LargeStringArray, ListArray, types::Int32Type};
use arrow_select::concat::concat;
use ferrodf_core::Error;
use ferrodf_core::ops::concatenate::{concatenate, concatenate_tables};

fn check(pieces: &[ArrayRef]) {
    let cols: Vec<_> = pieces.iter().map(|p| col(p.as_ref())).collect();
    let want = concat(&pieces.iter().map(|p| p.as_ref()).collect::<Vec<_>>()).unwrap();
    assert_col(&concatenate(&cols).unwrap(), want.as_ref());
}

#[test]
fn fixed_width_and_strings_with_nulls_and_empty_pieces() {
    host();
    let a = sample_i64();
    check(&[a.clone(), i64s(&[]), a.clone(), i64s(&[None, Some(1)])]);
    check(&[a.slice(3, 0)]);
    let s = sample_str();
    check(&[s.clone(), strs(&[]), strs(&[None, Some("x")]), s.clone()]);
    check(&[
        bools(&[Some(true), None]),
        bools(&[Some(false); 9]),
        bools(&[None]),
    ]);
    check(&[f64s(&[Some(f64::NAN), None]), f64s(&[Some(-0.0)])]);
}

#[test]
fn sliced_pieces() {
    host();
    let (a, s) = (sample_i64(), sample_str());
    // Offsets 3, 1 and 7: masks not aligned to bytes.
    let [a1, a2] = sliced(a.as_ref(), 3, 7);
    let [b1, _] = sliced(a.as_ref(), 1, 2);
    let want = concat(&[&a.slice(3, 7), &a.slice(1, 2), &a.slice(3, 7)]).unwrap();
    assert_col(&concatenate(&[a1, b1, a2]).unwrap(), want.as_ref());
    let [s1, s2] = sliced(s.as_ref(), 2, 7);
    let want = concat(&[&s.slice(2, 7), &s.slice(2, 7)]).unwrap();
    assert_col(&concatenate(&[s1, s2]).unwrap(), want.as_ref());
}

#[test]
fn large_strings_and_lists() {
    host();
    let l: ArrayRef =
        std::sync::Arc::new(LargeStringArray::from(vec![Some("a"), None, Some("bcd")]));
    check(&[l.clone(), l.slice(1, 2)]);
    let lists: ArrayRef =
        std::sync::Arc::new(ListArray::from_iter_primitive::<Int32Type, _, _>(vec![
            Some(vec![Some(1), None]),
            None,
            Some(vec![]),
            Some(vec![Some(4), Some(5)]),
        ]));
    check(&[lists.clone(), lists.slice(1, 3), lists.slice(2, 0)]);
}

#[test]
fn tables_column_by_column() {
    host();
    let (a, s) = (sample_i64(), sample_str());
    let t1 = table(&[a.slice(0, 4).as_ref(), s.slice(0, 4).as_ref()]);
    let t2 = table(&[a.slice(5, 6).as_ref(), s.slice(3, 6).as_ref()]);
    let got = concatenate_tables(&[t1, t2]).unwrap();
    let want = [
        concat(&[&a.slice(0, 4), &a.slice(5, 6)]).unwrap(),
        concat(&[&s.slice(0, 4), &s.slice(3, 6)]).unwrap(),
    ];
    assert_table(&got, &want);
}

#[test]
fn concatenate_errors() {
    host();
    assert_err!(concatenate(&[]), Error::Value(_));
    assert_err!(
        concatenate(&[col(&sample_i64()), col(&sample_str())]),
        Error::Type(_)
    );
    let t1 = table(&[sample_i64().as_ref()]);
    let t2 = table(&[sample_i64().as_ref(), sample_i64().as_ref()]);
    assert_err!(concatenate_tables(&[t1, t2]), Error::Value(_));
}
