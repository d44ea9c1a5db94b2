//! DECIMAL128 operations on the unscaled 128-bit integers (their own host loop and kernel).

use super::arith::compare;
use super::host::{Values, row_validity, zip_map};
use super::{Operand, all_null, dev, operand_nulls, operand_rows};
use crate::binary_operator::BinaryOperator;
use crate::bitmask::mask_from_bools;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::Result;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::DataType;

/// The unscaled value of a DECIMAL128 scalar (None when null).
pub(super) fn decimal128_scalar(s: &Scalar) -> Result<Option<i128>> {
    if !s.is_valid()? {
        return Ok(None);
    }
    Ok(Some(s.as_column().host_values::<i128>()?[0]))
}

/// DECIMAL128 ADD/SUB/MUL, comparisons and the null-aware NULL_EQUALS, NULL_NOT_EQUALS,
/// NULL_MAX and NULL_MIN on the unscaled 128-bit integers, after multiplying each side by
/// `10^k` (`k` from [`rescale_exponents`](super::decimal::rescale_exponents)). Arithmetic
/// and rescaling wrap modulo 2^128 as libcudf's `fixed_point<__int128_t>` does; there is
/// no 128-bit integer type to compose from, so this has its own kernel.
pub(super) fn decimal128_binary<'a>(
    lhs: Operand<'a>,
    rhs: Operand<'a>,
    op: BinaryOperator,
    output: DataType,
    (kl, kr): (u32, u32),
) -> Result<Column> {
    let n = operand_rows(&lhs, &rhs)?;
    if !op.is_null_aware() {
        for side in [lhs, rhs] {
            if let Operand::Scalar(s) = side
                && !s.is_valid()?
            {
                return all_null(output, n);
            }
        }
    }
    let factors = (10i128.wrapping_pow(kl), 10i128.wrapping_pow(kr));
    if use_device()? {
        let side = |o: &Operand<'a>| -> Result<dev::Decimal128Operand<'a>> {
            Ok(match *o {
                Operand::Column(c) => dev::Decimal128Operand::Column(c),
                Operand::Scalar(s) => dev::Decimal128Operand::Scalar(decimal128_scalar(s)?),
            })
        };
        return dev::decimal128(&side(&lhs)?, &side(&rhs)?, op, factors, output, n);
    }
    let values = |o: &Operand, f: i128| -> Result<Values<i128>> {
        Ok(match o {
            Operand::Column(c) if f == 1 => Values::Column(c.host_values::<i128>()?),
            Operand::Column(c) => Values::Column(
                c.host_values::<i128>()?
                    .iter()
                    .map(|v| v.wrapping_mul(f))
                    .collect(),
            ),
            Operand::Scalar(s) => {
                Values::Scalar(decimal128_scalar(s)?.unwrap_or(0).wrapping_mul(f))
            }
        })
    };
    let (l, r) = (values(&lhs, factors.0)?, values(&rhs, factors.1)?);
    use BinaryOperator::*;
    let (buffer, valid) = match op {
        Add => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_add)),
            None,
        ),
        Sub => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_sub)),
            None,
        ),
        Mul => (
            Buffer::from_vec(zip_map(n, &l, &r, i128::wrapping_mul)),
            None,
        ),
        NullEquals | NullNotEquals | NullMax | NullMin => {
            let (lv, rv) = (row_validity(&lhs, n)?, row_validity(&rhs, n)?);
            let (values, valid) = decimal128_null_aware(op, &l, &r, &lv, &rv);
            (values, Some(valid))
        }
        _ => (Buffer::from_vec(compare::<i128>(op, &l, &r, n)), None),
    };
    let (mask, null_count) = match valid {
        Some(valid) => match valid.iter().any(|v| !v) {
            true => {
                let (m, nc) = mask_from_bools(n, valid);
                (Some(m), Some(nc))
            }
            false => (None, Some(0)),
        },
        None => operand_nulls(&lhs, &rhs)?,
    };
    Column::new(output, n, Some(buffer), mask, null_count, 0, vec![])
}

/// NULL_EQUALS, NULL_NOT_EQUALS (BOOL8, never null), NULL_MAX and NULL_MIN (the valid side
/// when one is null) of rescaled DECIMAL128 values with validities `lv`, `rv`; returns the
/// values and the output validity.
pub(super) fn decimal128_null_aware(
    op: BinaryOperator,
    l: &Values<i128>,
    r: &Values<i128>,
    lv: &[bool],
    rv: &[bool],
) -> (Buffer, Vec<bool>) {
    use BinaryOperator::*;
    let rows = 0..lv.len();
    if matches!(op, NullEquals | NullNotEquals) {
        let want = u8::from(op == NullEquals);
        let v: Vec<u8> = rows
            .map(|i| {
                let same = if lv[i] && rv[i] {
                    l.get(i) == r.get(i)
                } else {
                    lv[i] == rv[i]
                };
                if same { want } else { 1 - want }
            })
            .collect();
        return (Buffer::from_vec(v), vec![true; lv.len()]);
    }
    let v: Vec<i128> = rows
        .clone()
        .map(|i| {
            let (a, b) = (l.get(i), r.get(i));
            match (lv[i], rv[i]) {
                (true, true) if op == NullMax => a.max(b),
                (true, true) => a.min(b),
                (true, false) => a,
                _ => b,
            }
        })
        .collect();
    let valid = rows.map(|i| lv[i] || rv[i]).collect();
    (Buffer::from_vec(v), valid)
}
