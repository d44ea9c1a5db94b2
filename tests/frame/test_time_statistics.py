"""mean, median, quantile and std of date-time and duration Series, against pandas
(``ferrodf::compute::reduce``, ``time_statistic``): computed on float64 ticks and truncated
toward zero, in the column's unit; ``var`` raises TypeError in both."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ferrodf

UNITS = ["s", "ms", "us", "ns"]


def _stamps(unit: str, n: int = 9, nulls: bool = True) -> pd.Series:
    rng = np.random.default_rng(len(unit) + n)
    seconds = rng.integers(1_600_000_000, 1_800_000_000, n)
    s = pd.Series(pd.to_datetime(seconds, unit="s")).astype(f"datetime64[{unit}]")
    if nulls and n > 2:
        s.iloc[[1, n - 1]] = pd.NaT
    return s


def _same(got, want) -> None:
    if pd.isna(want):
        assert pd.isna(got), (got, want)
        return
    assert type(got) is type(want), (got, want)
    assert got == want, (got, want)
    assert got.unit == want.unit


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("how", ["mean", "median", "std"])
@pytest.mark.parametrize("skipna", [True, False])
def test_statistics_of_timestamps_match_pandas(unit, how, skipna):
    ps = _stamps(unit)
    _same(getattr(ferrodf.Series(ps), how)(skipna=skipna), getattr(ps, how)(skipna=skipna))


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("how", ["mean", "median", "std"])
def test_statistics_of_durations_match_pandas(unit, how):
    ps = _stamps(unit) - pd.Timestamp("2020-01-01").as_unit(unit)
    _same(getattr(ferrodf.Series(ps), how)(), getattr(ps, how)())


@pytest.mark.parametrize("q", [0.0, 0.3, 0.5, 1.0])
def test_quantile_of_timestamps(q):
    ps = _stamps("s", nulls=False)
    _same(ferrodf.Series(ps).quantile(q), ps.quantile(q))


@pytest.mark.parametrize(
    "values", [[0, 1], [-1, 0], [-3, 0], [0, 1, 1]], ids=["half", "neg-half", "neg", "third"]
)
def test_truncation_toward_zero_as_pandas(values):
    ps = pd.Series(pd.to_datetime(values, unit="ns"))
    for how in ("mean", "median", "std"):
        _same(getattr(ferrodf.Series(ps), how)(), getattr(ps, how)())


@pytest.mark.parametrize("n", [0, 1, 2])
def test_empty_all_missing_and_sliced(n):
    ps = pd.Series(pd.NaT, index=range(n), dtype="datetime64[ns]")
    for how in ("mean", "median", "std"):
        _same(getattr(ferrodf.Series(ps), how)(), getattr(ps, how)())
    full = _stamps("us", 20, nulls=False)
    _same(ferrodf.Series(full).iloc[5:13].mean(), full.iloc[5:13].mean())


@pytest.mark.parametrize("kind", ["timestamp", "duration"])
def test_var_is_a_type_error_as_in_pandas(kind):
    ps = _stamps("s")
    if kind == "duration":
        ps = ps - ps.min()
    # no match=: pandas' own error (the oracle); its wording changes between pandas versions
    with pytest.raises(TypeError):
        ps.var()
    with pytest.raises(TypeError, match="cannot compute var"):
        ferrodf.Series(ps).var()
