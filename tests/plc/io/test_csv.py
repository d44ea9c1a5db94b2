"""plc.io.csv against pyarrow.csv and pandas on the same files."""

from __future__ import annotations

import bz2
import datetime
import gzip
import io

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv
import pytest
from hypothesis import given
from hypothesis import strategies as st
from io_options import build, source, written

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.csv import CsvReaderOptions, CsvWriterOptions, read_csv, write_csv
from ferrodf.plc.io.types import CompressionType, QuoteStyle
from ferrodf.plc.types import DataType, TypeId


def read(src, **kw):
    """read_csv through the builder; ``set_*`` keys go to the options object."""
    sets = {k[4:]: kw.pop(k) for k in list(kw) if k.startswith("set_")}
    opts = build(CsvReaderOptions.builder(source(src)), **kw)
    for k, v in sets.items():
        getattr(opts, f"set_{k}")(v)
    return read_csv(opts)


def pa_read(data):
    """pyarrow's reader with libcudf's (and pandas') rule that an empty field is null."""
    opts = pacsv.ConvertOptions(strings_can_be_null=True)
    return pacsv.read_csv(io.BytesIO(data), convert_options=opts)


def write(table, names=None, **kw):
    if names is not None:
        kw = {"names": names, **kw}
    return written(write_csv, lambda sink: CsvWriterOptions.builder(sink, table), **kw)


SAMPLE = pa.table(
    {
        "i": pa.array([1, None, -3, 4], pa.int64()),
        "f": pa.array([1.5, 2.25, None, -1e10], pa.float64()),
        "b": pa.array([True, None, False, True]),
        "s": pa.array(["x", "hello, world", None, 'q"uote']),
    }
)


def sample_bytes():
    buf = io.BytesIO()
    pacsv.write_csv(SAMPLE, buf)
    return buf.getvalue()


def test_every_flat_dtype_with_nulls_matches_pyarrow_and_pandas():
    data = sample_bytes()
    got = read(data).to_arrow()
    expected = pa_read(data)
    assert got.equals(expected)
    pdf = pd.read_csv(io.BytesIO(data))
    assert got.column("i").to_pylist() == [
        None if pd.isna(v) else int(v) for v in pdf["i"].tolist()
    ]
    assert got.column("s").to_pylist()[:2] == pdf["s"].tolist()[:2]


def test_file_path_and_column_names(tmp_path):
    p = tmp_path / "t.csv"
    p.write_bytes(sample_bytes())
    t = read(str(p))
    assert t.column_names() == ["i", "f", "b", "s"]
    assert t.column_names(include_children=True) == [(n, []) for n in "ifbs"]
    assert t.tbl.num_rows() == 4


def test_usecols_by_name_and_index():
    data = sample_bytes()
    by_name = read(data, set_use_cols_names=["s", "i"]).to_arrow()
    assert by_name.column_names == ["i", "s"]
    by_index = read(data, set_use_cols_indexes=[1]).to_arrow()
    assert by_index.column_names == ["f"]
    assert by_index.column("f").equals(pa_read(data).column("f"))


def test_explicit_dtypes_by_name_and_position():
    data = b"a,b\n1,2\n3,\n"
    t = read(data, set_dtypes={"a": DataType(TypeId.FLOAT32), "b": DataType(TypeId.INT16)})
    got = t.to_arrow()
    assert got.schema.types == [pa.float32(), pa.int16()]
    assert got.column("b").to_pylist() == [2, None]
    t = read(data, set_dtypes=[DataType(TypeId.STRING)])
    assert t.to_arrow().column("a").to_pylist() == ["1", "3"]


def test_header_none_with_names_and_prefix():
    data = b"1,x\n2,y\n"
    t = read(data, set_header=-1, set_names=["n", "c"])
    assert t.column_names() == ["n", "c"]
    assert t.to_arrow().column("n").to_pylist() == [1, 2]
    t = read(data, set_header=-1, set_prefix="col")
    assert t.column_names() == ["col0", "col1"]
    t = read(data, set_header=-1)
    assert t.column_names() == ["0", "1"]


def test_duplicate_and_empty_header_names_are_mangled():
    t = read(b"a,a,\n1,2,3\n")
    assert t.column_names() == ["a", "a.1", "Unnamed: 2"]


def test_na_values_and_default_tokens():
    data = b"a,b\nNA,x\n1,missing\nnull,\n"
    t = read(data, set_na_values=["missing"]).to_arrow()
    assert t.column("a").to_pylist() == [None, 1, None]
    assert t.column("b").to_pylist() == ["x", None, None]
    expected = pd.read_csv(io.BytesIO(data), na_values=["missing"])
    assert expected["b"].isna().tolist() == [v is None for v in t.column("b").to_pylist()]
    t = read(data, keep_default_na=False).to_arrow()
    assert t.column("a").to_pylist() == ["NA", "1", "null"]
    t = read(data, na_filter=False).to_arrow()
    assert t.column("b").to_pylist() == ["x", "missing", ""]


def test_skiprows_nrows_skipfooter_match_pandas():
    lines = ["junk", "junk2", "a,b"] + [f"{i},{i * 2}" for i in range(10)]
    data = ("\n".join(lines) + "\n").encode()
    got = read(data, skiprows=2, nrows=4).to_arrow()
    exp = pd.read_csv(io.BytesIO(data), skiprows=2, nrows=4)
    assert got.column("a").to_pylist() == exp["a"].tolist()
    got = read(data, skiprows=2, skipfooter=3).to_arrow()
    exp = pd.read_csv(io.BytesIO(data), skiprows=2, skipfooter=3, engine="python")
    assert got.column("b").to_pylist() == exp["b"].tolist()


def test_quoted_delimiters_and_newlines():
    data = b'a,b\n"x, y","line1\nline2"\n"he said ""hi""",z\n'
    got = read(data).to_arrow()
    assert got.equals(pa_read(data))
    assert got.column("b").to_pylist() == ["line1\nline2", "z"]


def test_quoting_none_keeps_quote_characters():
    got = read(b'a\n"x"\n', quoting=QuoteStyle.NONE).to_arrow()
    assert got.column("a").to_pylist() == ['"x"']


def test_delimiter_decimal_thousands_comment():
    data = b"# comment\na;b\n1.234,5;x\n# another\n2,5;y\n"
    got = read(data, delimiter=";", decimal=",", set_thousands=".", set_comment="#").to_arrow()
    exp = pd.read_csv(io.BytesIO(data), sep=";", decimal=",", thousands=".", comment="#")
    assert got.column("a").to_pylist() == exp["a"].tolist() == [1234.5, 2.5]
    assert got.column("b").to_pylist() == ["x", "y"]


def test_parse_dates_with_time_zones_convert_to_utc():
    data = b"t,u\n2020-01-01T10:00:00+02:00,2020-01-01\n2021-06-30 00:00:00,\n"
    got = read(data, set_parse_dates=["t", 1]).to_arrow()
    assert got.schema.types == [pa.timestamp("ms"), pa.timestamp("ms")]
    assert got.column("t").to_pylist() == [
        datetime.datetime(2020, 1, 1, 8, 0),
        datetime.datetime(2021, 6, 30),
    ]
    assert got.column("u").to_pylist() == [datetime.datetime(2020, 1, 1), None]
    # Without parse_dates date-like text stays text (libcudf's behaviour).
    assert read(data).to_arrow().schema.types == [pa.string(), pa.string()]


@pytest.mark.parametrize(
    "compress, ctype",
    [
        (gzip.compress, CompressionType.GZIP),
        (bz2.compress, CompressionType.BZIP2),
        (lambda d: pa.compress(d, "zstd", asbytes=True), CompressionType.ZSTD),
    ],
)
@pytest.mark.parametrize("explicit", [False, True])
def test_compressed_inputs(compress, ctype, explicit):
    data = sample_bytes()
    kw = {"compression": ctype} if explicit else {}
    got = read(compress(data), **kw).to_arrow()
    assert got.equals(pa_read(data))


def test_compressed_file_read_by_pandas_too(tmp_path):
    p = tmp_path / "t.csv.gz"
    p.write_bytes(gzip.compress(sample_bytes()))
    got = read(str(p)).to_arrow()
    assert got.column("f").to_pylist()[:2] == pd.read_csv(p)["f"].tolist()[:2]


def test_large_input_decodes_in_parallel_pieces_like_pyarrow():
    n = 300_000
    tbl = pa.table(
        {
            "id": pa.array([f"id{i:06d}" for i in range(n)]),
            "x": pa.array([i if i % 7 else None for i in range(n)], pa.int64()),
            "v": pa.array([i / 3 for i in range(n)]),
        }
    )
    buf = io.BytesIO()
    pacsv.write_csv(tbl, buf)
    assert len(buf.getvalue()) > 4 << 20  # several pieces
    got = read(buf.getvalue()).to_arrow()
    assert got.equals(pa_read(buf.getvalue()))


def test_large_boolean_and_mixed_columns_match_pyarrow():
    # Booleans (every spelling both readers accept, nulls) in several parallel pieces,
    # next to strings and floats: the joined columns equal pyarrow's.
    n = 400_000
    spell = ["true", "false", "True", "False", "TRUE", "FALSE", ""]
    rows = [f"{spell[i % 7]},{i / 7},w{i % 1000}" for i in range(n)]
    data = ("b,f,s\n" + "\n".join(rows) + "\n").encode()
    assert len(data) > 4 << 20
    got = read(data).to_arrow()
    exp = pa_read(data)
    assert got.column("b").type == pa.bool_()
    assert got.equals(exp)
    # A sliced read (nrows) and a value neither reader takes as a boolean.
    assert read(data, nrows=1000).to_arrow().equals(exp.slice(0, 1000))
    bad = data.replace(b"\nfalse,", b"\nyes,", 1)
    assert read(bad).to_arrow().column("b").type == pa.string()


def test_sampled_type_is_widened_when_a_late_value_needs_it():
    rows = [str(i) for i in range(200_000)] + ["2.5"]
    data = ("a\n" + "\n".join(rows) + "\n").encode()
    got = read(data).to_arrow()
    assert got.schema.types == [pa.float64()]
    assert got.column("a")[-1].as_py() == 2.5


def test_progress_callback_reaches_total():
    seen = []
    read(sample_bytes(), progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] > 0
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_file_like_and_text_sources():
    t = read(io.StringIO("a\n1\n")).to_arrow()
    assert t.column("a").to_pylist() == [1]


# --- writer -----------------------------------------------------------------------------


def test_written_csv_is_read_back_by_pyarrow_and_pandas():
    tbl = plc.Table.from_arrow(SAMPLE)
    data = write(tbl, names=SAMPLE.column_names)
    back = pa_read(data)
    assert back.column("i").equals(SAMPLE.column("i"))
    assert back.column("s").equals(SAMPLE.column("s"))
    assert back.column("f").equals(SAMPLE.column("f"))
    pdf = pd.read_csv(io.BytesIO(data))
    assert pdf["b"].tolist()[0] is True or pdf["b"].tolist()[0] == True  # noqa: E712
    assert pdf["s"].tolist()[1] == "hello, world"


def test_writer_options():
    tbl = plc.Table.from_arrow(pa.table({"a": [1, None], "b": [True, False]}))
    data = write(
        tbl,
        names=["a", "b"],
        na_rep="NULL",
        include_header=False,
        inter_column_delimiter="|",
        true_value="yes",
        false_value="no",
        line_terminator="\r\n",
    )
    assert data == b"1|yes\r\nNULL|no\r\n"
    data = write(tbl, names=["a", "b"], quoting=QuoteStyle.ALL)
    assert data.splitlines()[0] == b'"a","b"'


def test_writer_compression_and_text_sink(tmp_path):
    tbl = plc.Table.from_arrow(SAMPLE)
    p = tmp_path / "o.csv.gz"
    b = CsvWriterOptions.builder(SinkInfo([str(p)]), tbl).names(SAMPLE.column_names)
    write_csv(b.compression(CompressionType.GZIP).build())
    assert pd.read_csv(p)["i"].isna().tolist() == [False, True, False, False]
    s = io.StringIO()
    write_csv(CsvWriterOptions.builder(SinkInfo([s]), tbl).build())
    assert s.getvalue().startswith("0,1,2,3\n")


def test_nested_columns_cannot_be_written():
    tbl = plc.Table.from_arrow(pa.table({"l": [[1], [2, 3]]}))
    with pytest.raises(TypeError, match="Parquet or JSON"):
        write(tbl)
    assert not plc.io.csv.is_supported_write_csv(tbl.columns()[0].type())


def test_unsupported_options_raise():
    b = CsvReaderOptions.builder(SourceInfo([b"a\n1\n"]))
    with pytest.raises(
        NotImplementedError, match="CSV option byte_range_offset is not supported by"
    ):
        b.byte_range_offset(10)
    with pytest.raises(
        NotImplementedError, match="CSV option delim_whitespace is not supported by"
    ):
        b.delim_whitespace(True)


@given(
    ints=st.lists(st.one_of(st.none(), st.integers(-(2**62), 2**62)), min_size=1, max_size=40),
    words=st.lists(
        st.one_of(st.none(), st.text("abcxyz ,\"'\n", min_size=1, max_size=8)),
        min_size=1,
        max_size=40,
    ),
)
def test_round_trip_property(ints, words):
    n = min(len(ints), len(words))
    src = pa.table({"i": pa.array(ints[:n], pa.int64()), "w": pa.array(words[:n], pa.string())})
    data = write(plc.Table.from_arrow(src), names=["i", "w"])
    got = read(
        data,
        keep_default_na=False,
        set_dtypes={"i": DataType(TypeId.INT64), "w": DataType(TypeId.STRING)},
    ).to_arrow()
    assert got.equals(src)
    # A bug both writer and reader share would pass the round trip: pyarrow reads what
    # ferrodf wrote, and ferrodf reads what pyarrow wrote (empty field: null).
    types = {"i": pa.int64(), "w": pa.string()}
    opts = pacsv.ConvertOptions(
        column_types=types, strings_can_be_null=True, quoted_strings_can_be_null=False
    )
    assert pacsv.read_csv(io.BytesIO(data), convert_options=opts).equals(src)
    theirs = io.BytesIO()
    pacsv.write_csv(src, theirs)
    ours = read(
        theirs.getvalue(),
        keep_default_na=False,
        set_dtypes={"i": DataType(TypeId.INT64), "w": DataType(TypeId.STRING)},
    ).to_arrow()
    assert ours.equals(src)


def _csv_field(kind, value, quote_all):
    """One CSV field's text: None is an empty field; text with a delimiter, quote or line
    break is quoted with doubled quotes (RFC 4180), other fields when ``quote_all``."""
    if value is None:
        return ""
    text = repr(value) if kind == "float" else str(value)
    if any(c in text for c in ',"\n\r') or quote_all:
        return '"' + text.replace('"', '""') + '"'
    return text


@given(
    kinds=st.lists(st.sampled_from(["int", "float", "str", "bool"]), min_size=1, max_size=4),
    data=st.data(),
    newline=st.sampled_from(["\n", "\r\n"]),
    final_newline=st.booleans(),
)
def test_decoder_matches_pyarrow_on_generated_text(kinds, data, newline, final_newline):
    # The single-pass decoder takes plain rows and quoted fields; anything else (quotes,
    # delimiters or line breaks inside quotes) must fall back to arrow-csv: either way the
    # result equals pyarrow's. Rows are long enough to cross 64-byte blocks.
    values = {
        "int": st.integers(-(2**62), 2**62),
        "float": st.floats(allow_nan=False, allow_infinity=False),
        "str": st.text('ab ,"\n\rxyz', min_size=1, max_size=12),
        "bool": st.sampled_from(["true", "false", "True", "False", "TRUE", "FALSE"]),
    }
    nrows = data.draw(st.integers(1, 25))
    rows = []
    for _ in range(nrows):
        cells = [data.draw(st.one_of(st.none(), values[k])) for k in kinds]
        quote_all = data.draw(st.booleans())
        fields = (_csv_field(k, v, quote_all) for k, v in zip(kinds, cells, strict=True))
        rows.append(",".join(fields))
    header = ",".join(f"c{i}" for i in range(len(kinds)))
    text = newline.join([header, *rows]) + (newline if final_newline else "")
    raw = text.encode()
    expected = pa_read(raw)
    got = read(raw).to_arrow()
    assert got.schema.names == expected.schema.names
    for name in expected.schema.names:
        e, g = expected.column(name), got.column(name)
        if pa.types.is_null(e.type):
            assert g.null_count == len(g)
        else:
            assert g.type == e.type, (name, g.type, e.type, text)
            assert g.to_pylist() == e.to_pylist(), (name, text)


@pytest.mark.parametrize(
    "data",
    [b"a,b\n1,x\r2,y\n3,z\r\n", b'a,b\r\n1,"x"\r\n2,y', b"a,b\n1,x\ry\n"],
    ids=["mixed-line-ends", "crlf-quoted", "cr-inside-row"],
)
def test_carriage_returns_end_rows_like_pyarrow(data):
    # A lone \r ends a row (pyarrow, pandas, arrow-csv); the fast decoder must not keep it
    # inside a field.
    try:
        expected = pa_read(data)
    except pa.ArrowInvalid as e:  # a ragged row once \r splits it: ferrodf raises too
        with pytest.raises(ValueError, match=r"CSV parse error \(rows are counted from 0 after"):
            read(data)
        assert "columns" in str(e)
        return
    assert read(data).to_arrow().equals(expected)
