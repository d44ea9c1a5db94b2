//! Timestamp and duration operations, composed from integer operations on the tick counts.

use super::{Operand, binary_operation};
use crate::binary_operator::BinaryOperator;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::cast::bit_cast;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId, fixed_width};

/// (is a timestamp, nanoseconds per tick) of TIMESTAMP_* and DURATION_* types.
pub(super) fn time_unit(id: TypeId) -> Option<(bool, i64)> {
    use TypeId::*;
    Some(match id {
        TimestampDays => (true, 86_400_000_000_000),
        TimestampSeconds => (true, 1_000_000_000),
        TimestampMilliseconds => (true, 1_000_000),
        TimestampMicroseconds => (true, 1_000),
        TimestampNanoseconds => (true, 1),
        DurationDays => (false, 86_400_000_000_000),
        DurationSeconds => (false, 1_000_000_000),
        DurationMilliseconds => (false, 1_000_000),
        DurationMicroseconds => (false, 1_000),
        DurationNanoseconds => (false, 1),
        _ => return None,
    })
}

/// Checks a timestamp/duration operation; returns the common unit (ns per tick) and,
/// for ADD/SUB, whether the result is a timestamp.
pub(super) fn check_time(
    out: DataType,
    l: TypeId,
    r: TypeId,
    op: BinaryOperator,
) -> Result<(i64, Option<bool>)> {
    use BinaryOperator::*;
    let ((lt, lu), (rt, ru)) = (time_unit(l).expect("time"), time_unit(r).expect("time"));
    let unit = lu.min(ru);
    let unsupported = || {
        Error::not_implemented(format!(
            "binary_operation {op:?} on {l} and {r} operands is not implemented; timestamps \
             and durations support ADD (timestamp + duration, duration + duration), SUB \
             (timestamp - duration, timestamp - timestamp, duration - duration), and the \
             comparisons, NULL_EQUALS, NULL_NOT_EQUALS, NULL_MAX and NULL_MIN of two \
             timestamps or two durations"
        ))
    };
    let result_is_timestamp = match (op, lt, rt) {
        (Add, true, false) | (Add, false, true) | (Sub, true, false) => true,
        (Add, false, false) | (Sub, false, false) | (Sub, true, true) => false,
        (NullMax | NullMin, a, b) if a == b => a,
        _ if (op.is_comparison() || matches!(op, NullEquals | NullNotEquals)) && lt == rt => {
            if !out.id().is_numeric() {
                return Err(Error::type_err(format!(
                    "binary_operation {op:?} cannot produce {}; pass a BOOL8 output type",
                    out.id()
                )));
            }
            return Ok((unit, None));
        }
        _ => return Err(unsupported()),
    };
    let kind = if result_is_timestamp {
        "timestamp"
    } else {
        "duration"
    };
    match time_unit(out.id()) {
        Some((ot, ou)) if ot == result_is_timestamp && ou <= unit => {
            Ok((unit, Some(result_is_timestamp)))
        }
        _ => Err(Error::type_err(format!(
            "binary_operation {op:?} of {l} and {r} gives a {kind} in units of {unit} ns; pass \
             a {kind} output type of that unit or a finer one, not {}",
            out.id()
        ))),
    }
}

/// A column or scalar of a time type viewed as INT64 ticks of `unit` ns.
pub(super) enum Ticks {
    Column(Column),
    Scalar(Scalar),
}

impl Ticks {
    pub(super) fn operand(&self) -> Operand<'_> {
        match self {
            Ticks::Column(c) => Operand::Column(c),
            Ticks::Scalar(s) => Operand::Scalar(s),
        }
    }
}

/// Reinterpret `c` (a time type) as its integer storage type.
pub(super) fn as_integer(c: &Column) -> Result<Column> {
    let id = if fixed_width(c.dtype().id()) == Some(4) {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    bit_cast(c, id.into())
}

pub(super) fn to_ticks(o: &Operand, unit: i64) -> Result<Ticks> {
    let (_, u) = time_unit(o.dtype().id()).expect("time type");
    let factor = u / unit;
    match o {
        Operand::Column(c) => {
            let ints = as_integer(c)?;
            if factor == 1 && ints.dtype().id() == TypeId::Int64 {
                return Ok(Ticks::Column(ints));
            }
            let f = Scalar::from_native(factor);
            Ok(Ticks::Column(binary_operation(
                Operand::Column(&ints),
                Operand::Scalar(&f),
                BinaryOperator::Mul,
                TypeId::Int64.into(),
            )?))
        }
        Operand::Scalar(s) => {
            let ints = as_integer(s.as_column())?;
            let v = if ints.dtype().id() == TypeId::Int32 {
                Scalar::from_column(ints)?.value::<i32>()?.map(i64::from)
            } else {
                Scalar::from_column(ints)?.value::<i64>()?
            };
            Ok(Ticks::Scalar(Scalar::from_native_as(
                TypeId::Int64.into(),
                v.map(|x| x.wrapping_mul(factor)),
            )?))
        }
    }
}

/// Timestamp and duration arithmetic and comparisons, composed from integer operations
/// on the tick counts (so both placements share the integer kernels): the operands are
/// scaled to the finer unit (C++'s chrono common type), combined, and a timestamp or
/// duration result is scaled to the output's unit.
pub(super) fn time_binary(
    lhs: Operand,
    rhs: Operand,
    op: BinaryOperator,
    output: DataType,
) -> Result<Column> {
    let (unit, result) = check_time(output, lhs.dtype().id(), rhs.dtype().id(), op)?;
    let (l, r) = (to_ticks(&lhs, unit)?, to_ticks(&rhs, unit)?);
    let Some(_) = result else {
        return binary_operation(l.operand(), r.operand(), op, output);
    };
    let mut ticks = binary_operation(l.operand(), r.operand(), op, TypeId::Int64.into())?;
    let (_, out_unit) = time_unit(output.id()).expect("checked");
    if unit / out_unit != 1 {
        let f = Scalar::from_native(unit / out_unit);
        ticks = binary_operation(
            Operand::Column(&ticks),
            Operand::Scalar(&f),
            BinaryOperator::Mul,
            TypeId::Int64.into(),
        )?;
    }
    if fixed_width(output.id()) == Some(4) {
        let zero = Scalar::from_native(0i64);
        ticks = binary_operation(
            Operand::Column(&ticks),
            Operand::Scalar(&zero),
            BinaryOperator::Add,
            TypeId::Int32.into(),
        )?;
    }
    bit_cast(&ticks, output)
}
