"""The pandas-like readers and writers against pandas on the same files."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest
from frame_dtypes import as_read_csv_would, assert_same_dtypes

import ferrodf
from ferrodf import DataFrame


@pytest.fixture
def pdf():
    return pd.DataFrame(
        {
            "k": ["a", "b", None, "d"],
            "i": pd.array([1, None, 3, 4], dtype="Int64"),
            "f": [1.5, 2.25, np.nan, -4.0],
            "t": pd.to_datetime(["2020-01-01", None, "1999-12-31", "2024-02-29"]),
        }
    )


def same(got, expected):
    assert_same_dtypes(got.to_pandas(), expected)  # the object cast below hides them
    g = got.to_pandas().astype(object)
    e = expected.astype(object)
    assert list(g.columns) == list(e.columns)
    assert g.where(g.notna(), None).values.tolist() == e.where(e.notna(), None).values.tolist()


def test_csv_round_trip(tmp_path, pdf):
    path = tmp_path / "x.csv"
    pdf.to_csv(path, index=False)
    same(
        ferrodf.read_csv(path, parse_dates=["t"]),
        as_read_csv_would(pd.read_csv(path, parse_dates=["t"])),
    )
    same(ferrodf.read_csv(path, usecols=["k", "f"]), pd.read_csv(path, usecols=["k", "f"]))
    same(ferrodf.read_csv(path, nrows=2), pd.read_csv(path, nrows=2))
    got = ferrodf.read_csv(path, index_col="k")
    assert got.index.name == "k" and list(got.columns) == ["i", "f", "t"]
    DataFrame(pdf).to_csv(tmp_path / "y.csv", index=False)
    same(ferrodf.read_csv(tmp_path / "y.csv", parse_dates=["t"]), as_read_csv_would(pdf))


def test_to_csv_text_matches_pandas():
    p = pd.DataFrame({"a": [1, 2], "b": ["x", None]})
    assert DataFrame(p).to_csv() == p.to_csv()
    assert DataFrame(p).to_csv(index=False) == p.to_csv(index=False)


def test_parquet_round_trip(tmp_path, pdf):
    path = tmp_path / "x.parquet"
    pdf.to_parquet(path, index=False)
    same(ferrodf.read_parquet(path), pd.read_parquet(path))
    same(ferrodf.read_parquet(path, columns=["f", "k"]), pd.read_parquet(path, columns=["f", "k"]))
    DataFrame(pdf).to_parquet(tmp_path / "y.parquet", compression="zstd")
    same(DataFrame(pd.read_parquet(tmp_path / "y.parquet")), pdf)


def test_json_lines(tmp_path):
    p = pd.DataFrame({"a": [1, 2, None], "b": ["x", "y", None]})
    path = tmp_path / "x.jsonl"
    p.to_json(path, orient="records", lines=True)
    same(ferrodf.read_json(path, lines=True), pd.read_json(path, lines=True))
    text = DataFrame(p).to_json()
    same(
        ferrodf.read_json(io.BytesIO(text.encode()), lines=True),
        pd.read_json(io.StringIO(text), lines=True),
    )
    with pytest.raises(NotImplementedError, match="pass lines=True"):
        ferrodf.read_json(path)


@pytest.mark.parametrize("compression", [None, "gzip"])
def test_json_array_of_records(tmp_path, compression):
    # pandas' default read_json (lines=False) reads an array of records.
    p = pd.DataFrame({"a": [1, 2, None, 4], "b": ["x", None, "z", "w"], "c": [0.5, 1.5, 2.5, None]})
    path = tmp_path / ("x.json.gz" if compression else "x.json")
    p.to_json(path, orient="records", compression=compression)
    same(ferrodf.read_json(path), pd.read_json(path))
    text = p.iloc[1:].to_json(orient="records")
    same(ferrodf.read_json(io.BytesIO(text.encode())), pd.read_json(io.StringIO(text)))
    assert ferrodf.read_json(io.BytesIO(b" [] ")).shape == pd.read_json(io.StringIO("[]")).shape
    # Other layouts (pandas' orient='columns' by default) are refused, naming the way round.
    cols = tmp_path / "cols.json"
    p.to_json(cols)
    with pytest.raises(NotImplementedError, match="from_pandas"):
        ferrodf.read_json(cols)
    with pytest.raises(ValueError, match="invalid JSON at byte 17"):
        ferrodf.read_json(io.BytesIO(b'[{"a": 1}, {"a": '))


def test_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"missing\.csv"):
        ferrodf.read_csv(tmp_path / "missing.csv")
    with pytest.raises(ValueError, match="compression"):
        ferrodf.read_csv(tmp_path / "missing.csv", compression="rar")
    with pytest.raises(TypeError, match=r"option 'io\.progress_bar' takes True or False, got"):
        ferrodf.set_option("io.progress_bar", "yes")


def test_progress_bar_appears_after_a_second(monkeypatch):
    pytest.importorskip("tqdm")
    import ferrodf.io as fio

    clock = [100.0]
    monkeypatch.setattr(fio.time, "monotonic", lambda: clock[0])
    update = fio._progress("read_csv")
    assert update is not None
    update(10, 100)  # under a second: no bar yet
    clock[0] += 2.0
    update(50, 100)  # now a bar exists and shows 50 of 100
    update(100, 100)  # and closes at the end
    with ferrodf.option_context("io.progress_bar", False):
        assert fio._progress("read_csv") is None


@pytest.mark.parametrize(
    "index",
    [
        pd.Index([10, 20, 30], name="k"),
        pd.Index(["a", "b", "c"]),
        pd.MultiIndex.from_tuples([("a", 1), ("a", 2), ("b", 1)], names=["x", None]),
    ],
    ids=["named", "unnamed", "multi"],
)
def test_to_csv_writes_the_index_as_pandas(index):
    p = pd.DataFrame({"v": [1.5, 2.5, None], "s": ["p", None, "r"]}, index=index)
    assert DataFrame(p).to_csv() == p.to_csv()


def test_read_csv_index_col_by_name_and_position(tmp_path):
    path = tmp_path / "i.csv"
    pd.DataFrame({"id": [3, 1], "g": ["a", "b"], "v": [0.5, 1.5]}).to_csv(path, index=False)
    for index_col in ["id", 0, ["id", "g"], [1, 0]]:
        got = ferrodf.read_csv(path, index_col=index_col).to_pandas()
        pd.testing.assert_frame_equal(got, pd.read_csv(path, index_col=index_col))
    with pytest.raises(IndexError, match="index_col 7 is out of range for 3 columns"):
        ferrodf.read_csv(path, index_col=7)


def test_to_parquet_keeps_a_non_default_index(tmp_path):
    p = pd.DataFrame({"v": [1, 2]}, index=pd.Index(["x", "y"], name="k"))
    DataFrame(p).to_parquet(tmp_path / "k.parquet")
    back = pd.read_parquet(tmp_path / "k.parquet")
    assert list(back.columns) == ["k", "v"] or back.index.name == "k"
    DataFrame(p.reset_index(drop=True)).to_parquet(tmp_path / "d.parquet")
    assert list(pd.read_parquet(tmp_path / "d.parquet").columns) == ["v"]


# -- pandas' arguments, now the frontend's (ferrodf::io) ---------------------------------

TEXT = "# made by hand\nid;price;code\n1;1.234,5;007\n2;;010\n3;7,25;NA\n"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"sep": ";", "comment": "#", "decimal": ",", "thousands": "."},
        {"sep": ";", "skiprows": 1, "decimal": ",", "thousands": ".", "dtype": "str"},
        {"sep": ";", "comment": "#", "dtype": {"code": "str", "id": "int32"}},
        {"sep": ";", "comment": "#", "usecols": [0, 2], "dtype": {"code": str}},
        {"sep": ";", "comment": "#", "usecols": ["code", "id"], "na_values": ["007"]},
        {"sep": ";", "skiprows": 2, "header": None, "names": ["a", "b", "c"]},
        {"sep": ";", "skiprows": 2, "header": None},
        {"sep": ";", "comment": "#", "index_col": ["code"], "nrows": 2},
    ],
    ids=lambda k: ",".join(k),
)
def test_read_csv_arguments_as_pandas(kwargs):
    got = ferrodf.read_csv(io.StringIO(TEXT), **kwargs).to_pandas()
    expected = pd.read_csv(io.StringIO(TEXT), **kwargs)
    pd.testing.assert_frame_equal(got, expected, check_column_type=False)
    # the dtypes pandas names come out as pandas gives them
    assert [str(t) for t in got.dtypes] == [
        "str" if str(t) in ("object", "str") else str(t) for t in expected.dtypes
    ]


def test_read_csv_sources_paths_bytes_and_file_objects(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("a,b\n1,x\n2,y\n")
    expected = pd.read_csv(path)
    for source in [path, str(path), path.read_bytes(), io.BytesIO(path.read_bytes())]:
        pd.testing.assert_frame_equal(ferrodf.read_csv(source).to_pandas(), expected)


def test_read_csv_bad_arguments():
    with pytest.raises(ValueError, match="sep must be one ASCII character"):
        ferrodf.read_csv(io.StringIO("a\n1\n"), sep=";;")
    with pytest.raises(TypeError, match="header must be 'infer', a row number or None"):
        ferrodf.read_csv(io.StringIO("a\n1\n"), header="first")
    with pytest.raises(TypeError, match="float16"):
        ferrodf.read_csv(io.StringIO("a\n1\n"), dtype="float16")
    with pytest.raises(KeyError, match="nope"):
        ferrodf.read_csv(io.StringIO("a\n1\n"), usecols=["nope"])


def test_to_csv_into_file_objects_and_compressed_files(tmp_path):
    p = pd.DataFrame({"a": [1, None], "b": ["x", "y"]})
    text, raw = io.StringIO(), io.BytesIO()
    assert DataFrame(p).to_csv(text, sep="|", na_rep="-") is None
    DataFrame(p).to_csv(raw, index=False, header=False)
    assert text.getvalue() == p.to_csv(sep="|", na_rep="-")
    assert raw.getvalue().decode() == p.to_csv(index=False, header=False)
    DataFrame(p).to_csv(tmp_path / "c.csv.gz", compression="gzip", index=False)
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "c.csv.gz"), p)
    with pytest.raises(ValueError, match="compression needs a file"):
        DataFrame(p).to_csv(compression="gzip")


def test_parquet_into_a_file_object_and_back():
    p = pd.DataFrame({"v": [1.5, None]}, index=pd.Index(["x", "y"], name="k"))
    buf = io.BytesIO()
    DataFrame(p).to_parquet(buf, compression=None)
    # the index is written as the leading column "k" (no pandas metadata)
    pd.testing.assert_frame_equal(pd.read_parquet(io.BytesIO(buf.getvalue())), p.reset_index())
    back = ferrodf.read_parquet(buf.getvalue(), index_col="k").to_pandas()
    pd.testing.assert_frame_equal(back, p)
    with pytest.raises(ValueError, match="compression"):
        DataFrame(p).to_parquet(io.BytesIO(), compression="rar")


def test_to_json_into_a_file_object():
    p = pd.DataFrame({"a": [1, None], "b": ["x", None]})
    buf = io.StringIO()
    DataFrame(p).to_json(buf)
    expected = pd.read_json(io.StringIO(p.to_json(orient="records", lines=True)), lines=True)
    got = pd.read_json(io.StringIO(buf.getvalue()), lines=True)
    pd.testing.assert_frame_equal(got, expected)
