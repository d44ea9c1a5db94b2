"""Series.cat (ferrodf::accessors::CategoricalMethods) against pandas: codes, categories,
and the methods that make new categories, on strings and integers, with missing values,
empty and sliced (offset != 0) Series, and pandas' exceptions."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ferrodf

STRINGS = pd.Series(["b", "a", None, "c", "a", "b", None, "d"], dtype="str", name="s")
INTS = pd.Series([30, 10, None, 20, 10, 40, 30, None], dtype="Int64", name="n")


def cases() -> list[tuple[str, pd.Series, slice]]:
    out = []
    for name, base in (("str", STRINGS), ("int", INTS)):
        p = base.astype("category")
        out += [
            (f"{name}-whole", p, slice(None)),
            (f"{name}-sliced", p, slice(3, None)),
            (f"{name}-empty", p.iloc[:0], slice(None)),
            (f"{name}-nonull", p.dropna(), slice(None)),
        ]
    return out


@pytest.fixture(params=cases(), ids=lambda c: c[0])
def pair(request: pytest.FixtureRequest) -> tuple[pd.Series, ferrodf.Series]:
    """``(pandas, ferrodf)`` of the same categorical; the sliced ferrodf Series is sliced
    after conversion, so its column starts at an offset."""
    _, p, rows = request.param
    return p.iloc[rows], ferrodf.Series(p).iloc[rows]


def same(got: ferrodf.Series, want: pd.Series) -> None:
    """Same values (missing where pandas has NaN), index, name and categories."""
    g = got.to_pandas()
    assert isinstance(g.dtype, pd.CategoricalDtype)
    assert list(g.cat.categories) == list(want.cat.categories)
    pd.testing.assert_series_equal(
        g.astype(object).where(g.notna(), None),
        want.astype(object).where(want.notna(), None),
        check_index_type=False,
    )
    assert list(got.cat.codes.to_pandas()) == list(want.cat.codes)


def test_codes_categories_ordered(pair: tuple[pd.Series, ferrodf.Series]) -> None:
    p, f = pair
    codes = f.cat.codes
    pd.testing.assert_series_equal(codes.to_pandas(), p.cat.codes, check_index_type=False)
    assert codes.dtype == p.cat.codes.dtype  # int8 for few categories, as pandas
    # values compared: ferrodf holds pandas' Int64 categories as int64 (no masked arrays)
    assert f.cat.categories.to_pandas().tolist() == p.cat.categories.tolist()
    assert isinstance(f.cat.categories, ferrodf.Index)
    assert f.cat.ordered is p.cat.ordered is False
    same(f.cat.as_unordered(), p.cat.as_unordered())


@pytest.mark.parametrize(
    "call",
    [
        lambda s, new: s.cat.add_categories(new[:1]),
        lambda s, new: s.cat.add_categories(new),
        lambda s, new: s.cat.remove_categories(s.cat.categories[:1].tolist()),
        lambda s, new: s.cat.remove_categories([]),
        lambda s, new: s.cat.remove_unused_categories(),
        lambda s, new: s.cat.rename_categories([f"{c}!" for c in s.cat.categories.tolist()]),
        lambda s, new: s.cat.rename_categories({s.cat.categories.tolist()[0]: new[0]}),
        lambda s, new: s.cat.rename_categories(lambda c: f"<{c}>"),
        lambda s, new: s.cat.reorder_categories(s.cat.categories.tolist()[::-1]),
        lambda s, new: s.cat.set_categories(s.cat.categories.tolist()[1:] + new),
        lambda s, new: s.cat.set_categories(new),
        lambda s, new: s.cat.set_categories(new[::-1], rename=True),
        lambda s, new: s.cat.set_categories(s.cat.categories.tolist()[::-1]),
    ],
)
def test_category_changes(pair: tuple[pd.Series, ferrodf.Series], call: object) -> None:
    p, f = pair
    new = ["x", "y"] if isinstance(p.cat.categories.dtype, pd.StringDtype) else [99, 98]
    want = call(p, new)  # type: ignore[operator]
    got = call(f, new)  # type: ignore[operator]
    same(got, want)


def test_values_outside_a_categorical_dtype_become_missing() -> None:
    dtype = pd.CategoricalDtype(["c", "a", "zz"])
    same(ferrodf.Series(STRINGS).astype(dtype), STRINGS.astype(dtype))
    same(ferrodf.Series(STRINGS).iloc[2:].astype(dtype), STRINGS.iloc[2:].astype(dtype))
    frame = pd.DataFrame({"s": STRINGS, "v": np.arange(len(STRINGS))})
    got = ferrodf.DataFrame(frame).astype({"s": dtype, "v": "float64"})
    want = frame.astype({"s": dtype, "v": "float64"})
    same(got["s"], want["s"])
    assert got["v"].dtype == want["v"].dtype


def test_codes_widen_with_the_categories() -> None:
    p = pd.Series(np.arange(120)).astype("category")
    f = ferrodf.Series(p)
    new = list(range(1000, 1010))
    got, want = f.cat.add_categories(new), p.cat.add_categories(new)
    assert got.cat.codes.dtype == want.cat.codes.dtype == np.dtype("int16")
    same(got, want)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda s: s.cat.add_categories(["a"]), ValueError, "must not include old categories"),
        (lambda s: s.cat.add_categories(["q", "q"]), ValueError, "must be unique"),
        (lambda s: s.cat.add_categories([None]), ValueError, "cannot be null"),
        (lambda s: s.cat.remove_categories(["zz"]), ValueError, "removals must all be in old"),
        (lambda s: s.cat.rename_categories(["x"]), ValueError, "same number of items"),
        (lambda s: s.cat.rename_categories(["x"] * 4), ValueError, "must be unique"),
        (lambda s: s.cat.reorder_categories(["a"]), ValueError, "not the same as in old"),
        (lambda s: s.cat.reorder_categories(["a", "b", "c", "z"]), ValueError, "not the same"),
        (lambda s: s.cat.set_categories(["a", "a"]), ValueError, "must be unique"),
    ],
)
def test_errors_as_pandas(call: object, error: type[Exception], match: str) -> None:
    p = STRINGS.astype("category")
    with pytest.raises(error, match=match):
        call(p)  # type: ignore[operator]
    with pytest.raises(error, match=match):
        call(ferrodf.Series(p))  # type: ignore[operator]


def test_not_categorical_and_ordered() -> None:
    with pytest.raises(AttributeError, match=r"Can only use \.cat accessor"):
        _ = ferrodf.Series([1, 2]).cat
    with pytest.raises(AttributeError, match=r"Can only use \.cat accessor"):
        _ = pd.Series([1, 2]).cat
    f = ferrodf.Series(STRINGS.astype("category"))
    with pytest.raises(NotImplementedError, match="ordered categoricals"):
        f.cat.as_ordered()
    with pytest.raises(NotImplementedError, match="ordered categoricals"):
        f.cat.set_categories(["a"], ordered=True)
    with pytest.raises(NotImplementedError, match="ordered categoricals"):
        f.cat.reorder_categories(["d", "c", "b", "a"], ordered=True)
    with pytest.raises(TypeError, match="add_categories"):
        f.cat.add_categories([1])
