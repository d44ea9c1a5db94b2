//! Output-type rules: which `lhs op rhs -> out` triples are supported, the common type a
//! numeric operation is computed in, and the type a shift is computed in.

use super::decimal::check_decimal;
use super::strings::check_strings;
use super::time::{check_time, time_unit};
use crate::binary_operator::BinaryOperator;
use crate::error::{Error, Result};
use crate::ops::numeric::common_type;
use crate::types::{DataType, TypeId};

/// C++'s integer promotion: types narrower than int (and bool) compute as int32.
pub fn promoted(t: TypeId) -> TypeId {
    match t {
        TypeId::Bool8 | TypeId::Int8 | TypeId::Uint8 | TypeId::Int16 | TypeId::Uint16 => {
            TypeId::Int32
        }
        t => t,
    }
}

/// The type a shift of a `lhs` value is computed in: the promoted lhs type, or for
/// SHIFT_RIGHT_UNSIGNED the promoted unsigned counterpart of the lhs type.
pub fn shift_type(op: BinaryOperator, lhs: TypeId) -> TypeId {
    if op == BinaryOperator::ShiftRightUnsigned {
        match lhs {
            TypeId::Int32 | TypeId::Uint32 => TypeId::Uint32,
            TypeId::Int64 | TypeId::Uint64 => TypeId::Uint64,
            t => promoted(t),
        }
    } else {
        promoted(lhs)
    }
}

/// Whether `binary_operation` supports `lhs op rhs -> out` (pylibcudf's
/// `is_supported_operation`).
pub fn is_supported_operation(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> bool {
    check(out, lhs, rhs, op).is_ok()
}

pub(super) fn check(
    out: DataType,
    lhs: DataType,
    rhs: DataType,
    op: BinaryOperator,
) -> Result<TypeId> {
    use BinaryOperator::*;
    if !op.is_implemented() {
        return Err(Error::not_implemented(format!(
            "binary_operation with {op:?} is not implemented: GENERIC_BINARY needs a \
             user-defined function and INVALID_BINARY is no operation"
        )));
    }
    if lhs.id() == TypeId::String && rhs.id() == TypeId::String {
        return check_strings(out, op);
    }
    if lhs.id().is_decimal() || rhs.id().is_decimal() {
        return check_decimal(out, lhs, rhs, op).map(|_| TypeId::Int64);
    }
    if time_unit(lhs.id()).is_some() && time_unit(rhs.id()).is_some() {
        return check_time(out, lhs.id(), rhs.id(), op).map(|_| TypeId::Int64);
    }
    for t in [lhs, rhs] {
        if !t.id().is_numeric() {
            return Err(Error::not_implemented(format!(
                "binary_operation {op:?} on {} and {} operands is not implemented yet; it \
                 supports integer, float and BOOL8 operands, and comparisons of two STRING \
                 operands",
                lhs.id(),
                rhs.id()
            )));
        }
    }
    let (l, r) = (lhs.id(), rhs.id());
    let int_or_bool = |t: TypeId| t.is_integer() || t == TypeId::Bool8;
    let bad = match op {
        IntPow => (!l.is_integer() || !r.is_integer()).then_some("integer operands"),
        ShiftLeft | ShiftRight => {
            (!int_or_bool(l) || !int_or_bool(r)).then_some("integer or BOOL8 operands")
        }
        ShiftRightUnsigned => (!l.is_integer() || !int_or_bool(r))
            .then_some("an integer lhs and an integer or BOOL8 rhs"),
        BitwiseAnd | BitwiseOr | BitwiseXor => {
            (!int_or_bool(l) || !int_or_bool(r)).then_some("integer or BOOL8 operands")
        }
        _ => None,
    };
    if let Some(need) = bad {
        return Err(Error::type_err(format!(
            "binary_operation {op:?} needs {need}, got {l} and {r} operands"
        )));
    }
    if !out.id().is_numeric() {
        let hint = if op.is_comparison()
            || matches!(
                op,
                LogicalAnd
                    | LogicalOr
                    | NullEquals
                    | NullNotEquals
                    | NullLogicalAnd
                    | NullLogicalOr
            ) {
            " (BOOL8 for comparisons and logical operators)"
        } else {
            ""
        };
        return Err(Error::type_err(format!(
            "binary_operation {op:?} cannot produce {}; pass a numeric output type{hint}",
            out.id(),
        )));
    }
    common_type(l, r)
}
