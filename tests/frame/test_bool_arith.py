"""``/``, ``//`` and ``**`` between booleans, decided in the Rust frontend as pandas decides:
the operators refuse them (NotImplementedError), the flex methods refuse them against a
scalar or a frame but compute them against a Series."""

from __future__ import annotations

import pandas as pd
import pytest

from ferrodf import DataFrame, Series

A = [True, False, True]
B = [True, True, False]
OPS = ["truediv", "floordiv", "pow"]


def _outcome(fn):
    """("ok", values) or ("raises", exception type)."""
    try:
        r = fn()
    except Exception as e:  # the oracle's own exception is the expectation
        return "raises", type(e)
    r = r.to_pandas() if hasattr(r, "to_pandas") else r
    return "ok", r


def _same(got, want):
    assert got[0] == want[0], (got, want)
    if want[0] == "raises":
        assert got[1] is want[1]
    else:
        pd.testing.assert_series_equal(got[1], want[1])


@pytest.mark.parametrize("op", OPS)
def test_series_operators_and_flex_methods_follow_pandas(op):
    pa_, pb = pd.Series(A), pd.Series(B)
    fa, fb = Series(A), Series(B)
    cases = [
        (lambda s, o: getattr(s, f"__{op}__")(o), True),  # operator, Series
        (lambda s, o: getattr(s, f"__r{op}__")(o), True),  # reflected operator
        (lambda s, o: getattr(s, op)(o), True),  # flex, Series: computed
        (lambda s, o: getattr(s, op)(True), False),  # flex, scalar
        (lambda s, o: getattr(s, f"__{op}__")(True), False),  # operator, scalar
    ]
    for fn, _ in cases:
        _same(_outcome(lambda fn=fn: fn(fa, fb)), _outcome(lambda fn=fn: fn(pa_, pb)))


@pytest.mark.parametrize("op", OPS)
def test_frame_operators_refuse_bool_columns(op):
    p = pd.DataFrame({"x": A, "y": [1, 2, 3]})
    df = DataFrame(p)
    for fn in (
        lambda d: getattr(d, f"__{op}__")(d),
        lambda d: getattr(d, op)(d),
        lambda d: getattr(d, f"__{op}__")(True),
    ):
        want = _outcome(lambda fn=fn: fn(p))
        got = _outcome(lambda fn=fn: fn(df))
        assert want[0] == got[0] == "raises"
        assert got[1] is want[1] is NotImplementedError
    with pytest.raises(NotImplementedError, match="not implemented for bool dtypes"):
        getattr(df, f"__{op}__")(df)


def test_bool_with_numbers_is_not_refused():
    s, p = Series(A), pd.Series(A)
    pd.testing.assert_series_equal((s / 2).to_pandas(), p / 2)
    pd.testing.assert_series_equal((s ** Series([1, 2, 3])).to_pandas(), p ** pd.Series([1, 2, 3]))
