"""``DataFrame.memory_usage`` and ``Series.memory_usage`` (``ferrodf::memory_usage``).

pandas is the oracle for labels, shape and the bytes of fixed-width columns (8 bytes per
int64/float64 value in both); a string column's bytes are its Arrow buffers', which
pyarrow's ``nbytes`` counts (pandas would count Python objects). A RangeIndex holds no
buffer in ferrodf (0 bytes, as cuDF) where pandas counts its object's 132 bytes.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ferrodf


def _frame(n: int) -> pd.DataFrame:
    rng = np.random.default_rng(n)
    return pd.DataFrame(
        {"i": rng.integers(0, 9, n), "f": rng.normal(size=n), "g": rng.integers(0, 9, n)},
        index=pd.Index(np.arange(n, dtype="int64") * 2),
    )


@pytest.mark.parametrize("n", [0, 1, 7, 100])
@pytest.mark.parametrize("index", [True, False])
def test_fixed_width_columns_match_pandas(n: int, index: bool) -> None:
    pdf = _frame(n)
    got = ferrodf.DataFrame(pdf).memory_usage(index=index)
    want = pdf.memory_usage(index=index)
    assert isinstance(got, ferrodf.Series)
    pd.testing.assert_series_equal(got.to_pandas(), want, check_index_type=False)
    assert got.to_pandas().index.tolist() == want.index.tolist()


def test_integer_column_labels_stay_integers() -> None:
    pdf = pd.DataFrame(np.arange(6, dtype="int64").reshape(3, 2))
    got = ferrodf.DataFrame(pdf).memory_usage(index=False).to_pandas()
    pd.testing.assert_series_equal(got, pdf.memory_usage(index=False), check_index_type=False)
    assert got.index.tolist() == [0, 1]


def test_deep_changes_nothing_and_strings_count_their_arrow_buffers() -> None:
    pdf = pd.DataFrame({"s": ["a", None, "ccc", "dd"], "x": [1.5, None, 2.0, 3.0]})
    df = ferrodf.DataFrame(pdf)
    shallow, deep = df.memory_usage(index=False), df.memory_usage(index=False, deep=True)
    assert shallow.to_pandas().tolist() == deep.to_pandas().tolist()
    # pandas 3's str columns are Arrow large strings (int64 offsets), kept as they are;
    # the figure is the buffers' sizes (pyarrow's nbytes counts offsets differently)
    assert shallow["s"] == sum(b.size for b in pa.array(pdf["s"]).buffers() if b is not None)
    # a column with missing values also holds its validity bitmap
    assert shallow["x"] == 4 * 8 + pa.array(pdf["x"]).buffers()[0].size


def test_range_index_holds_no_buffer_and_total_is_the_sum() -> None:
    df = ferrodf.DataFrame({"a": [1, 2, 3]})
    usage = df.memory_usage()
    assert usage.to_pandas().index.tolist() == ["Index", "a"]
    assert usage["Index"] == 0 and usage["a"] == 24
    assert df.memory_usage(index=False).sum() == 24


def test_tuple_column_labels_keep_one_multiindex() -> None:
    pdf = pd.DataFrame(np.arange(6, dtype="int64").reshape(3, 2))
    pdf.columns = pd.MultiIndex.from_tuples([("a", "x"), ("b", "y")])
    got = ferrodf.DataFrame(pdf).memory_usage().to_pandas()
    assert got.index.tolist() == [("Index", ""), ("a", "x"), ("b", "y")]
    assert got.tolist() == [0, 24, 24]


@pytest.mark.parametrize("index", [True, False])
def test_series_matches_pandas(index: bool) -> None:
    ps = pd.Series([1.0, 2.0, 3.0], index=pd.Index([10, 20, 30], dtype="int64"))
    s = ferrodf.Series(ps)
    assert s.memory_usage(index=index) == ps.memory_usage(index=index)
    assert s.iloc[1:].memory_usage(index=False) >= 16
    assert ferrodf.Series([], dtype="int64").memory_usage() == 0


def test_sliced_frame_counts_at_least_its_rows() -> None:
    df = ferrodf.DataFrame(_frame(50)).iloc[10:20]
    assert (df.memory_usage(index=False).to_pandas() >= 80).all()
