//! The host path of the numeric operators: operand values, the row loop and the output
//! buffer and validity.

use super::arith::{arith, compare, int_pow, int_pow_wrapping, shift};
use super::{Operand, shift_type};
use crate::binary_operator::BinaryOperator;
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::ops::numeric::{Num, column_values_as, convert, with_num_type};
use crate::types::{DataType, TypeId, fixed_width};
use arrow_buffer::{BooleanBuffer, NullBuffer, ScalarBuffer};
use rayon::prelude::*;

/// Values of one side in the computation type: a column's values or a broadcast scalar.
pub(super) enum Values<T: Num> {
    Column(ScalarBuffer<T>),
    Scalar(T),
}

impl<T: Num> Values<T> {
    pub(super) fn of(o: &Operand) -> Result<Self> {
        Ok(match o {
            Operand::Column(c) => Values::Column(column_values_as::<T>(c)?),
            Operand::Scalar(s) => Values::Scalar(column_values_as::<T>(s.as_column())?[0]),
        })
    }
    #[inline]
    pub(super) fn get(&self, i: usize) -> T {
        match self {
            Values::Column(v) => v[i],
            Values::Scalar(s) => *s,
        }
    }
}

/// `f(lhs[i], rhs[i])` for every row, with loops specialised per operand shape so they
/// vectorise, in parallel for large inputs.
pub(super) fn zip_map<C: Num, T: Send>(
    n: usize,
    l: &Values<C>,
    r: &Values<C>,
    f: impl Fn(C, C) -> T + Sync + Send,
) -> Vec<T> {
    const PAR: usize = 1 << 16;
    const MIN_LEN: usize = 1 << 14;
    match (l, r) {
        (Values::Column(a), Values::Column(b)) if n >= PAR => a
            .par_iter()
            .zip(b.par_iter())
            .with_min_len(MIN_LEN)
            .map(|(x, y)| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Column(b)) => {
            a.iter().zip(b.iter()).map(|(x, y)| f(*x, *y)).collect()
        }
        (Values::Column(a), Values::Scalar(y)) if n >= PAR => a
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|x| f(*x, *y))
            .collect(),
        (Values::Column(a), Values::Scalar(y)) => a.iter().map(|x| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Column(b)) if n >= PAR => b
            .par_iter()
            .with_min_len(MIN_LEN)
            .map(|y| f(*x, *y))
            .collect(),
        (Values::Scalar(x), Values::Column(b)) => b.iter().map(|y| f(*x, *y)).collect(),
        (Values::Scalar(x), Values::Scalar(y)) => (0..n).map(|_| f(*x, *y)).collect(),
    }
}

pub(super) fn host_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    common: TypeId,
    output: DataType,
    n: usize,
) -> Result<Column> {
    let (l_id, r_id) = (lhs.dtype().id(), rhs.dtype().id());
    let mixed_sign = l_id.is_integer()
        && r_id.is_integer()
        && l_id.is_signed_integer() != r_id.is_signed_integer();
    let (values, op_valid): (Buffer, Option<Vec<bool>>) = if op.is_comparison() {
        let truth = if mixed_sign {
            compare::<i128>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n)
        } else {
            with_num_type!(common, C => { compare::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n) })
        };
        (output_buffer::<u8>(truth, output)?, None)
    } else if op == BinaryOperator::Pow && !l_id.is_floating() && !r_id.is_floating() {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        let v: Vec<f64> = (0..n).map(|i| int_pow(l.get(i), r.get(i))).collect();
        (output_buffer::<f64>(v, output)?, None)
    } else if matches!(op, BinaryOperator::LogBase | BinaryOperator::Atan2) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::LogBase {
            zip_map(n, &l, &r, |a, b| a.ln() / b.ln())
        } else {
            zip_map(n, &l, &r, f64::atan2)
        };
        (output_buffer::<f64>(v, output)?, None)
    } else if matches!(op, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::LogicalAnd {
            zip_map(n, &l, &r, |a, b| u8::from(a != 0.0 && b != 0.0))
        } else {
            zip_map(n, &l, &r, |a, b| u8::from(a != 0.0 || b != 0.0))
        };
        (output_buffer::<u8>(v, output)?, None)
    } else if op == BinaryOperator::IntPow {
        let (l, r) = (Values::<i128>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        with_num_type!(l_id, L => {
            let v = zip_map(n, &l, &r, |x, y| {
                L::from_i128(int_pow_wrapping(x, y, |v| L::from_i128(v).to_i128()))
            });
            (output_buffer::<L>(v, output)?, None)
        })
    } else if matches!(
        op,
        BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight | BinaryOperator::ShiftRightUnsigned
    ) {
        let (l, r) = (Values::<i128>::of(&lhs)?, Values::<i128>::of(&rhs)?);
        let p = shift_type(op, l_id);
        let width = 8 * fixed_width(p).expect("integer") as u32;
        let lhs_bits = 8 * fixed_width(l_id).expect("integer") as u32;
        with_num_type!(p, P => {
            let v = zip_map(n, &l, &r, |x, s| P::from_i128(shift(op, x, s, lhs_bits, width)));
            (output_buffer::<P>(v, output)?, None)
        })
    } else if matches!(op, BinaryOperator::TrueDiv | BinaryOperator::Pow) {
        let (l, r) = (Values::<f64>::of(&lhs)?, Values::<f64>::of(&rhs)?);
        let v = if op == BinaryOperator::TrueDiv {
            zip_map(n, &l, &r, |a, b| a / b)
        } else {
            zip_map(n, &l, &r, f64::powf)
        };
        (output_buffer::<f64>(v, output)?, None)
    } else {
        with_num_type!(common, C => {
            let (v, valid) = arith::<C>(op, &Values::of(&lhs)?, &Values::of(&rhs)?, n);
            (output_buffer::<C>(v, output)?, valid)
        })
    };
    let mut nulls: Option<NullBuffer> = None;
    for side in [lhs, rhs] {
        if let Operand::Column(c) = side {
            nulls = NullBuffer::union(nulls.as_ref(), c.host_nulls()?.as_ref());
        }
    }
    if let Some(valid) = op_valid {
        let op_nulls = NullBuffer::new(BooleanBuffer::from(valid));
        nulls = NullBuffer::union(nulls.as_ref(), Some(&op_nulls));
    }
    let (mask, null_count) = match nulls {
        Some(nb) if nb.null_count() > 0 => {
            let count = nb.null_count();
            (
                Some(Buffer::from_arrow(nb.into_inner().sliced())),
                Some(count),
            )
        }
        _ => (None, Some(0)),
    };
    Column::new(output, n, Some(values), mask, null_count, 0, vec![])
}

/// Validity of each of `n` rows of one side (a null scalar is `n` nulls).
pub(super) fn row_validity(o: &Operand, n: usize) -> Result<Vec<bool>> {
    Ok(match o {
        Operand::Scalar(s) => vec![s.is_valid()?; n],
        Operand::Column(c) => match c.host_nulls()? {
            None => vec![true; n],
            Some(nb) => nb.iter().collect(),
        },
    })
}

/// Values of one side, with a null scalar read as zero (its bytes need not exist).
pub(super) fn values_or_zero<T: Num>(o: &Operand) -> Result<Values<T>> {
    match o {
        Operand::Scalar(s) if !s.is_valid()? => Ok(Values::Scalar(T::zero())),
        _ => Values::of(o),
    }
}

/// The null-aware operators (NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX, NULL_MIN,
/// NULL_LOGICAL_AND, NULL_LOGICAL_OR) on the host.
pub(super) fn host_null_aware(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    common: TypeId,
    output: DataType,
    n: usize,
) -> Result<Column> {
    use BinaryOperator::*;
    let (lv, rv) = (row_validity(&lhs, n)?, row_validity(&rhs, n)?);
    let (l_id, r_id) = (lhs.dtype().id(), rhs.dtype().id());
    let (values, valid): (Buffer, Option<Vec<bool>>) = match op {
        NullEquals | NullNotEquals => {
            let mixed_sign = l_id.is_integer()
                && r_id.is_integer()
                && l_id.is_signed_integer() != r_id.is_signed_integer();
            let eq = if mixed_sign {
                compare::<i128>(Equal, &values_or_zero(&lhs)?, &values_or_zero(&rhs)?, n)
            } else {
                with_num_type!(common, C => {
                    compare::<C>(Equal, &values_or_zero(&lhs)?, &values_or_zero(&rhs)?, n)
                })
            };
            let want = u8::from(op == NullEquals);
            let v: Vec<u8> = (0..n)
                .map(|i| {
                    let same = if lv[i] && rv[i] {
                        eq[i] != 0
                    } else {
                        lv[i] == rv[i]
                    };
                    if same { want } else { 1 - want }
                })
                .collect();
            (output_buffer::<u8>(v, output)?, None)
        }
        NullMax | NullMin => with_num_type!(common, C => {
            let (l, r) = (values_or_zero::<C>(&lhs)?, values_or_zero::<C>(&rhs)?);
            let v: Vec<C> = (0..n)
                .map(|i| {
                    let (a, b) = (l.get(i), r.get(i));
                    match (lv[i], rv[i]) {
                        (true, true) if op == NullMax => if a > b { a } else { b },
                        (true, true) => if a < b { a } else { b },
                        (true, false) => a,
                        _ => b,
                    }
                })
                .collect();
            let valid = (0..n).map(|i| lv[i] || rv[i]).collect();
            (output_buffer::<C>(v, output)?, Some(valid))
        }),
        _ => {
            let (l, r) = (values_or_zero::<f64>(&lhs)?, values_or_zero::<f64>(&rhs)?);
            let mut valid = Vec::with_capacity(n);
            let v: Vec<u8> = (0..n)
                .map(|i| {
                    let (a, b) = (lv[i] && l.get(i) != 0.0, rv[i] && r.get(i) != 0.0);
                    let both = lv[i] && rv[i];
                    if op == NullLogicalAnd {
                        let (a_false, b_false) = (lv[i] && !a, rv[i] && !b);
                        valid.push(a_false || b_false || both);
                        u8::from(both && a && b)
                    } else {
                        valid.push(a || b || both);
                        u8::from(a || b)
                    }
                })
                .collect();
            (output_buffer::<u8>(v, output)?, Some(valid))
        }
    };
    let (mask, null_count) = match valid {
        Some(valid) if valid.iter().any(|v| !v) => {
            let (m, nc) = mask_from_bools(n, valid);
            (Some(m), Some(nc))
        }
        _ => (None, Some(0)),
    };
    Column::new(output, n, Some(values), mask, null_count, 0, vec![])
}

/// Convert computed values to the output type's storage.
pub(super) fn output_buffer<C: Num>(v: Vec<C>, output: DataType) -> Result<Buffer> {
    let to_bool = output.id() == TypeId::Bool8;
    with_num_type!(output.id(), O => {
        if !to_bool && std::any::TypeId::of::<O>() == std::any::TypeId::of::<C>() {
            return Ok(Buffer::from_vec(v));
        }
        Ok(Buffer::from_vec(convert::<C, O>(&v, false, to_bool)))
    })
}
