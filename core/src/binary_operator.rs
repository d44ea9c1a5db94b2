//! libcudf's binary operators, defined once: the op family (`ops::binaryop`, which
//! re-exports the enum at its old path and adds the type classes of operators) and its
//! device kernels (`device/kernels/binaryop.rs`, which derives the kernel names and the
//! CUDA sources' `BINOP_<NAME>` constants from it) both name operators through it.
//!
//! The Python package builds `ferrodf.plc.binaryop.BinaryOperator` from this list (see
//! [`named_enum`](crate::named_enum)).

use crate::named_enum::named_enum;

named_enum! {
    /// libcudf's binary operators (same values as pylibcudf).
    pub enum BinaryOperator in "binaryop" {
        Add = 0 => "ADD",
        Sub = 1 => "SUB",
        Mul = 2 => "MUL",
        Div = 3 => "DIV",
        TrueDiv = 4 => "TRUE_DIV",
        FloorDiv = 5 => "FLOOR_DIV",
        Mod = 6 => "MOD",
        Pmod = 7 => "PMOD",
        Pymod = 8 => "PYMOD",
        Pow = 9 => "POW",
        IntPow = 10 => "INT_POW",
        LogBase = 11 => "LOG_BASE",
        Atan2 = 12 => "ATAN2",
        ShiftLeft = 13 => "SHIFT_LEFT",
        ShiftRight = 14 => "SHIFT_RIGHT",
        ShiftRightUnsigned = 15 => "SHIFT_RIGHT_UNSIGNED",
        BitwiseAnd = 16 => "BITWISE_AND",
        BitwiseOr = 17 => "BITWISE_OR",
        BitwiseXor = 18 => "BITWISE_XOR",
        LogicalAnd = 19 => "LOGICAL_AND",
        LogicalOr = 20 => "LOGICAL_OR",
        Equal = 21 => "EQUAL",
        NotEqual = 22 => "NOT_EQUAL",
        Less = 23 => "LESS",
        Greater = 24 => "GREATER",
        LessEqual = 25 => "LESS_EQUAL",
        GreaterEqual = 26 => "GREATER_EQUAL",
        NullEquals = 27 => "NULL_EQUALS",
        NullNotEquals = 28 => "NULL_NOT_EQUALS",
        NullMax = 29 => "NULL_MAX",
        NullMin = 30 => "NULL_MIN",
        GenericBinary = 31 => "GENERIC_BINARY",
        NullLogicalAnd = 32 => "NULL_LOGICAL_AND",
        NullLogicalOr = 33 => "NULL_LOGICAL_OR",
        InvalidBinary = 34 => "INVALID_BINARY",
    }
}

impl BinaryOperator {
    /// The operator's number: pylibcudf's value, and the value of `BINOP_<NAME>` in the
    /// CUDA sources, so the kernels switch on it.
    pub const fn kernel_id(self) -> i32 {
        self as i32
    }
}

#[cfg(test)]
mod tests {
    use super::BinaryOperator;

    #[test]
    fn values_are_positions_and_names_are_the_variants_in_capitals() {
        for (i, op) in BinaryOperator::ALL.iter().enumerate() {
            assert_eq!(op.kernel_id() as usize, i, "{op:?}");
            assert_eq!(BinaryOperator::from_i32(i as i32).unwrap(), *op);
            let mut capitals = String::new();
            for (k, ch) in format!("{op:?}").chars().enumerate() {
                if ch.is_ascii_uppercase() && k > 0 {
                    capitals.push('_');
                }
                capitals.push(ch.to_ascii_uppercase());
            }
            // "Atan2" is ATAN2, "Pymod" PYMOD: the capitals of the variant, split at words.
            assert_eq!(op.name(), capitals, "{op:?}");
        }
        assert!(BinaryOperator::from_i32(BinaryOperator::ALL.len() as i32).is_err());
        assert!(BinaryOperator::from_i32(-1).is_err());
    }
}
