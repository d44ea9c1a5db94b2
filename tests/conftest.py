"""Shared fixtures, dtype lists and comparison helpers for the ferrodf test suite.

The suite follows pylibcudf's testing guide: module-scoped fixtures parametrized over
dtype lists, pyarrow (or a plain Python loop) as the oracle, nulls always tested.

Every test must pass both without a GPU (``device='auto'`` runs on the host) and on a GPU
machine with ``FERRODF_DEVICE=gpu``; tests that need a GPU skip themselves without one.
"""

from __future__ import annotations

import datetime
import decimal
import math
import os
import sys
import warnings
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import HealthCheck, settings

import ferrodf
import ferrodf.plc as plc

settings.register_profile(
    "ferrodf",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# The long campaign's profile (scripts/fuzz_campaign.py, `make fuzz`): the same checks
# relaxed, ten times the examples.
settings.register_profile("ferrodf-long", parent=settings.get_profile("ferrodf"), max_examples=500)
settings.load_profile(os.environ.get("FERRODF_HYPOTHESIS_PROFILE", "ferrodf"))

# ---------------------------------------------------------------------------------------
# dtype lists
# ---------------------------------------------------------------------------------------

SIGNED_INT_TYPES = [pa.int8(), pa.int16(), pa.int32(), pa.int64()]
UNSIGNED_INT_TYPES = [pa.uint8(), pa.uint16(), pa.uint32(), pa.uint64()]
INT_TYPES = SIGNED_INT_TYPES + UNSIGNED_INT_TYPES
FLOAT_TYPES = [pa.float32(), pa.float64()]
BOOL_TYPES = [pa.bool_()]
NUMERIC_TYPES = INT_TYPES + FLOAT_TYPES + BOOL_TYPES
# The same as NumPy dtype names ("int8", ..., "float64", "bool").
NUMERIC_DTYPE_NAMES = [np.dtype(t.to_pandas_dtype()).name for t in NUMERIC_TYPES]
# One type of each numeric kind and width class: the operand types of the plc operator tests
# (binaryop, unary, cast).
OPERAND_TYPES = [
    pa.int8(),
    pa.int32(),
    pa.int64(),
    pa.uint8(),
    pa.uint64(),
    pa.float32(),
    pa.float64(),
    pa.bool_(),
]
DATE_TYPES = [pa.date32(), pa.date64()]
TIMESTAMP_TYPES = [pa.timestamp(u) for u in ("s", "ms", "us", "ns")] + [
    pa.timestamp("us", tz="America/New_York")
]
DURATION_TYPES = [pa.duration(u) for u in ("s", "ms", "us", "ns")]
# decimal32/decimal64 exist in pyarrow >= 19 only
HAS_SMALL_DECIMALS = hasattr(pa, "decimal32")
DECIMAL_TYPES = [
    *([pa.decimal32(7, 2), pa.decimal64(15, 3)] if HAS_SMALL_DECIMALS else []),
    pa.decimal128(30, -2),
    pa.decimal128(38, 10),
]
STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]
# pandas' ``.dt`` fields that ferrodf's Series computes (frame tests of ``.dt``).
DATETIME_FIELDS = [
    "year",
    "month",
    "day",
    "hour",
    "minute",
    "second",
    "microsecond",
    "dayofweek",
    "dayofyear",
]
STRUCT_TYPE = pa.struct([("a", pa.int32()), ("b", pa.string()), ("c", pa.list_(pa.float64()))])
NESTED_TYPES = [
    pa.list_(pa.int64()),
    pa.large_list(pa.string()),
    pa.list_(pa.list_(pa.int16())),
    pa.list_(pa.struct([("x", pa.int64()), ("y", pa.bool_())])),
    STRUCT_TYPE,
    pa.struct([("inner", pa.struct([("z", pa.uint8())])), ("s", pa.large_string())]),
    pa.dictionary(pa.int32(), pa.string()),
    pa.dictionary(pa.int8(), pa.int64()),
]
ALL_TYPES = (
    NUMERIC_TYPES
    + DATE_TYPES
    + TIMESTAMP_TYPES
    + DURATION_TYPES
    + DECIMAL_TYPES
    + STRING_TYPES
    + NESTED_TYPES
    + [pa.null()]
)


def type_id(t: pa.DataType) -> str:
    """A readable pytest id for a pyarrow type."""
    return str(t).replace(" ", "")


# ---------------------------------------------------------------------------------------
# Where work runs
# ---------------------------------------------------------------------------------------


def runs_on_gpu() -> bool:
    """Whether ferrodf operations run on the GPU under the current option."""
    opt = ferrodf.get_option("device")
    return opt == "gpu" or (opt == "auto" and ferrodf.gpu_info() is not None)


def run_both(fn):
    """``fn()`` on the host and on the GPU (the parity tests): ``(host, device)``."""
    with ferrodf.option_context(device="cpu"):
        host = fn()
    with ferrodf.option_context(device="gpu"):
        dev = fn()
    return host, dev


@pytest.fixture
def host_fallback():
    """For modules of counted host fallbacks (functions without a device path yet): under
    ``FERRODF_DEVICE=gpu``, where they raise NotImplementedError, the test runs in
    ``device='auto'``, the fallback they document (its once-per-function warning
    ignored); each such module checks gpu mode's NotImplementedError in a test of its own."""
    if ferrodf.get_option("device") != "gpu":
        yield
        return
    with (
        ferrodf.option_context(device="auto"),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


@pytest.fixture(autouse=True)
def _restore_device_option():
    """No test may leak a changed placement option into the next one."""
    before = ferrodf.get_option("device")
    yield
    if ferrodf.get_option("device") != before:
        ferrodf.set_option("device", before)
        pytest.fail(f"the test left the device option changed (was {before!r})")


# ---------------------------------------------------------------------------------------
# The transfer audit (scripts/transfer_audit.py): FERRODF_TRANSFER_AUDIT=DIR records every
# host/device copy of every test at statistics level 3 and writes them to DIR at the end.
# ---------------------------------------------------------------------------------------

_AUDIT_DIR = os.environ.get("FERRODF_TRANSFER_AUDIT")
# (function, origin, direction) -> [count, bytes, largest, first test]
_audit: dict[tuple[str, str, str], list] = {}


@pytest.fixture(autouse=True)
def _transfer_audit(request):
    if not _AUDIT_DIR:
        yield
        return
    ferrodf.set_option("memory.statistics", 3)
    ferrodf.memory.reset_statistics()
    yield
    for site, origin, direction, count, nbytes, largest in ferrodf.memory.statistics().transfers:
        e = _audit.setdefault((site, origin, direction), [0, 0, 0, request.node.nodeid])
        e[0] += count
        e[1] += nbytes
        e[2] = max(e[2], largest)


def pytest_sessionfinish(session):
    if not _AUDIT_DIR:
        return
    import json

    Path(_AUDIT_DIR).mkdir(parents=True, exist_ok=True)
    rows = [
        {
            "function": f,
            "origin": o,
            "direction": d,
            "count": c,
            "bytes": b,
            "largest": lg,
            "test": t,
        }
        for (f, o, d), (c, b, lg, t) in _audit.items()
    ]
    out = Path(_AUDIT_DIR) / f"audit-{os.getpid()}.json"
    out.write_text(json.dumps(rows, indent=1))


# ---------------------------------------------------------------------------------------
# Data generation
# ---------------------------------------------------------------------------------------

_UNICODE = ["", "a", "bc", "héllo", "日本語", "🦀 rust", "x" * 40, "tab\tnew\nline", "ünï"]


def int_range(t: pa.DataType) -> tuple[int, int]:
    """The smallest and largest value of the integer type ``t`` (BOOL8: 0 and 1)."""
    bits = t.bit_width
    if pa.types.is_signed_integer(t):
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def wrap(v: int, t: pa.DataType) -> int:
    """``v`` converted to the integer type ``t`` as C++ converts: modulo 2**bits."""
    lo, hi = int_range(t)
    return (v - lo) % (hi - lo + 1) + lo


def saturate(x: float, t: pa.DataType) -> int:
    """The float ``x`` converted to the integer type ``t`` as libcudf casts: truncated,
    clamped to the type's range, NaN to 0."""
    lo, hi = int_range(t)
    if math.isnan(x):
        return 0
    if x <= lo:
        return lo
    if x >= hi:
        return hi
    return int(x)


def _values(t: pa.DataType, n: int, rng: np.random.Generator) -> list:
    """n valid Python values of type t (extremes included for the integer types)."""
    if pa.types.is_integer(t):
        lo, hi = int_range(t)
        vals = [
            int(v)
            for v in rng.integers(
                lo, hi, size=n, endpoint=True, dtype=np.int64 if lo < 0 else np.uint64
            )
        ]
        extremes = [lo, hi, 0, 1, lo + 1, hi - 1] + ([-1] if lo < 0 else [])
        for i, e in enumerate(extremes[: n // 3]):
            vals[i * 3] = e
        return vals
    if pa.types.is_floating(t):
        vals = list(rng.normal(0, 1e3, size=n))
        special = [0.0, -0.0, 1.5, -2.25, float("inf"), float("-inf"), 1e-30, 3.4e38]
        for i, s in enumerate(special[: n // 3]):
            vals[i * 3] = s
        return [float(np.float32(v)) if t == pa.float32() else float(v) for v in vals]
    if pa.types.is_boolean(t):
        return [bool(v) for v in rng.integers(0, 2, size=n)]
    if pa.types.is_date32(t):
        return [
            datetime.date(1970, 1, 1) + datetime.timedelta(days=int(d))
            for d in rng.integers(-30000, 30000, n)
        ]
    if pa.types.is_date64(t):
        return [
            datetime.date(1970, 1, 1) + datetime.timedelta(days=int(d))
            for d in rng.integers(-30000, 30000, n)
        ]
    if pa.types.is_timestamp(t) or pa.types.is_duration(t):
        per_second = {"s": 1, "ms": 10**3, "us": 10**6, "ns": 10**9}[t.unit]
        seconds = rng.integers(-(2 * 10**9), 2 * 10**9, n)
        return [
            int(s) * per_second + int(f)
            for s, f in zip(seconds, rng.integers(0, per_second, n), strict=True)
        ]
    if pa.types.is_decimal(t):
        digits = t.precision
        lim = 10 ** min(digits, 30) - 1
        return [
            decimal.Decimal(int(v) * (-1 if i % 2 else 1)).scaleb(-t.scale)
            for i, v in enumerate(rng.integers(0, min(lim, 2**62), n, dtype=np.int64))
        ]
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return [
            _UNICODE[int(i)] + str(int(j))
            for i, j in zip(rng.integers(0, len(_UNICODE), n), rng.integers(0, 100, n), strict=True)
        ]
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        lens = rng.integers(0, 4, n)
        flat = _maybe_null(_values(t.value_type, int(lens.sum()), rng), rng, 0.2)
        out, pos = [], 0
        for k in lens:
            out.append(flat[pos : pos + k])
            pos += k
        return out
    if pa.types.is_struct(t):
        cols = [
            _maybe_null(_values(t.field(i).type, n, rng), rng, 0.2) for i in range(t.num_fields)
        ]
        return [{t.field(i).name: cols[i][r] for i in range(t.num_fields)} for r in range(n)]
    raise NotImplementedError(str(t))


def _maybe_null(vals: list, rng: np.random.Generator, p: float) -> list:
    return [None if rng.random() < p else v for v in vals]


def make_array(t: pa.DataType, n: int = 37, *, nulls: bool = True, seed: int = 0) -> pa.Array:
    """A pyarrow array of n values of type t, with nulls at rows 1, 4, 7, ... when asked."""
    rng = np.random.default_rng(seed)
    if pa.types.is_null(t):
        return pa.nulls(n)
    if pa.types.is_dictionary(t):
        dict_vals = list(dict.fromkeys(_values(t.value_type, 8, rng)))
        idx = rng.integers(0, len(dict_vals), n)
        indices = pa.array(
            [None if nulls and i % 3 == 1 else int(v) for i, v in enumerate(idx)], t.index_type
        )
        return pa.DictionaryArray.from_arrays(indices, pa.array(dict_vals, t.value_type))
    vals = _values(t, n, rng)
    if nulls:
        vals = [None if i % 3 == 1 else v for i, v in enumerate(vals)]
    if pa.types.is_timestamp(t) or pa.types.is_duration(t):
        return pa.array(vals, pa.int64()).cast(t)
    return pa.array(vals, t)


# ---------------------------------------------------------------------------------------
# Expected types and comparison
# ---------------------------------------------------------------------------------------


def expected_arrow_type(t: pa.DataType) -> pa.DataType:
    """The Arrow type a ferrodf column imported from type t exports as (without metadata).

    date64 -> timestamp[ms]; time zones dropped; decimals at the widest precision of their
    width; string_view -> string; struct field names -> ""; list value fields -> "item".
    """
    if pa.types.is_date64(t):
        return pa.timestamp("ms")
    if pa.types.is_timestamp(t):
        return pa.timestamp(t.unit)
    if HAS_SMALL_DECIMALS and pa.types.is_decimal32(t):
        return pa.decimal32(9, t.scale)
    if HAS_SMALL_DECIMALS and pa.types.is_decimal64(t):
        return pa.decimal64(18, t.scale)
    if pa.types.is_decimal128(t):
        return pa.decimal128(38, t.scale)
    if pa.types.is_string_view(t):
        return pa.string()
    if pa.types.is_large_list(t):
        return pa.large_list(expected_arrow_type(t.value_type))
    if pa.types.is_list(t):
        return pa.list_(expected_arrow_type(t.value_type))
    if pa.types.is_struct(t):
        return pa.struct(
            [pa.field("", expected_arrow_type(t.field(i).type)) for i in range(t.num_fields)]
        )
    if pa.types.is_dictionary(t):
        return pa.dictionary(t.index_type, expected_arrow_type(t.value_type))
    return t


def normalize(arr: pa.Array | pa.ChunkedArray) -> pa.Array:
    """arr as the pyarrow array a ferrodf round trip should give back."""
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    want = expected_arrow_type(arr.type)
    if want == arr.type:
        return arr
    if "string_view" in str(arr.type):
        arr = arr.cast(_replace_string_view(arr.type))
        want = expected_arrow_type(arr.type)
    return arr.view(want)


def _replace_string_view(t: pa.DataType) -> pa.DataType:
    if pa.types.is_string_view(t):
        return pa.string()
    if pa.types.is_list(t):
        return pa.list_(pa.field(t.value_field.name, _replace_string_view(t.value_type)))
    if pa.types.is_large_list(t):
        return pa.large_list(pa.field(t.value_field.name, _replace_string_view(t.value_type)))
    if pa.types.is_struct(t):
        return pa.struct(
            [
                pa.field(t.field(i).name, _replace_string_view(t.field(i).type))
                for i in range(t.num_fields)
            ]
        )
    return t


def _float_values(a: pa.Array) -> np.ndarray:
    return np.asarray(a.fill_null(0).to_numpy(zero_copy_only=False), dtype=np.float64)


def assert_arrow_eq(
    got: pa.Array, expected: pa.Array, *, rtol: float = 0.0, check_type: bool = True
) -> None:
    """Compare two pyarrow arrays: type, length, validity, then values (NaN == NaN; floats
    within rtol when rtol > 0)."""
    if isinstance(got, pa.ChunkedArray):
        got = got.combine_chunks()
    if isinstance(expected, pa.ChunkedArray):
        expected = expected.combine_chunks()
    got.validate(full=True)
    if check_type:
        assert got.type == expected.type, f"type {got.type} != expected {expected.type}"
    assert len(got) == len(expected), f"length {len(got)} != expected {len(expected)}"
    assert got.null_count == expected.null_count, (
        f"null_count {got.null_count} != {expected.null_count}"
    )
    if pa.types.is_floating(got.type):
        assert pc.is_valid(got).equals(pc.is_valid(expected)), "null positions differ"
        g, e = _float_values(got), _float_values(expected)
        np.testing.assert_allclose(g, e, rtol=rtol, atol=0, equal_nan=True)
        # Exact comparisons also distinguish the sign of infinities, checked above; the sign
        # of zero is not part of the contract.
    elif check_type:
        assert got.equals(expected), (
            f"values differ:\n got      {got.to_pylist()}\n expected {expected.to_pylist()}"
        )
    else:
        assert got.to_pylist() == expected.to_pylist()


def assert_column_eq(
    col: plc.Column,
    expected: pa.Array | pa.ChunkedArray,
    *,
    rtol: float = 0.0,
    metadata=None,
    normalize_expected: bool = True,
) -> None:
    """Compare a ferrodf Column to a pyarrow array through ``Column.to_arrow``.

    The expected array is first normalized the way ferrodf's Arrow round trip changes
    types (see ``expected_arrow_type``) unless ``normalize_expected=False``.
    """
    assert isinstance(col, plc.Column), type(col)
    got = col.to_arrow(metadata) if metadata is not None else col.to_arrow()
    assert col.size() == len(got)
    assert col.null_count() == got.null_count
    if normalize_expected:
        expected = normalize(expected)
    assert_arrow_eq(got, expected, rtol=rtol)


def assert_table_eq(tbl: plc.Table, expected: pa.Table, *, metadata=None) -> None:
    """Compare a ferrodf Table to a pyarrow table column by column (names from metadata)."""
    got = tbl.to_arrow(metadata) if metadata is not None else tbl.to_arrow()
    assert isinstance(got, pa.Table)
    assert got.num_rows == expected.num_rows == tbl.num_rows()
    assert got.num_columns == expected.num_columns == tbl.num_columns()
    for g, e in zip(got.columns, expected.columns, strict=True):
        assert_arrow_eq(g, normalize(e))


def float_eq(a, b, rtol: float = 0.0) -> bool:
    """Python-float equality with NaN == NaN and an optional relative tolerance."""
    if a is None or b is None:
        return a is b
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    if rtol == 0.0 or isinstance(a, bool) or isinstance(b, bool):
        return a == b
    return math.isclose(a, b, rel_tol=rtol, abs_tol=0.0) or a == b


# ---------------------------------------------------------------------------------------
# Shared fixtures
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=NUMERIC_TYPES, ids=type_id)
def numeric_pa_type(request) -> pa.DataType:
    return request.param


@pytest.fixture(scope="module", params=[True, False], ids=["nulls", "no_nulls"])
def has_nulls(request) -> bool:
    return request.param


# ---------------------------------------------------------------------------------------
# Sharding (scripts/gpu_check.sh runs FERRODF_TEST_SHARD=k/N in N processes side by side)
# ---------------------------------------------------------------------------------------


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "gpu_exclusive: needs the whole GPU (fills its memory); left out of sharded runs, "
        "run alone by scripts/gpu_check.sh",
    )


def pytest_collection_modifyitems(config, items):
    """Keep every N-th test from the k-th when FERRODF_TEST_SHARD=k/N is set; tests marked
    gpu_exclusive are left out of sharded runs (N processes share one GPU)."""
    shard = os.environ.get("FERRODF_TEST_SHARD")
    if not shard:
        return
    exclusive = [item for item in items if item.get_closest_marker("gpu_exclusive")]
    if exclusive:
        config.hook.pytest_deselected(items=exclusive)
        items[:] = [item for item in items if not item.get_closest_marker("gpu_exclusive")]
    k, n = (int(x) for x in shard.split("/"))
    keep = [item for i, item in enumerate(items) if i % n == k]
    config.hook.pytest_deselected(items=[item for i, item in enumerate(items) if i % n != k])
    items[:] = keep


# ---------------------------------------------------------------------------------------
# frame tests and the benchmark harness
# ---------------------------------------------------------------------------------------

# the repository root, so tests/benchmarks can import the `bench` package
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


@pytest.fixture
def host_if_missing():
    """Call fn. With device='gpu' an operation without a device path must raise
    NotImplementedError naming what is missing (never fall back silently); it is then
    checked on the host, so the result is still compared with the oracle."""

    def call(fn):
        if ferrodf.get_option("device") != "gpu":
            return fn()
        try:
            return fn()
        except NotImplementedError as e:
            assert str(e), "NotImplementedError must say which function lacks a device path"
            with ferrodf.option_context(device="cpu"):
                return fn()

    return call
