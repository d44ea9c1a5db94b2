//! The host path of `ops::unary` against arrow-rs: the math functions through
//! `arrow_arith::arity::unary` with Rust's `f64` functions, NEGATE against
//! `arrow_arith::numeric::neg_wrapping`, NOT against `arrow_arith::boolean::not`, `is_null`
//! and `is_valid` against `arrow_arith::boolean::{is_null, is_not_null}`. `is_nan` has no
//! arrow-rs kernel; its oracle is a plain loop.

use crate::common::*;
use arrow_arith::arity::unary;
use arrow_arith::boolean::{is_not_null, is_null as arrow_is_null, not};
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{BooleanArray, Float64Array, Int64Array};
use ferrodf_core::Error;
use ferrodf_core::ops::unary::{
    UnaryOperator as U, is_nan, is_not_nan, is_null, is_valid, unary_operation,
};

/// A float function of Rust's standard library.
type F64Fn = fn(f64) -> f64;

fn floats() -> Float64Array {
    Float64Array::from(vec![
        Some(0.5),
        None,
        Some(-2.25),
        Some(0.0),
        Some(f64::NAN),
        Some(3.0),
        None,
        Some(-0.75),
        Some(1e-3),
    ])
}

#[test]
fn float_math_matches_rust_f64() {
    host();
    let a = floats();
    let ops: [(U, F64Fn); 14] = [
        (U::Sin, f64::sin),
        (U::Cos, f64::cos),
        (U::Tan, f64::tan),
        (U::Arcsin, f64::asin),
        (U::Arctan, f64::atan),
        (U::Sinh, f64::sinh),
        (U::Tanh, f64::tanh),
        (U::Exp, f64::exp),
        (U::Log, f64::ln),
        (U::Sqrt, f64::sqrt),
        (U::Cbrt, f64::cbrt),
        (U::Ceil, f64::ceil),
        (U::Floor, f64::floor),
        (U::Abs, f64::abs),
    ];
    for (op, f) in ops {
        for (c, part) in whole_and_sliced(&a, (2, 6), (3, 5)) {
            let got = unary_operation(&c, op).unwrap();
            let want = unary::<Float64Type, _, Float64Type>(&part, f);
            assert_col(&got, &want);
        }
    }
}

#[test]
fn integer_negate_abs_and_not() {
    host();
    let a = Int64Array::from(vec![Some(5), None, Some(-3), Some(i64::MIN), Some(0)]);
    let c = col(&a);
    assert_col(
        &unary_operation(&c, U::Negate).unwrap(),
        arrow_arith::numeric::neg_wrapping(&a).unwrap().as_ref(),
    );
    assert_col(
        &unary_operation(&c, U::Abs).unwrap(),
        &unary::<Int64Type, _, Int64Type>(&a, i64::wrapping_abs),
    );
    assert_col(
        &unary_operation(&c, U::BitInvert).unwrap(),
        &unary::<Int64Type, _, Int64Type>(&a, |x| !x),
    );
    let b = BooleanArray::from(vec![Some(true), None, Some(false)]);
    assert_col(
        &unary_operation(&col(&b), U::Not).unwrap(),
        &not(&b).unwrap(),
    );
    // NOT of a number: `x == 0`, nulls kept.
    let want: BooleanArray = a.iter().map(|x| x.map(|x| x == 0)).collect();
    assert_col(&unary_operation(&c, U::Not).unwrap(), &want);
    let e = Int64Array::from(Vec::<i64>::new());
    assert_col(&unary_operation(&col(&e), U::Negate).unwrap(), &e);
}

#[test]
fn null_and_nan_tests_with_slices() {
    host();
    let a = floats();
    for (c, part) in whole_and_sliced(&a, (1, 7), (4, 3)) {
        assert_col(&is_null(&c).unwrap(), &arrow_is_null(&part).unwrap());
        assert_col(&is_valid(&c).unwrap(), &is_not_null(&part).unwrap());
        let nan: BooleanArray = part
            .iter()
            .map(|x| Some(x.is_some_and(f64::is_nan)))
            .collect();
        assert_col(&is_nan(&c).unwrap(), &nan);
        assert_col(&is_not_nan(&c).unwrap(), &not(&nan).unwrap());
    }
    let s = sample_str();
    assert_col(&is_null(&col(&s)).unwrap(), &arrow_is_null(&s).unwrap());
    let e = Float64Array::from(Vec::<f64>::new());
    assert_col(
        &is_nan(&col(&e)).unwrap(),
        &BooleanArray::from(Vec::<bool>::new()),
    );
}

#[test]
fn unary_errors() {
    host();
    let s = col(&sample_str());
    assert_err!(unary_operation(&s, U::Sin), Error::Type(_));
    assert_err!(
        unary_operation(&col(&sample_i64()), U::Rint),
        Error::Type(_)
    );
    assert_err!(is_nan(&col(&sample_i64())), Error::Type(_));
    // Unsupported pairs fail even for empty columns.
    assert_err!(
        unary_operation(&s.slice(0, 0).unwrap(), U::Negate),
        Error::Type(_)
    );
}
