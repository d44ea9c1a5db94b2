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
    fn kernel_ids_are_the_python_values() {
        for (i, op) in BinaryOperator::ALL.iter().enumerate() {
            assert_eq!(op.kernel_id() as usize, i, "{op:?}");
            assert_eq!(BinaryOperator::from_i32(i as i32).unwrap(), *op);
        }
        assert!(BinaryOperator::from_i32(BinaryOperator::ALL.len() as i32).is_err());
        assert!(BinaryOperator::from_i32(-1).is_err());
    }
}
