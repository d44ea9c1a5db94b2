//! Decimal operations: the result scales, and DECIMAL32/64 composed from integer operations
//! on the unscaled values.

use super::decimal128::decimal128_binary;
use super::time::Ticks;
use super::{Operand, binary_operation};
use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::cast::bit_cast;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// Checks a decimal operation; returns the result scale (ADD/SUB/MUL) or None
/// (comparisons). Both operands must have the same decimal width (two DECIMAL32, two
/// DECIMAL64 or two DECIMAL128), as libcudf requires.
pub(super) fn check_decimal(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> Result<Option<i32>> {
    use BinaryOperator::*;
    let (l, r) = (lhs.id(), rhs.id());
    if l != r || !l.is_decimal() {
        return Err(Error::not_implemented(format!(
            "binary_operation {op:?} on {l} and {r} operands is not implemented; decimals \
             support two DECIMAL32, two DECIMAL64 or two DECIMAL128 operands (cast one side \
             to the other's width first)"
        )));
    }
    let scale = match op {
        Add | Sub | NullMax | NullMin => lhs.scale().min(rhs.scale()),
        Mul => lhs.scale().saturating_add(rhs.scale()),
        _ if op.is_comparison() || matches!(op, NullEquals | NullNotEquals) => {
            if out.id() != TypeId::Bool8 {
                return Err(Error::type_err(format!(
                    "binary_operation {op:?} of decimals produces BOOL8; pass a BOOL8 output \
                     type, not {}",
                    out.id()
                )));
            }
            return Ok(None);
        }
        _ => {
            return Err(Error::not_implemented(format!(
                "binary_operation {op:?} on {l} operands is not implemented; decimals support \
                 ADD, SUB, MUL, the comparisons, NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX and \
                 NULL_MIN"
            )));
        }
    };
    let want = DataType::new(l, scale);
    if out != want {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} of {lhs} and {rhs} gives {want}; pass that output type, \
             not {out}"
        )));
    }
    Ok(Some(scale))
}

/// A decimal operand as its unscaled integers (INT32 or INT64), rescaled by `10^k`
/// in that integer type (wrapping, as libcudf's fixed_point rescaling).
pub(super) fn rescaled(o: &Operand, k: u32) -> Result<Ticks> {
    let rep = if o.dtype().id() == TypeId::Decimal32 {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    let reinterpret = |c: &Column| bit_cast(c, rep.into());
    // 10^k wrapped to the storage width, as libcudf's fixed_point rescaling computes it
    // (2^32 and 2^64 divide 2^128, so wrapping in i128 first then narrowing is the same).
    let factor = 10i128.wrapping_pow(k);
    match o {
        Operand::Column(c) => {
            let ints = reinterpret(c)?;
            if k == 0 {
                return Ok(Ticks::Column(ints));
            }
            let f = if rep == TypeId::Int32 {
                Scalar::from_native(factor as i32)
            } else {
                Scalar::from_native(factor as i64)
            };
            Ok(Ticks::Column(binary_operation(
                Operand::Column(&ints),
                Operand::Scalar(&f),
                BinaryOperator::Mul,
                rep.into(),
            )?))
        }
        Operand::Scalar(s) => {
            let ints = Scalar::from_column(reinterpret(s.as_column())?)?;
            Ok(Ticks::Scalar(if rep == TypeId::Int32 {
                let v = ints.value::<i32>()?;
                Scalar::from_native_as(rep.into(), v.map(|x| x.wrapping_mul(factor as i32)))?
            } else {
                let v = ints.value::<i64>()?;
                Scalar::from_native_as(rep.into(), v.map(|x| x.wrapping_mul(factor as i64)))?
            }))
        }
    }
}

/// Decimal ADD/SUB (at the smaller scale), MUL (scales add) and comparisons (at the
/// smaller scale), composed from integer operations on the unscaled values in the
/// storage type, so both placements share the integer kernels.
pub(super) fn decimal_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let result_scale = check_decimal(output, lhs.dtype(), rhs.dtype(), op)?;
    let (kl, kr) = rescale_exponents(lhs.dtype(), rhs.dtype(), op);
    if lhs.dtype().id() == TypeId::Decimal128 {
        return decimal128_binary(lhs, rhs, op, output, (kl, kr));
    }
    let (l, r) = (rescaled(&lhs, kl)?, rescaled(&rhs, kr)?);
    if result_scale.is_none() {
        return binary_operation(l.operand(), r.operand(), op, output);
    }
    let rep = if output.id() == TypeId::Decimal32 {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    let v = binary_operation(l.operand(), r.operand(), op, rep.into())?;
    bit_cast(&v, output)
}

/// The powers of ten each side is multiplied by before the operation: both sides are
/// brought to the smaller scale, except for MUL, which multiplies the unscaled values.
pub(super) fn rescale_exponents(lhs: DataType, rhs: DataType, op: BinaryOperator) -> (u32, u32) {
    if op == BinaryOperator::Mul {
        return (0, 0);
    }
    let (ls, rs) = (lhs.scale(), rhs.scale());
    let m = ls.min(rs);
    (ls.abs_diff(m), rs.abs_diff(m))
}
