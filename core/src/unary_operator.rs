//! libcudf's unary operators, defined once: the op family (`ops::unary`, which re-exports
//! the enum at its old path and adds the type rules) and its device kernels
//! (`device/kernels/unary.rs`, which gives the CUDA sources their `UNARY_<NAME>`
//! constants) both name operators through it, and the Python package builds
//! `ferrodf.plc.unary.UnaryOperator` from it.

use crate::named_enum::named_enum;

named_enum! {
    /// libcudf's unary operators (same values as pylibcudf).
    pub enum UnaryOperator in "unary" {
        Sin = 0 => "SIN",
        Cos = 1 => "COS",
        Tan = 2 => "TAN",
        Arcsin = 3 => "ARCSIN",
        Arccos = 4 => "ARCCOS",
        Arctan = 5 => "ARCTAN",
        Sinh = 6 => "SINH",
        Cosh = 7 => "COSH",
        Tanh = 8 => "TANH",
        Arcsinh = 9 => "ARCSINH",
        Arccosh = 10 => "ARCCOSH",
        Arctanh = 11 => "ARCTANH",
        Exp = 12 => "EXP",
        Log = 13 => "LOG",
        Sqrt = 14 => "SQRT",
        Cbrt = 15 => "CBRT",
        Ceil = 16 => "CEIL",
        Floor = 17 => "FLOOR",
        Abs = 18 => "ABS",
        Rint = 19 => "RINT",
        BitCount = 20 => "BIT_COUNT",
        BitInvert = 21 => "BIT_INVERT",
        Not = 22 => "NOT",
        Negate = 23 => "NEGATE",
    }
}
