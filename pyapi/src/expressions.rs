//! `plc.expressions`: the expression tree's node classes (`Expression` and its subclasses
//! `Literal`, `ColumnReference`, `ColumnNameReference`, `Operation`). Each object holds a
//! shared node of ferrodf-core's tree; `to_expression` (parsing Python syntax) is in the
//! Python package.

use crate::enums::{extract_enum, extract_enum_or};
use crate::errors::IntoPyResult;
use crate::scalar::PyScalar;
use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference};
use pyo3::PyClass;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use std::sync::Arc;

/// The base class of all expression nodes (pylibcudf's `Expression`); build one of its
/// subclasses.
#[pyclass(
    name = "Expression",
    module = "ferrodf.plc.expressions",
    subclass,
    frozen,
    from_py_object
)]
#[derive(Clone)]
pub struct PyExpression(pub Arc<Expression>);

#[pymethods]
impl PyExpression {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type().name()?;
        Ok(format!("<{class} {}>", slf.get().0))
    }
}

/// The initializer of subclass `sub` over the node `e`.
fn node<S: PyClass<BaseType = PyExpression>>(sub: S, e: Expression) -> PyClassInitializer<S> {
    PyClassInitializer::from(PyExpression(Arc::new(e))).add_subclass(sub)
}

/// A constant of the tree, from a numeric, boolean, timestamp, duration, decimal or
/// string Scalar.
#[pyclass(name = "Literal", module = "ferrodf.plc.expressions", extends = PyExpression, frozen)]
pub struct PyLiteral;

#[pymethods]
impl PyLiteral {
    #[new]
    fn new(value: PyScalar) -> PyResult<PyClassInitializer<Self>> {
        Ok(node(PyLiteral, Expression::literal(value.0).py()?))
    }
}

/// Column `index` of the table the expression is evaluated on (`table_source`: which
/// table of a two-table expression).
#[pyclass(name = "ColumnReference", module = "ferrodf.plc.expressions", extends = PyExpression, frozen)]
pub struct PyColumnReference;

#[pymethods]
impl PyColumnReference {
    #[new]
    #[pyo3(signature = (index, table_source = None))]
    fn new(
        index: i64,
        table_source: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let table = extract_enum_or(table_source, TableReference::Left)?;
        let index = usize::try_from(index).map_err(|_| {
            PyIndexError::new_err(format!(
                "ColumnReference needs a column index >= 0, got {index}"
            ))
        })?;
        Ok(node(PyColumnReference, Expression::column(index, table)))
    }
}

/// A column named in a file's metadata (for readers' filters).
#[pyclass(name = "ColumnNameReference", module = "ferrodf.plc.expressions", extends = PyExpression, frozen)]
pub struct PyColumnNameReference;

#[pymethods]
impl PyColumnNameReference {
    #[new]
    fn new(name: String) -> PyClassInitializer<Self> {
        node(PyColumnNameReference, Expression::ColumnNameReference(name))
    }
}

/// An operator applied to `left` (unary operators) or to `left` and `right`.
#[pyclass(name = "Operation", module = "ferrodf.plc.expressions", extends = PyExpression, frozen)]
pub struct PyOperation;

#[pymethods]
impl PyOperation {
    #[new]
    #[pyo3(signature = (op, left, right = None))]
    fn new(
        op: &Bound<'_, PyAny>,
        left: PyExpression,
        right: Option<PyExpression>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let op = extract_enum::<ASTOperator>(op)?;
        let e = Expression::operation(op, left.0, right.map(|r| r.0)).py()?;
        Ok(node(PyOperation, e))
    }
}

/// Register the expression classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyExpression>()?;
    m.add_class::<PyLiteral>()?;
    m.add_class::<PyColumnReference>()?;
    m.add_class::<PyColumnNameReference>()?;
    m.add_class::<PyOperation>()?;
    Ok(())
}
