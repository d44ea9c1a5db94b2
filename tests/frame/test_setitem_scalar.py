"""``df[col] = scalar`` and the other scalar broadcasts (constructor, ``insert``,
``assign``) against pandas, and ``plc.Column.from_scalar`` against ``pa.repeat``: the
column is built by the core where the frame computes (on the GPU without a host-side
column of n values; ``tests/memory/test_transfer_audit.py`` checks that part)."""

from __future__ import annotations

import datetime
import decimal
import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc
from ferrodf import DataFrame

SCALARS = [
    1,
    -7,
    2**40,
    1.5,
    -0.0,
    math.inf,
    True,
    False,
    "s",
    "",
    "日本語",
    np.int8(3),
    np.uint16(9),
    np.float32(1.25),
    np.bool_(True),
    datetime.datetime(2021, 3, 4, 5, 6, 7),
    datetime.timedelta(days=1, seconds=5),
    np.datetime64("2020-01-02T03:04:05", "ns"),
    np.timedelta64(90, "s"),
]


def _frames(n: int):
    p = pd.DataFrame({"a": np.arange(n, dtype="int64"), "b": np.linspace(0, 1, n)})
    return p, DataFrame(p)


def _same(df: DataFrame, p: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(df.to_pandas(), p, check_index_type=False)


@pytest.mark.parametrize("value", SCALARS, ids=repr)
@pytest.mark.parametrize("n", [0, 1, 5])
def test_setitem_scalar_matches_pandas(value, n):
    p, df = _frames(n)
    p["n"] = value
    df["n"] = value
    _same(df, p)
    p["a"] = value  # replacing a column
    df["a"] = value
    _same(df, p)


@pytest.mark.parametrize("value", [1, 2.5, "x", True], ids=repr)
def test_setitem_scalar_on_a_slice_keeps_its_labels(value):
    p, df = _frames(8)
    p, df = p.iloc[3:6].copy(), df.iloc[3:6]
    p["n"] = value
    df["n"] = value
    _same(df, p)


def test_setitem_nan_is_missing_in_a_float_column():
    p, df = _frames(3)
    p["n"] = np.nan
    df["n"] = np.nan
    got = df.to_pandas()
    assert got["n"].dtype == np.float64
    assert got["n"].isna().all()
    assert p["n"].isna().all()


def test_setitem_none_gives_a_column_of_missing_values():
    _, df = _frames(3)
    df["n"] = None
    got = df.to_pandas()["n"]
    assert len(got) == 3
    assert got.isna().all()


def test_setitem_scalar_on_a_frame_without_columns_has_no_rows():
    p, df = pd.DataFrame(), DataFrame()
    p["a"] = 1
    df["a"] = 1
    assert df.shape == p.shape == (0, 1)
    assert df.to_pandas()["a"].dtype == p["a"].dtype


@pytest.mark.parametrize("value", [1, 0.5, "x"], ids=repr)
def test_insert_assign_and_constructor_broadcast_scalars(value):
    p, df = _frames(4)
    p.insert(1, "k", value)
    df.insert(1, "k", value)
    _same(df, p)
    _same(df.assign(z=value), p.assign(z=value))
    pc = pd.DataFrame({"a": [1, 2, 3], "c": value})
    _same(DataFrame({"a": [1, 2, 3], "c": value}), pc)


def test_setitem_rejects_what_pandas_rejects():
    _, df = _frames(3)
    with pytest.raises(ValueError, match="length of values"):
        df["n"] = [1, 2]


# --- plc.Column.from_scalar ------------------------------------------------------------

ARROW_SCALARS = [
    pa.scalar(5, pa.int8()),
    pa.scalar(-3, pa.int16()),
    pa.scalar(7, pa.int32()),
    pa.scalar(2**62, pa.int64()),
    pa.scalar(200, pa.uint8()),
    pa.scalar(2**63, pa.uint64()),
    pa.scalar(1.5, pa.float32()),
    pa.scalar(-0.0, pa.float64()),
    pa.scalar(float("nan"), pa.float64()),
    pa.scalar(True, pa.bool_()),
    pa.scalar("héllo", pa.string()),
    pa.scalar("", pa.string()),
    pa.scalar(datetime.datetime(2020, 1, 1), pa.timestamp("us")),
    pa.scalar(86_400, pa.timestamp("s")),
    pa.scalar(5, pa.duration("ns")),
    pa.scalar(decimal.Decimal("1.25"), pa.decimal128(10, 2)),
    pa.scalar(None, pa.int32()),
    pa.scalar(None, pa.float64()),
    pa.scalar(None, pa.string()),
    pa.scalar(None, pa.timestamp("ms")),
]


@pytest.mark.parametrize("value", ARROW_SCALARS, ids=lambda s: f"{s.type}:{s.as_py()!r}")
@pytest.mark.parametrize("size", [0, 1, 7, 1000])
def test_column_from_scalar_matches_pa_repeat(value, size):
    got = plc.Column.from_scalar(plc.Scalar.from_arrow(value), size).to_arrow()
    want = pa.repeat(value, size)
    if pa.types.is_decimal(value.type):  # libcudf's decimals carry a scale, no precision
        want = want.cast(pa.decimal128(38, value.type.scale))
    assert got.type == want.type
    assert got.null_count == want.null_count
    if pa.types.is_floating(value.type):
        # bit for bit: -0.0 keeps its sign and NaN stays NaN
        width = value.type.bit_width
        as_int = pa.int32() if width == 32 else pa.int64()
        assert got.view(as_int).equals(want.view(as_int))
    else:
        assert got.equals(want)


def test_column_from_scalar_rejects_a_negative_size():
    with pytest.raises(ValueError, match="a column's size must not be negative, got -1"):
        plc.Column.from_scalar(plc.Scalar.from_arrow(pa.scalar(1)), -1)
    with pytest.raises(TypeError, match=r"takes a ferrodf\.plc\.Scalar, got Int64Scalar"):
        plc.Column.from_scalar(pa.scalar(1), 3)


@given(
    value=st.one_of(st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False), st.text()),
    size=st.integers(0, 300),
)
def test_column_from_scalar_property(value, size):
    s = pa.scalar(value)
    got = plc.Column.from_scalar(plc.Scalar.from_arrow(s), size).to_arrow()
    assert got.to_pylist() == [value] * size
