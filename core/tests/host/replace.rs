//! The host path of `ops::replace`: `replace_nulls` from a column or a scalar against
//! `arrow_select::zip` over `arrow_arith::boolean::is_not_null`; the fill policies,
//! `find_and_replace_all`, `clamp` and `normalize_nans_and_zeros` have no arrow-rs kernel,
//! so their oracle is a plain loop over `Option` values.

use crate::common::*;
use arrow_arith::boolean::is_not_null;
use arrow_array::{Array, Float64Array, Scalar as ArrowScalar};
use arrow_select::zip::zip;
use ferrodf_core::Error;
use ferrodf_core::ops::replace::{
    Replacement, clamp, find_and_replace_all, normalize_nans_and_zeros, replace_nulls,
};

#[test]
fn replace_nulls_from_a_column_or_a_scalar() {
    host();
    let a = sample_i64();
    let r = i64s(
        &(0..12)
            .map(|i| (i % 4 != 0).then_some(100 + i))
            .collect::<Vec<_>>(),
    );
    let (pa, pr) = (a.slice(1, 10), r.slice(2, 10));
    for (c, rc) in sliced(a.as_ref(), 1, 10)
        .into_iter()
        .zip(sliced(r.as_ref(), 2, 10))
    {
        let got = replace_nulls(&c, Replacement::Column(&rc)).unwrap();
        assert_col(
            &got,
            zip(&is_not_null(&pa).unwrap(), &pa, &pr).unwrap().as_ref(),
        );
        for s in [Some(-1), None] {
            let sa = i64s(&[s]);
            let got = replace_nulls(&c, Replacement::Scalar(&scalar(sa.as_ref()))).unwrap();
            assert_col(
                &got,
                zip(&is_not_null(&pa).unwrap(), &pa, &ArrowScalar::new(sa))
                    .unwrap()
                    .as_ref(),
            );
        }
    }
    let s = sample_str();
    let fill = strs(&[Some("?")]);
    let got = replace_nulls(&col(&s), Replacement::Scalar(&scalar(fill.as_ref()))).unwrap();
    assert_col(
        &got,
        zip(&is_not_null(&s).unwrap(), &s, &ArrowScalar::new(fill))
            .unwrap()
            .as_ref(),
    );
    let e = i64s(&[]);
    assert_col(
        &replace_nulls(
            &col(&e),
            Replacement::Scalar(&scalar(i64s(&[Some(1)]).as_ref())),
        )
        .unwrap(),
        e.as_ref(),
    );
}

#[test]
fn replace_nulls_with_the_preceding_or_following_value() {
    host();
    let a = sample_i64();
    let v = i64_values(&a);
    for following in [false, true] {
        let mut want = v.clone();
        let idx: Vec<usize> = if following {
            (0..v.len()).rev().collect()
        } else {
            (0..v.len()).collect()
        };
        let mut last = None;
        for i in idx {
            match want[i] {
                Some(x) => last = Some(x),
                None => want[i] = last,
            }
        }
        let got = replace_nulls(&col(&a), Replacement::Policy { following }).unwrap();
        assert_col(&got, i64s(&want).as_ref());
    }
    // Sliced: the nearest valid value inside the slice only (rows 1..3 are null, 5).
    for c in sliced(a.as_ref(), 1, 5) {
        let got = replace_nulls(&c, Replacement::Policy { following: false }).unwrap();
        assert_col(
            &got,
            i64s(&[None, Some(-3), Some(5), Some(0), Some(0)]).as_ref(),
        );
    }
}

#[test]
fn find_and_replace_all_against_a_loop() {
    host();
    let a = sample_i64();
    let (old, new) = (
        i64s(&[Some(5), Some(-3), Some(99)]),
        i64s(&[Some(50), None, Some(1)]),
    );
    let (ov, nv) = (i64_values(&old), i64_values(&new));
    let want: Vec<Option<i64>> = i64_values(&a)
        .iter()
        .map(|x| match ov.iter().position(|o| x.is_some() && o == x) {
            Some(k) => nv[k],
            None => *x,
        })
        .collect();
    assert_col(
        &find_and_replace_all(&col(&a), &col(&old), &col(&new)).unwrap(),
        i64s(&want).as_ref(),
    );
    for c in sliced(a.as_ref(), 3, 5) {
        assert_col(
            &find_and_replace_all(&c, &col(&old), &col(&new)).unwrap(),
            i64s(&want[3..8]).as_ref(),
        );
    }
    assert_err!(
        find_and_replace_all(&col(&a), &col(&old), &col(&new.slice(0, 2))),
        Error::Value(_)
    );
    assert_err!(
        find_and_replace_all(&col(&a), &col(&sample_str()), &col(&sample_str())),
        Error::Type(_)
    );
}

#[test]
fn clamp_against_a_loop() {
    host();
    let a = sample_i64();
    let v = i64_values(&a);
    let (lo, hi) = (
        scalar(i64s(&[Some(-3)]).as_ref()),
        scalar(i64s(&[Some(7)]).as_ref()),
    );
    let want: Vec<Option<i64>> = v.iter().map(|x| x.map(|x| x.clamp(-3, 7))).collect();
    assert_col(
        &clamp(&col(&a), &lo, &hi, None, None).unwrap(),
        i64s(&want).as_ref(),
    );
    let (lr, hr) = (
        scalar(i64s(&[Some(-100)]).as_ref()),
        scalar(i64s(&[Some(100)]).as_ref()),
    );
    let want: Vec<Option<i64>> = v
        .iter()
        .map(|x| {
            x.map(|x| {
                if x < -3 {
                    -100
                } else if x > 7 {
                    100
                } else {
                    x
                }
            })
        })
        .collect();
    for c in sliced(a.as_ref(), 2, 10) {
        assert_col(
            &clamp(&c, &lo, &hi, Some(&lr), Some(&hr)).unwrap(),
            i64s(&want[2..12]).as_ref(),
        );
    }
    // A null bound is no bound.
    let none = scalar(i64s(&[None]).as_ref());
    let want: Vec<Option<i64>> = v.iter().map(|x| x.map(|x| x.min(7))).collect();
    assert_col(
        &clamp(&col(&a), &none, &hi, None, None).unwrap(),
        i64s(&want).as_ref(),
    );
    assert_err!(
        clamp(
            &col(&a),
            &scalar(f64s(&[Some(1.0)]).as_ref()),
            &hi,
            None,
            None
        ),
        Error::Type(_)
    );
}

#[test]
fn normalize_nans_and_zeros_canonicalises() {
    host();
    let a = Float64Array::from(vec![
        Some(-0.0),
        None,
        Some(f64::from_bits(0x7ff8_0000_0000_0001)),
        Some(1.5),
        Some(-f64::NAN),
        Some(0.0),
    ]);
    for (c, part) in [
        (col(&a), a.clone()),
        (col(&a).slice(2, 4).unwrap(), a.slice(2, 4)),
    ] {
        let got = arr(&normalize_nans_and_zeros(&c).unwrap());
        let got = got.as_any().downcast_ref::<Float64Array>().unwrap();
        assert_eq!(validity(got), validity(&part));
        for i in 0..part.len() {
            if part.is_valid(i) {
                let x = part.value(i);
                let want = if x.is_nan() {
                    f64::NAN
                } else if x == 0.0 {
                    0.0
                } else {
                    x
                };
                assert_eq!(got.value(i).to_bits(), want.to_bits(), "row {i}");
            }
        }
    }
    assert_err!(
        normalize_nans_and_zeros(&col(&sample_i64())),
        Error::Type(_)
    );
}
