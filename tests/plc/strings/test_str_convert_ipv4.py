"""plc.strings.convert.convert_ipv4 against Python's ipaddress module."""

from __future__ import annotations

import ipaddress
import re

import numpy as np
import pyarrow as pa
import pytest
from str_helpers import col, sliced, values

import ferrodf.plc as plc

CV = plc.strings.convert.convert_ipv4
ROWS = [
    "0.0.0.0",
    "1.2.3.4",
    "255.255.255.255",
    "192.168.001.010",
    "256.1.1.1",
    "1.2.3",
    "1.2.3.4.5",
    "1..3.4",
    "1.2.3.",
    ".1.2.3",
    "1.2.3.4 ",
    " 1.2.3.4",
    "0001.2.3.4",
    "a.b.c.d",
    "1.2.3.-4",
    "+1.2.3.4",
    "\uff11.2.3.4",  # full-width digit
    "",
    "日本",
    None,
]
SHAPE = re.compile(r"[0-9]{1,3}(\.[0-9]{1,3}){3}")


def py_addr(s):
    """ipaddress's value of s, leading zeros taken (as libcudf) by reading each part."""
    if s is None or not SHAPE.fullmatch(s):
        return None
    try:
        return int(ipaddress.IPv4Address(".".join(str(int(p)) for p in s.split("."))))
    except ipaddress.AddressValueError:
        return None


def test_ipv4_to_integers_and_is_ipv4():
    got = CV.ipv4_to_integers(col(ROWS))
    assert got.type().id() == plc.types.TypeId.UINT32
    assert values(got) == [py_addr(s) for s in ROWS]
    assert values(CV.is_ipv4(col(ROWS))) == [
        None if s is None else py_addr(s) is not None for s in ROWS
    ]
    assert values(CV.ipv4_to_integers(sliced(ROWS, 2, 9))) == [py_addr(s) for s in ROWS[2:9]]
    assert CV.ipv4_to_integers(col([])).size() == 0


def test_integers_to_ipv4_vs_ipaddress():
    rng = np.random.default_rng(0)
    vals = [0, 1, 2**32 - 1, 16909060, None, *map(int, rng.integers(0, 2**32, 200))]
    c = plc.Column.from_arrow(pa.array(vals, pa.uint32()))
    want = [None if v is None else str(ipaddress.IPv4Address(v)) for v in vals]
    assert values(CV.integers_to_ipv4(c)) == want
    c64 = plc.Column.from_arrow(pa.array(vals, pa.int64()))
    assert values(CV.integers_to_ipv4(c64)) == want
    back = CV.ipv4_to_integers(CV.integers_to_ipv4(c))
    assert values(back) == vals


def test_ipv4_errors():
    with pytest.raises(TypeError, match="ipv4_to_integers: input must be a STRING column"):
        CV.ipv4_to_integers(plc.Column.from_arrow(pa.array([1])))
    with pytest.raises(TypeError, match=r"integers_to_ipv4: expected a UINT32 \(or INT64\) column"):
        CV.integers_to_ipv4(col(["1.2.3.4"]))
    with pytest.raises(TypeError, match=r"integers_to_ipv4: expected a UINT32 \(or INT64\) column"):
        CV.integers_to_ipv4(plc.Column.from_arrow(pa.array([1.0])))
