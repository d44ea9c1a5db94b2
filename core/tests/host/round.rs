//! The host path of `ops::round`. arrow-rs has no rounding kernel: floats are checked
//! against Rust's `f64::round` / `round_ties_even` (exactly at 0 places, to rounding error
//! at others), integers and decimals against a plain loop in `i128` with Euclidean
//! division.

use crate::common::*;
use arrow_array::{Array, Decimal128Array, Float64Array, Int32Array};
use ferrodf_core::Error;
use ferrodf_core::ops::round::{RoundingMethod as M, round, round_decimal};

/// `e` rounded to a multiple of `p`: half away from zero, or half to even.
fn round_int(e: i128, p: i128, half_even: bool) -> i128 {
    let (q, r) = (e.div_euclid(p), e.rem_euclid(p));
    let up = match (2 * r).cmp(&p) {
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Greater => true,
        // A tie: away from zero is up for positive values; even is the even quotient.
        std::cmp::Ordering::Equal if half_even => q.rem_euclid(2) == 1,
        std::cmp::Ordering::Equal => e > 0,
    };
    (q + i128::from(up)) * p
}

fn floats() -> Float64Array {
    Float64Array::from(vec![
        Some(2.5),
        None,
        Some(-2.5),
        Some(0.125),
        Some(-3.75),
        Some(1234.5678),
        Some(f64::NAN),
        Some(0.5),
        Some(-0.5),
    ])
}

#[test]
fn floats_at_zero_and_other_places() {
    host();
    let a = floats();
    for (c, part) in whole_and_sliced(&a, (2, 7), (3, 5)) {
        for (m, f) in [
            (M::HalfUp, f64::round as fn(f64) -> f64),
            (M::HalfEven, f64::round_ties_even),
        ] {
            let want: Float64Array = part.iter().map(|x| x.map(f)).collect();
            assert_col(&round(&c, 0, m).unwrap(), &want);
            for dp in [-2i32, 1, 2] {
                let got = arr(&round(&c, dp, m).unwrap());
                let got = got.as_any().downcast_ref::<Float64Array>().unwrap();
                assert_eq!(validity(got), validity(&part));
                let n = 10f64.powi(dp);
                for i in (0..part.len()).filter(|&i| part.is_valid(i)) {
                    let (g, x) = (got.value(i), part.value(i));
                    let w = f(x * n) / n;
                    assert!(
                        (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-9 * w.abs().max(1.0),
                        "{x} at {dp}: {g} vs {w}"
                    );
                }
            }
        }
    }
    // 0.125 is exact: to two places it is a tie.
    let t = col(&f64s(&[Some(0.125), Some(-0.125)]));
    assert_col(
        &round(&t, 2, M::HalfUp).unwrap(),
        f64s(&[Some(0.13), Some(-0.13)]).as_ref(),
    );
    assert_col(
        &round(&t, 2, M::HalfEven).unwrap(),
        f64s(&[Some(0.12), Some(-0.12)]).as_ref(),
    );
}

#[test]
fn integers_to_negative_places() {
    host();
    let a = Int32Array::from(vec![
        Some(1250),
        None,
        Some(-1250),
        Some(1350),
        Some(-1351),
        Some(49),
        Some(i32::MAX),
        Some(0),
    ]);
    for (c, part) in [
        (col(&a), a.clone()),
        (col(&a).slice(1, 6).unwrap(), a.slice(1, 6)),
    ] {
        for (m, even) in [(M::HalfUp, false), (M::HalfEven, true)] {
            let want: Int32Array = part
                .iter()
                .map(|x| x.map(|x| round_int(x.into(), 100, even) as i32))
                .collect();
            assert_col(&round(&c, -2, m).unwrap(), &want);
            assert_col(&round_decimal(&c, -2, m).unwrap(), &want);
            // Non-negative places leave integers as they are.
            assert_col(&round(&c, 3, m).unwrap(), &part);
        }
    }
    let e = Int32Array::from(Vec::<i32>::new());
    assert_col(&round(&col(&e), -1, M::HalfUp).unwrap(), &e);
}

#[test]
fn decimals_change_scale() {
    host();
    // 12.345, -12.345, 0.005, null at scale 3, rounded to 2 and 0 places.
    let a = Decimal128Array::from(vec![Some(12_345), Some(-12_345), Some(5), None, Some(-5)])
        .with_precision_and_scale(20, 3)
        .unwrap();
    for (c, part) in [
        (col(&a), a.clone()),
        (col(&a).slice(1, 4).unwrap(), a.slice(1, 4)),
    ] {
        for (m, even) in [(M::HalfUp, false), (M::HalfEven, true)] {
            for dp in [2i32, 0] {
                let p = 10i128.pow((3 - dp) as u32);
                let want = Decimal128Array::from(
                    part.iter()
                        .map(|x| x.map(|x| round_int(x, p, even) / p))
                        .collect::<Vec<_>>(),
                )
                .with_precision_and_scale(38, dp as i8)
                .unwrap();
                let got = arr(&round(&c, dp, m).unwrap());
                let got = got.as_any().downcast_ref::<Decimal128Array>().unwrap();
                assert_eq!(
                    (got.scale(), got.iter().collect::<Vec<_>>()),
                    (want.scale(), want.iter().collect::<Vec<_>>())
                );
            }
        }
    }
}

#[test]
fn round_errors() {
    host();
    assert_err!(round(&col(&sample_str()), 0, M::HalfUp), Error::Type(_));
    assert_err!(
        round(&col(&bools(&[Some(true)])), 0, M::HalfUp),
        Error::Type(_)
    );
    assert_err!(
        round_decimal(&col(&floats()), 0, M::HalfUp),
        Error::Value(_)
    );
    assert_err!(M::from_i32(2), Error::Value(_));
}
