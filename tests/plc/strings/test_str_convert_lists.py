"""plc.strings.convert.convert_lists.format_list_column against libcudf's layout written
out in Python (and libcudf's documented example)."""

from __future__ import annotations

import warnings

import pyarrow as pa
import pytest
from str_helpers import col, sc, values

import ferrodf
import ferrodf.plc as plc

CL = plc.strings.convert.convert_lists


def py_format(v, na, sep=",", left="[", right="]"):
    """libcudf's layout: a list as left + its elements joined by sep + right; a null list or
    string as na."""
    if v is None:
        return na
    if isinstance(v, str):
        return v
    return left + sep.join(py_format(x, na, sep, left, right) for x in v) + right


NESTED = [
    [["a", "b", "c"], ["d", "e"]],
    [None],
    [["f", "g"], None, ["h"]],
    [[], [None, "日本"]],
    None,
    [],
]
FLAT = [["a", None, "😀"], [], None, [""], ["x", "y"]]


def test_documented_example():
    c = plc.Column.from_arrow(pa.array(NESTED[:3], pa.list_(pa.list_(pa.string()))))
    got = values(CL.format_list_column(c, sc("-"), col([":", "{", "}"])))
    assert got == [py_format(v, "-", ":", "{", "}") for v in NESTED[:3]]
    assert got[:3] == ["{{a:b:c}:{d:e}}", "{-}", "{{f:g}:-:{h}}"]


@pytest.mark.parametrize("na", [None, "", "NULL"])
def test_nested_and_flat(na):
    for rows, t in [
        (NESTED, pa.list_(pa.list_(pa.string()))),
        (FLAT, pa.list_(pa.string())),
        ([[[["z"]], None]], pa.list_(pa.list_(pa.list_(pa.string())))),
    ]:
        c = plc.Column.from_arrow(pa.array(rows, t))
        got = CL.format_list_column(c, None if na is None else sc(na))
        assert got.null_count() == 0
        assert values(got) == [py_format(v, na or "") for v in rows]


def test_sliced_separators_and_errors():
    whole = plc.Column.from_arrow(pa.array(FLAT, pa.list_(pa.string())))
    part = plc.copying.slice(whole, [1, 5])[0]
    got = CL.format_list_column(part, sc("N"), col(["; ", "<", ">"]))
    assert values(got) == [py_format(v, "N", "; ", "<", ">") for v in FLAT[1:5]]
    with pytest.raises(ValueError, match="format_list_column: separators must have 0 or 3 rows"):
        CL.format_list_column(whole, sc("N"), col([",", "["]))
    with pytest.raises(
        ValueError, match=r"format_list_column: na_rep must be a valid \(non-null\) string scalar"
    ):
        CL.format_list_column(whole, sc(None))
    with pytest.raises(
        TypeError, match=r"format_list_column: input must be a LIST column of STRING \(at any"
    ):
        CL.format_list_column(col(["a"]))
    with pytest.raises(
        TypeError, match=r"format_list_column: input must be a LIST column of STRING \(at any"
    ):
        CL.format_list_column(plc.Column.from_arrow(pa.array([[1]], pa.list_(pa.int32()))))


def deep(levels: int):
    """A LIST column nested `levels` deep around ["a", None] with a null and an empty list."""
    v, t = ["a", None], pa.list_(pa.string())
    for _ in range(levels - 1):
        v, t = [v, None, []], pa.list_(t)
    return [v, None], t


@pytest.mark.parametrize("levels", [4, 16])
def test_deep_nesting(levels):
    rows, t = deep(levels)
    got = CL.format_list_column(plc.Column.from_arrow(pa.array(rows, t)), sc("N"))
    assert values(got) == [py_format(v, "N") for v in rows]


def test_nesting_deeper_than_the_device_writes_falls_back_to_the_host():
    """17 levels: the device stack holds 16, so auto mode formats on the host."""
    rows, t = deep(17)
    c = plc.Column.from_arrow(pa.array(rows, t))
    if ferrodf.get_option("device") == "gpu":
        with pytest.raises(NotImplementedError, match="format_list_column"):
            CL.format_list_column(c, sc("N"))
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        got = CL.format_list_column(c, sc("N"))
    assert values(got) == [py_format(v, "N") for v in rows]
