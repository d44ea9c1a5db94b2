"""plc.strings.convert.convert_datetime against Python's datetime.strptime / strftime
(rows of libcudf's fixed field widths) and pyarrow's strptime."""

from __future__ import annotations

import datetime as dt
import re

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import col, sliced, values

import ferrodf.plc as plc

CD = plc.strings.convert.convert_datetime
T = plc.types.TypeId
UTC = dt.UTC
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
UNITS = {
    T.TIMESTAMP_SECONDS: ("s", dt.timedelta(seconds=1)),
    T.TIMESTAMP_MILLISECONDS: ("ms", dt.timedelta(milliseconds=1)),
    T.TIMESTAMP_MICROSECONDS: ("us", dt.timedelta(microseconds=1)),
    T.TIMESTAMP_DAYS: (None, dt.timedelta(days=1)),
}
WIDTH = {"Y": r"\d{4}", "j": r"\d{3}", "f": r"\d{6}", "z": r"[+-]\d{4}", "p": r"(?i:AM|PM)"}


def shape(fmt):
    """The fixed-width shape of the rows libcudf reads with fmt."""
    parts = re.split(r"(%.)", fmt)
    return re.compile(
        "".join(
            "%" if p == "%%" else WIDTH.get(p[1], r"\d{2}") if p.startswith("%") else re.escape(p)
            for p in parts
        )
    )


def py_parse(rows, fmt, tid):
    """Ticks since the epoch per Python's strptime (missing date fields: 1970-01-01)."""
    unit = UNITS[tid][1]
    rx = shape(fmt)
    out = []
    for s in rows:
        try:
            assert s is not None and rx.fullmatch(s)
            v = dt.datetime.strptime(s, fmt)
        except (AssertionError, ValueError):
            out.append(None)
            continue
        if "%Y" not in fmt and "%y" not in fmt:
            v = v.replace(year=1970)
        if v.tzinfo is None:
            v = v.replace(tzinfo=UTC)
        out.append((v - EPOCH) // unit)
    return out


def ts_type(tid):
    return pa.date32() if tid == T.TIMESTAMP_DAYS else pa.timestamp(UNITS[tid][0])


def ticks(c):
    a = c.to_arrow()
    assert c.null_count() == a.null_count
    return pc.cast(a, pa.int32() if a.type == pa.date32() else pa.int64()).to_pylist()


ROWS = [
    "2024-02-29 12:30:05",
    "2023-02-29 12:30:05",
    "1999-12-31 23:59:59",
    "1969-12-31 23:59:59",
    "0001-01-01 00:00:00",
    "9999-12-31 23:59:59",
    "2024-13-01 00:00:00",
    "2024-00-10 00:00:00",
    "2024-04-31 00:00:00",
    "2024-01-01 24:00:00",
    "2024-01-01 00:60:00",
    "2024-01-01 00:00:60",
    "2024-1-01 00:00:00",
    "2024-01-01T00:00:00",
    "2024-01-01 00:00:00 ",
    "2024-01-01 00:00",
    "",
    "日本",
    None,
]


@pytest.mark.parametrize("tid", list(UNITS), ids=lambda t: t.name)
def test_to_timestamps_vs_strptime(tid):
    fmt = "%Y-%m-%d %H:%M:%S"
    got = CD.to_timestamps(col(ROWS), plc.DataType(tid), fmt)
    assert got.type().id() == tid
    assert ticks(got) == py_parse(ROWS, fmt, tid)
    flags = values(CD.is_timestamp(col(ROWS), fmt))
    assert flags == [
        None if s is None else v is not None
        for s, v in zip(ROWS, py_parse(ROWS, fmt, tid), strict=True)
    ]


@pytest.mark.parametrize(
    "fmt",
    [
        "%Y%m%d",
        "%d/%m/%y",
        "%Y-%j",
        "%H:%M",
        "%I:%M %p",
        "%Y-%m-%dT%H:%M:%S.%f",
        "%Y-%m-%d %H:%M:%S%z",
        "%%%Y",
    ],
)
def test_formats_vs_strptime(fmt):
    rng = np.random.default_rng(len(fmt))
    base = dt.datetime(1900, 1, 1, tzinfo=UTC)
    stamps = [
        base + dt.timedelta(seconds=int(x), microseconds=int(u))
        for x, u in zip(
            rng.integers(0, 200 * 365 * 86400, 200), rng.integers(0, 10**6, 200), strict=True
        )
    ]
    rows = [s.strftime(fmt.replace("%z", "+0130")) for s in stamps]
    rows += [
        "12:30 XM",
        "13:00 PM",
        "00:10 am",
        "1999-366",
        "2000-366",
        "2000-367",
        "2000-000",
        "1999-12-31 00:00:00+2400",
        "1999-12-31 00:00:00-0059",
        "x",
    ]
    tid = T.TIMESTAMP_MICROSECONDS
    got = CD.to_timestamps(col(rows), plc.DataType(tid), fmt)
    want = py_parse(rows, fmt, tid)
    # Python takes day 366 of a common year as January 1st of the next; libcudf's range
    # (and ferrodf's) ends at 365
    want = [None if s == "1999-366" else w for s, w in zip(rows, want, strict=True)]
    assert ticks(got) == want


def test_to_timestamps_vs_pyarrow_strptime():
    rows = [r for r in ROWS if r is not None]
    for unit, tid in [("s", T.TIMESTAMP_SECONDS), ("ms", T.TIMESTAMP_MILLISECONDS)]:
        want = pc.strptime(pa.array(rows), "%Y-%m-%d %H:%M:%S", unit, error_is_null=True)
        got = CD.to_timestamps(col(rows), plc.DataType(tid), "%Y-%m-%d %H:%M:%S")
        # pyarrow reads single-digit months, leap second 60 and days past the month's end
        # (2023-02-29 as March 1st): compare where Python's strptime takes the row
        keep = [v is not None for v in py_parse(rows, "%Y-%m-%d %H:%M:%S", tid)]
        assert [g for g, k in zip(ticks(got), keep, strict=True) if k] == [
            w for w, k in zip(pc.cast(want, pa.int64()).to_pylist(), keep, strict=True) if k
        ]


def test_fraction_digits_round_trip():
    vals = [0, 1, -1, 1_700_000_000_123_456_789, -86_400_000_000_001, None]
    c = plc.Column.from_arrow(pa.array(vals, pa.timestamp("ns")))
    for n in (3, 6, 9):
        fmt = f"%Y-%m-%d %H:%M:%S.%{n}f"
        s = CD.from_timestamps(c, fmt, col([]))
        back = CD.to_timestamps(s, plc.DataType(T.TIMESTAMP_NANOSECONDS), fmt)
        step = 10 ** (9 - n)
        assert ticks(back) == [None if v is None else v // step * step for v in vals]


def names():
    sunday = dt.date(2023, 1, 1)
    days = [sunday + dt.timedelta(days=k) for k in range(7)]
    months = [dt.date(2023, m, 1) for m in range(1, 13)]
    return col(
        ["AM", "PM"]
        + [d.strftime("%A") for d in days]
        + [d.strftime("%a") for d in days]
        + [m.strftime("%B") for m in months]
        + [m.strftime("%b") for m in months]
    )


@pytest.mark.parametrize(
    "tid", [T.TIMESTAMP_SECONDS, T.TIMESTAMP_MICROSECONDS, T.TIMESTAMP_DAYS], ids=lambda t: t.name
)
def test_from_timestamps_vs_strftime(tid):
    rng = np.random.default_rng(3)
    lo, hi = dt.datetime(1000, 1, 1, tzinfo=UTC), dt.datetime(9999, 12, 31, tzinfo=UTC)
    unit = UNITS[tid][1]
    t = [int(x) for x in rng.integers((lo - EPOCH) // unit, (hi - EPOCH) // unit, 300)]
    t[:3] = [0, -1, None]
    c = plc.Column.from_arrow(
        pa.array(t, pa.int64()).cast(ts_type(tid))
        if tid != T.TIMESTAMP_DAYS
        else pa.array(t, pa.int32()).cast(pa.date32())
    )
    assert c.type().id() == tid
    fmt = "%Y-%m-%d %H:%M:%S.%f %j %I%p %y %a %A %b %B %u %w %U %W %% %Z %z"
    got = values(CD.from_timestamps(c, fmt, names()))
    want = [
        None
        if v is None
        else (EPOCH + v * unit).strftime(fmt.replace("%Z", "UTC").replace("%z", "+0000"))
        for v in t
    ]
    assert got == want
    got = values(CD.from_timestamps(sliced_ts(c), "%Y%m%d", col([])))
    assert got == [None if v is None else (EPOCH + v * unit).strftime("%Y%m%d") for v in t[1:10]]


def sliced_ts(c):
    return plc.copying.slice(c, [1, 10])[0]


def test_errors_and_empty():
    with pytest.raises(ValueError, match="to_timestamps: format specifier %Q is not supported"):
        CD.to_timestamps(col(["x"]), plc.DataType(T.TIMESTAMP_SECONDS), "%Y-%Q")
    with pytest.raises(TypeError, match="to_timestamps: expected a TIMESTAMP type"):
        CD.to_timestamps(col(["x"]), plc.DataType(T.INT64), "%Y")
    with pytest.raises(
        ValueError, match=r"from_timestamps: input_strings_names must have 40 rows \(AM, PM, the"
    ):
        CD.from_timestamps(plc.Column.from_arrow(pa.array([0], pa.timestamp("s"))), "%A", col([]))
    with pytest.raises(TypeError, match="from_timestamps: expected a TIMESTAMP column"):
        CD.from_timestamps(col(["x"]), "%Y", col([]))
    assert CD.to_timestamps(col([]), plc.DataType(T.TIMESTAMP_SECONDS), "%Y").size() == 0
    assert values(CD.is_timestamp(sliced(ROWS, 1, 4), "%Y-%m-%d %H:%M:%S")) == [False, True, True]
