"""plc.strings.wrap.wrap: libcudf's rule, written out in Python below, on random text (host
path, and the CUDA kernel compiled for the CPU)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from str_helpers import TEXT, col, sliced, values
from test_str_convert_kernels_on_host import lib  # noqa: F401 (the compiled kernels)
from test_str_kernels_on_host import I32, I64, Arena, P, host, nullify, pcol
from test_str_kernels_on_host import pytestmark as needs_gxx

import ferrodf.plc as plc

W = plc.strings.wrap
POOL = [*"ab cd  ef", "\t", "\n", "é", "日", "😀", "\x01"]


def libcudf_wrap(s, width):
    """libcudf's wrap: characters <= ' ' become ' '; once the line from `spos` reaches
    `width` characters, the last space seen becomes '\\n' and starts the next line."""
    if s is None:
        return None
    out = [" " if c <= " " else c for c in s]
    last, spos = None, 0
    for pos, c in enumerate(s):
        if c <= " ":
            last = pos
        if pos - spos >= width and last is not None:
            out[last] = "\n"
            spos, last = last, None
    return "".join(out)


def texts(seed, n=300):
    rng = np.random.default_rng(seed)
    return [
        None if rng.random() < 0.1 else "".join(rng.choice(POOL, int(rng.integers(0, 40))))
        for _ in range(n)
    ]


@pytest.mark.parametrize("width", [1, 3, 5, 10, 100])
def test_wrap(width):
    rows = [*TEXT, *texts(width)]
    got = values(W.wrap(col(rows), width))
    assert got == [libcudf_wrap(s, width) for s in rows]
    # same byte length, and only whitespace changed
    for s, g in zip(rows, got, strict=True):
        if s is not None:
            assert len(g.encode()) == len(s.encode())
            assert g.replace("\n", " ") == "".join(" " if c <= " " else c for c in s)
    got = values(W.wrap(sliced(rows, 4, 40), width))
    assert got == [libcudf_wrap(s, width) for s in rows[4:40]]


def test_wrap_errors_and_empty():
    assert W.wrap(col([]), 3).size() == 0
    with pytest.raises(ValueError, match="wrap: width must be positive"):
        W.wrap(col(["a b"]), 0)
    with pytest.raises(TypeError, match="wrap: input must be a STRING column"):
        W.wrap(plc.Column.from_arrow(pa.array([1])), 3)


@needs_gxx
@pytest.mark.parametrize("width", [1, 4, 9])
def test_wrap_kernel(lib, width):  # noqa: F811
    vals = texts(100 + width)
    off, sub = 2, vals[2:]
    m = len(sub)
    a = Arena()
    d = a.descs(a.strcol(vals, off))
    got = a.build(
        m,
        lambda w, s, o, c: lib.str_wrap(P(d), I64(m), I64(width), I32(w), P(s), P(o), P(c)),
    )
    assert nullify(got, [v is not None for v in sub]) == host(lambda: W.wrap(pcol(sub), width))
