"""Running one step on pandas and on ferrodf, and comparing what came out.

Outcomes are compared strictly: values, dtypes, index (values, names, type up to
RangeIndex == int64 Index), column labels and order, and exceptions raised by both or
neither. ferrodf's deliberate differences from pandas (docs/migration.md, "Behaviours that
differ, and why") are normalized in ONE place, ``as_ferrodf_would``; nowhere else.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

import ferrodf

FERRODF_TYPES = (ferrodf.DataFrame, ferrodf.Series, ferrodf.Index)
# Exceptions that are not a result: a bug in the test itself must not pass as "both raised".
_TEST_BUGS = (NameError, UnboundLocalError, SyntaxError, AssertionError)


@dataclass
class Outcome:
    """What a call gave: a value, or the exception it raised."""

    value: Any = None
    error: BaseException | None = None


def call(fn: Callable[[], Any]) -> Outcome:
    """Run fn, catching what a user could see raised (never the test's own bugs)."""
    try:
        return Outcome(value=fn())
    except _TEST_BUGS:
        raise
    except Exception as e:
        return Outcome(error=e)


# --- documented differences: the only place the fuzzer forgives one ---------------------
# docs/migration.md, "Behaviours that differ, and why" (details in docs/frame.md, "Where
# ferrodf differs from pandas"). Sorting is always stable there: the sort op asks pandas
# for kind="stable" itself, which is a valid pandas call, not a normalization.


def arith(op: str, left: Any, right: Any) -> Any:
    """``left <op> right`` (an ``operator`` name), on either side. On pandas' side `pow`
    follows ferrodf's documented rule: "a missing value stays missing in arithmetic:
    ``1 ** NaN`` and ``NaN ** 0`` are missing, where NumPy (and so pandas) gives 1"."""
    out = getattr(operator, op)(left, right)
    if op == "pow" and isinstance(out, pd.Series | pd.DataFrame):
        missing = left.isna()
        if isinstance(right, pd.Series | pd.DataFrame):
            missing = missing | right.isna()
        elif right is None or (isinstance(right, float) and np.isnan(right)):
            missing = missing | True
        out = out.mask(missing)
    return out


def as_ferrodf_would(expected: Any, got: Any = None) -> Any:
    """pandas' result as ferrodf documents it instead. "ferrodf has no object columns"
    (frame.md: results of mixed kinds come back as pandas object Series only where
    pandas holds them): an object column of one kind of value (a fillna of an all-None
    column, for one) has that kind's dtype. Missing values need nothing: ferrodf's nulls
    come back from ``to_pandas`` as pandas' NaN/None/NaT.

    "Missing values are nulls": a column keeps its type when all its values are missing
    (the unmatched side of a merge), where pandas makes it float64 of NaN; given ferrodf's
    result ``got``, such a column of ``expected`` takes got's dtype, and so do an empty
    object column and an empty float64 one where got's is int or bool (no values are left to
    say what kind the column held before missing values made pandas change it)."""
    if isinstance(expected, pd.DataFrame) and isinstance(got, pd.DataFrame):
        if list(got.columns) == list(expected.columns):
            for i, t in enumerate(expected.dtypes):
                column = expected.iloc[:, i]
                if t == np.float64 and column.isna().all():
                    g = got.dtypes.iloc[i]
                    if len(column) == 0 and not (
                        pd.api.types.is_integer_dtype(g) or g is np.dtype(bool)
                    ):
                        continue  # no rows: only an int or bool column can have held nulls
                    if got.iloc[:, i].isna().all() and g != t:
                        expected = expected.copy()
                        dtype = got.dtypes.iloc[i]  # object: a bool or an untyped column
                        missing = None if dtype is np.dtype(object) else np.nan
                        filled = pd.Series([missing] * len(column), column.index, dtype=dtype)
                        expected.isetitem(i, filled)
    if isinstance(expected, pd.DataFrame) and any(t is np.dtype(object) for t in expected.dtypes):
        same_labels = isinstance(got, pd.DataFrame) and list(got.columns) == list(expected.columns)
        out = expected.copy()
        for i, t in enumerate(expected.dtypes):
            column = expected.iloc[:, i]
            if t is not np.dtype(object):
                continue
            if len(column) == 0 and same_labels and got.dtypes.iloc[i] != t:
                # An empty object column has no values to infer a kind from; ferrodf's
                # column kept its type (a bool column that held nulls, say: pandas made it
                # object), and with no rows left that type is all there is to compare.
                out.isetitem(i, column.astype(got.dtypes.iloc[i]))
                continue
            if not column.isna().all():
                column = column.infer_objects()
            if column.dtype is np.dtype(object):  # ferrodf's nulls come back as None
                column = column.where(column.notna(), None)
            out.isetitem(i, column)
        return out
    if isinstance(expected, pd.Series) and expected.dtype == object:
        return expected.infer_objects()
    return expected


def assignment_differs_by_design(kind: str, value: Any) -> bool:
    """Whether writing value into a cell of a column of this kind is a documented
    difference that leaves the two frames unequal from then on: docs/frame.md, "`None`,
    and the missing cells of an enlargement, are nulls of the column's type where pandas
    turns an int column into floats" (a later 1.5 then raises TypeError in ferrodf only)."""
    return kind in ("int", "bool") and value is None


# --- open bugs ----------------------------------------------------------------------------


def known_bugs(got: Any, expected: Any) -> Any:
    """got with the open bugs that need a Rust fix undone, so the fuzzer goes on finding new
    ones; each names its strict-xfail reproducer in test_fuzz_regressions.py. Remove an
    entry when its reproducer passes. None is open now (the last one, an empty selection of
    a categorical column dropping its categories, is fixed:
    test_empty_selection_of_a_dictionary_column_keeps_its_keys)."""
    del expected  # the signature stays for the next entry
    return got


def to_pandas(obj: Any) -> Any:
    """ferrodf objects as pandas ones (``to_pandas``); NumPy scalars as Python ones."""
    if isinstance(obj, FERRODF_TYPES):
        return obj.to_pandas()
    if isinstance(obj, np.generic):
        return obj.item()
    return obj


def assert_same(got: Any, expected: Any, what: str) -> None:
    """got (ferrodf's, any kind) equals expected (pandas') including dtypes and labels."""
    g = to_pandas(got)
    expected = as_ferrodf_would(expected, g)
    g = known_bugs(g, expected)
    if isinstance(expected, pd.DataFrame):
        assert isinstance(g, pd.DataFrame), f"{what}: got {type(got).__name__}, a frame expected"
        pd.testing.assert_frame_equal(
            g,
            expected,
            check_index_type="equiv",
            # the labels of no column have no type to compare
            check_column_type="equiv" if len(expected.columns) else False,
            obj=what,
            check_exact=False,
            rtol=1e-9,
        )
    elif isinstance(expected, pd.Series):
        assert isinstance(g, pd.Series), f"{what}: got {type(got).__name__}, a Series expected"
        pd.testing.assert_series_equal(
            g, expected, check_index_type="equiv", obj=what, check_exact=False, rtol=1e-9
        )
    elif isinstance(expected, pd.Index):
        assert isinstance(g, pd.Index), f"{what}: got {type(got).__name__}, an Index expected"
        pd.testing.assert_index_equal(g, expected, exact="equiv", obj=what)
    else:
        same_type, equal = _scalar_compare(g, expected)
        assert equal and same_type, f"{what}: got {g!r}, pandas gives {expected!r}"


def _scalar_compare(got: Any, expected: Any) -> tuple[bool, bool]:
    """(same kind of value, equal) for two scalars; missing equals missing."""
    if isinstance(expected, np.generic):
        expected = expected.item()
    if np.ndim(expected) == 0 and pd.isna(expected):
        return True, np.ndim(got) == 0 and bool(pd.isna(got))
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(got, bool) and isinstance(expected, bool), got == expected
    if isinstance(expected, int | float) and isinstance(got, int | float):
        equal = got == expected or bool(np.isclose(got, expected, rtol=1e-9, atol=0))
        return isinstance(got, float) == isinstance(expected, float), equal
    for kind in (pd.Timestamp, pd.Timedelta):
        if isinstance(expected, kind):
            # a mean or std of date-times sums float64 ticks, as pandas does, but in another
            # order: the last tick may differ after truncation
            return isinstance(got, kind), abs(got - expected) <= pd.Timedelta(microseconds=1)
    return True, got == expected


def assert_same_outcome(got: Outcome, expected: Outcome, what: str) -> None:
    """Both raised, or neither did and the values are the same."""
    if expected.error is not None or got.error is not None:
        theirs = f"raised {expected.error!r}" if expected.error else "did not raise"
        ours = f"raised {got.error!r}" if got.error else "did not raise"
        assert expected.error is not None and got.error is not None, (
            f"{what}: pandas {theirs}, ferrodf {ours}"
        )
        return
    assert_same(got.value, expected.value, what)
