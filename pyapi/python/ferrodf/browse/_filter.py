"""The filter box's language, parsed by hand and evaluated with ferrodf Series operations.

A filter is a boolean expression over columns: ``col op literal`` with ``==``, ``!=``,
``<``, ``<=``, ``>``, ``>=``; ``col contains "text"``; ``col isna`` / ``col notna``;
combined with ``&`` (and) and ``|`` (or) and grouped with parentheses. Column names are bare
identifiers or backticked (`` `unit price` ``); a MultiIndex column is named by its levels
joined with ``/`` (`` `sales/2024` ``). Literals are numbers, quoted strings, ``True`` and
``False``; a string compared with a timestamp column is read as a timestamp.

Nothing here calls ``eval``: the text only ever becomes the small tree below, and the tree
only ever becomes calls of ``Series.eq``-style methods, so a typed expression can do no more
than compare columns. Rows where a comparison is null (a missing value) are left out, as in
``DataFrame.query``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ferrodf._lazy import pd
from ferrodf.browse._kinds import column_kind, label_text

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series


class FilterError(ValueError):
    """A filter that cannot be parsed or does not fit the frame; the message says where."""


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<num>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)
    | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
    | (?P<tick>`[^`]*`)
    | (?P<op>==|!=|<=|>=|<|>|&|\||\(|\))
    | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.VERBOSE,
)
_COMPARE = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


@dataclass(frozen=True)
class Compare:
    column: str
    op: str
    value: Any


@dataclass(frozen=True)
class Contains:
    column: str
    text: str


@dataclass(frozen=True)
class IsNa:
    column: str
    negate: bool


@dataclass(frozen=True)
class Combine:
    op: str  # "&" or "|"
    left: Node
    right: Node


Node = Compare | Contains | IsNa | Combine


def _tokens(text: str) -> list[tuple[str, Any, int]]:
    out: list[tuple[str, Any, int]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise FilterError(f"cannot read {text[pos:].strip()[:20]!r} at position {pos}")
        kind = m.lastgroup
        raw = m.group(kind)
        start = m.start(kind)
        if kind == "num":
            value: Any = float(raw) if re.search(r"[.eE]", raw) else int(raw)
        elif kind == "str":
            value = re.sub(r"\\(.)", r"\1", raw[1:-1])
        elif kind == "tick":
            value = raw[1:-1]
            kind = "word"
            if not value:
                raise FilterError(f"empty column name `` at position {start}")
            out.append(("column", value, start))
            pos = m.end()
            continue
        else:
            value = raw
        out.append((kind, value, start))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> tuple[str, Any, int] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> tuple[str, Any, int]:
        tok = self.peek()
        if tok is None:
            raise FilterError("the expression ends early: a column, operator or value is missing")
        self.i += 1
        return tok

    def parse(self) -> Node:
        node = self.expr()
        tok = self.peek()
        if tok is not None:
            raise FilterError(
                f"unexpected {tok[1]!r} at position {tok[2]}: join conditions with & or |"
            )
        return node

    def _chain(self, op: str, operand: Callable[[], Node]) -> Node:
        """``operand (op operand)*``, grouped from the left."""
        node = operand()
        while (tok := self.peek()) is not None and tok[:2] == ("op", op):
            self.i += 1
            node = Combine(op, node, operand())
        return node

    def expr(self) -> Node:
        return self._chain("|", self.term)  # | binds looser than &

    def term(self) -> Node:
        return self._chain("&", self.factor)

    def factor(self) -> Node:
        kind, value, pos = self.take()
        if (kind, value) == ("op", "("):
            node = self.expr()
            tok = self.take()
            if tok[:2] != ("op", ")"):
                raise FilterError(f"expected ')' at position {tok[2]}, got {tok[1]!r}")
            return node
        if kind not in ("word", "column"):
            raise FilterError(f"expected a column name at position {pos}, got {value!r}")
        return self.condition(value)

    def condition(self, column: str) -> Node:
        kind, value, pos = self.take()
        if kind == "word" and value in ("isna", "notna"):
            return IsNa(column, value == "notna")
        if kind == "word" and value == "contains":
            k, text, p = self.take()
            if k != "str":
                raise FilterError(f"contains takes a quoted string, got {text!r} at position {p}")
            return Contains(column, text)
        if kind != "op" or value not in _COMPARE:
            raise FilterError(
                f"expected ==, !=, <, <=, >, >=, contains, isna or notna after {column!r} "
                f"at position {pos}, got {value!r}"
            )
        k, lit, p = self.take()
        if k == "word" and lit in ("True", "False"):
            lit = lit == "True"
        elif k not in ("num", "str"):
            raise FilterError(
                f"expected a number, a quoted string, True or False at position {p}, got {lit!r}"
            )
        return Compare(column, value, lit)


def parse(text: str) -> Node | None:
    """The tree of a filter; ``None`` for an empty filter (all rows)."""
    if not text.strip():
        return None
    return _Parser(text).parse()


def _column(df: DataFrame, name: str) -> Series:
    for label in df.columns:
        if label_text(label) == name:
            return df[label]
    known = ", ".join(label_text(c) for c in df.columns)
    raise FilterError(f"no column {name!r}; columns: {known} (backtick names with spaces)")


def _literal(s: Series, name: str, op: str, value: Any) -> Any:
    kind = column_kind(s)
    if kind == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise FilterError(f"column {name!r} holds {s.dtype} numbers; compare it with a number")
    if kind == "bool" and not isinstance(value, bool):
        raise FilterError(f"column {name!r} holds booleans; compare it with True or False")
    if kind in ("string", "category") and not isinstance(value, str):
        raise FilterError(f"column {name!r} holds text; compare it with a quoted string")
    if kind == "datetime":
        if not isinstance(value, str):
            raise FilterError(f"column {name!r} holds timestamps; compare it with a quoted date")
        try:
            return pd.Timestamp(value)
        except ValueError as e:
            raise FilterError(f"{value!r} is not a timestamp for column {name!r}: {e}") from None
    if kind == "category" and op not in ("==", "!="):
        raise FilterError(f"column {name!r} is categorical: only ==, !=, contains and isna apply")
    if kind == "other":
        raise FilterError(f"column {name!r} of dtype {s.dtype} cannot be compared in a filter")
    return value


def _mask(df: DataFrame, node: Node) -> Series:
    from ferrodf.browse._kinds import category_codes

    if isinstance(node, Combine):
        left, right = _mask(df, node.left), _mask(df, node.right)
        return left & right if node.op == "&" else left | right
    s = _column(df, node.column)
    if isinstance(node, IsNa):
        return s.notna() if node.negate else s.isna()
    kind = column_kind(s)
    if isinstance(node, Contains):
        if kind == "category":
            codes, categories = category_codes(s)
            hits = [i for i, c in enumerate(categories) if node.text in c]
            out = codes.eq(-1)  # all False where not null, null where null
            for i in hits:
                out = out | codes.eq(i)
            return out
        if kind != "string":
            raise FilterError(f"contains applies to text columns; {node.column!r} holds {s.dtype}")
        return s.str.contains(node.text, regex=False)
    value = _literal(s, node.column, node.op, node.value)
    if kind == "category":
        codes, categories = category_codes(s)
        code = categories.index(value) if value in categories else -1
        return getattr(codes, _COMPARE[node.op])(code)
    return getattr(s, _COMPARE[node.op])(value)


def apply(df: DataFrame, text: str) -> DataFrame:
    """The rows of ``df`` where the filter ``text`` holds (``df`` itself when it is empty)."""
    node = parse(text)
    if node is None:
        return df
    mask = _mask(df, node).fillna(False)
    return df[mask]
