//! pylibcudf's `expressions` module and the functions that evaluate expressions:
//! `transform.compute_column` ([`compute_column`]) and `stream_compaction.filter`
//! ([`crate::ops::stream_compaction::filter`]).
//!
//! An [`Expression`] is libcudf's AST: literals, column references and operations of the
//! [`ASTOperator`]s. Evaluation first type-checks the tree against the table's column types
//! ([`result_type`], libcudf's rules, see `typing.rs`), then runs it:
//!
//! - on the device, as one kernel per expression generated from the typed tree
//!   (`codegen.rs`: each node a value and a validity flag of a per-row block), compiled by
//!   NVRTC and cached by the module's key (a fingerprint of the source, which holds the
//!   canonical text of the tree and its input types; literal values are kernel parameters);
//! - on the host, node by node with arrow-rs's element-wise and Kleene kernels (`host.rs`).
//!
//! Both follow the same row rules: an operation with a null operand is null, except
//! `IS_NULL`, `NULL_EQUAL` (nulls equal each other, never null) and `NULL_LOGICAL_AND/OR`
//! (Kleene logic); integer arithmetic wraps; an integer `DIV`, `FLOOR_DIV`, `MOD` or `PYMOD`
//! by zero is null (ferrodf's rule, as in `binaryop`; libcudf leaves it undefined). Math
//! functions may differ in the last bit between the host's libm and CUDA's.
//!
//! The conditional and mixed joins (`ops::join`) evaluate a predicate over pairs of rows:
//! `typing::check_predicate` numbers the `RIGHT` table's columns after the `LEFT` one's, the
//! host gathers blocks of pairs for the same evaluator (`host::PairInputs`) and the device
//! compiles one module per predicate (`codegen::generate_predicate`, [`predicate_kernel`]).
//!
//! STRING operands (comparisons, `NULL_EQUAL`, `IS_NULL`, `IDENTITY`) are evaluated on the
//! host only: a counted host fallback under `device='auto'`, NotImplementedError under
//! `device='gpu'`. DECIMAL operands are not evaluated yet (NotImplementedError).

mod ast;
pub mod codegen;
pub(crate) mod device;
pub(crate) mod host;
pub(crate) mod typing;

pub use ast::{ASTOperator, Expression, TableReference};
pub use codegen::ExprKernel;
pub use typing::result_type;

use crate::column::Column;
use crate::error::Result;
use crate::placement::{host_fallback, use_device};
use crate::table::Table;
use crate::types::DataType;

/// The column `expr` computes from the rows of `table` (pylibcudf's
/// `transform.compute_column`). The result has the table's row count, also when the
/// expression references no column.
///
/// ```
/// use ferrodf_core::{column::Column, scalar::Scalar, table::Table};
/// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference, compute_column};
/// use std::sync::Arc;
/// let t = Table::new(vec![
///     Column::from_values(vec![1i64, 2, 3]),
///     Column::from_options(vec![Some(10i64), None, Some(30)]),
/// ]).unwrap();
/// let a = Arc::new(Expression::column(0, TableReference::Left));
/// let b = Arc::new(Expression::column(1, TableReference::Left));
/// let two = Arc::new(Expression::literal(Scalar::from_native(2i64)).unwrap());
/// let sum = Arc::new(Expression::operation(ASTOperator::Add, a, Some(b)).unwrap());
/// let e = Expression::operation(ASTOperator::Mul, sum, Some(two)).unwrap();
/// let out = compute_column(&t, &e).unwrap();
/// assert_eq!(out.null_count().unwrap(), 1);
/// let v = out.host_values::<i64>().unwrap();
/// assert_eq!((v[0], v[2]), (22, 66));
/// ```
pub fn compute_column(table: &Table, expr: &Expression) -> Result<Column> {
    let types: Vec<DataType> = table.columns().iter().map(|c| c.dtype()).collect();
    let typed = typing::check(expr, &types)?;
    if use_device()? {
        if !typed.has_strings() {
            return device::evaluate(table, &typed);
        }
        host_fallback("transform.compute_column", "string operands")?;
    }
    host::evaluate(table, &typed)
}

/// The generated device kernel of `expr` over columns of `types` (what
/// [`compute_column`] compiles on a GPU): for inspection and the NVRTC compile check.
///
/// ```
/// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference, kernel};
/// use ferrodf_core::types::{DataType, TypeId};
/// use std::sync::Arc;
/// let a = Arc::new(Expression::column(0, TableReference::Left));
/// let e = Expression::operation(ASTOperator::Sqrt, a, None).unwrap();
/// let k = kernel(&e, &[DataType::from(TypeId::Float64)]).unwrap();
/// assert_eq!(k.canonical, "SQRT(c0:FLOAT64)");
/// ```
pub fn kernel(expr: &Expression, types: &[DataType]) -> Result<ExprKernel> {
    codegen::generate(&typing::check(expr, types)?)
}

/// The generated device module of a join predicate `expr` over a left table of columns
/// `left` and a right table of columns `right` (what the conditional and mixed joins
/// compile on a GPU): for inspection and the NVRTC compile check. TypeError unless the
/// predicate gives BOOL8.
///
/// ```
/// use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference, predicate_kernel};
/// use ferrodf_core::types::{DataType, TypeId};
/// use std::sync::Arc;
/// let a = Arc::new(Expression::column(0, TableReference::Left));
/// let b = Arc::new(Expression::column(0, TableReference::Right));
/// let e = Expression::operation(ASTOperator::Less, a, Some(b)).unwrap();
/// let t = [DataType::from(TypeId::Int64)];
/// let k = predicate_kernel(&e, &t, &t).unwrap();
/// assert_eq!(k.canonical, "LESS(c0:INT64, rc1:INT64)");
/// assert!(k.source.contains("ferro_cj_count"));
/// ```
pub fn predicate_kernel(
    expr: &Expression,
    left: &[DataType],
    right: &[DataType],
) -> Result<ExprKernel> {
    let typed = typing::check_predicate(expr, left, right, "predicate_kernel")?;
    codegen::generate_predicate(&typed, left.len())
}
