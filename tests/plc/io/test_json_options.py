"""plc.io.json reader options (libcudf's JsonReaderOptions), each on and off, against
Python's json module, ast.literal_eval, pandas and pyarrow.json reading the same records."""

from __future__ import annotations

import ast
import io
import json
import math

import pandas as pd
import pyarrow.json as pajson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from io_options import reader

from ferrodf.plc.io import SourceInfo
from ferrodf.plc.io.json import JsonReaderOptions, read_json
from ferrodf.plc.io.types import JSONRecoveryMode
from ferrodf.plc.types import DataType, TypeId

ROWS = [
    {"a": 1, "b": "x", "c": [1, 2]},
    {"a": None, "b": "NA", "c": []},
    {"a": 3, "b": None, "c": None},
    {"a": -1, "b": 'q"uo\\te', "c": [4]},
]

read = reader(JsonReaderOptions, read_json, lines=True)


def lines(rows, sep="\n") -> bytes:
    # ensure_ascii=False: escaped surrogate pairs above U+1FFFF are an open arrow-json bug
    # (see tests/plc/io/test_json.py).
    return (sep.join(json.dumps(r, ensure_ascii=False) for r in rows) + sep).encode()


def cols(t) -> dict:
    a = t.to_arrow()
    return {n: a.column(n).to_pylist() for n in a.column_names}


def by_key(records: list[dict | None], keys) -> dict:
    """The columns a list of records (None: a row of nulls) reads as."""
    return {k: [None if r is None else r.get(k) for r in records] for k in keys}


# --- lines=False ----------------------------------------------------------------------


def test_array_of_records_reads_like_the_lines():
    data = json.dumps(ROWS, indent=2).encode()
    got = read(data, lines=False)
    exp = pajson.read_json(io.BytesIO(lines(ROWS)))
    assert got.column_names() == exp.column_names
    assert cols(got) == {n: exp.column(n).to_pylist() for n in exp.column_names}
    assert cols(got) == by_key(json.loads(data), ["a", "b", "c"])


def test_array_forms():
    assert read(b" [ ] ", lines=False).tbl.num_rows() == 0
    one = read(b'{"a": 1, "b": "z"}', lines=False)
    assert cols(one) == by_key([json.loads(b'{"a": 1, "b": "z"}')], ["a", "b"])
    # The same array as lines=True is one malformed line.
    with pytest.raises(ValueError, match="JSON"):
        read(json.dumps(ROWS).encode())
    with pytest.raises(ValueError, match=r"invalid JSON at byte 9: expected ',' or '\]'"):
        read(b'[{"a":1} {"a":2}]', lines=False)
    with pytest.raises(ValueError, match=r"record 2 .*must be a JSON object"):
        read(b'[{"a":1}, 5]', lines=False)


# --- byte ranges ----------------------------------------------------------------------

ROW = st.fixed_dictionaries(
    {
        "i": st.one_of(st.none(), st.integers(-1000, 1000)),
        # The delimiter must not occur in strings (as in libcudf's reader).
        "t": st.text(st.characters(exclude_categories=("Cs",), exclude_characters=";"), max_size=5),
    }
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ROW, min_size=1, max_size=25), st.integers(1, 60), st.sampled_from(["\n", ";"]))
def test_consecutive_byte_ranges_read_every_row_once(rows, size, delim):
    data = lines(rows, delim)
    full = by_key(rows, ["i", "t"])
    got: dict = {"i": [], "t": []}
    for off in range(0, len(data), size):
        t = read(data, byte_range_offset=off, byte_range_size=size, delimiter=delim)
        for k, v in cols(t).items():
            got[k] += v
    assert got == full


def test_byte_range_cuts_rows_by_their_start():
    data = lines(ROWS)
    starts = [0, *[i + 1 for i, b in enumerate(data) if b == ord("\n")][:-1]]
    # A range starting one byte into row 1 and ending one byte into row 2 reads row 2.
    t = read(data, byte_range_offset=starts[1] + 1, byte_range_size=starts[2] - starts[1])
    assert cols(t)["a"] == [ROWS[2]["a"]]
    # A range from the exact start of a row reads it.
    t = read(data, byte_range_offset=starts[1], byte_range_size=1)
    assert cols(t)["a"] == [ROWS[1]["a"]]
    # Size 0 reads to the end; an offset past the end reads nothing.
    assert cols(read(data, byte_range_offset=starts[3]))["a"] == [ROWS[3]["a"]]
    assert read(data, byte_range_offset=len(data) + 5).tbl.num_rows() == 0


def test_byte_range_errors():
    with pytest.raises(ValueError, match="byte range can only be read from JSON lines"):
        read(json.dumps(ROWS).encode(), lines=False, byte_range_size=10)
    with pytest.raises(ValueError, match="must not be negative"):
        read(lines(ROWS), byte_range_offset=-1)


# --- delimiter ------------------------------------------------------------------------


@pytest.mark.parametrize("delim", ["\n", ";", "|", "\x1e"])
def test_delimiter(delim):
    got = read(lines(ROWS, delim), delimiter=delim)
    assert cols(got) == by_key(ROWS, ["a", "b", "c"])


@pytest.mark.parametrize("delim", ["{", ",", ":", '"', " ", "\t", "\r", "ab", ""])
def test_bad_delimiters(delim):
    with pytest.raises(ValueError, match="JSON delimiter"):
        read(lines(ROWS), delimiter=delim)


# --- keep_quotes, na_values -----------------------------------------------------------


@pytest.mark.parametrize("keep", [False, True])
def test_keep_quotes(keep):
    got = cols(read(lines(ROWS), keep_quotes=keep))
    exp = [None if r["b"] is None else (f'"{r["b"]}"' if keep else r["b"]) for r in ROWS]
    assert got["b"] == exp
    assert got["a"] == [r["a"] for r in ROWS]


def test_na_values():
    na = ["NA", "-1"]
    got = cols(read(lines(ROWS), na_values=na))
    for k in ["a", "b"]:
        exp = [None if r[k] is not None and str(r[k]) in na else r[k] for r in ROWS]
        assert got[k] == exp, k
    assert cols(read(lines(ROWS), na_values=[])) == by_key(ROWS, ["a", "b", "c"])


# --- mixed_types_as_string, prune_columns ---------------------------------------------

MIXED = [{"m": 1, "k": 0}, {"m": {"x": [1, 2]}, "k": 1}, {"m": [1, {"y": None}]}, {"m": "s"}]


def test_mixed_types_as_string():
    data = lines(MIXED)
    with pytest.raises(ValueError, match="JSON"):
        read(data)
    got = cols(read(data, mixed_types_as_string=True))
    exp = [r["m"] if isinstance(r["m"], str) else json.dumps(r["m"]) for r in MIXED]
    assert got["m"] == exp
    assert got["k"] == [r.get("k") for r in MIXED]
    tight = cols(read(data, mixed_types_as_string=True, normalize_whitespace=True))
    compact = [json.dumps(r["m"], separators=(",", ":")) for r in MIXED]
    assert tight["m"] == [
        r["m"] if isinstance(r["m"], str) else c for r, c in zip(MIXED, compact, strict=True)
    ]


def test_string_dtype_reads_objects_as_text_with_mixed_types():
    rows = [{"o": {"p": 1}}, {"o": {"p": None}}, {"o": None}]
    data = lines(rows)
    string = DataType(TypeId.STRING)
    got = cols(read(data, dtypes={"o": string}, mixed_types_as_string=True))
    assert got["o"] == [None if r["o"] is None else json.dumps(r["o"]) for r in rows]
    with pytest.raises(ValueError, match="JSON"):
        read(data, dtypes={"o": string})


@pytest.mark.parametrize("prune", [False, True])
def test_prune_columns(prune):
    i64 = DataType(TypeId.INT64)
    got = read(lines(ROWS), dtypes={"a": i64, "z": i64}, prune_columns=prune)
    names = ["a", "b", "c", "z"] if not prune else ["a", "z"]
    assert got.column_names() == names
    assert cols(got) == by_key(ROWS, names)
    # Pruned columns are not inferred, so their mixed types do not matter.
    assert cols(read(lines(MIXED), dtypes={"k": i64}, prune_columns=True)) == by_key(MIXED, ["k"])


# --- normalisation --------------------------------------------------------------------

SINGLE = ["{'a': 'it\\'s', 'b': 1}", '{"a": "dq", \'b\': 2}', "{'a': 'has \"dq\"'}"]


def test_normalize_single_quotes():
    data = "\n".join(SINGLE).encode()
    got = cols(read(data, normalize_single_quotes=True))
    assert got == by_key([ast.literal_eval(s) for s in SINGLE], ["a", "b"])
    with pytest.raises(ValueError, match=r"line 1 \(byte 1\): expected a quoted key"):
        read(data)


@pytest.mark.parametrize("on", [False, True])
def test_normalize_whitespace_leaves_values(on):
    data = b'{ "a" :\t1 , "b" : " x  y " }\n{"a":2,\t"b":"z"}\n'
    got = cols(read(data, normalize_whitespace=on))
    exp = pd.read_json(io.BytesIO(data), lines=True)
    assert got == {k: exp[k].tolist() for k in exp.columns}


# --- validation -----------------------------------------------------------------------


NONNUM = b'{"a": 1.5}\n{"a": NaN}\n{"a": Infinity}\n{"a": -Infinity}\n{"a": +INF}\n{"a": -INF}\n'


def test_nonnumeric_numbers_read_as_floats():
    exp = [1.5, math.nan, math.inf, -math.inf, math.inf, -math.inf]
    py = [json.loads(x)["a"] for x in NONNUM.split(b"\n")[:4]]
    for strict in [False, True]:
        got = cols(read(NONNUM, strict_validation=strict))["a"]
        assert str(got) == str(exp)
        assert str(got[:4]) == str(py)
    with pytest.raises(ValueError, match=r"line 2 \(byte 17\): non-numeric number"):
        read(NONNUM, strict_validation=True, nonnumeric_numbers=False)
    # Only enforced under strict validation, as in libcudf.
    assert len(cols(read(NONNUM, nonnumeric_numbers=False))["a"]) == 6


def test_leading_zeros():
    data = b'{"a": 7}\n{"a": 007}\n{"a": -00.5}\n'
    exp = [7, 7, -0.5]
    assert cols(read(data))["a"] == exp
    assert cols(read(data, strict_validation=True))["a"] == exp
    with pytest.raises(ValueError, match=r"line 2 \(byte 15\): number with leading zeros"):
        read(data, strict_validation=True, numeric_leading_zeros=False)


def test_unquoted_control_chars():
    data = b'{"a": "x\ty"}\n{"a": "z"}\n'
    exp = [json.loads(x, strict=False)["a"] for x in data.split(b"\n")[:2]]
    assert cols(read(data))["a"] == exp
    assert cols(read(data, strict_validation=True))["a"] == exp
    with pytest.raises(ValueError, match=r"line 1 \(byte 8\): unquoted control character"):
        read(data, strict_validation=True, unquoted_control_chars=False)


def test_strict_validation_rejects_bad_literals():
    data = b'{"a": 1}\n{"a": tru}\n'
    with pytest.raises(ValueError, match=r"line 2 \(byte 15\): invalid value \"tru\""):
        read(data, strict_validation=True)
    with pytest.raises(ValueError, match="JSON"):
        read(data)


# --- recovery -------------------------------------------------------------------------

MESSY = b'{"a": 1, "b": "x"}\n{"a": 2,\n\n[1, 2]\n{"a": 3, "b": "z"} trailing\n{"b": "w"}\n'


def _py_record(line: bytes):
    try:
        v = json.loads(line)
    except ValueError:
        return None
    return v if isinstance(v, dict) else None


def test_recover_with_null():
    got = read(MESSY, recovery_mode=JSONRecoveryMode.RECOVER_WITH_NULL)
    records = [_py_record(x) for x in MESSY.split(b"\n") if x.strip()]
    assert cols(got) == by_key(records, ["a", "b"])
    with pytest.raises(ValueError, match=r"line 2 \(byte 27\)"):
        read(MESSY, recovery_mode=JSONRecoveryMode.FAIL)
    with pytest.raises(ValueError, match=r"line 2 \(byte 27\)"):
        read(MESSY, strict_validation=True)


def test_recover_with_null_on_empty_and_blank_input():
    rec = JSONRecoveryMode.RECOVER_WITH_NULL
    assert read(b"\n \n\n", recovery_mode=rec).tbl.num_rows() == 0
    assert cols(read(b'garbage\n{"a": 1}', recovery_mode=rec)) == {"a": [None, 1]}


# --- dates, experimental --------------------------------------------------------------


@pytest.mark.parametrize("dayfirst", [False, True])
def test_dayfirst(dayfirst):
    dates = ["02/03/2020", "13/01/2021" if dayfirst else "01/13/2021", None, "2020-05-06"]
    data = lines([{"d": d} for d in dates])
    ms = DataType(TypeId.TIMESTAMP_MILLISECONDS)
    got = cols(read(data, dtypes={"d": ms}, dayfirst=dayfirst))["d"]
    # ISO dates are year first whatever dayfirst says (pandas would read 2020-05-06 as
    # June 5 under dayfirst).
    exp = [
        None
        if d is None
        else pd.to_datetime(
            d, format="ISO8601" if "-" in d else None, dayfirst=dayfirst
        ).to_pydatetime()
        for d in dates
    ]
    assert got == exp


@pytest.mark.parametrize("on", [False, True])
def test_experimental_changes_nothing(on):
    assert cols(read(lines(ROWS), experimental=on)) == by_key(ROWS, ["a", "b", "c"])


def test_setters_match_builder():
    o = JsonReaderOptions.builder(SourceInfo([lines(ROWS)])).build()
    o.enable_keep_quotes(True)
    o.set_na_values(["NA"])
    o.enable_prune_columns(True)
    o.set_dtypes({"b": DataType(TypeId.STRING)})
    o.set_delimiter("\n")
    o.enable_lines(True)
    o.set_byte_range_offset(0)
    o.set_byte_range_size(0)
    for f in [
        o.enable_mixed_types_as_string,
        o.enable_dayfirst,
        o.enable_experimental,
        o.enable_normalize_single_quotes,
        o.enable_normalize_whitespace,
        o.set_strict_validation,
        o.allow_unquoted_control_chars,
        o.allow_numeric_leading_zeros,
        o.allow_nonnumeric_numbers,
    ]:
        f(False)
    got = cols(read_json(o))
    assert got == {"b": [None if r["b"] in (None, "NA") else f'"{r["b"]}"' for r in ROWS]}
    with pytest.raises(ValueError, match="JSON delimiter"):
        o.set_delimiter(",")
