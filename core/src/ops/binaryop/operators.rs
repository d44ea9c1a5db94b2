//! The binary operators (pylibcudf's `BinaryOperator`, defined once in
//! [`crate::binary_operator`]) and the classes of them the type rules look at.

use crate::binary_operator::BinaryOperator;
use crate::types::TypeId;

impl BinaryOperator {
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
