"""An all-missing column (``df[c] = None``: pandas' object column of None, ferrodf's
untyped column) in comparisons and arithmetic, against pandas."""

from __future__ import annotations

import operator

import pandas as pd
import pytest

import ferrodf

COMPARISONS = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]
ARITHMETIC = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv]


def _pair(n: int = 3) -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    pdf = pd.DataFrame({"a": list(range(1, n + 1)), "s": ["x", "y", None][:n]})
    df = ferrodf.DataFrame(pdf)
    pdf["c"] = None
    df["c"] = None
    return pdf, df


@pytest.mark.parametrize("op", COMPARISONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("other", [1, "a", "col_a", "col_c", "col_s"])
def test_comparisons_are_false_as_in_pandas(op, other):
    pdf, df = _pair()
    rhs = {"col_a": "a", "col_c": "c", "col_s": "s"}.get(other)
    want = op(pdf["c"], pdf[rhs] if rhs else other)
    got = op(df["c"], df[rhs] if rhs else other)
    assert got.to_pandas().tolist() == want.tolist()
    assert str(got.dtype) == "bool"


@pytest.mark.parametrize("op", ARITHMETIC, ids=lambda f: f.__name__)
@pytest.mark.parametrize("reflected", [False, True])
def test_arithmetic_gives_missing_values(op, reflected):
    pdf, df = _pair()
    want = op(1, pdf["c"]) if reflected else op(pdf["c"], pdf["a"])
    got = op(1, df["c"]) if reflected else op(df["c"], df["a"])
    assert want.isna().all()
    assert got.isna().to_pandas().tolist() == [True] * len(want)


@pytest.mark.parametrize("n", [0, 1])
def test_short_frames(n):
    pdf, df = _pair(n)
    assert (df["c"] == 1).to_pandas().tolist() == (pdf["c"] == 1).tolist()
    assert len(df["c"] + 1) == n


def test_logical_operators_are_refused_with_a_message():
    _, df = _pair()
    with pytest.raises(TypeError, match="unsupported operand types"):
        df["c"] & (df["a"] > 0)
