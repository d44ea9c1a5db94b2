//! The host path of `binary_operation` against arrow-rs's compute kernels as the oracle
//! (`arrow_arith::numeric` for arithmetic, `arrow_ord::cmp` for comparisons): nulls, empty
//! inputs, sliced inputs (offset != 0), scalar operands and a handful of type pairs.
//!
//! Mixed operand types are brought to libcudf's common type with `arrow_cast` before the
//! oracle runs, as libcudf computes in that type. The placement is forced to the CPU, so
//! these run without a GPU.

use arrow_array::{
    Array, ArrayRef, BooleanArray, Float32Array, Float64Array, Int8Array, Int16Array, Int32Array,
    Int64Array, Scalar as ArrowScalar, StringArray, UInt32Array,
};
use arrow_schema::ArrowError;
use ferrodf_core::interop::arrow::{dtype_to_arrow, from_arrow, to_arrow};
use ferrodf_core::ops::binaryop::{BinaryOperator, Operand, binary_operation};
use ferrodf_core::placement::{Placement, set_placement};
use ferrodf_core::scalar::Scalar;
use ferrodf_core::types::TypeId;
use std::sync::Arc;

use BinaryOperator::*;

type Oracle = fn(&dyn arrow_array::Datum, &dyn arrow_array::Datum) -> Result<ArrayRef, ArrowError>;

fn host() {
    set_placement(Placement::Cpu).unwrap();
}

fn arrow_arith_op(op: BinaryOperator, float: bool) -> Oracle {
    use arrow_arith::numeric as n;
    match op {
        Add if float => n::add,
        Add => n::add_wrapping,
        Sub if float => n::sub,
        Sub => n::sub_wrapping,
        Mul if float => n::mul,
        Mul => n::mul_wrapping,
        Div => n::div,
        _ => unreachable!("{op:?}"),
    }
}

fn arrow_cmp_op(op: BinaryOperator) -> Oracle {
    use arrow_ord::cmp;
    fn wrap(r: Result<BooleanArray, ArrowError>) -> Result<ArrayRef, ArrowError> {
        r.map(|b| Arc::new(b) as ArrayRef)
    }
    match op {
        Equal => |l, r| wrap(cmp::eq(l, r)),
        NotEqual => |l, r| wrap(cmp::neq(l, r)),
        Less => |l, r| wrap(cmp::lt(l, r)),
        Greater => |l, r| wrap(cmp::gt(l, r)),
        LessEqual => |l, r| wrap(cmp::lt_eq(l, r)),
        GreaterEqual => |l, r| wrap(cmp::gt_eq(l, r)),
        NullEquals => |l, r| wrap(cmp::not_distinct(l, r)),
        NullNotEquals => |l, r| wrap(cmp::distinct(l, r)),
        _ => unreachable!("{op:?}"),
    }
}

const ARITH: [BinaryOperator; 4] = [Add, Sub, Mul, Div];
/// The comparisons: EQUAL through NULL_NOT_EQUALS, in pylibcudf's order.
fn comparisons() -> impl Iterator<Item = BinaryOperator> {
    BinaryOperator::ALL
        .into_iter()
        .filter(|op| (Equal..=NullNotEquals).contains(op))
}

fn cast(a: &dyn Array, to: TypeId) -> ArrayRef {
    arrow_cast::cast(a, &dtype_to_arrow(to.into()).unwrap()).unwrap()
}

/// `lhs op rhs` by ferrodf on columns `lhs`, `rhs` (as ferrodf columns, sliced to
/// `range` when given) into `out`, and by the oracle on the same rows cast to `common`.
fn check_columns(
    lhs: &ArrayRef,
    rhs: &ArrayRef,
    op: BinaryOperator,
    common: TypeId,
    out: TypeId,
    oracle: Oracle,
    ranges: Ranges,
) {
    let (mut l, mut r) = (
        from_arrow(lhs.as_ref()).unwrap(),
        from_arrow(rhs.as_ref()).unwrap(),
    );
    let (mut la, mut ra) = (lhs.clone(), rhs.clone());
    if let Some(((lo, ln), (ro, rn))) = ranges {
        l = l.slice(lo, ln).unwrap();
        r = r.slice(ro, rn).unwrap();
        assert!(
            l.offset() != 0 || lo == 0,
            "a sliced column keeps its offset"
        );
        la = la.slice(lo, ln);
        ra = ra.slice(ro, rn);
    }
    let got = binary_operation(Operand::Column(&l), Operand::Column(&r), op, out.into())
        .unwrap_or_else(|e| panic!("{op:?} on {common}: {e}"));
    let want = oracle(&cast(&la, common), &cast(&ra, common)).unwrap();
    let want = cast(&want, out);
    let got = to_arrow(&got).unwrap();
    assert_eq!(
        got.as_ref(),
        want.as_ref(),
        "{op:?} {:?} {:?} -> {out}",
        lhs.data_type(),
        rhs.data_type()
    );
}

/// `lhs op scalar` and `scalar op lhs` (the scalar is row 0 of `scalar`, maybe null).
fn check_scalar(
    lhs: &ArrayRef,
    scalar: &ArrayRef,
    op: BinaryOperator,
    common: TypeId,
    out: TypeId,
    oracle: Oracle,
) {
    let c = from_arrow(lhs.as_ref()).unwrap();
    let s = Scalar::from_column(from_arrow(scalar.as_ref()).unwrap()).unwrap();
    let (lc, sc) = (cast(lhs, common), cast(scalar, common));
    let pairs = [
        (
            Operand::Column(&c),
            Operand::Scalar(&s),
            oracle(&lc, &ArrowScalar::new(sc.clone())),
        ),
        (
            Operand::Scalar(&s),
            Operand::Column(&c),
            oracle(&ArrowScalar::new(sc.clone()), &lc),
        ),
    ];
    for (l, r, want) in pairs {
        let got = binary_operation(l, r, op, out.into()).unwrap();
        let want = cast(&want.unwrap(), out);
        assert_eq!(
            to_arrow(&got).unwrap().as_ref(),
            want.as_ref(),
            "{op:?} with a scalar"
        );
    }
}

type Ranges = Option<((usize, usize), (usize, usize))>;

/// ADD, SUB, MUL and DIV into `common` (wrapping for integers, as libcudf).
fn check_arith(lhs: &ArrayRef, rhs: &ArrayRef, common: TypeId, ranges: Ranges) {
    let float = matches!(common, TypeId::Float32 | TypeId::Float64);
    for op in ARITH {
        let oracle = arrow_arith_op(op, float);
        check_columns(lhs, rhs, op, common, common, oracle, ranges);
    }
}

/// The comparisons, NULL_EQUALS and NULL_NOT_EQUALS in `common`, into BOOL8.
fn check_cmp(lhs: &ArrayRef, rhs: &ArrayRef, common: TypeId, ranges: Ranges) {
    for op in comparisons() {
        check_columns(
            lhs,
            rhs,
            op,
            common,
            TypeId::Bool8,
            arrow_cmp_op(op),
            ranges,
        );
    }
}

/// Every operator of [`ARITH`] and [`comparisons`] with a scalar on either side.
fn check_scalar_all(lhs: &ArrayRef, scalar: &ArrayRef, common: TypeId) {
    let float = matches!(common, TypeId::Float32 | TypeId::Float64);
    for op in ARITH {
        check_scalar(lhs, scalar, op, common, common, arrow_arith_op(op, float));
    }
    for op in comparisons() {
        check_scalar(lhs, scalar, op, common, TypeId::Bool8, arrow_cmp_op(op));
    }
}

fn int32_pair() -> (ArrayRef, ArrayRef) {
    let l = Int32Array::from(vec![
        Some(1),
        None,
        Some(-7),
        Some(100),
        Some(i32::MAX),
        None,
        Some(3),
        Some(i32::MIN),
        Some(42),
        Some(-1),
        Some(5),
        Some(0),
    ]);
    let r = Int32Array::from(vec![
        Some(2),
        Some(5),
        None,
        Some(-100),
        Some(1),
        None,
        Some(3),
        Some(-3),
        Some(7),
        Some(9),
        None,
        Some(11),
    ]);
    (Arc::new(l), Arc::new(r))
}

#[test]
fn int32_arithmetic_and_comparisons_with_nulls() {
    host();
    let (l, r) = int32_pair();
    check_arith(&l, &r, TypeId::Int32, None);
    check_cmp(&l, &r, TypeId::Int32, None);
}

#[test]
fn sliced_inputs_with_different_offsets() {
    host();
    let (l, r) = int32_pair();
    // lhs rows 3..12 against rhs rows 1..10: offsets 3 and 1, not multiples of 8.
    let ranges = Some(((3, 9), (1, 9)));
    check_arith(&l, &r, TypeId::Int32, ranges);
    check_cmp(&l, &r, TypeId::Int32, ranges);
    // Long inputs sliced past the first bytes of their masks.
    let n = 1000;
    let big_l: ArrayRef = Arc::new(Int64Array::from_iter(
        (0..n).map(|i: i64| (i % 7 != 0).then_some(i * 31 - 5000)),
    ));
    let big_r: ArrayRef = Arc::new(Int64Array::from_iter(
        (0..n).map(|i: i64| (i % 5 != 0).then_some(1 + (i * 17) % 97)),
    ));
    let ranges = Some(((13, 900), (77, 900)));
    check_arith(&big_l, &big_r, TypeId::Int64, ranges);
    check_cmp(&big_l, &big_r, TypeId::Int64, ranges);
}

#[test]
fn empty_inputs() {
    host();
    let l: ArrayRef = Arc::new(Int32Array::from(Vec::<i32>::new()));
    let r: ArrayRef = Arc::new(Float64Array::from(Vec::<f64>::new()));
    check_arith(&l, &r, TypeId::Float64, None);
    check_cmp(&l, &r, TypeId::Float64, None);
    // Slices of no rows of non-empty columns.
    let (a, b) = int32_pair();
    check_arith(&a, &b, TypeId::Int32, Some(((5, 0), (7, 0))));
}

#[test]
fn mixed_type_pairs_compute_in_the_common_type() {
    host();
    // int8 op int16: computed in int32, as C++ promotes both (so no wrap at 8 or 16 bits).
    let i8s: ArrayRef = Arc::new(Int8Array::from(vec![
        Some(127),
        Some(-128),
        None,
        Some(3),
        Some(-9),
    ]));
    let i16s: ArrayRef = Arc::new(Int16Array::from(vec![
        Some(32767),
        Some(2),
        Some(4),
        None,
        Some(-300),
    ]));
    check_arith(&i8s, &i16s, TypeId::Int32, None);
    // int32 op float64: computed in float64.
    let i32s: ArrayRef = Arc::new(Int32Array::from(vec![
        Some(1),
        None,
        Some(-3),
        Some(7),
        Some(0),
    ]));
    let f64s: ArrayRef = Arc::new(Float64Array::from(vec![
        Some(0.5),
        Some(2.0),
        Some(f64::INFINITY),
        None,
        Some(-0.25),
    ]));
    check_arith(&i32s, &f64s, TypeId::Float64, None);
    check_cmp(&i32s, &f64s, TypeId::Float64, None);
    // int32 against uint32: compared exactly (as int64 here), unlike C++'s conversion.
    let u32s: ArrayRef = Arc::new(UInt32Array::from(vec![
        Some(1),
        Some(u32::MAX),
        Some(0),
        Some(7),
        None,
    ]));
    check_cmp(&i32s, &u32s, TypeId::Int64, None);
    // uint32 - uint32 wraps in uint32.
    let small: ArrayRef = Arc::new(UInt32Array::from(vec![
        Some(0),
        Some(1),
        None,
        Some(5),
        Some(u32::MAX),
    ]));
    let sub = arrow_arith_op(Sub, false);
    check_columns(
        &small,
        &u32s,
        Sub,
        TypeId::Uint32,
        TypeId::Uint32,
        sub,
        None,
    );
    // float32 op float32 stays float32.
    let f32a: ArrayRef = Arc::new(Float32Array::from(vec![
        Some(1.5f32),
        None,
        Some(-2.25),
        Some(1e30),
    ]));
    let f32b: ArrayRef = Arc::new(Float32Array::from(vec![
        Some(0.5f32),
        Some(3.0),
        None,
        Some(1e10),
    ]));
    check_arith(&f32a, &f32b, TypeId::Float32, None);
}

#[test]
fn scalar_operands_valid_and_null() {
    host();
    // The rhs of the pair: no zeros, so `scalar / column` has no division by zero either.
    let (_, l) = int32_pair();
    let valid: ArrayRef = Arc::new(Int32Array::from(vec![Some(3)]));
    let null: ArrayRef = Arc::new(Int32Array::from(vec![None::<i32>]));
    check_scalar_all(&l, &valid, TypeId::Int32);
    check_scalar_all(&l, &null, TypeId::Int32);
    let f: ArrayRef = Arc::new(Float64Array::from(vec![Some(-1.5)]));
    check_scalar_all(&l, &f, TypeId::Float64);
}

#[test]
fn integer_division_by_zero_is_null_where_arrow_errors() {
    host();
    let l: ArrayRef = Arc::new(Int32Array::from(vec![Some(7), Some(8), None, Some(-9)]));
    let r: ArrayRef = Arc::new(Int32Array::from(vec![Some(2), Some(0), Some(0), Some(3)]));
    assert!(arrow_arith::numeric::div(&l, &r).is_err());
    let (lc, rc) = (
        from_arrow(l.as_ref()).unwrap(),
        from_arrow(r.as_ref()).unwrap(),
    );
    let got = binary_operation(
        Operand::Column(&lc),
        Operand::Column(&rc),
        Div,
        TypeId::Int32.into(),
    )
    .unwrap();
    let want = Int32Array::from(vec![Some(3), None, None, Some(-3)]);
    assert_eq!(to_arrow(&got).unwrap().as_ref(), &want as &dyn Array);
}

#[test]
fn string_comparisons_with_nulls_and_slices() {
    host();
    let l: ArrayRef = Arc::new(StringArray::from(vec![
        Some("apple"),
        None,
        Some(""),
        Some("b"),
        Some("ab"),
        Some("zeta"),
        None,
        Some("é"),
        Some("same"),
    ]));
    let r: ArrayRef = Arc::new(StringArray::from(vec![
        Some("apples"),
        Some("x"),
        Some(""),
        None,
        Some("abc"),
        Some("Zeta"),
        None,
        Some("e"),
        Some("same"),
    ]));
    check_cmp(&l, &r, TypeId::String, None);
    check_cmp(&l, &r, TypeId::String, Some(((2, 6), (3, 6))));
    let s: ArrayRef = Arc::new(StringArray::from(vec![Some("b")]));
    for op in comparisons() {
        check_scalar(&l, &s, op, TypeId::String, TypeId::Bool8, arrow_cmp_op(op));
    }
}

#[test]
fn timestamp_minus_timestamp_in_the_finer_unit() {
    use arrow_array::{TimestampMillisecondArray, TimestampSecondArray};
    host();
    // Seconds minus milliseconds: both in milliseconds, a DURATION_MILLISECONDS result.
    let l: ArrayRef = Arc::new(TimestampSecondArray::from(vec![
        Some(10),
        None,
        Some(-3),
        Some(1_700_000_000),
    ]));
    let r: ArrayRef = Arc::new(TimestampMillisecondArray::from(vec![
        Some(2_500),
        Some(1),
        Some(7),
        None,
    ]));
    let oracle = arrow_arith_op(Sub, false);
    let ms = TypeId::TimestampMilliseconds;
    let (lc, rc) = (
        from_arrow(l.as_ref()).unwrap(),
        from_arrow(r.as_ref()).unwrap(),
    );
    let out = TypeId::DurationMilliseconds.into();
    let got = binary_operation(Operand::Column(&lc), Operand::Column(&rc), Sub, out).unwrap();
    let want = oracle(&cast(&l, ms), &cast(&r, ms)).unwrap();
    assert_eq!(to_arrow(&got).unwrap().as_ref(), want.as_ref());
}
