//! The pandas rules of `ferrodf::compute` and `Series` checked against arrow-rs kernels
//! (arrow-arith, arrow-ord) on columns with nulls, empty columns and sliced columns.

use arrow_array::{Array, BooleanArray, Float64Array, Int64Array};
use ferrodf::Series;
use ferrodf::compute::{
    BinaryOp, Operand, ReduceOptions, Reduction, Value, binary_column, reduce_column,
};
use ferrodf::core::Column;
use ferrodf::core::interop::arrow::{from_arrow, to_arrow};

fn ints(v: &[Option<i64>]) -> Int64Array {
    Int64Array::from(v.to_vec())
}

fn floats(v: &[Option<f64>]) -> Float64Array {
    Float64Array::from(v.to_vec())
}

/// One operand's rows (`None`: missing).
type Rows = Vec<Option<i64>>;

fn cases() -> Vec<(Rows, Rows)> {
    vec![
        (vec![], vec![]),
        (
            vec![Some(1), None, Some(-7), Some(40)],
            vec![Some(3), Some(2), None, Some(-6)],
        ),
        (
            (0..300).map(|i| (i % 7 != 0).then_some(i - 150)).collect(),
            (0..300).map(|i| Some(i % 13 + 1)).collect(),
        ),
    ]
}

/// Column `values` sliced from row `offset` (the core keeps the offset).
fn sliced(values: &[Option<i64>], offset: usize) -> Column {
    let mut padded = vec![Some(99); offset];
    padded.extend_from_slice(values);
    let c = from_arrow(&ints(&padded)).unwrap();
    c.slice(offset, values.len()).unwrap()
}

#[test]
fn integer_arithmetic_matches_arrow() {
    for (a, b) in cases() {
        for offset in [0, 3] {
            let (ca, cb) = (sliced(&a, offset), sliced(&b, 0));
            for (op, oracle) in [
                (
                    BinaryOp::Add,
                    arrow_arith::numeric::add
                        as fn(&dyn arrow_array::Datum, &dyn arrow_array::Datum) -> _,
                ),
                (BinaryOp::Sub, arrow_arith::numeric::sub),
                (BinaryOp::Mul, arrow_arith::numeric::mul),
            ] {
                let got = binary_column(&ca, op, Operand::Column(&cb), false).unwrap();
                let expected = oracle(&ints(&a), &ints(&b)).unwrap();
                assert_eq!(
                    to_arrow(&got).unwrap().as_ref(),
                    expected.as_ref(),
                    "{op:?}"
                );
            }
        }
    }
}

#[test]
fn comparisons_match_arrow_with_missing_as_false() {
    for (a, b) in cases() {
        let (ca, cb) = (sliced(&a, 2), sliced(&b, 0));
        let got = binary_column(&ca, BinaryOp::Lt, Operand::Column(&cb), false).unwrap();
        let raw = arrow_ord::cmp::lt(&ints(&a), &ints(&b)).unwrap();
        // pandas: a missing side compares False
        let expected: BooleanArray = raw.iter().map(|v| Some(v.unwrap_or(false))).collect();
        assert_eq!(to_arrow(&got).unwrap().as_ref(), &expected as &dyn Array);
    }
}

#[test]
fn true_division_is_float_and_nan_is_missing() {
    let a = [Some(0i64), Some(1), None, Some(-3)];
    let b = [Some(0i64), Some(4), Some(1), Some(0)];
    let got = binary_column(
        &sliced(&a, 1),
        BinaryOp::TrueDiv,
        Operand::Column(&sliced(&b, 0)),
        false,
    )
    .unwrap();
    let fa = floats(&a.iter().map(|v| v.map(|x| x as f64)).collect::<Vec<_>>());
    let fb = floats(&b.iter().map(|v| v.map(|x| x as f64)).collect::<Vec<_>>());
    let raw = arrow_arith::numeric::div(&fa, &fb).unwrap();
    let raw = raw.as_any().downcast_ref::<Float64Array>().unwrap();
    let expected: Float64Array = raw.iter().map(|v| v.filter(|x| !x.is_nan())).collect();
    assert_eq!(to_arrow(&got).unwrap().as_ref(), &expected as &dyn Array);
}

#[test]
fn reductions_match_arrow() {
    for (a, _) in cases() {
        let c = sliced(&a, 5);
        let o = ReduceOptions::default();
        let sum = reduce_column(&c, Reduction::Sum, o)
            .unwrap()
            .value::<i64>()
            .unwrap();
        assert_eq!(
            sum.unwrap(),
            arrow_arith::aggregate::sum(&ints(&a)).unwrap_or(0)
        );
        let count = reduce_column(&c, Reduction::Count, o)
            .unwrap()
            .value::<i64>()
            .unwrap();
        assert_eq!(count.unwrap() as usize, a.len() - ints(&a).null_count());
        let max = reduce_column(&c, Reduction::Max, o).unwrap();
        match arrow_arith::aggregate::max(&ints(&a)) {
            Some(m) => assert_eq!(max.value::<i64>().unwrap(), Some(m)),
            None => assert!(max.value::<f64>().unwrap().unwrap().is_nan()),
        }
    }
}

#[test]
fn series_operators_align_and_keep_the_name() {
    let a = Series::from_vec("v", vec![1.0f64, 2.0]);
    let b = Series::from_vec("v", vec![10.0f64, 20.0, 30.0]);
    let s = (&a + &b).unwrap();
    assert_eq!(s.len(), 3);
    assert_eq!(s.name(), &ferrodf::Label::from("v"));
    assert_eq!(s.column().null_count().unwrap(), 1);
    let neg = (-&a).unwrap();
    assert_eq!(
        neg.column().host_values::<f64>().unwrap().to_vec(),
        vec![-1.0, -2.0]
    );
    let mask = a.gt(1.5).unwrap();
    assert_eq!(
        (!&mask)
            .unwrap()
            .column()
            .host_values::<u8>()
            .unwrap()
            .to_vec(),
        vec![1, 0]
    );
}

#[test]
fn errors_are_typed() {
    let s = Series::from_strs("s", vec![Some("x")]);
    let e = (&s - &s).unwrap_err();
    assert!(matches!(e, ferrodf::core::Error::Type(_)), "{e}");
    let small = Series::from_column(
        ferrodf::core::ops::cast::cast(
            &Column::from_values(vec![1i64]),
            ferrodf::core::TypeId::Int8.into(),
        )
        .unwrap(),
        None,
        "x".into(),
    )
    .unwrap();
    assert!(matches!(
        (&small + 1000).unwrap_err(),
        ferrodf::core::Error::Overflow(_)
    ));
    let q = Series::from_vec("q", vec![1.0f64]);
    let bad = q.reduce(Reduction::Quantile(1.5), ReduceOptions::default());
    assert!(matches!(bad.unwrap_err(), ferrodf::core::Error::Value(_)));
    let v: Value = 3.into();
    assert!(matches!(v, Value::Int(3)));
}
