"""Hypothesis strategies for the differential fuzzing of the pandas-like layer.

They draw a pandas frame (the oracle's input) and build the ferrodf frame from the same
data; a frame drawn "sliced" is built from a longer one and cut with ``iloc`` on both
sides, so ferrodf's columns have an offset != 0, as after a filter or a ``head``.

Values come from small pools so that groupby and merge keys repeat, sorts meet ties and
NaN/None/``""``/Unicode appear often; the pools are the edge cases, not random noise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from hypothesis import strategies as st

import ferrodf

INTS = [0, 1, -1, 2, 3, 7, -8, 100, 2**31, -(2**40)]
FLOATS = [0.0, -0.0, 1.5, -2.25, 3.0, 1e-300, 1e300, float("inf"), float("-inf"), float("nan")]
STRINGS = ["", "a", "b", "B", "ab", "é", "日本", "🦀", " a ", "a\tb", "x" * 30]
STAMPS = [
    "1970-01-01",
    "1969-12-31 23:59:59.999",
    "2000-02-29",
    "2024-01-01 12:00",
    "2262-04-01",
    "1677-09-22",
]
CATEGORIES = ["lo", "mid", "hi"]

# The column kinds a frame may hold: name -> (pandas dtype, value pool, nullable).
KINDS: dict[str, tuple[str, list[Any], bool]] = {
    "int": ("int64", INTS, False),
    "int_na": ("float64", [float(v) for v in INTS[:8]], True),  # pandas' int-with-NaN
    "float": ("float64", FLOATS, True),
    "bool": ("bool", [True, False], False),
    "str": ("str", STRINGS, True),
    "time": ("datetime64[us]", STAMPS, True),
    "cat": ("category", CATEGORIES, True),
}
NUMERIC_KINDS = ("int", "int_na", "float")
KEY_KINDS = ("int", "int_na", "str", "bool", "time")  # groupby/merge/sort keys


@dataclass
class Pair:
    """The same frame in pandas and in ferrodf, with the kind of each column."""

    pdf: pd.DataFrame
    df: ferrodf.DataFrame
    kinds: dict[Any, str]

    def columns_of(self, *kinds: str) -> list[Any]:
        """The labels of the columns of these kinds, in frame order."""
        return [c for c, k in self.kinds.items() if k in kinds and c in self.pdf.columns]


def _column(kind: str, values: list[Any]) -> pd.Series:
    dtype, _, _ = KINDS[kind]
    if kind == "time":
        return pd.Series(pd.to_datetime(values, format="ISO8601"), dtype=dtype)
    if kind == "cat":
        return pd.Series(pd.Categorical(values, categories=CATEGORIES))
    return pd.Series(values, dtype=dtype)


@st.composite
def column_values(draw: Callable, kind: str, n: int) -> list[Any]:
    """n values of the kind: pool values, and None where the kind is nullable."""
    _, pool, nullable = KINDS[kind]
    elems = st.sampled_from(pool)
    if nullable:
        elems = st.one_of(elems, st.none())
    return draw(st.lists(elems, min_size=n, max_size=n))


def _row_index(draw: Callable, n: int) -> pd.Index:
    shape = draw(st.sampled_from(["range", "shifted", "int", "str", "multi"]))
    if shape == "range":
        return pd.RangeIndex(n)
    if shape == "shifted":
        return pd.RangeIndex(10, 10 + 2 * n, 2, name="r")
    if shape == "int":
        labels = draw(st.lists(st.integers(-50, 50), min_size=n, max_size=n, unique=True))
        return pd.Index(labels, dtype="int64")
    if shape == "str":
        labels = draw(st.lists(st.sampled_from([*STRINGS, "k", "m"]), min_size=n, max_size=n))
        return pd.Index([f"{s}{i}" for i, s in enumerate(labels)], dtype="str", name="key")
    outer = draw(st.lists(st.sampled_from(["p", "q"]), min_size=n, max_size=n))
    return pd.MultiIndex.from_arrays([outer, list(range(n))], names=["o", "i"])


@st.composite
def frames(
    draw: Callable,
    *,
    kinds: tuple[str, ...] = tuple(KINDS),
    min_rows: int = 0,
    max_rows: int = 9,
    min_cols: int = 1,
    max_cols: int = 5,
    multi_columns: bool = True,
    must_have: tuple[str, ...] = (),
) -> Pair:
    """A frame of 0 to max_rows rows (empty and one-row frames come often), columns of the
    given kinds (must_have first), one of five row-index shapes, sometimes MultiIndex
    columns, and sometimes sliced (built longer, then cut on both sides)."""
    n = draw(st.one_of(st.sampled_from([0, 1]), st.integers(min_rows, max_rows)))
    n = max(n, min_rows)
    extra = draw(st.sampled_from([0, 0, 1, 3]))  # rows cut off the front when sliced
    total = n + extra
    chosen = list(must_have) + draw(
        st.lists(
            st.sampled_from(kinds), min_size=max(min_cols - len(must_have), 0), max_size=max_cols
        )
    )
    chosen = chosen[: max(max_cols, len(must_have))] or [kinds[0]]
    tuples = multi_columns and draw(st.booleans()) and draw(st.booleans())
    labels: list[Any] = [
        (("g" if i % 2 else "h"), f"{k}{i}") if tuples else f"{k}{i}" for i, k in enumerate(chosen)
    ]
    data = {
        lab: _column(k, draw(column_values(k, total)))
        for lab, k in zip(labels, chosen, strict=True)
    }
    pdf = pd.DataFrame(data)
    pdf.index = _row_index(draw, total)
    if tuples:
        pdf.columns = pd.MultiIndex.from_tuples(labels)
    df = ferrodf.DataFrame(pdf)
    if extra:
        pdf, df = pdf.iloc[extra:], df.iloc[extra:]
    return Pair(pdf, df, dict(zip(labels, chosen, strict=True)))


def kinds_of(pdf: pd.DataFrame) -> dict[Any, str]:
    """The column kinds of a result frame, for the next op to draw arguments from."""
    kinds = {}
    for label in pdf.columns:
        dtype = pdf[label].dtype
        if isinstance(dtype, pd.CategoricalDtype):
            kinds[label] = "cat"
        elif pd.api.types.is_bool_dtype(dtype):
            kinds[label] = "bool"
        elif pd.api.types.is_integer_dtype(dtype):
            kinds[label] = "int"
        elif pd.api.types.is_float_dtype(dtype):
            kinds[label] = "float"
        elif pd.api.types.is_datetime64_dtype(dtype):
            kinds[label] = "time"
        elif dtype is np.dtype(object):
            # pandas' object column: all missing (df[c] = None; ferrodf's untyped column,
            # which takes no comparison or arithmetic yet: fuzz_ops.GAPS) or mixed values
            kinds[label] = "other"
        elif pd.api.types.is_string_dtype(dtype):
            kinds[label] = "str"
        else:
            kinds[label] = "other"
    return kinds


def scalar_for(kind: str) -> st.SearchStrategy[Any]:
    """A scalar a column of this kind may be compared with or filled with."""
    _, pool, _ = KINDS[kind]
    if kind == "time":
        return st.sampled_from([pd.Timestamp(s) for s in pool])
    if kind in ("int", "int_na"):
        return st.sampled_from([int(v) for v in INTS[:8]])
    if kind == "float":
        return st.sampled_from([v for v in FLOATS if not np.isnan(v)])
    return st.sampled_from(pool)


def _large_column(rng: np.random.Generator, kind: str, n: int, null_rate: float, wide: bool):
    """n values of the kind for a large frame: the kind's pool (keys repeat, edge values
    come often) or, when `wide`, values of high cardinality (about n distinct), with
    missing values at `null_rate` where the kind is nullable."""
    dtype, pool, nullable = KINDS[kind]
    if wide and kind in ("int", "int_na", "float", "str"):
        ints = rng.integers(-n, n, n)
        values = np.array([f"s{v}" for v in ints], dtype=object) if kind == "str" else ints
        if kind in ("int_na", "float"):
            values = values.astype("float64") / 4
    else:
        values = np.empty(n, dtype=object)
        values[:] = [pool[i] for i in rng.integers(0, len(pool), n)]
    if nullable and null_rate:
        values = values.astype(object)
        values[rng.random(n) < null_rate] = None
    if kind == "time":
        return pd.Series(pd.to_datetime(values, format="ISO8601"), dtype=dtype)
    if kind == "cat":
        return pd.Series(pd.Categorical(values, categories=CATEGORIES))
    if kind in ("int_na", "float"):
        return pd.Series(values, dtype=dtype)  # None becomes NaN
    return pd.Series(values, dtype=dtype)


@st.composite
def large_frames(draw: Callable, *, min_rows: int, max_rows: int, max_cols: int = 4) -> Pair:
    """A frame of min_rows to max_rows rows (issue 28: sizes that span many device blocks
    and warps, which the element-by-element strategy above never reaches): hypothesis
    draws its shape (rows, column kinds, null rate, key cardinality, row index, slicing,
    a seed) and NumPy fills it from the same pools, so a failure shrinks to a small
    description and replays from the seed."""
    n = draw(st.integers(min_rows, max_rows))
    extra = draw(st.sampled_from([0, 0, 1, 1000]))
    total = n + extra
    chosen = draw(st.lists(st.sampled_from(list(KINDS)), min_size=1, max_size=max_cols))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    null_rate = draw(st.sampled_from([0.0, 0.01, 0.3]))
    data = {
        f"{k}{i}": _large_column(rng, k, total, null_rate, draw(st.booleans()))
        for i, k in enumerate(chosen)
    }
    pdf = pd.DataFrame(data)
    if draw(st.booleans()):  # unique int labels in shuffled order
        pdf.index = pd.Index(rng.permutation(total) * 3 - total, dtype="int64")
    df = ferrodf.DataFrame(pdf)
    if extra:
        cut = slice(extra, total - 1 if extra > 1 else None)
        pdf, df = pdf.iloc[cut], df.iloc[cut]
    return Pair(pdf, df, {f"{k}{i}": k for i, k in enumerate(chosen)})
