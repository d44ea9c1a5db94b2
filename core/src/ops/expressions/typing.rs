//! Type checking: the result type of every node of a tree over a table's column types,
//! following libcudf's AST rules.
//!
//! - Binary operators take two operands of one type (libcudf: "non-matching operand
//!   types" otherwise); unary ones one operand.
//! - Arithmetic (`ADD`, `SUB`, `MUL`, `DIV`, `FLOOR_DIV`, `MOD`, `PYMOD`) keeps the operand
//!   type (integers and floats; `ADD`/`SUB` also durations); `TRUE_DIV` gives FLOAT64;
//!   `POW` takes floats.
//! - Comparisons and `NULL_EQUAL` take numbers, booleans, timestamps, durations and
//!   strings, and give BOOL8; the logical operators take numbers and booleans (non-zero is
//!   true) and give BOOL8; the bitwise ones take integers and booleans and keep the type.
//! - The math functions (`SIN` .. `RINT` but `ABS`) take floats and keep the type; `ABS`
//!   takes numbers; `BIT_INVERT` integers; `NOT` numbers and booleans (BOOL8 out);
//!   `CAST_TO_*` numbers and booleans; `IDENTITY` and `IS_NULL` (BOOL8 out, never null)
//!   any type.
//!
//! Integer results keep the operand type (no C++ promotion of narrow integers: libcudf's
//! current operators compute `T op T -> T`). DECIMAL operands are not evaluated yet
//! (NotImplementedError).

use super::ast::{ASTOperator, Expression, TableReference};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// A checked node: its result type and what it computes.
#[derive(Clone, Debug)]
pub(crate) struct Typed {
    pub dtype: DataType,
    pub node: TypedNode,
}

#[derive(Clone, Debug)]
pub(crate) enum TypedNode {
    Literal(Scalar),
    Column(usize),
    Op(ASTOperator, Vec<Typed>),
}

impl Typed {
    /// The column numbers the tree references, in tree order (with repeats).
    pub fn columns(&self, out: &mut Vec<usize>) {
        match &self.node {
            TypedNode::Column(c) => out.push(*c),
            TypedNode::Op(_, args) => args.iter().for_each(|a| a.columns(out)),
            TypedNode::Literal(_) => {}
        }
    }

    /// Whether any node of the tree has (or works on) a STRING value.
    pub fn has_strings(&self) -> bool {
        self.dtype.id() == TypeId::String
            || match &self.node {
                TypedNode::Op(_, args) => args.iter().any(|a| a.has_strings()),
                _ => false,
            }
    }
}

/// The result type of `expr` evaluated on a table whose columns have `types`.
///
/// TypeError for operand types the operator does not take (or that differ), IndexError for
/// a column index outside the table, ValueError for references to a right table or to a
/// column name, NotImplementedError for DECIMAL operands.
///
/// ```
/// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference, result_type};
/// use ferrodf_core::types::{DataType, TypeId};
/// use std::sync::Arc;
/// let a = Arc::new(Expression::column(0, TableReference::Left));
/// let e = Expression::operation(ASTOperator::Less, a.clone(), Some(a)).unwrap();
/// let t = result_type(&e, &[DataType::from(TypeId::Int64)]).unwrap();
/// assert_eq!(t.id(), TypeId::Bool8);
/// ```
pub fn result_type(expr: &Expression, types: &[DataType]) -> Result<DataType> {
    Ok(check(expr, types)?.dtype)
}

/// The typed tree of `expr` over columns of `types` (see [`result_type`] for the errors).
pub(crate) fn check(expr: &Expression, types: &[DataType]) -> Result<Typed> {
    check_in(
        expr,
        &Scope {
            left: types,
            right: None,
        },
    )
}

/// The typed tree of a join predicate: `LEFT` references read `left` (columns
/// `0..left.len()` of the typed tree), `RIGHT` references read `right` (numbered after the
/// left ones, `left.len() + j`), so the evaluators see one table of both sides' columns.
/// TypeError unless the predicate is BOOL8; IndexError for a column outside its table.
pub(crate) fn check_predicate(
    expr: &Expression,
    left: &[DataType],
    right: &[DataType],
    function: &str,
) -> Result<Typed> {
    let typed = check_in(
        expr,
        &Scope {
            left,
            right: Some(right),
        },
    )?;
    if typed.dtype.id() != TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "{function}: the binary predicate must produce a BOOL8 value, this one gives {} \
             (compare with EQUAL, LESS, ... or combine comparisons with LOGICAL_AND)",
            typed.dtype
        )));
    }
    Ok(typed)
}

/// The column types a tree may reference: one table (`compute_column`) or a join's two.
struct Scope<'a> {
    left: &'a [DataType],
    right: Option<&'a [DataType]>,
}

fn check_in(expr: &Expression, scope: &Scope<'_>) -> Result<Typed> {
    match expr {
        Expression::Literal(s) => {
            supported(s.dtype())?;
            Ok(Typed {
                dtype: s.dtype(),
                node: TypedNode::Literal(s.clone()),
            })
        }
        Expression::ColumnReference { index, table } => {
            let (types, base, side) = match (table, scope.right) {
                (TableReference::Left, None) => (scope.left, 0, "a table"),
                (TableReference::Left, Some(_)) => (scope.left, 0, "the left table"),
                (TableReference::Right, Some(r)) => (r, scope.left.len(), "the right table"),
                (TableReference::Right, None) => {
                    return Err(Error::value(
                        "compute_column evaluates an expression on one table: column \
                         references must use TableReference.LEFT (RIGHT is for the \
                         predicates of conditional and mixed joins)",
                    ));
                }
            };
            let dtype = *types.get(*index).ok_or_else(|| {
                Error::index(format!(
                    "the expression references column {index} of {side} of {} columns",
                    types.len()
                ))
            })?;
            supported(dtype)?;
            Ok(Typed {
                dtype,
                node: TypedNode::Column(base + *index),
            })
        }
        Expression::ColumnNameReference(name) => Err(Error::value(format!(
            "ColumnNameReference({name:?}) names a column of a file's metadata (readers' \
             filters); compute_column and the joins need ColumnReference(index)"
        ))),
        Expression::Operation { op, operands } => {
            let args = operands
                .iter()
                .map(|o| check_in(o, scope))
                .collect::<Result<Vec<_>>>()?;
            let dtype = operator_type(*op, &args.iter().map(|a| a.dtype).collect::<Vec<_>>())?;
            Ok(Typed {
                dtype,
                node: TypedNode::Op(*op, args),
            })
        }
    }
}

/// Types an expression may hold at all.
fn supported(t: DataType) -> Result<()> {
    let id = t.id();
    if id.is_decimal() {
        return Err(Error::not_implemented(format!(
            "compute_column does not evaluate {t} values yet (decimal expressions)"
        )));
    }
    if id.is_numeric() || id.is_timestamp() || id.is_duration() || id == TypeId::String {
        return Ok(());
    }
    Err(Error::type_err(format!(
        "expressions work on numeric, boolean, timestamp, duration and string values, got {t}"
    )))
}

/// The result type of `op` on operands of `types` (already of matching count).
pub(crate) fn operator_type(op: ASTOperator, types: &[DataType]) -> Result<DataType> {
    use ASTOperator::*;
    let t = types[0];
    if types.len() == 2 && types[1] != t {
        return Err(Error::type_err(format!(
            "An AST expression was provided non-matching operand types: {} {} {} \
             (cast one side, e.g. with CAST_TO_INT64 or CAST_TO_FLOAT64)",
            t,
            op.name(),
            types[1]
        )));
    }
    let id = t.id();
    let num = id.is_integer() || id.is_floating();
    let boolean = id == TypeId::Bool8;
    let ok = match op {
        Add | Sub => num || id.is_duration(),
        Mul | Div | FloorDiv | Mod | Pymod | TrueDiv => num,
        Pow => id.is_floating(),
        Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual | NullEqual => {
            num || boolean || id.is_timestamp() || id.is_duration() || id == TypeId::String
        }
        BitwiseAnd | BitwiseOr | BitwiseXor => id.is_integer() || boolean,
        LogicalAnd | LogicalOr | NullLogicalAnd | NullLogicalOr | Not => num || boolean,
        Identity | IsNull => true,
        Sin | Cos | Tan | Arcsin | Arccos | Arctan | Sinh | Cosh | Tanh | Arcsinh | Arccosh
        | Arctanh | Exp | Log | Sqrt | Cbrt | Ceil | Floor | Rint => id.is_floating(),
        Abs => num,
        BitInvert => id.is_integer(),
        CastToInt64 | CastToUint64 | CastToFloat64 => num || boolean,
    };
    if !ok {
        let what = if types.len() == 2 {
            format!("{t} operands")
        } else {
            format!("a {t} operand")
        };
        return Err(Error::type_err(format!(
            "the AST operator {} does not take {what}",
            op.name()
        )));
    }
    let out = match op {
        TrueDiv | CastToFloat64 => TypeId::Float64,
        CastToInt64 => TypeId::Int64,
        CastToUint64 => TypeId::Uint64,
        Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual | NullEqual | LogicalAnd
        | LogicalOr | NullLogicalAnd | NullLogicalOr | Not | IsNull => TypeId::Bool8,
        _ => return Ok(t),
    };
    Ok(out.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn col(i: usize) -> Arc<Expression> {
        Arc::new(Expression::column(i, TableReference::Left))
    }

    fn op(o: ASTOperator, a: Arc<Expression>, b: Option<Arc<Expression>>) -> Arc<Expression> {
        Arc::new(Expression::operation(o, a, b).unwrap())
    }

    #[test]
    fn result_types_follow_libcudf() {
        let i8t = DataType::from(TypeId::Int8);
        let f32t = DataType::from(TypeId::Float32);
        let types = [i8t, f32t];
        let add = op(ASTOperator::Add, col(0), Some(col(0)));
        assert_eq!(result_type(&add, &types).unwrap(), i8t);
        let td = op(ASTOperator::TrueDiv, col(0), Some(col(0)));
        assert_eq!(result_type(&td, &types).unwrap().id(), TypeId::Float64);
        let sin = op(ASTOperator::Sin, col(1), None);
        assert_eq!(result_type(&sin, &types).unwrap(), f32t);
        let isnull = op(ASTOperator::IsNull, col(1), None);
        assert_eq!(result_type(&isnull, &types).unwrap().id(), TypeId::Bool8);
    }

    #[test]
    fn bad_trees_give_typed_errors() {
        let types = [DataType::from(TypeId::Int64), TypeId::Float64.into()];
        let mixed = op(ASTOperator::Add, col(0), Some(col(1)));
        assert!(matches!(result_type(&mixed, &types), Err(Error::Type(_))));
        let sin_int = op(ASTOperator::Sin, col(0), None);
        assert!(matches!(result_type(&sin_int, &types), Err(Error::Type(_))));
        let out_of_range = op(ASTOperator::Abs, col(5), None);
        assert!(matches!(
            result_type(&out_of_range, &types),
            Err(Error::Index(_))
        ));
        let right = Expression::column(0, TableReference::Right);
        assert!(matches!(result_type(&right, &types), Err(Error::Value(_))));
        let named = Expression::ColumnNameReference("a".into());
        assert!(matches!(result_type(&named, &types), Err(Error::Value(_))));
    }
}
