//! libcudf's unary operators, defined once: the op family (`ops::unary`, which re-exports
//! the enum at its old path and adds the type rules) and its device kernels
//! (`device/kernels/unary.rs`, which gives the CUDA sources their `UNARY_<NAME>`
//! constants) both name operators through it, and the Python package builds
//! `ferrodf.plc.unary.UnaryOperator` from it.

use crate::named_enum::named_enum;

named_enum! {
    /// libcudf's unary operators (same values as pylibcudf).
    pub enum UnaryOperator in "unary" {
        Sin,
        Cos,
        Tan,
        Arcsin,
        Arccos,
        Arctan,
        Sinh,
        Cosh,
        Tanh,
        Arcsinh,
        Arccosh,
        Arctanh,
        Exp,
        Log,
        Sqrt,
        Cbrt,
        Ceil,
        Floor,
        Abs,
        Rint,
        BitCount,
        BitInvert,
        Not,
        Negate,
    }
}
