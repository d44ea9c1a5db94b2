"""pylibcudf's ``expressions`` module: libcudf's AST for ``transform.compute_column`` and
``stream_compaction.filter``.

The node classes (``Literal``, ``ColumnReference``, ``ColumnNameReference``,
``Operation``, all subclasses of ``Expression``) are Rust objects of ``ferrodf._lib``;
``to_expression`` parses a Python expression string with the standard ``ast`` module and
builds the tree from them, mapping Python's operators as pylibcudf does (``%`` is
``PYMOD``, ``and``/``or`` and chained comparisons are joined by ``LOGICAL_AND``/``OR``,
unary ``-`` multiplies by ``-1``).
"""

from __future__ import annotations

import ast
import functools
import itertools
from decimal import Decimal

from ferrodf._lib.expressions import (
    ColumnNameReference,
    ColumnReference,
    Expression,
    Literal,
    Operation,
)
from ferrodf.plc._enums import rust_enum
from ferrodf.plc.scalar import Scalar

ASTOperator = rust_enum("ASTOperator", __name__)
TableReference = rust_enum("TableReference", __name__)

__all__ = [
    "ASTOperator",
    "ColumnNameReference",
    "ColumnReference",
    "Expression",
    "Literal",
    "Operation",
    "TableReference",
    "to_expression",
]

# Python's operator nodes and the AST operators they stand for.
_BINARY = {
    ast.Add: ASTOperator.ADD,
    ast.Sub: ASTOperator.SUB,
    ast.Mult: ASTOperator.MUL,
    ast.Div: ASTOperator.DIV,
    ast.FloorDiv: ASTOperator.FLOOR_DIV,
    ast.Mod: ASTOperator.PYMOD,
    ast.Pow: ASTOperator.POW,
    ast.BitAnd: ASTOperator.BITWISE_AND,
    ast.BitOr: ASTOperator.BITWISE_OR,
    ast.BitXor: ASTOperator.BITWISE_XOR,
}
_COMPARE = {
    ast.Eq: ASTOperator.EQUAL,
    ast.NotEq: ASTOperator.NOT_EQUAL,
    ast.Lt: ASTOperator.LESS,
    ast.Gt: ASTOperator.GREATER,
    ast.LtE: ASTOperator.LESS_EQUAL,
    ast.GtE: ASTOperator.GREATER_EQUAL,
}
_BOOL = {ast.And: ASTOperator.LOGICAL_AND, ast.Or: ASTOperator.LOGICAL_OR}
_UNARY = {ast.Invert: ASTOperator.BIT_INVERT, ast.Not: ASTOperator.NOT}
# The functions an expression string may call (one argument each).
_FUNCTIONS = {
    "isnull": ASTOperator.IS_NULL,
    "isna": ASTOperator.IS_NULL,
    "sin": ASTOperator.SIN,
    "cos": ASTOperator.COS,
    "tan": ASTOperator.TAN,
    "arcsin": ASTOperator.ARCSIN,
    "arccos": ASTOperator.ARCCOS,
    "arctan": ASTOperator.ARCTAN,
    "sinh": ASTOperator.SINH,
    "cosh": ASTOperator.COSH,
    "tanh": ASTOperator.TANH,
    "arcsinh": ASTOperator.ARCSINH,
    "arccosh": ASTOperator.ARCCOSH,
    "arctanh": ASTOperator.ARCTANH,
    "exp": ASTOperator.EXP,
    "log": ASTOperator.LOG,
    "sqrt": ASTOperator.SQRT,
    "abs": ASTOperator.ABS,
    "ceil": ASTOperator.CEIL,
    "floor": ASTOperator.FLOOR,
}


def _and_all(parts: list[Expression]) -> Expression:
    return functools.reduce(lambda a, b: Operation(ASTOperator.LOGICAL_AND, a, b), parts)


class _Builder(ast.NodeVisitor):
    """Builds the expression of a parsed string; names resolve through ``columns``."""

    def __init__(self, columns: dict[str, Expression]) -> None:
        self.columns = columns

    def generic_visit(self, node: ast.AST) -> Expression:
        raise ValueError(f"Not expecting expression to have node of type {type(node).__name__}")

    def visit_Module(self, node: ast.Module) -> Expression:
        if len(node.body) != 1:
            raise ValueError(f"Expecting exactly one expression, not {len(node.body)}")
        return self.visit(node.body[0])

    def visit_Expr(self, node: ast.Expr) -> Expression:
        return self.visit(node.value)

    def visit_Name(self, node: ast.Name) -> Expression:
        try:
            return self.columns[node.id]
        except KeyError:
            raise ValueError(f"Unknown column name {node.id}") from None

    def visit_Constant(self, node: ast.Constant) -> Expression:
        value = node.value
        if not isinstance(value, (int, float, str, Decimal)):
            raise ValueError(f"Unsupported literal {value!r} of type {type(value).__name__}")
        return Literal(Scalar.from_py(value))

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Expression:
        operand = self.visit(node.operand)
        if isinstance(node.op, ast.USub):
            # The operand's type is unknown here: an integer -1 (as pylibcudf).
            return Operation(ASTOperator.MUL, Literal(Scalar.from_py(-1)), operand)
        if isinstance(node.op, ast.UAdd):
            return operand
        return Operation(_UNARY[type(node.op)], operand)

    def visit_BinOp(self, node: ast.BinOp) -> Expression:
        op = _BINARY.get(type(node.op))
        if op is None:
            raise ValueError(f"Unsupported operator {type(node.op).__name__}")
        return Operation(op, self.visit(node.left), self.visit(node.right))

    def visit_BoolOp(self, node: ast.BoolOp) -> Expression:
        op = _BOOL[type(node.op)]
        values = node.values
        return _and_all(
            [Operation(op, self.visit(a), self.visit(b)) for a, b in itertools.pairwise(values)]
        )

    def visit_Compare(self, node: ast.Compare) -> Expression:
        sides = [node.left, *node.comparators]
        parts = []
        for op, a, b in zip(node.ops, sides[:-1], sides[1:], strict=True):
            cmp = _COMPARE.get(type(op))
            if cmp is None:
                raise ValueError(f"Unsupported comparison {type(op).__name__}")
            parts.append(Operation(cmp, self.visit(a), self.visit(b)))
        return _and_all(parts)

    def visit_Call(self, node: ast.Call) -> Expression:
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name not in _FUNCTIONS:
            raise ValueError(f"Unsupported function {ast.unparse(node.func)}.")
        if len(node.args) != 1 or node.keywords:
            raise ValueError(f"Function {name} only accepts one positional argument.")
        return Operation(_FUNCTIONS[name], self.visit(node.args[0]))


@functools.lru_cache(256)
def to_expression(expr: str, column_names: tuple[str, ...]) -> Expression:
    """The expression of the (restricted) Python expression ``expr`` over columns named
    ``column_names``, in table order: a name becomes ``ColumnReference`` of its position.

    ValueError for unknown names, unsupported syntax or functions. Recently used
    expressions are cached.
    """
    columns = {name: ColumnReference(i) for i, name in enumerate(column_names)}
    return _Builder(columns).visit(ast.parse(expr))
