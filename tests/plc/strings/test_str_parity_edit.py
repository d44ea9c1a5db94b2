"""The plc.strings functions of strings_chars.cu and strings_edit.cu give the same results
on the host and the device (as test_str_parity.py for the others). Skipped without a GPU."""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import run_both
from test_str_parity import arrow, sc, text

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")

S = plc.strings
T = S.char_types.StringCharacterTypes
FT = S.translate.FilterType


def ints(c, lo, hi):
    n = c.size()
    return plc.Column.from_arrow(pa.array([(i * 7) % (hi - lo) + lo for i in range(n)], pa.int32()))


OPS = {
    "capitalize": lambda c: S.capitalize.capitalize(c),
    "capitalize_delims": lambda c: S.capitalize.capitalize(c, sc(" ,日")),
    "title": lambda c: S.capitalize.title(c),
    "title_lower": lambda c: S.capitalize.title(c, T.LOWER),
    "is_title": lambda c: S.capitalize.is_title(c),
    "swapcase": lambda c: S.case.swapcase(c),
    "all_alpha": lambda c: S.char_types.all_characters_of_type(c, T.ALPHA, T.ALL_TYPES),
    "all_upper": lambda c: S.char_types.all_characters_of_type(c, T.UPPER, T.CASE_TYPES),
    "filter_type": lambda c: S.char_types.filter_characters_of_type(
        c, T.SPACE, sc("_"), T.ALL_TYPES
    ),
    "keep_type": lambda c: S.char_types.filter_characters_of_type(c, T.ALL_TYPES, sc(""), T.ALPHA),
    "pad_left": lambda c: S.padding.pad(c, 20, S.SideType.LEFT, "é"),
    "pad_both": lambda c: S.padding.pad(c, 25, S.SideType.BOTH, " "),
    "zfill": lambda c: S.padding.zfill(c, 30),
    "zfill_by_widths": lambda c: S.padding.zfill_by_widths(c, ints(c, -3, 40)),
    "repeat": lambda c: S.repeat.repeat_strings(c, 3),
    "repeat_col": lambda c: S.repeat.repeat_strings(c, ints(c, -1, 4)),
    "reverse": lambda c: S.reverse.reverse(c),
    "like": lambda c: S.contains.like(c, "%a_%"),
    "like_escape": lambda c: S.contains.like(c, "%\\_%日", "\\"),
    "replace_slice": lambda c: S.replace.replace_slice(c, sc("日本"), 2, 5),
    "replace_slice_end": lambda c: S.replace.replace_slice(c, None, 3),
    "replace_multiple": lambda c: S.replace.replace_multiple(
        c,
        plc.Column.from_arrow(pa.array(["a", "ß", "日本", " "])),
        plc.Column.from_arrow(pa.array(["AA", "", "x", "_"])),
    ),
    "partition": lambda c: S.split.partition.partition(c, sc(",")),
    "rpartition_ws": lambda c: S.split.partition.rpartition(c),
    "translate": lambda c: S.translate.translate(c, {"a": "日", "ß": None, "😀": "xy"}),
    "filter_characters": lambda c: S.translate.filter_characters(c, {"a": "z"}, FT.KEEP, sc("-")),
    "code_points": lambda c: S.attributes.code_points(c),
}


@pytest.mark.parametrize("name", list(OPS))
@pytest.mark.parametrize("offset", [0, 13])
def test_strings_parity(name, offset):
    host, dev = run_both(lambda: arrow(OPS[name](text(offset=offset))))
    assert len(host) == len(dev)
    for h, d in zip(host, dev, strict=True):
        assert h.equals(d), name
