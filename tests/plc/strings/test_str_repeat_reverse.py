"""plc.strings.repeat.repeat_strings and plc.strings.reverse.reverse against
pyarrow.compute's binary_repeat and utf8_reverse."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from str_helpers import TEXT, TEXTS, check, col, sliced

import ferrodf.plc as plc

S = plc.strings


@pytest.mark.parametrize("times", [0, 1, 2, 5])
def test_repeat_vs_pyarrow(times):
    expected = pc.binary_repeat(pa.array(TEXT), times).to_pylist()
    check(S.repeat.repeat_strings(col(TEXT), times), expected, pa.string())


def test_repeat_negative_and_column():
    assert S.repeat.repeat_strings(col(["ab", None]), -3).to_arrow().to_pylist() == ["", None]
    rows = ["ab", "é", None, "x", "日本"]
    times = pa.array([2, None, 3, 0, -1], pa.int16())
    got = S.repeat.repeat_strings(col(rows), plc.Column.from_arrow(times))
    assert got.to_arrow().to_pylist() == ["abab", None, None, "", ""]
    assert got.null_count() == 2


def test_repeat_sliced_and_errors():
    times = plc.copying.slice(plc.Column.from_arrow(pa.array([7, 1, 2, 3])), [1, 4])[0]
    got = S.repeat.repeat_strings(sliced(["z", "a", "b", "c"], 1, 4), times)
    assert got.to_arrow().to_pylist() == ["a", "bb", "ccc"]
    assert S.repeat.repeat_strings(col([]), 3).size() == 0
    with pytest.raises(TypeError, match="repeat_times"):
        S.repeat.repeat_strings(col(["a"]), col(["2"]))
    with pytest.raises(ValueError, match="rows"):
        S.repeat.repeat_strings(col(["a"]), plc.Column.from_arrow(pa.array([1, 2])))
    with pytest.raises(TypeError, match="repeat_strings: input must be a STRING column"):
        S.repeat.repeat_strings(plc.Column.from_arrow(pa.array([1])), 2)


def test_reverse_vs_pyarrow():
    check(S.reverse.reverse(col(TEXT)), pc.utf8_reverse(pa.array(TEXT)).to_pylist(), pa.string())
    check(
        S.reverse.reverse(sliced(TEXT, 3, 12)),
        pc.utf8_reverse(pa.array(TEXT[3:12])).to_pylist(),
        pa.string(),
    )
    assert S.reverse.reverse(col([])).size() == 0
    with pytest.raises(TypeError, match="reverse: input must be a STRING column"):
        S.reverse.reverse(plc.Column.from_arrow(pa.array([1.0])))


@given(TEXTS)
def test_reverse_property(rows):
    check(S.reverse.reverse(col(rows)), [None if r is None else r[::-1] for r in rows], pa.string())
