"""plc.strings.replace.replace_slice against pyarrow.compute.utf8_replace_slice (for
non-negative positions; a negative ``stop`` means the end here, one before it in
pyarrow) and replace_multiple against a Python loop."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, check, col, sc, sliced

import ferrodf.plc as plc

R = plc.strings.replace


@pytest.mark.parametrize(("start", "stop"), [(0, 0), (0, 2), (1, 3), (2, 100), (5, 5), (40, 50)])
@pytest.mark.parametrize("repl", ["", "X", "日本"])
def test_replace_slice_vs_pyarrow(start, stop, repl):
    expected = pc.utf8_replace_slice(pa.array(TEXT), start, stop, repl).to_pylist()
    check(R.replace_slice(col(TEXT), sc(repl), start, stop), expected, pa.string())


def test_replace_slice_to_the_end():
    rows = ["héllo", "", None, "日本語", "a"]
    expected = [None if r is None else r[:2] + "_" for r in rows]
    check(R.replace_slice(col(rows), sc("_"), 2, -1), expected, pa.string())
    check(
        R.replace_slice(col(rows), None, 1),
        [None if r is None else r[:1] for r in rows],
        pa.string(),
    )
    check(R.replace_slice(col(rows)), [None if r is None else "" for r in rows], pa.string())


def test_replace_slice_sliced_and_errors():
    expected = pc.utf8_replace_slice(pa.array(TEXT[4:11]), 1, 2, "-").to_pylist()
    check(R.replace_slice(sliced(TEXT, 4, 11), sc("-"), 1, 2), expected, pa.string())
    assert R.replace_slice(col([]), sc("x")).size() == 0
    with pytest.raises(ValueError, match="start"):
        R.replace_slice(col(["a"]), sc("x"), 3, 1)
    with pytest.raises(ValueError, match="start"):
        R.replace_slice(col(["a"]), sc("x"), -1, 1)
    with pytest.raises(
        ValueError, match=r"replace_slice: repl must be a valid \(non-null\) string scalar"
    ):
        R.replace_slice(col(["a"]), sc(None))


def py_replace_multiple(rows, targets, repls, maxrepl=-1):
    out = []
    for r in rows:
        if r is None:
            out.append(None)
            continue
        k, done, s = 0, 0, []
        while k < len(r):
            hit = None
            if maxrepl < 0 or done < maxrepl:
                hit = next((j for j, t in enumerate(targets) if r.startswith(t, k)), None)
            if hit is None:
                s.append(r[k])
                k += 1
            else:
                s.append(repls[hit] if len(repls) > 1 else repls[0])
                k += len(targets[hit])
                done += 1
        out.append("".join(s))
    return out


@pytest.mark.parametrize("maxrepl", [-1, 0, 1, 2])
def test_replace_multiple(maxrepl):
    targets, repls = ["o", "l", "ö", "日本", "😀"], ["0", "1", "OE", "JP", ""]
    got = R.replace_multiple(col(TEXT), col(targets), col(repls), maxrepl)
    check(got, py_replace_multiple(TEXT, targets, repls, maxrepl), pa.string())
    got = R.replace_multiple(col(TEXT), col(targets), col(["#"]), maxrepl)
    check(got, py_replace_multiple(TEXT, targets, ["#"], maxrepl), pa.string())


def test_replace_multiple_order():
    # At one position the first target that matches wins, even if a later one is longer.
    assert R.replace_multiple(
        col(["abc"]), col(["a", "ab"]), col(["1", "2"])
    ).to_arrow().to_pylist() == ["1bc"]
    assert R.replace_multiple(
        col(["abc"]), col(["ab", "a"]), col(["2", "1"])
    ).to_arrow().to_pylist() == ["2c"]


@given(
    st.lists(st.one_of(st.none(), st.text("abé日", max_size=10)), max_size=20),
    st.lists(st.text("abé日", min_size=1, max_size=3), min_size=1, max_size=4),
)
def test_replace_multiple_property(rows, targets):
    repls = [t[::-1] + "!" for t in targets]
    got = R.replace_multiple(col(rows), col(targets), col(repls))
    check(got, py_replace_multiple(rows, targets, repls), pa.string())


def test_replace_multiple_sliced_and_errors():
    got = R.replace_multiple(sliced(TEXT, 1, 8), col(["l"]), col(["L"]))
    check(got, py_replace_multiple(TEXT[1:8], ["l"], ["L"]), pa.string())
    assert R.replace_multiple(col([]), col(["a"]), col(["b"])).size() == 0
    with pytest.raises(ValueError, match="empty"):
        R.replace_multiple(col(["a"]), col(["a", ""]), col(["b"]))
    with pytest.raises(ValueError, match="nulls"):
        R.replace_multiple(col(["a"]), col(["a", None]), col(["b"]))
    with pytest.raises(ValueError, match="rows"):
        R.replace_multiple(col(["a"]), col(["a", "b", "c"]), col(["b", "c"]))
    with pytest.raises(TypeError, match="replace_multiple: target must be a STRING column"):
        R.replace_multiple(col(["a"]), plc.Column.from_arrow(pa.array([1])), col(["b"]))
