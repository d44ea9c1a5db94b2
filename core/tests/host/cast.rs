//! The host path of `ops::cast` against `arrow_cast::cast` where the two agree (widening
//! integer casts, integer -> float, anything -> BOOL8, BOOL8 -> integer, timestamp unit
//! changes). Narrowing integer casts wrap and float -> integer saturates with NaN as 0 in
//! libcudf (and ferrodf), where arrow-rs gives nulls: their oracle is Rust's `as`, which
//! has exactly those semantics.

use crate::common::*;
use arrow_arith::arity::unary;
use arrow_array::types::{Float64Type, Int16Type, Int32Type, UInt8Type};
use arrow_array::{Array, ArrayRef, Float64Array, Int32Array, PrimitiveArray};
use ferrodf_core::interop::arrow::dtype_to_arrow;
use ferrodf_core::ops::cast::{bit_cast, cast, is_supported_cast};
use ferrodf_core::types::TypeId;
use ferrodf_core::{Column, Error};
use proptest::prelude::*;

fn arrow_cast(a: &dyn Array, to: TypeId) -> ArrayRef {
    arrow_cast::cast(a, &dtype_to_arrow(to.into()).unwrap()).unwrap()
}

fn check_against_arrow(c: &Column, a: &dyn Array, to: TypeId) {
    assert_col(&cast(c, to.into()).unwrap(), arrow_cast(a, to).as_ref());
}

fn ints() -> Int32Array {
    Int32Array::from(vec![
        Some(1),
        None,
        Some(-7),
        Some(300),
        Some(i32::MAX),
        None,
        Some(0),
        Some(i32::MIN),
        Some(65_537),
    ])
}

#[test]
fn widening_and_bool_casts_match_arrow() {
    host();
    let a = ints();
    let targets = [
        TypeId::Int64,
        TypeId::Float64,
        TypeId::Float32,
        TypeId::Bool8,
        TypeId::Int32,
    ];
    let empty = a.slice(4, 0);
    let inputs = whole_and_sliced(&a, (2, 6), (3, 5));
    for (c, part) in inputs.into_iter().chain([(col(&empty), empty)]) {
        for to in targets {
            check_against_arrow(&c, &part, to);
        }
    }
    let b = bools(&[Some(true), None, Some(false)]);
    for to in [TypeId::Int8, TypeId::Uint64, TypeId::Float64] {
        check_against_arrow(&col(&b), &b, to);
    }
}

#[test]
fn narrowing_and_float_to_int_follow_rust_as() {
    host();
    let a = ints();
    assert_col(
        &cast(&col(&a), TypeId::Int16.into()).unwrap(),
        &unary::<Int32Type, _, Int16Type>(&a, |x| x as i16),
    );
    assert_col(
        &cast(&col(&a), TypeId::Uint8.into()).unwrap(),
        &unary::<Int32Type, _, UInt8Type>(&a, |x| x as u8),
    );
    let f = Float64Array::from(vec![
        Some(1.9),
        None,
        Some(-2.5),
        Some(f64::NAN),
        Some(1e20),
        Some(-1e20),
        Some(f64::INFINITY),
    ]);
    assert_col(
        &cast(&col(&f), TypeId::Int32.into()).unwrap(),
        &unary::<Float64Type, _, Int32Type>(&f, |x| x as i32),
    );
}

#[test]
fn timestamp_units() {
    host();
    let ms = arrow_array::TimestampMillisecondArray::from(vec![
        Some(1_500),
        None,
        Some(-1_500),
        Some(0),
        Some(1_700_000_000_123),
    ]);
    // Finer units multiply, as in arrow-rs.
    check_against_arrow(&col(&ms), &ms, TypeId::TimestampMicroseconds);
    check_against_arrow(
        &col(&ms).slice(1, 4).unwrap(),
        &ms.slice(1, 4),
        TypeId::TimestampNanoseconds,
    );
    // Coarser units floor towards negative infinity (libcudf), so -1.5 s is -2 s.
    let got = cast(&col(&ms), TypeId::TimestampSeconds.into()).unwrap();
    let want = arrow_array::TimestampSecondArray::from(vec![
        Some(1),
        None,
        Some(-2),
        Some(0),
        Some(1_700_000_000),
    ]);
    assert_col(&got, &want);
}

#[test]
fn bit_cast_reinterprets_and_errors() {
    host();
    let a = Int32Array::from(vec![Some(-1), None, Some(1)]);
    let got = bit_cast(&col(&a), TypeId::Uint32.into()).unwrap();
    assert_col(
        &got,
        &arrow_array::UInt32Array::from(vec![Some(u32::MAX), None, Some(1)]),
    );
    assert_err!(bit_cast(&col(&a), TypeId::Int64.into()), Error::Type(_));
    assert!(!is_supported_cast(
        TypeId::Int64.into(),
        TypeId::TimestampSeconds.into()
    ));
    assert_err!(
        cast(&col(&sample_i64()), TypeId::TimestampSeconds.into()),
        Error::Type(_)
    );
    assert_err!(
        cast(&col(&sample_str()), TypeId::Int32.into()),
        Error::Type(_)
    );
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn casts_match_the_oracle(v in opt_wide_i32s(100), f in opt_f64s(60), off in 0usize..4) {
        host();
        let a = Int32Array::from(v.clone());
        let off = off.min(v.len());
        let part = a.slice(off, v.len() - off);
        for c in sliced(&a, off, v.len() - off) {
            for to in [TypeId::Int64, TypeId::Float64, TypeId::Bool8, TypeId::Uint64] {
                if to == TypeId::Uint64 {
                    // Negative values wrap (arrow-rs: null).
                    let want: PrimitiveArray<arrow_array::types::UInt64Type> = part.iter().map(|x| x.map(|x| x as u64)).collect();
                    assert_col(&cast(&c, to.into()).unwrap(), &want);
                } else {
                    check_against_arrow(&c, &part, to);
                }
            }
            assert_col(&cast(&c, TypeId::Int16.into()).unwrap(), &unary::<Int32Type, _, Int16Type>(&part, |x| x as i16));
        }
        let fa = Float64Array::from(f);
        assert_col(&cast(&col(&fa), TypeId::Int32.into()).unwrap(), &unary::<Float64Type, _, Int32Type>(&fa, |x| x as i32));
    }
}
