"""plc.strings and plc.datetime give the same results on the host and the device (the
regex items and capture groups included: DFA and Pike VM kernels against regex-automata).

Runs each operation with device='cpu' and device='gpu' on random Unicode text (and
random timestamps) and compares the Arrow results. Skipped without a GPU.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import run_both

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")

POOL = [*list("abcXYZ ,-\t"), "é", "ß", "İ", "Σ", "ǅ", "日", "本", "😀", "\u3000", "ﬁ"]


def text(n=3000, seed=0, offset=0):
    rng = np.random.default_rng(seed)
    vals = []
    for _ in range(n):
        if rng.random() < 0.1:
            vals.append(None)
        else:
            k = int(rng.integers(0, 40 if rng.random() < 0.95 else 400))
            vals.append("".join(rng.choice(POOL, k)))
    c = plc.Column.from_arrow(pa.array(vals, pa.string()))
    return plc.copying.slice(c, [offset, n])[0] if offset else c


def sc(v):
    return plc.Scalar.from_arrow(pa.scalar(v, pa.string()))


def arrow(x):
    if isinstance(x, plc.Table):
        return [c.to_arrow() for c in x.columns()]
    return [x.to_arrow()]


def rprog(p):
    return plc.strings.RegexProgram.create(p)


S = plc.strings
OPS = {
    "count_characters": lambda c: S.attributes.count_characters(c),
    "count_bytes": lambda c: S.attributes.count_bytes(c),
    "to_lower": lambda c: S.case.to_lower(c),
    "to_upper": lambda c: S.case.to_upper(c),
    "contains": lambda c: S.find.contains(c, sc("ß")),
    "contains_col": lambda c: S.find.contains(c, S.case.to_upper(c)),
    "starts_with": lambda c: S.find.starts_with(c, sc("a")),
    "ends_with": lambda c: S.find.ends_with(c, sc("😀")),
    "find": lambda c: S.find.find(c, sc("日"), 2, 30),
    "rfind": lambda c: S.find.rfind(c, sc("a"), 1, -1),
    "find_col": lambda c: S.find.find(c, S.slice.slice_strings(c, 3, 5)),
    "replace": lambda c: S.replace.replace(c, sc("a"), sc("日本")),
    "replace_max": lambda c: S.replace.replace(c, sc("ß"), sc(""), 2),
    "slice": lambda c: S.slice.slice_strings(c, 2, -3),
    "slice_step": lambda c: S.slice.slice_strings(c, -2, None, -3),
    "strip": lambda c: S.strip.strip(c),
    "strip_chars": lambda c: S.strip.strip(c, S.SideType.LEFT, sc("a日 ")),
    "split": lambda c: S.split.split.split(c, sc(","), -1),
    "split_ws": lambda c: S.split.split.split(c, sc(""), 2),
    "rsplit": lambda c: S.split.split.rsplit(c, sc(" "), 1),
    "rsplit_ws": lambda c: S.split.split.rsplit(c, sc(""), -1),
    "rsplit_record": lambda c: S.split.split.rsplit_record(c, sc(","), 2),
    "split_record": lambda c: S.split.split.split_record(c, sc("-"), -1),
    "findall": lambda c: S.findall.findall(c, rprog(r"[ab]+|日")),
    "find_re": lambda c: S.findall.find_re(c, rprog("ß|Σ")),
    "split_re": lambda c: S.split.split.split_re(c, rprog(r"\s+|,"), -1),
    "rsplit_re": lambda c: S.split.split.rsplit_re(c, rprog("[,-]"), 2),
    "split_record_re": lambda c: S.split.split.split_record_re(c, rprog("a|é+"), 3),
    "rsplit_record_re": lambda c: S.split.split.rsplit_record_re(c, rprog(r"\s"), -1),
    "extract": lambda c: S.extract.extract(c, rprog(r"([a-c]+)(X|Y)?(\w)")),
    "extract_single": lambda c: S.extract.extract_single(c, rprog(r"(日|本)+(.)"), 1),
    "extract_all_record": lambda c: S.extract.extract_all_record(c, rprog(r"(a)|(ß\s*)")),
    "concatenate": lambda c: S.combine.concatenate(plc.Table([c, c]), sc("|"), sc("NA")),
    "concatenate_col": lambda c: S.combine.concatenate(
        plc.Table([c, S.case.to_lower(c)]), c, sc("?"), sc("N")
    ),
}


@pytest.mark.parametrize("name", list(OPS))
@pytest.mark.parametrize("offset", [0, 13])
def test_strings_parity(name, offset):
    host, dev = run_both(lambda: arrow(OPS[name](text(offset=offset))))
    assert len(host) == len(dev)
    for h, d in zip(host, dev, strict=True):
        assert h.equals(d), name


@pytest.mark.parametrize("unit", ["s", "ms", "us", "ns"])
def test_datetime_parity(unit):
    rng = np.random.default_rng(1)
    vals = rng.integers(-(2**62), 2**62, 5000) // (
        10 ** (9 - {"s": 0, "ms": 3, "us": 6, "ns": 9}[unit])
    )
    mask = rng.random(5000) < 0.1
    arr = pa.array(vals, pa.timestamp(unit), mask=mask)
    D = plc.datetime

    def all_ops():
        c = plc.Column.from_arrow(arr)
        out = [D.extract_datetime_component(c, k).to_arrow() for k in D.DatetimeComponent]
        out.append(D.day_of_year(c).to_arrow())
        for f in D.RoundingFrequency:
            out += [
                D.floor_datetimes(c, f).to_arrow(),
                D.ceil_datetimes(c, f).to_arrow(),
                D.round_datetimes(c, f).to_arrow(),
            ]
        return out

    host, dev = run_both(all_ops)
    for h, d in zip(host, dev, strict=True):
        assert h.equals(d)
