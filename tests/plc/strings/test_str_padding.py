"""plc.strings.padding (pad, zfill, zfill_by_widths) against Python's str.rjust / ljust /
center / zfill and pyarrow.compute's utf8_lpad / utf8_rpad.

Centring follows Python (the extra character on the left for an odd width), not
pyarrow's ``utf8_center`` (on the right).
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import TEXT, check, col, sliced

import ferrodf.plc as plc

PD = plc.strings.padding
Side = plc.strings.SideType

ROWS = ["a", "abc", "", None, "日本", "😀x", "ÉCOLE wörld", "straße"]


def py_pad(rows, width, side, fill):
    f = {Side.LEFT: str.rjust, Side.RIGHT: str.ljust, Side.BOTH: str.center}[side]
    return [None if r is None else f(r, width, fill) for r in rows]


@pytest.mark.parametrize("side", list(Side), ids=lambda s: s.name)
@pytest.mark.parametrize("width", [0, 3, 6, 7, 12])
@pytest.mark.parametrize("fill", [" ", "*", "é", "😀"])
def test_pad_vs_python(side, width, fill):
    check(PD.pad(col(ROWS), width, side, fill), py_pad(ROWS, width, side, fill), pa.string())


def test_pad_vs_pyarrow():
    arr = pa.array(TEXT)
    check(PD.pad(col(TEXT), 9, Side.LEFT, "é"), pc.utf8_lpad(arr, 9, "é").to_pylist(), pa.string())
    check(PD.pad(col(TEXT), 9, Side.RIGHT, " "), pc.utf8_rpad(arr, 9).to_pylist(), pa.string())


@pytest.mark.parametrize("width", [-1, 0, 3, 5, 8])
def test_zfill_vs_python(width):
    rows = ["1", "-1", "+12", "-", "+", "", None, "abc", "-x", "日本", "12345678", "--1"]
    check(
        PD.zfill(col(rows), width),
        [None if r is None else r.zfill(width) for r in rows],
        pa.string(),
    )


def test_zfill_by_widths():
    rows = ["1", "-1", None, "abc", "日", "+5"]
    widths = pa.array([3, 4, 5, None, 2, 0], pa.int32())
    got = PD.zfill_by_widths(col(rows), plc.Column.from_arrow(widths))
    expected = [
        None if r is None or w is None else r.zfill(w)
        for r, w in zip(rows, widths.to_pylist(), strict=True)
    ]
    check(got, expected, pa.string())
    w8 = plc.Column.from_arrow(pa.array([2, 3], pa.uint8()))
    assert PD.zfill_by_widths(col(["1", "ab"]), w8).to_arrow().to_pylist() == ["01", "0ab"]


def test_sliced_and_empty():
    check(
        PD.pad(sliced(ROWS, 2, 7), 5, Side.BOTH, "-"),
        py_pad(ROWS[2:7], 5, Side.BOTH, "-"),
        pa.string(),
    )
    check(
        PD.zfill(sliced(ROWS, 1, 5), 4),
        [None if r is None else r.zfill(4) for r in ROWS[1:5]],
        pa.string(),
    )
    widths = plc.copying.slice(plc.Column.from_arrow(pa.array([9, 9, 4, 5, 6, 7])), [2, 6])[0]
    got = PD.zfill_by_widths(sliced(["x", "x", "1", "-2", None, "abc"], 2, 6), widths)
    assert got.to_arrow().to_pylist() == ["0001", "-0002", None, "0000abc"]
    assert PD.pad(col([]), 4, Side.LEFT, " ").size() == 0
    assert PD.zfill(col([None]), 4).to_arrow().to_pylist() == [None]


def test_errors():
    with pytest.raises(ValueError, match="fill_char"):
        PD.pad(col(["a"]), 3, Side.LEFT, "ab")
    with pytest.raises(ValueError, match="fill_char"):
        PD.pad(col(["a"]), 3, Side.LEFT, "")
    with pytest.raises(TypeError, match="zfill: input must be a STRING column"):
        PD.zfill(plc.Column.from_arrow(pa.array([1])), 3)
    with pytest.raises(TypeError, match="widths"):
        PD.zfill_by_widths(col(["a"]), col(["1"]))
    with pytest.raises(ValueError, match="rows"):
        PD.zfill_by_widths(col(["a"]), plc.Column.from_arrow(pa.array([1, 2])))
