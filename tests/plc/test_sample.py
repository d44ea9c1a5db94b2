"""plc.copying.sample. Its draws are ferrodf's own (SplitMix64 from the seed), so the
tests check properties: the size, every row drawn from the input (by a row-id column),
no repeats without replacement, determinism by seed."""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import make_array
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc

R = plc.types.SampleWithReplacement


def ided_table(n: int, offset: int = 0) -> tuple[plc.Table, list]:
    ids = pa.array(range(n + offset), pa.int64()).slice(offset)
    other = make_array(pa.string(), n + offset, seed=1).slice(offset)
    rows = list(zip(ids.to_pylist(), other.to_pylist(), strict=True))
    return plc.Table([plc.Column.from_arrow(ids), plc.Column.from_arrow(other)]), rows


def drawn(t: plc.Table) -> list:
    cols = [c.to_arrow().to_pylist() for c in t.columns()]
    return list(zip(*cols, strict=True))


@pytest.mark.parametrize("offset", [0, 7])
@pytest.mark.parametrize("replacement", [R.FALSE, R.TRUE])
def test_sample_rows(offset, replacement):
    t, rows = ided_table(50, offset)
    out = plc.copying.sample(t, 20, replacement, 42)
    got = drawn(out)
    assert len(got) == 20
    assert set(got) <= set(rows)
    if replacement == R.FALSE:
        assert len(set(got)) == 20
    assert drawn(plc.copying.sample(t, 20, replacement, 42)) == got
    assert drawn(plc.copying.sample(t, 20, replacement, 43)) != got


def test_sample_all_rows_is_a_permutation():
    t, rows = ided_table(30)
    got = drawn(plc.copying.sample(t, 30, plc.copying.SampleWithReplacement.FALSE, 1))
    assert sorted(got) == sorted(rows)
    assert got != rows


def test_sample_with_replacement_repeats():
    t, rows = ided_table(5)
    got = drawn(plc.copying.sample(t, 100, R.TRUE, 0))
    assert len(got) == 100
    assert set(got) == set(rows)  # 100 draws from 5 rows hit them all


def test_sample_empty_and_errors():
    t, _ = ided_table(0)
    assert plc.copying.sample(t, 0, R.FALSE, 3).num_rows() == 0
    assert plc.copying.sample(ided_table(4)[0], 0, R.TRUE, 3).num_rows() == 0
    with pytest.raises(ValueError, match="cannot draw 5 rows from 4 without replacement"):
        plc.copying.sample(ided_table(4)[0], 5, R.FALSE, 0)
    with pytest.raises(ValueError, match="from an empty table"):
        plc.copying.sample(t, 1, R.TRUE, 0)
    with pytest.raises(ValueError, match="n must be non-negative"):
        plc.copying.sample(ided_table(4)[0], -1, R.TRUE, 0)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 40), st.data(), st.booleans(), st.integers(-(2**63), 2**63 - 1))
def test_sample_property(n_rows, data, with_replacement, seed):
    hi = 60 if with_replacement and n_rows else n_rows
    n = data.draw(st.integers(0, hi))
    t, rows = ided_table(n_rows)
    rep = R.TRUE if with_replacement else R.FALSE
    got = drawn(plc.copying.sample(t, n, rep, seed))
    assert len(got) == n
    assert set(got) <= set(rows)
    if not with_replacement:
        assert len(set(got)) == n
    assert drawn(plc.copying.sample(t, n, rep, seed)) == got
