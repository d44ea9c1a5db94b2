"""plc.strings.convert.convert_floats against pyarrow's casts (string <-> float)."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import col, sliced, values

import ferrodf
import ferrodf.plc as plc

CF = plc.strings.convert.convert_floats
T = plc.types.TypeId
ROWS = [
    "0",
    "-0",
    "1",
    "+1.5",
    "-.5",
    "5.",
    "1e5",
    "1E+5",
    "1e-5",
    "0.1",
    "3.14159265358979323846264338327950288",
    "1e400",
    "-1e400",
    "1e-400",
    "4.9e-324",
    "2.2250738585072011e-308",
    "3.4028235e38",
    "3.4028236e38",
    "1.17549435e-38",
    "inf",
    "-Infinity",
    "INF",
    "nan",
    "NaN",
    "123456789012345678901234567890",
    "",
    ".",
    "e5",
    "1e",
    "1e+",
    " 1",
    "1 ",
    "1_0",
    "0x1p3",
    "1,5",
    "--1",
    "\u0661",  # Arabic-Indic digit one
    "日本",
    None,
]


def arrow_parse(rows, t):
    out = []
    for s in rows:
        try:
            out.append(None if s is None else pc.cast(pa.array([s]), t).to_pylist()[0])
        except pa.ArrowInvalid:
            out.append(None)
    return out


def same(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        if w is None or g is None:
            assert g is w
        elif math.isnan(w):
            assert math.isnan(g)
        else:
            assert g == w and math.copysign(1, g) == math.copysign(1, w), (g, w)


@pytest.mark.parametrize(("tid", "pa_type"), [(T.FLOAT64, pa.float64()), (T.FLOAT32, pa.float32())])
def test_to_floats_vs_pyarrow_cast(tid, pa_type):
    got = CF.to_floats(col(ROWS), plc.DataType(tid))
    assert got.type().id() == tid
    same(values(got), arrow_parse(ROWS, pa_type))


def test_is_float_matches_pyarrow():
    want = [
        None if s is None else v is not None
        for s, v in zip(ROWS, arrow_parse(ROWS, pa.float64()), strict=True)
    ]
    assert values(CF.is_float(col(ROWS))) == want
    assert values(CF.is_float(sliced(ROWS, 20, 30))) == want[20:30]
    assert CF.is_float(col([])).size() == 0


def test_to_floats_random_round_trip():
    rng = np.random.default_rng(0)
    x = np.concatenate(
        [rng.standard_normal(500) * 10.0 ** rng.integers(-300, 300, 500), rng.random(500)]
    )
    rows = (
        [repr(float(v)) for v in x]
        + [f"{v:.25e}" for v in x[:200]]
        + [f"{v:.3f}" for v in x[500:700]]
    )
    got = values(CF.to_floats(col(rows), plc.DataType(T.FLOAT64)))
    assert got == [float(s) for s in rows]
    got32 = values(CF.to_floats(col(rows), plc.DataType(T.FLOAT32)))
    same(got32, arrow_parse(rows, pa.float32()))


@pytest.mark.parametrize("pa_type", [pa.float64(), pa.float32()])
def test_from_floats_vs_pyarrow_cast(pa_type):
    rng = np.random.default_rng(1)
    special = [
        0.0,
        -0.0,
        1.0,
        0.1,
        1e20,
        1e21,
        1e-6,
        1e-7,
        1e9,
        1e10,
        123456789.0,
        1234567890.0,
        5e-324,
        1.7976931348623157e308,
        float("nan"),
        float("inf"),
        float("-inf"),
        None,
        0.000123,
        1.5e-5,
        100.0,
        12.5,
    ]
    rand = list(rng.standard_normal(300) * 10.0 ** rng.integers(-40, 40, 300))
    arr = pa.array(special + rand, pa.float64()).cast(pa_type, safe=False)
    got = values(CF.from_floats(plc.Column.from_arrow(arr)))
    assert got == pc.cast(arr, pa.string()).to_pylist()


def test_from_floats_sliced_and_errors():
    arr = pa.array([1.5, None, 2.25, -3.0], pa.float64())
    c = plc.copying.slice(plc.Column.from_arrow(arr), [1, 4])[0]
    assert values(CF.from_floats(c)) == [None, "2.25", "-3"]
    with pytest.raises(TypeError, match="from_floats: expected FLOAT32 or FLOAT64"):
        CF.from_floats(plc.Column.from_arrow(pa.array([1], pa.int32())))
    with pytest.raises(TypeError, match="to_floats: expected FLOAT32 or FLOAT64"):
        CF.to_floats(col(["1"]), plc.DataType(T.INT32))
    with pytest.raises(TypeError, match="to_floats: strings must be a STRING column"):
        CF.to_floats(plc.Column.from_arrow(pa.array([1.0])), plc.DataType(T.FLOAT64))
    with pytest.raises(TypeError, match="is_float: input must be a STRING column"):
        CF.is_float(plc.Column.from_arrow(pa.array([1.0])))


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_gpu_mode_matches_host():
    """The device kernels (strings_floats.cu) give the host path's bits, nulls and text."""
    rows = ROWS + [repr(float(v)) for v in np.random.default_rng(2).standard_normal(200)]
    arr = pa.array([1.5, None, -0.0, 1e-7, 5e-324, float("nan"), 1e300, 0.1], pa.float64())
    c = plc.Column.from_arrow(arr)
    c32 = plc.Column.from_arrow(arr.cast(pa.float32(), safe=False))

    def run():
        return (
            CF.to_floats(col(rows), plc.DataType(T.FLOAT64)).to_arrow(),
            CF.to_floats(sliced(rows, 3, 40), plc.DataType(T.FLOAT32)).to_arrow(),
            CF.is_float(col(rows)).to_arrow(),
            CF.from_floats(c).to_arrow(),
            CF.from_floats(c32).to_arrow(),
            CF.from_floats(plc.copying.slice(c, [1, 7])[0]).to_arrow(),
            CF.is_float(col([])).to_arrow(),
        )

    with ferrodf.option_context(device="gpu"):
        got = run()
    with ferrodf.option_context(device="cpu"):
        want = run()
    for g, w in zip(got, want, strict=True):
        assert g.type == w.type
        assert g.is_valid().to_pylist() == w.is_valid().to_pylist()
        if pa.types.is_floating(g.type):
            gb = np.asarray(g.fill_null(0)).view(f"u{g.type.bit_width // 8}")
            wb = np.asarray(w.fill_null(0)).view(f"u{w.type.bit_width // 8}")
            assert gb.tolist() == wb.tolist()
        else:
            assert g.to_pylist() == w.to_pylist()
