"""Methods whose pandas rules moved from the Python package into the Rust frontend:
``DataFrame.select_dtypes`` (``ferrodf::select_dtypes``), ``Series.quantile`` with a list
of ``q`` (``Series::quantiles``) and ``Index.min/max/astype/to_frame/inferred_type``
(``ferrodf::index_ops``), against pandas, with nulls, empty and sliced inputs and pandas'
exceptions."""

from __future__ import annotations

import decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ferrodf


@pytest.fixture(params=["whole", "sliced", "empty"])
def frames(request: pytest.FixtureRequest) -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    pdf = pd.DataFrame(
        {
            "i8": np.array([1, 2, 3, 4], dtype="int8"),
            "i": [1, 2, 3, 4],
            "u": np.array([1, 2, 3, 4], dtype="uint32"),
            "f32": np.array([1.0, np.nan, 3.0, 4.0], dtype="float32"),
            "f": [1.5, np.nan, 2.0, 3.25],
            "b": [True, False, True, False],
            "s": pd.Series(["a", None, "c", "d"], dtype="str"),
            "t": pd.to_datetime(["2024-01-01", None, "2024-01-03", "2024-01-04"]),
            "d": pd.to_timedelta(["1D", "2D", None, "4D"]),
            "c": pd.Categorical(["x", "y", "x", None]),
        }
    )
    f = ferrodf.from_pandas(pdf)
    if request.param == "sliced":
        return pdf.iloc[1:], f.iloc[1:]
    if request.param == "empty":
        return pdf.iloc[:0], f.iloc[:0]
    return pdf, f


SPECS = [
    "number",
    "integer",
    "int",
    "int64",
    "i8",
    "float",
    "float64",
    "floating",
    "bool",
    "str",
    "string",
    "datetime",
    "datetime64",
    "timedelta",
    "category",
    "datetimetz",
    "complex",
    np.number,
    np.integer,
    np.signedinteger,
    np.unsignedinteger,
    np.floating,
    np.datetime64,
    np.timedelta64,
    np.int8,
    np.dtype("float32"),
    float,
    int,
    bool,
    str,
    ["int64", "float64"],
    ("bool", "category"),
]


@pytest.mark.parametrize("spec", SPECS, ids=repr)
def test_select_dtypes_include_and_exclude(frames, spec) -> None:
    p, f = frames
    for kw in ({"include": spec}, {"exclude": spec}):
        got = f.select_dtypes(**kw)
        want = p.select_dtypes(**kw)
        assert list(got.columns) == list(want.columns), kw
        assert len(got) == len(want)


def test_select_dtypes_units_objects_and_errors() -> None:
    p = pd.DataFrame(
        {
            "t": pd.to_datetime(["2024-01-01"]).as_unit("ns"),
            "dec": pd.array([decimal.Decimal("1.5")], dtype=pd.ArrowDtype(pa.decimal128(10, 2))),
            "s": pd.Series(["a"], dtype="str"),
            "x": [1.0],
        }
    )
    f = ferrodf.from_pandas(p)
    want_objects = list(f.iloc[:0].to_pandas().select_dtypes(include="object").columns)
    assert list(f.select_dtypes(include="object").columns) == want_objects
    assert list(f.select_dtypes(include="datetime64[ns]").columns) == ["t"]
    assert list(f.select_dtypes(include="datetime64[ms]").columns) == []
    assert list(f.select_dtypes(include="number", exclude="float32").columns) == ["x"]
    for kw in ({}, {"include": []}, {"include": "int64", "exclude": ["int64"]}):
        # no match=: pandas' own error (the oracle); its wording changes between pandas versions
        with pytest.raises(ValueError):
            p.select_dtypes(**kw)
        with pytest.raises(
            ValueError,
            match=r"include or exclude must be nonempty|include and exclude overlap on int64",
        ):
            f.select_dtypes(**kw)
    with pytest.raises(ValueError, match="overlap on number: name each dtype in one of them"):
        f.select_dtypes(include=["number", "int64"], exclude="number")
    with pytest.raises(TypeError, match="not understood"):
        p.select_dtypes(include="foo")
    with pytest.raises(TypeError, match="not understood"):
        f.select_dtypes(include="foo")


@pytest.mark.parametrize("interpolation", ["linear", "nearest", "lower", "higher", "midpoint"])
def test_series_quantiles_with_nulls_slices_and_empty(frames, interpolation) -> None:
    p, f = frames
    qs = [0.0, 0.25, 0.5, 0.9, 1.0]
    for col in ("f", "i", "f32"):
        got = f[col].quantile(qs, interpolation=interpolation).to_pandas()
        want = p[col].quantile(qs, interpolation=interpolation)
        np.testing.assert_allclose(got.to_numpy(float), want.to_numpy(float))
        assert got.index.tolist() == qs
        assert got.name == want.name


def test_series_quantiles_errors() -> None:
    s, p = ferrodf.Series([1.0, 2.0]), pd.Series([1.0, 2.0])
    for q in ([0.5, 1.5], [-0.1]):
        with pytest.raises(ValueError, match="interval"):
            p.quantile(q)
        with pytest.raises(ValueError, match="interval"):
            s.quantile(q)
    with pytest.raises(ValueError, match="interpolation"):
        s.quantile([0.5], interpolation="cubic")


def test_index_min_max_astype_to_frame(frames) -> None:
    p, f = frames
    for key in ("i", "f", "s", "t"):
        ix_f, ix_p = f.set_index(key).index, p.set_index(key).index
        if len(ix_p.dropna()):
            assert ix_f.min() == ix_p.min() and ix_f.max() == ix_p.max()
        else:
            assert pd.isna(ix_f.min()) and pd.isna(ix_p.min())
        got = ix_f.to_frame().to_pandas()
        pd.testing.assert_frame_equal(got, ix_p.to_frame(), check_index_type=False)
        got = ix_f.to_frame(index=False, name="lab").to_pandas()
        pd.testing.assert_frame_equal(got, ix_p.to_frame(index=False, name="lab"))
    ix_f, ix_p = f.set_index("i").index.rename("k"), p.set_index("i").index.rename("k")
    for dtype in ("float32", np.float64, "int16"):
        got, want = ix_f.astype(dtype), ix_p.astype(dtype)
        assert got.name == "k"
        assert got.to_pandas().tolist() == want.tolist()
    with pytest.raises(NotImplementedError, match="MultiIndex"):
        f.set_index(["i", "s"]).index.min()


@pytest.mark.parametrize(
    "labels",
    [
        pa.array([1, 2]),
        pa.array([1, None]),
        pa.array([], pa.int64()),
        pa.array([1, 2], pa.uint8()),
        pa.array([1.0, None]),
        pa.array([1.0], pa.float32()),
        pa.array(["a", None]),
        pa.array([], pa.string()),
        pa.array([True, False]),
        pa.array([True, None]),
        pa.array([], pa.bool_()),
        pa.array([1, None], pa.timestamp("ns")),
        pa.array([1], pa.timestamp("s")),
        pa.array([1, None], pa.duration("ms")),
        pa.array([1], pa.date32()),
        pa.array([None, 1], pa.date32()),
        pa.array([], pa.date32()),
        pa.array([decimal.Decimal("1.5")], pa.decimal128(10, 2)),
        pa.array([None], pa.decimal128(10, 2)),
        pa.array([], pa.decimal128(10, 2)),
        pa.array([[1], [2]]),
        pa.array(["x", "y"]).dictionary_encode(),
    ],
)
def test_inferred_type_matches_pandas_on_to_pandas(labels) -> None:
    idx = ferrodf.Index._from_lib(
        ferrodf._lib.Index.from_column(ferrodf.plc.Column.from_arrow(labels), None)
    )
    assert idx.inferred_type == idx.to_pandas().inferred_type
    assert ferrodf.RangeIndex(0, 3).inferred_type == "integer"
    multi = ferrodf.MultiIndex.from_pandas(pd.MultiIndex.from_tuples([("a", 1)]))
    assert multi.inferred_type == "mixed"


@pytest.mark.parametrize(
    "values",
    [[1.5, None, 3.0], [1, 2, 3], ["a", None, "c"], [True, False, True], []],
    ids=["float-null", "int", "str-null", "bool", "empty"],
)
@pytest.mark.parametrize("rows", [slice(None), slice(1, None)])
def test_series_values_equals_pandas(values: list, rows: slice) -> None:
    """Series.values: pandas' array on the host (a CuPy array where a numeric column
    without nulls lives on the GPU, as cuDF gives it)."""
    dtype = "float64" if not values else None
    pds = pd.Series(values, dtype=dtype).iloc[rows]
    got = ferrodf.Series(pd.Series(values, dtype=dtype)).iloc[rows].values
    if type(got).__module__.startswith("cupy"):
        got = got.get()
    got, want = np.asarray(got, dtype=object), pds.to_numpy(dtype=object)
    assert got.shape == want.shape
    assert pd.isna(got).tolist() == pd.isna(want).tolist()  # missing where pandas' are
    assert got[~pd.isna(got)].tolist() == want[~pd.isna(want)].tolist()
