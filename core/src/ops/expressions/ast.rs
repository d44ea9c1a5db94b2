//! The expression tree: libcudf's `cudf::ast` nodes (literal, column reference, column name
//! reference, operation) and its operator and table-reference enums, with pylibcudf's names
//! and values.
//!
//! Nodes are immutable and shared (`Arc`): an operation holds its operands, so a Python
//! object may be reused in several trees and dropped in any order (libcudf's nodes only
//! borrow, which is why pylibcudf keeps references to them).

use crate::error::{Error, Result};
use crate::named_enum::named_enum;
use crate::scalar::Scalar;
use crate::types::TypeId;
use std::fmt;
use std::sync::Arc;

named_enum! {
    /// libcudf's AST operators (`cudf::ast::ast_operator`), with pylibcudf's values.
    pub enum ASTOperator in "expressions" {
        Add,
        Sub,
        Mul,
        Div,
        TrueDiv,
        FloorDiv,
        Mod,
        Pymod,
        Pow,
        Equal,
        NullEqual,
        NotEqual,
        Less,
        Greater,
        LessEqual,
        GreaterEqual,
        BitwiseAnd,
        BitwiseOr,
        BitwiseXor,
        LogicalAnd,
        NullLogicalAnd,
        LogicalOr,
        NullLogicalOr,
        Identity,
        IsNull,
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
        BitInvert,
        Not,
        CastToInt64,
        CastToUint64,
        CastToFloat64,
    }
}

impl ASTOperator {
    /// How many operands the operator takes: 2 for the binary operators (`ADD` to
    /// `NULL_LOGICAL_OR`), 1 for the unary ones (`IDENTITY` on).
    ///
    /// ```
    /// use ferrodf_core::ops::expressions::ASTOperator;
    /// assert_eq!(ASTOperator::Add.arity(), 2);
    /// assert_eq!(ASTOperator::IsNull.arity(), 1);
    /// ```
    pub fn arity(self) -> usize {
        if (self as i32) < ASTOperator::Identity as i32 {
            2
        } else {
            1
        }
    }
}

named_enum! {
    /// Which table of a two-table expression (a join's) a column reference reads.
    pub enum TableReference in "expressions" {
        Left,
        Right,
    }
}

/// A node of an expression tree.
#[derive(Clone, Debug)]
pub enum Expression {
    /// A constant (a numeric, boolean, timestamp, duration, decimal or string scalar).
    Literal(Scalar),
    /// Column `index` of the table the expression is evaluated on (`table`: which table of
    /// a join; `compute_column` reads only the left one).
    ColumnReference {
        /// The column's position.
        index: usize,
        /// The table it belongs to.
        table: TableReference,
    },
    /// A column named in a file's metadata (for readers' filters; `compute_column` refuses
    /// it).
    ColumnNameReference(String),
    /// An operator applied to one or two operands.
    Operation {
        /// The operator.
        op: ASTOperator,
        /// Its operands (as many as [`ASTOperator::arity`]).
        operands: Vec<Arc<Expression>>,
    },
}

impl Expression {
    /// A literal of `value`. ValueError for types libcudf's literals do not take (lists,
    /// structs, dictionaries), as pylibcudf's `Literal`.
    ///
    /// ```
    /// use ferrodf_core::{ops::expressions::Expression, scalar::Scalar};
    /// let lit = Expression::literal(Scalar::from_native(2i64)).unwrap();
    /// assert_eq!(lit.to_string(), "2:INT64");
    /// ```
    pub fn literal(value: Scalar) -> Result<Expression> {
        let id = value.dtype().id();
        let accepted = id.is_numeric()
            || id.is_timestamp()
            || id.is_duration()
            || id.is_decimal()
            || id == TypeId::String;
        if !accepted {
            return Err(Error::value(format!(
                "Only numeric, string, decimal or timestamp/duration scalars are accepted \
                 as literals, got {}",
                value.dtype()
            )));
        }
        Ok(Expression::Literal(value))
    }

    /// A reference to column `index` of the `table` side.
    pub fn column(index: usize, table: TableReference) -> Expression {
        Expression::ColumnReference { index, table }
    }

    /// `op` applied to `left` (unary operators) or to `left` and `right` (binary ones).
    /// ValueError when the number of operands does not match the operator.
    ///
    /// ```
    /// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
    /// use std::sync::Arc;
    /// let a = Arc::new(Expression::column(0, TableReference::Left));
    /// let e = Expression::operation(ASTOperator::Add, a.clone(), Some(a)).unwrap();
    /// assert_eq!(e.to_string(), "ADD(col0, col0)");
    /// assert!(Expression::operation(ASTOperator::Sin, Arc::new(e.clone()), Some(Arc::new(e))).is_err());
    /// ```
    pub fn operation(
        op: ASTOperator,
        left: Arc<Expression>,
        right: Option<Arc<Expression>>,
    ) -> Result<Expression> {
        let given = 1 + usize::from(right.is_some());
        if given != op.arity() {
            let kind = if op.arity() == 2 { "binary" } else { "unary" };
            return Err(Error::value(format!(
                "{} is a {kind} operator and takes {} operand(s), got {given}",
                op.name(),
                op.arity()
            )));
        }
        let mut operands = vec![left];
        operands.extend(right);
        Ok(Expression::Operation { op, operands })
    }
}

/// The canonical text of a tree: `OP(a, b)`, `colN` (`rcolN` for the right table),
/// `name:"x"` and literals as `value:TYPE` (`null:TYPE`).
impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expression::Literal(s) => {
                let shown = crate::interop::arrow::to_arrow(s.as_column())
                    .ok()
                    .and_then(|a| {
                        if a.is_null(0) {
                            return Some("null".to_string());
                        }
                        arrow_cast::display::ArrayFormatter::try_new(
                            a.as_ref(),
                            &Default::default(),
                        )
                        .ok()
                        .map(|fm| fm.value(0).to_string())
                    })
                    .unwrap_or_else(|| "?".to_string());
                if s.dtype().id() == TypeId::String && shown != "null" {
                    write!(f, "{shown:?}:{}", s.dtype())
                } else {
                    write!(f, "{shown}:{}", s.dtype())
                }
            }
            Expression::ColumnReference { index, table } => match table {
                TableReference::Left => write!(f, "col{index}"),
                TableReference::Right => write!(f, "rcol{index}"),
            },
            Expression::ColumnNameReference(name) => write!(f, "name:{name:?}"),
            Expression::Operation { op, operands } => {
                write!(f, "{}(", op.name())?;
                for (k, o) in operands.iter().enumerate() {
                    if k > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{o}")?;
                }
                write!(f, ")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_values_are_libcudfs() {
        assert_eq!(ASTOperator::Add as i32, 0);
        assert_eq!(ASTOperator::Pow as i32, 8);
        assert_eq!(ASTOperator::LogicalAnd as i32, 19);
        assert_eq!(ASTOperator::NullLogicalOr as i32, 22);
        assert_eq!(ASTOperator::Identity as i32, 23);
        assert_eq!(ASTOperator::Not as i32, 46);
        assert_eq!(ASTOperator::CastToFloat64 as i32, 49);
        assert_eq!(ASTOperator::CastToUint64.name(), "CAST_TO_UINT64");
        assert_eq!(ASTOperator::Arcsinh.name(), "ARCSINH");
        assert_eq!(TableReference::Right as i32, 1);
    }

    #[test]
    fn arity_is_checked_when_building() {
        let c = Arc::new(Expression::column(1, TableReference::Left));
        let err = Expression::operation(ASTOperator::Add, c.clone(), None).unwrap_err();
        assert!(matches!(err, Error::Value(_)), "{err}");
        let e = Expression::operation(ASTOperator::IsNull, c, None).unwrap();
        assert_eq!(e.to_string(), "IS_NULL(col1)");
    }

    #[test]
    fn literals_show_their_value_and_type() {
        let s = Scalar::from_native(1.5f64);
        assert_eq!(Expression::literal(s).unwrap().to_string(), "1.5:FLOAT64");
    }
}
