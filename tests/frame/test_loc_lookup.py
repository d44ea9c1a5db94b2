"""``.loc`` with lists and slices of labels, found in Rust (``Index::get_indexer``,
``Index::slice_positions``) where the labels live, against pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from ferrodf import DataFrame, Series


def frame_equal(got, expected):
    pd.testing.assert_frame_equal(got.to_pandas(), expected, check_index_type=False)


@pytest.fixture(
    params=[
        pd.Index([30, 10, 20, 40, 50], name="k"),
        pd.Index(["d", "b", "a", "e", "c"]),
        pd.Index([1.5, 2.5, 0.5, 9.0, 3.0]),
    ],
    ids=["int", "str", "float"],
)
def pdf(request):
    return pd.DataFrame({"x": range(5), "y": list("vwxyz")}, index=request.param)


def test_list_of_labels(pdf):
    labels = list(pdf.index[[3, 0, 3]])
    frame_equal(DataFrame(pdf).loc[labels], pdf.loc[labels])
    frame_equal(DataFrame(pdf).loc[labels, ["y"]], pdf.loc[labels, ["y"]])
    s = pdf["x"]
    pd.testing.assert_series_equal(Series(s).loc[labels].to_pandas(), s.loc[labels])


def test_slice_between_present_labels(pdf):
    a, b = pdf.index[1], pdf.index[3]
    frame_equal(DataFrame(pdf).loc[a:b], pdf.loc[a:b])
    frame_equal(DataFrame(pdf).loc[:b], pdf.loc[:b])
    frame_equal(DataFrame(pdf).loc[a:], pdf.loc[a:])


def test_missing_labels_raise_key_error(pdf):
    missing = "zz" if pdf.index.dtype == object else 1234
    with pytest.raises(KeyError, match="not found"):
        DataFrame(pdf).loc[[pdf.index[0], missing]]


def test_sorted_index_slices_with_missing_bounds():
    p = pd.DataFrame({"x": range(6)}, index=[10, 20, 20, 30, 40, 50])
    for a, b in [(15, 35), (20, 45), (None, 25), (5, 100), (33, 34)]:
        frame_equal(DataFrame(p).loc[a:b], p.loc[a:b])
    frame_equal(DataFrame(p).loc[[20, 40]], p.loc[[20, 40]])


def test_unsorted_index_slice_with_missing_bound_raises():
    p = pd.DataFrame({"x": range(3)}, index=[30, 10, 20])
    with pytest.raises(KeyError, match="'15 is not in the index, and a label slice with a"):
        DataFrame(p).loc[15:25]
    with pytest.raises(KeyError, match="'Cannot get left slice bound for non-monotonic"):
        p.loc[15:25]


def test_empty_list_and_sliced_frame():
    p = pd.DataFrame({"x": range(8)}, index=list("abcdefgh")).iloc[2:7]
    frame_equal(DataFrame(p).loc[[]], p.loc[[]])
    frame_equal(DataFrame(p).loc[["f", "c"]], p.loc[["f", "c"]])
    frame_equal(DataFrame(p).loc["d":"f"], p.loc["d":"f"])


def test_multiindex_keys():
    p = pd.DataFrame(
        {"v": [1, 2, 3, 4]},
        index=pd.MultiIndex.from_tuples([("a", 1), ("a", 2), ("b", 1), ("b", 2)], names=["k", "j"]),
    )
    df = DataFrame(p)
    assert df.loc[("b", 1)]["v"] == p.loc[("b", 1)]["v"]
    frame_equal(df.loc[[("b", 2), ("a", 1)]], p.loc[[("b", 2), ("a", 1)]])
    with pytest.raises(KeyError, match=r"labels \['c'\] not found in the index"):
        df.loc[[("c", 9)]]
    with pytest.raises(KeyError, match="9 not found; the labels are"):
        df.loc[("c", 9)]


MIXED_ROWS = {
    "int-str": pd.DataFrame({"a": [1, 2, 3], "s": ["x", None, "z"]}, index=["p", "q", "r"]),
    "float-str-nan": pd.DataFrame({"f": [0.5, float("nan"), 2.5], "s": ["x", "y", None]}),
    "time-str": pd.DataFrame(
        {"t": pd.to_datetime(["2020-01-01", None, "2021-05-06"]), "s": ["x", "y", "z"]}
    ),
    "multi-columns": pd.DataFrame(
        [[1, "x"], [2, "y"], [3, "z"]],
        columns=pd.MultiIndex.from_tuples([("g", "a"), ("h", "s")]),
        index=pd.MultiIndex.from_tuples([("k", 1), ("k", 2), ("m", 1)]),
    ),
}


@pytest.mark.parametrize("name", list(MIXED_ROWS))
def test_rows_of_mixed_types_vs_pandas(name):
    """A row mixing strings with other types is pandas' object row, by position and by
    label, also on a sliced frame and with MultiIndex rows and columns."""
    p = MIXED_ROWS[name]
    df = DataFrame(p)
    for frame, pframe in [(df, p), (df.iloc[1:], p.iloc[1:])]:
        for i in range(len(pframe)):
            pd.testing.assert_series_equal(frame.iloc[i], pframe.iloc[i])
            pd.testing.assert_series_equal(
                frame.iloc[i - len(pframe)], pframe.iloc[i - len(pframe)]
            )
            label = pframe.index[i]
            pd.testing.assert_series_equal(frame.loc[label], pframe.loc[label])
    with pytest.raises(IndexError, match="row position 3 is out of bounds for 3 rows"):
        df.iloc[len(p)]


def series_equal(got, expected):
    pd.testing.assert_series_equal(got.to_pandas(), expected, check_index_type=False)


@pytest.mark.parametrize(
    "labels",
    [
        pd.Index(["r0", "r1", "r2", "r1", "r4"]),
        pd.Index([7, 3, 5, 3, -1], dtype="int32"),
        pd.Index([7, 3, 5, 3, 9], dtype="uint64"),
        pd.Index([1.5, 2.5, 0.5, 2.5, 3.0]),
    ],
    ids=["str", "int32", "uint64", "float"],
)
def test_one_label_unique_repeated_and_missing(labels):
    """``df.loc[label]`` (``DataFrame::loc_label``, hashed labels for ints and strings):
    a unique label gives the row, a repeated one the rows, a missing one KeyError, on the
    whole frame and on a slice of it."""
    p = pd.DataFrame({"x": [1.0, 2.0, None, 4.0, 5.0], "y": [10, 20, 30, 40, 50]}, index=labels)
    for frame in (p, p.iloc[1:]):
        df = DataFrame(frame)
        unique = labels[2]
        series_equal(df.loc[unique], frame.loc[unique])
        repeated = labels[1]
        frame_equal(df.loc[repeated], frame.loc[repeated])
        with pytest.raises(KeyError, match="not found in the index"):
            df.loc["nope" if labels.dtype == object or labels.dtype == "str" else 1234]


def test_one_label_float_key_on_int_labels_and_null_labels():
    p = pd.DataFrame({"x": [1, 2, 3]}, index=pd.Index([10, 20, 30]))
    series_equal(DataFrame(p).loc[20.0], p.loc[20.0])
    with pytest.raises(KeyError, match=r"'20\.5 not found in the index'"):
        DataFrame(p).loc[20.5]
    with_null = pd.DataFrame({"x": [1, 2, 3]}, index=pd.Index(["a", None, "c"], dtype="str"))
    series_equal(DataFrame(with_null).loc["c"], with_null.loc["c"])
    with pytest.raises(KeyError, match='"b" not found in the index'):
        DataFrame(with_null).loc["b"]


def test_one_label_on_an_empty_frame_and_a_mixed_row():
    empty = pd.DataFrame({"x": pd.Series([], dtype="int64")}, index=pd.Index([], dtype="str"))
    with pytest.raises(KeyError, match='"a" not found in the index'):
        DataFrame(empty).loc["a"]
    mixed = pd.DataFrame({"x": [1, 2], "s": ["u", "v"]}, index=["a", "b"])
    got = DataFrame(mixed).loc["b"]
    assert list(got) == list(mixed.loc["b"])
