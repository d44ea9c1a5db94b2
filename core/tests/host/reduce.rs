//! The host path of `ops::reduce` against `arrow_arith::aggregate` (`sum`, which wraps
//! integers as libcudf does, `min`, `max`, `bool_and`, `bool_or`; MEAN as sum / valid count). ferrodf's MIN/MAX skip NaN
//! unless every value is NaN, where arrow-rs orders NaN above every number, so NaN inputs
//! are checked against fixed values instead.

use crate::common::*;
use arrow_arith::aggregate;
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, ArrayRef, BooleanArray, Float64Array, Int64Array};
use ferrodf_core::ops::aggregation::Aggregation;
use ferrodf_core::ops::reduce::{minmax, reduce};
use ferrodf_core::types::TypeId;
use ferrodf_core::{Column, Error, Scalar};
use proptest::prelude::*;

fn as_i64(s: &Scalar) -> Option<i64> {
    s.value::<i64>().unwrap()
}

fn as_f64(s: &Scalar) -> Option<f64> {
    s.value::<f64>().unwrap()
}

fn check_int(c: &Column, a: &Int64Array) {
    let out = TypeId::Int64.into();
    let sum = aggregate::sum::<Int64Type>(a);
    assert_eq!(
        as_i64(&reduce(c, &Aggregation::Sum, out).unwrap()),
        sum,
        "sum"
    );
    assert_eq!(
        as_i64(&reduce(c, &Aggregation::Min, out).unwrap()),
        aggregate::min(a),
        "min"
    );
    assert_eq!(
        as_i64(&reduce(c, &Aggregation::Max, out).unwrap()),
        aggregate::max(a),
        "max"
    );
    let (lo, hi) = minmax(c).unwrap();
    assert_eq!(
        (as_i64(&lo), as_i64(&hi)),
        (aggregate::min(a), aggregate::max(a))
    );
    let valid = a.len() - a.null_count();
    let mean = reduce(c, &Aggregation::Mean, TypeId::Float64.into()).unwrap();
    let want =
        (valid > 0).then(|| a.iter().flatten().map(|x| x as f64).sum::<f64>() / valid as f64);
    // Summation order differs between the two, so the means agree to rounding.
    match (as_f64(&mean), want) {
        (Some(g), Some(w)) => assert!((g - w).abs() <= 1e-9 * w.abs().max(1.0), "mean {g} {w}"),
        (g, w) => assert_eq!(g, w, "mean"),
    }
}

fn ints(v: &[Option<i64>]) -> Int64Array {
    Int64Array::from(v.to_vec())
}

#[test]
fn sum_min_max_mean_of_ints_with_nulls() {
    host();
    let a = ints(&[Some(3), None, Some(-7), Some(12), None, Some(0), Some(5)]);
    check_int(&col(&a), &a);
    // Wrapping on overflow, as libcudf.
    let a = ints(&[Some(i64::MAX), Some(2), None]);
    check_int(&col(&a), &a);
}

#[test]
fn reduce_sliced_empty_and_all_null() {
    host();
    let a = sample_i64();
    let ai = a.as_any().downcast_ref::<Int64Array>().unwrap();
    for c in sliced(a.as_ref(), 3, 8) {
        check_int(&c, &ai.slice(3, 8));
    }
    for c in sliced(a.as_ref(), 10, 1) {
        // One null row: every reduction is null.
        check_int(&c, &ai.slice(10, 1));
        assert!(
            !reduce(&c, &Aggregation::Sum, TypeId::Int64.into())
                .unwrap()
                .is_valid()
                .unwrap()
        );
    }
    let e = ints(&[]);
    check_int(&col(&e), &e);
}

#[test]
fn floats_nan_and_tolerance() {
    host();
    let v = [Some(0.5), None, Some(-2.25), Some(1e10), Some(3.0)];
    let a = Float64Array::from(v.to_vec());
    let c = col(&a);
    let out = TypeId::Float64.into();
    let sum = as_f64(&reduce(&c, &Aggregation::Sum, out).unwrap()).unwrap();
    assert!((sum - aggregate::sum::<Float64Type>(&a).unwrap()).abs() < 1e-3);
    assert_eq!(
        as_f64(&reduce(&c, &Aggregation::Min, out).unwrap()),
        aggregate::min(&a)
    );
    assert_eq!(
        as_f64(&reduce(&c, &Aggregation::Max, out).unwrap()),
        aggregate::max(&a)
    );
    // NaN is skipped by MIN and MAX unless every value is NaN.
    let n = col(&f64s(&[Some(f64::NAN), Some(2.0), None, Some(-1.0)]));
    assert_eq!(
        as_f64(&reduce(&n, &Aggregation::Max, out).unwrap()),
        Some(2.0)
    );
    assert_eq!(
        as_f64(&reduce(&n, &Aggregation::Min, out).unwrap()),
        Some(-1.0)
    );
    let all_nan = col(&f64s(&[Some(f64::NAN), None]));
    assert!(
        as_f64(&reduce(&all_nan, &Aggregation::Max, out).unwrap())
            .unwrap()
            .is_nan()
    );
}

#[test]
fn any_all_and_string_extremes() {
    host();
    let b = BooleanArray::from(vec![Some(true), None, Some(false), Some(true)]);
    let out = TypeId::Bool8.into();
    for (c, a) in [
        (col(&b), b.clone()),
        (col(&b).slice(1, 3).unwrap(), b.slice(1, 3)),
    ] {
        let any = reduce(&c, &Aggregation::Any, out).unwrap();
        let all = reduce(&c, &Aggregation::All, out).unwrap();
        assert_col(
            any.as_column(),
            &BooleanArray::from(vec![aggregate::bool_or(&a)]),
        );
        assert_col(
            all.as_column(),
            &BooleanArray::from(vec![aggregate::bool_and(&a)]),
        );
    }
    let s = sample_str();
    let sa = s
        .as_any()
        .downcast_ref::<arrow_array::StringArray>()
        .unwrap();
    let st = ferrodf_core::DataType::from(TypeId::String);
    for c in sliced(s.as_ref(), 1, 8) {
        let part = sa.slice(1, 8);
        let mn = reduce(&c, &Aggregation::Min, st).unwrap();
        let mx = reduce(&c, &Aggregation::Max, st).unwrap();
        assert_col(
            mn.as_column(),
            &arrow_array::StringArray::from(vec![aggregate::min_string(&part)]),
        );
        assert_col(
            mx.as_column(),
            &arrow_array::StringArray::from(vec![aggregate::max_string(&part)]),
        );
    }
}

#[test]
fn reduce_errors() {
    host();
    let s = col(&sample_str());
    // SUM of strings is not implemented (rather than a type error, as in libcudf).
    assert_err!(
        reduce(&s, &Aggregation::Sum, TypeId::String.into()),
        Error::NotImplemented(_)
    );
    assert_err!(
        reduce(&s, &Aggregation::Min, TypeId::Int64.into()),
        Error::Type(_)
    );
    let i = col(&sample_i64());
    assert_err!(
        reduce(
            &i,
            &Aggregation::CollectList(ferrodf_core::ops::aggregation::NullPolicy::Include),
            TypeId::Int64.into()
        ),
        Error::NotImplemented(_)
    );
    assert_err!(
        reduce(&i, &Aggregation::Argmax, TypeId::Float64.into()),
        Error::Type(_)
    );
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn sum_min_max_match_arrow(v in proptest::collection::vec(proptest::option::weighted(0.8, any::<i64>()), 0..100), off in 0usize..5) {
        host();
        let a = ints(&v);
        check_int(&col(&a), &a);
        let off = off.min(v.len());
        for c in sliced(&a, off, v.len() - off) {
            let want: ArrayRef = std::sync::Arc::new(a.slice(off, v.len() - off));
            check_int(&c, want.as_any().downcast_ref().unwrap());
        }
    }
}
