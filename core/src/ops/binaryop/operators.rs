//! The binary operators (pylibcudf's `BinaryOperator`) and the classes of them the type
//! rules and kernels look at.

use crate::error::{Error, Result};
use crate::types::TypeId;

/// pylibcudf's `BinaryOperator`, with its numeric values.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinaryOperator {
    Add = 0,
    Sub,
    Mul,
    Div,
    TrueDiv,
    FloorDiv,
    Mod,
    Pmod,
    Pymod,
    Pow,
    IntPow,
    LogBase,
    Atan2,
    ShiftLeft,
    ShiftRight,
    ShiftRightUnsigned,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LogicalAnd,
    LogicalOr,
    Equal,
    NotEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    NullEquals,
    NullNotEquals,
    NullMax,
    NullMin,
    GenericBinary,
    NullLogicalAnd,
    NullLogicalOr,
    InvalidBinary,
}

impl BinaryOperator {
    /// The operator with numeric value `v`.
    pub fn from_i32(v: i32) -> Result<BinaryOperator> {
        use BinaryOperator::*;
        const ALL: [BinaryOperator; 35] = [
            Add,
            Sub,
            Mul,
            Div,
            TrueDiv,
            FloorDiv,
            Mod,
            Pmod,
            Pymod,
            Pow,
            IntPow,
            LogBase,
            Atan2,
            ShiftLeft,
            ShiftRight,
            ShiftRightUnsigned,
            BitwiseAnd,
            BitwiseOr,
            BitwiseXor,
            LogicalAnd,
            LogicalOr,
            Equal,
            NotEqual,
            Less,
            Greater,
            LessEqual,
            GreaterEqual,
            NullEquals,
            NullNotEquals,
            NullMax,
            NullMin,
            GenericBinary,
            NullLogicalAnd,
            NullLogicalOr,
            InvalidBinary,
        ];
        usize::try_from(v)
            .ok()
            .and_then(|i| ALL.get(i).copied())
            .ok_or_else(|| Error::value(format!("{v} is not a BinaryOperator")))
    }
    pub(super) fn is_comparison(self) -> bool {
        (BinaryOperator::Equal as i32..=BinaryOperator::GreaterEqual as i32)
            .contains(&(self as i32))
    }
    pub(super) fn is_implemented(self) -> bool {
        !matches!(
            self,
            BinaryOperator::GenericBinary | BinaryOperator::InvalidBinary
        )
    }
    /// Operators that look at validity themselves (a null input need not give a null).
    pub fn is_null_aware(self) -> bool {
        use BinaryOperator::*;
        matches!(
            self,
            NullEquals | NullNotEquals | NullMax | NullMin | NullLogicalAnd | NullLogicalOr
        )
    }
    /// Whether the operator can turn valid integer inputs into a null (division by zero).
    pub(super) fn may_null(self, common: TypeId) -> bool {
        use BinaryOperator::*;
        common.is_integer() && matches!(self, Div | FloorDiv | Mod | Pmod | Pymod)
    }
}
