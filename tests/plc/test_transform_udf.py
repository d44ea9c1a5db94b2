"""``plc.transform.transform``: a CUDA C ``__device__`` function run on every row.

Three layers of checks:
- argument validation and the host's NotImplementedError (everywhere: the arguments are
  checked before placement, so bad input gives the same error with or without a GPU);
- the generated kernel source compiled with g++ (``host_kernels``: one thread walks every
  row) and driven the way ``core/src/ops/transform/udf.rs`` launches it, against a plain
  Python oracle (needs g++, no GPU);
- the real thing on the GPU against NumPy / plain Python (skipped without a GPU).
"""

from __future__ import annotations

import math
import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import I64, PRELUDE, P, compile_kernels
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc
from ferrodf._lib.transform import _udf_kernel_source

T = plc.transform
NO, YES = plc.types.NullAware.NO, plc.types.NullAware.YES
F64 = plc.DataType(plc.TypeId.FLOAT64)

MUL = "__device__ inline void mul(double* out, double a, float b) { *out = a * b; }"
AXPY = """
// y = a * x + b, with __device__ in a comment: the parser must skip it
__device__ void axpy(double* out, double a, double x, double b) { *out = a * x + b; }
"""
# Null-aware: the sum where both are valid, `a` where only it is, null otherwise.
SUM_OR_A = """
__device__ void sum_or_a(cuda::std::optional<double>* out, cuda::std::optional<int32_t> a,
                         cuda::std::optional<double> b) {
  if (a.has_value() && b) { *out = *a + b.value(); }
  else if (a) { out->emplace(a.value_or(0)); }
  else { *out = cuda::std::nullopt; }
}
"""


def col(values, typ):
    return plc.Column.from_arrow(pa.array(values, typ))


def pylist(c):
    return c.to_arrow().to_pylist()


# ---------------------------------------------------------------- validation (everywhere)


def test_no_inputs_is_a_value_error():
    with pytest.raises(ValueError, match="at least one input column"):
        T.transform([], MUL, F64, False)


def test_mismatched_lengths_are_a_value_error():
    a, b = col([1.0, 2.0, 3.0], pa.float64()), col([1.0, 2.0], pa.float32())
    with pytest.raises(ValueError, match="input 1 has 2 rows, but the inputs have 3 rows"):
        T.transform([a, b], MUL, F64, False)


@pytest.mark.parametrize(
    "udf",
    ["", "void f(double* o, double a) { *o = a; }", "// __device__ void f(double*, double)"],
)
def test_missing_device_function_is_a_value_error(udf):
    a = col([1.0], pa.float64())
    with pytest.raises(ValueError, match="defines no __device__ function"):
        T.transform([a], udf, F64, False)


def test_bad_output_and_input_types_are_type_errors():
    a = col([1.0, 2.0], pa.float64())
    with pytest.raises(TypeError, match=r"output type.*STRING"):
        T.transform([a], MUL, plc.DataType(plc.TypeId.STRING), False)
    with pytest.raises(TypeError, match=r"output type.*DECIMAL64"):
        T.transform([a], MUL, plc.DataType(plc.TypeId.DECIMAL64, -2), False)
    s = col(["x", "y"], pa.string())
    with pytest.raises(TypeError, match=r"input 1.*STRING"):
        T.transform([a, s], MUL, F64, False)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"source_type": True},
        {"source_type": plc.jit.UDFSourceType.PTX},
        {"is_ptx": True},
    ],
)
def test_ptx_is_not_implemented(kwargs):
    a = col([1.0], pa.float64())
    with pytest.raises(NotImplementedError, match="PTX sources are not supported"):
        T.transform([a], ".version 8.0", F64, **kwargs)


def test_argument_spellings():
    a = col([1.0], pa.float64())
    with pytest.raises(TypeError, match="give source_type or is_ptx, not both"):
        T.transform([a], MUL, F64, False, is_ptx=False)
    with pytest.raises(TypeError, match="give is_null_aware or null_aware, not both"):
        T.transform([a], MUL, F64, False, NO, null_aware=NO)
    with pytest.raises(TypeError, match="transform_udf must be a str"):
        T.transform([a], b"x", F64, False)
    with pytest.raises(TypeError, match="inputs must be a list"):
        T.transform(a, MUL, F64, False)
    with pytest.raises(ValueError, match="not a valid NullAware"):
        T.transform([a], MUL, F64, False, 7)


def test_enum_values_match_pylibcudf():
    # pylibcudf's jit.UDFSourceType: CUDA = 0, PTX = 1 (so `is_ptx` bools map onto it).
    assert int(plc.jit.UDFSourceType.CUDA) == 0
    assert int(plc.jit.UDFSourceType.PTX) == 1
    assert plc.jit.is_runtime_jit_supported() == (ferrodf.gpu_info() is not None)


@pytest.mark.parametrize("aware", [NO, YES])
def test_host_raises_not_implemented_after_checking(aware):
    a = col([1.0, None], pa.float64())
    b = col([2.0], pa.float32())
    with ferrodf.option_context(device="cpu"):
        with pytest.raises(NotImplementedError, match=r"NVRTC.*compute_column"):
            T.transform([a, b], MUL, F64, False, aware)
        # Validation comes first: the same ValueError as on a GPU.
        with pytest.raises(ValueError, match="defines no __device__ function"):
            T.transform([a, b], "int x;", F64, False, aware)


def test_generated_source_is_readable():
    src, name, kernel = _udf_kernel_source(
        AXPY, [F64, F64, plc.DataType(plc.TypeId.FLOAT64)], F64, NO
    )
    assert name == "axpy"
    assert kernel == "ferro_udf_kernel"
    assert AXPY in src
    assert "optional" not in src
    src, _, _ = _udf_kernel_source(SUM_OR_A, [plc.DataType(plc.TypeId.INT32), F64], F64, YES)
    assert "cuda::std::optional<int32_t>" in src


# ---------------------------------------------------------------- the kernel on the host

HOST_EXTRA = """
static unsigned atomicOr(uint32_t* p, unsigned v) { unsigned o = *p; *p |= v; return o; }
static unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) {
  unsigned long long o = *p; *p += v; return o;
}
"""

NP = {
    plc.TypeId.INT8: np.int8,
    plc.TypeId.INT32: np.int32,
    plc.TypeId.INT64: np.int64,
    plc.TypeId.UINT16: np.uint16,
    plc.TypeId.FLOAT32: np.float32,
    plc.TypeId.FLOAT64: np.float64,
    plc.TypeId.BOOL8: np.uint8,
}

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


def build_udf(directory, udf, in_types, out_type, aware):
    """The generated kernel of `udf` built with g++ in `directory` (one library per
    directory: dlopen hands back a library already loaded from the same path)."""
    dts = [plc.DataType(t) for t in in_types]
    src, _, kernel = _udf_kernel_source(udf, dts, plc.DataType(out_type), aware)
    return getattr(compile_kernels(directory, [PRELUDE, HOST_EXTRA, src]), kernel)


def run_udf(kernel, in_types, out_type, inputs, n):
    """Launch `kernel` as udf.rs does: `inputs` are (values, valid, offset, size) of the
    whole (unsliced) column seen from row `offset`; a 1-row view is broadcast. Returns the
    output as a list with None for null rows, and the null count the kernel reported."""
    keep, args = [], []
    for t, (values, valid, off, size) in zip(in_types, inputs, strict=True):
        arr = np.array(values, NP[t])
        bits = np.packbits(np.array([*valid, *[True] * 64], bool), bitorder="little")
        keep += [arr, bits]
        has_nulls = not all(valid[off : off + size])
        args += [
            P(arr.ctypes.data + off * arr.itemsize),
            P(bits.ctypes.data if has_nulls else 0),
            I64(off if has_nulls else 0),
            I64(0 if size == 1 else 1),
        ]
    out = np.zeros(max(n, 1), NP[out_type])
    mask = np.zeros((n + 31) // 32 + 2, np.uint32)
    nulls = np.zeros(1, np.uint64)
    args += [P(out.ctypes.data), P(mask.ctypes.data), P(nulls.ctypes.data), I64(n)]
    kernel(*args)
    valid = np.unpackbits(mask.view(np.uint8), bitorder="little")[:n].astype(bool)
    got = [v.item() if ok else None for v, ok in zip(out[:n], valid, strict=True)]
    return got, int(nulls[0])


def host_udf(directory, udf, in_types, out_type, aware, inputs, n):
    """build_udf, then run_udf."""
    kernel = build_udf(directory, udf, in_types, out_type, aware)
    return run_udf(kernel, in_types, out_type, inputs, n)


def random_column(rng, n, typ, null_rate=0.2):
    if typ == plc.TypeId.BOOL8:
        vals = rng.integers(0, 2, n)
    elif typ in (plc.TypeId.FLOAT32, plc.TypeId.FLOAT64):
        vals = rng.normal(0, 10, n)
    else:
        vals = rng.integers(-50 if typ != plc.TypeId.UINT16 else 0, 50, n)
    valid = (rng.random(n) >= null_rate).tolist()
    return np.array(vals, NP[typ]), valid


@needs_gxx
@pytest.mark.parametrize("off", [0, 3])
def test_host_kernel_null_unaware(tmp_path, off):
    rng = np.random.default_rng(off)
    n, total = 50, 50 + off
    a, av = random_column(rng, total, plc.TypeId.FLOAT64)
    b, bv = random_column(rng, total, plc.TypeId.FLOAT32)
    got, nulls = host_udf(
        tmp_path,
        MUL,
        [plc.TypeId.FLOAT64, plc.TypeId.FLOAT32],
        plc.TypeId.FLOAT64,
        NO,
        [(a, av, off, n), (b, bv, off, n)],
        n,
    )
    expect = [
        float(a[i] * np.float64(b[i])) if av[i] and bv[i] else None for i in range(off, total)
    ]
    assert got == expect
    assert nulls == sum(x is None for x in expect)


@needs_gxx
def test_host_kernel_broadcast_and_three_inputs(tmp_path):
    rng = np.random.default_rng(7)
    n = 40
    x, xv = random_column(rng, n, plc.TypeId.FLOAT64)
    a = np.array([2.5]), [True]
    b = np.array([-1.0]), [True]
    got, nulls = host_udf(
        tmp_path,
        AXPY,
        [plc.TypeId.FLOAT64] * 3,
        plc.TypeId.FLOAT64,
        NO,
        [(a[0], a[1], 0, 1), (x, xv, 0, n), (b[0], b[1], 0, 1)],
        n,
    )
    assert got == [2.5 * x[i] + -1.0 if xv[i] else None for i in range(n)]
    assert nulls == xv.count(False)
    # A null broadcast scalar makes every row null (another directory: dlopen would hand
    # back the library already loaded from the same path).
    other = tmp_path / "null"
    other.mkdir()
    got, nulls = host_udf(
        other,
        AXPY,
        [plc.TypeId.FLOAT64] * 3,
        plc.TypeId.FLOAT64,
        NO,
        [(a[0], [False], 0, 1), (x, xv, 0, n), (b[0], b[1], 0, 1)],
        n,
    )
    assert got == [None] * n
    assert nulls == n


@needs_gxx
@pytest.mark.parametrize("off", [0, 5])
def test_host_kernel_null_aware(tmp_path, off):
    rng = np.random.default_rng(11 + off)
    n, total = 45, 45 + off
    a, av = random_column(rng, total, plc.TypeId.INT32, 0.3)
    b, bv = random_column(rng, total, plc.TypeId.FLOAT64, 0.3)
    got, nulls = host_udf(
        tmp_path,
        SUM_OR_A,
        [plc.TypeId.INT32, plc.TypeId.FLOAT64],
        plc.TypeId.FLOAT64,
        YES,
        [(a, av, off, n), (b, bv, off, n)],
        n,
    )

    def oracle(i):
        if av[i] and bv[i]:
            return float(np.float64(a[i]) + b[i])
        return float(a[i]) if av[i] else None

    expect = [oracle(i) for i in range(off, total)]
    assert got == expect
    assert nulls == sum(x is None for x in expect)


@needs_gxx
def test_host_kernel_bool_and_integer_types(tmp_path):
    udf = "__device__ void f(bool* out, int8_t a, uint16_t b, bool c) { *out = c ? a < b : a > 0; }"
    rng = np.random.default_rng(3)
    n = 37
    cols = [
        random_column(rng, n, t) for t in (plc.TypeId.INT8, plc.TypeId.UINT16, plc.TypeId.BOOL8)
    ]
    got, _ = host_udf(
        tmp_path,
        udf,
        [plc.TypeId.INT8, plc.TypeId.UINT16, plc.TypeId.BOOL8],
        plc.TypeId.BOOL8,
        NO,
        [(v, ok, 0, n) for v, ok in cols],
        n,
    )
    (a, av), (b, bv), (c, cv) = cols
    expect = [
        (int(int(a[i]) < int(b[i])) if c[i] else int(a[i] > 0))
        if av[i] and bv[i] and cv[i]
        else None
        for i in range(n)
    ]
    assert got == expect


@needs_gxx
def test_host_kernel_empty(tmp_path):
    a = np.zeros(0, np.float64)
    got, nulls = host_udf(
        tmp_path,
        MUL,
        [plc.TypeId.FLOAT64, plc.TypeId.FLOAT32],
        plc.TypeId.FLOAT64,
        NO,
        [(a, [], 0, 0), (a.astype(np.float32), [], 0, 0)],
        0,
    )
    assert (got, nulls) == ([], 0)


@pytest.fixture(scope="module")
def sum_or_a_kernel(tmp_path_factory):
    if shutil.which("g++") is None:
        pytest.skip("needs g++")
    d = tmp_path_factory.mktemp("sum_or_a")
    return build_udf(d, SUM_OR_A, [plc.TypeId.INT32, plc.TypeId.FLOAT64], plc.TypeId.FLOAT64, YES)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    a=st.lists(st.one_of(st.none(), st.integers(-(2**31), 2**31 - 1)), max_size=70),
    b=st.lists(st.one_of(st.none(), st.floats(allow_nan=False, width=64)), max_size=70),
    off=st.integers(0, 9),
    broadcast=st.sampled_from([None, "a", "b"]),
)
def test_host_kernel_null_aware_property(sum_or_a_kernel, a, b, off, broadcast):
    """Any values, nulls, slice offset and broadcast side: the null-aware kernel agrees
    with a plain Python loop."""
    n = max(len(a), len(b))
    a = (a + [None] * n)[:n] if broadcast != "a" else [*a, 1][:1]
    b = (b + [None] * n)[:n] if broadcast != "b" else [*b, 2.5][:1]
    full = [[7] * off + a, [0.0] * off + b]  # rows before `off` are not part of the view
    inputs = [
        (
            np.array([0 if v is None else v for v in vals], dtype),
            [v is not None for v in vals],
            off,
            size,
        )
        for vals, dtype, size in ((full[0], np.int32, len(a)), (full[1], np.float64, len(b)))
    ]
    rows = n  # a broadcast side has one row; the other has n (none: 1 next to 0 is 0)
    got, nulls = run_udf(
        sum_or_a_kernel, [plc.TypeId.INT32, plc.TypeId.FLOAT64], plc.TypeId.FLOAT64, inputs, rows
    )

    def at(vals, i):
        return vals[0] if len(vals) == 1 else vals[i]

    def oracle(x, y):
        if x is not None and y is not None:
            return float(x) + y
        return float(x) if x is not None else None

    expect = [oracle(at(a, i), at(b, i)) for i in range(rows)]
    assert got == expect
    assert nulls == sum(v is None for v in expect)


# ---------------------------------------------------------------- on the GPU

needs_gpu = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU (NVRTC + CUDA)")


@pytest.fixture
def gpu():
    with ferrodf.option_context(device="gpu"):
        yield


def np_oracle(fn, *cols):
    """fn over the rows where every input is valid; None elsewhere (pyarrow lists in)."""
    n = max(len(c) for c in cols)
    rows = [[c[0] if len(c) == 1 else c[i] for c in cols] for i in range(n)]
    return [None if any(v is None for v in r) else fn(*r) for r in rows]


@needs_gpu
@pytest.mark.parametrize(
    ("typ", "np_t"),
    [
        (pa.int8(), np.int8),
        (pa.int32(), np.int32),
        (pa.int64(), np.int64),
        (pa.uint16(), np.uint16),
        (pa.float32(), np.float32),
        (pa.float64(), np.float64),
    ],
)
def test_gpu_one_input_types(gpu, typ, np_t):
    rng = np.random.default_rng(1)
    vals = [None if rng.random() < 0.2 else int(x) for x in rng.integers(0, 100, 300)]
    cname = {
        np.int8: "int8_t", np.int32: "int32_t", np.int64: "int64_t",
        np.uint16: "uint16_t", np.float32: "float", np.float64: "double",
    }[np_t]  # fmt: skip
    udf = f"__device__ void twice_plus(double* out, {cname} a) {{ *out = (double)a * 2 + 1; }}"
    got = T.transform([col(vals, typ)], udf, F64, False)
    expect = np_oracle(lambda a: float(np.float64(np_t(a)) * 2 + 1), vals)
    assert pylist(got) == expect
    assert got.null_count() == sum(v is None for v in expect)


@needs_gpu
def test_gpu_two_inputs_and_nulls(gpu):
    rng = np.random.default_rng(2)
    a = [None if rng.random() < 0.1 else float(x) for x in rng.normal(0, 5, 1000)]
    b = [None if rng.random() < 0.1 else float(np.float32(x)) for x in rng.normal(0, 5, 1000)]
    got = T.transform([col(a, pa.float64()), col(b, pa.float32())], MUL, F64, False)
    assert pylist(got) == np_oracle(lambda x, y: float(np.float64(x) * np.float64(y)), a, b)


@needs_gpu
def test_gpu_no_nulls_has_no_mask(gpu):
    a = [1.0, 2.0, 3.0]
    got = T.transform([col(a, pa.float64()), col([0.5] * 3, pa.float32())], MUL, F64, False)
    assert pylist(got) == [0.5, 1.0, 1.5]
    assert got.null_count() == 0


@needs_gpu
def test_gpu_broadcast_like_pylibcudf(gpu):
    # pylibcudf's own test: (a + b) * c with c a one-row column.
    udf = "__device__ void op(double* out, double a, double b, double c) { *out = (a + b) * c; }"
    cols = [
        col([5.0] * 100, pa.float64()),
        col([20.0] * 100, pa.float64()),
        col([0.5], pa.float64()),
    ]
    got = T.transform(cols, udf, F64, is_ptx=False, null_aware=NO)
    assert pylist(got) == [(5.0 + 20.0) * 0.5] * 100
    # A null scalar nulls every row.
    cols[2] = col([None], pa.float64())
    got = T.transform(cols, udf, F64, plc.jit.UDFSourceType.CUDA)
    assert pylist(got) == [None] * 100


@needs_gpu
def test_gpu_three_inputs_sliced(gpu):
    rng = np.random.default_rng(3)
    n = 500
    data = [
        [None if rng.random() < 0.15 else float(x) for x in rng.normal(0, 3, n)] for _ in range(3)
    ]
    cols = [plc.copying.slice(col(d, pa.float64()), [7, 7 + 400])[0] for d in data]  # offset 7
    udf = "__device__ void axpy(double* out, double a, double x, double b) { *out = a * x + b; }"
    got = T.transform(cols, udf, F64, False)
    sub = [d[7:407] for d in data]
    assert pylist(got) == np_oracle(lambda a, x, b: a * x + b, *sub)


@needs_gpu
def test_gpu_null_aware(gpu):
    rng = np.random.default_rng(4)
    a = [None if rng.random() < 0.3 else int(x) for x in rng.integers(-9, 9, 300)]
    b = [None if rng.random() < 0.3 else float(x) for x in rng.normal(0, 2, 300)]
    ca = plc.copying.slice(col(a, pa.int32()), [3, 300])[0]
    cb = plc.copying.slice(col(b, pa.float64()), [3, 300])[0]
    got = T.transform([ca, cb], SUM_OR_A, F64, False, YES)

    def oracle(x, y):
        if x is not None and y is not None:
            return float(x) + y
        return float(x) if x is not None else None

    expect = [oracle(x, y) for x, y in zip(a[3:], b[3:], strict=True)]
    assert pylist(got) == expect
    assert got.null_count() == sum(v is None for v in expect)


@needs_gpu
def test_gpu_null_aware_output_nulls_without_input_nulls(gpu):
    udf = """
    __device__ void pos(cuda::std::optional<int64_t>* out, cuda::std::optional<int64_t> a) {
      if (*a > 0) *out = *a;
    }"""
    vals = list(range(-5, 6))
    got = T.transform([col(vals, pa.int64())], udf, plc.DataType(plc.TypeId.INT64), False, YES)
    assert pylist(got) == [v if v > 0 else None for v in vals]


@needs_gpu
def test_gpu_bool_and_timestamp(gpu):
    udf = "__device__ void recent(bool* out, int64_t t, bool flag) { *out = flag && t > 1000; }"
    ts = [0, 999, 1001, None, 5000]
    flags = [True, True, True, True, False]
    got = T.transform(
        [col(ts, pa.timestamp("ms")), col(flags, pa.bool_())],
        udf,
        plc.DataType(plc.TypeId.BOOL8),
        False,
    )
    assert pylist(got) == np_oracle(lambda t, f: f and t > 1000, ts, flags)


@needs_gpu
def test_gpu_empty(gpu):
    got = T.transform([col([], pa.float64()), col([], pa.float32())], MUL, F64, False)
    assert got.size() == 0
    assert got.type().id() == plc.TypeId.FLOAT64
    # A one-row input next to an empty one gives an empty result (pylibcudf's rule).
    got = T.transform([col([], pa.float64()), col([1.0], pa.float32())], MUL, F64, False)
    assert got.size() == 0


@needs_gpu
def test_gpu_compile_error_carries_the_log(gpu):
    bad = "__device__ void f(double* out, double a) {\n  *out = a + undefined_name;\n}"
    with pytest.raises(ValueError, match=r"(?s)NVRTC could not compile the UDF f.*undefined_name"):
        T.transform([col([1.0], pa.float64())], bad, F64, False)
    # A wrong output pointer type is a compile error too (double* for FLOAT32).
    with pytest.raises(ValueError, match="NVRTC"):
        T.transform([col([1.0], pa.float64())], bad.replace("undefined_name", "1"),
                    plc.DataType(plc.TypeId.FLOAT32), False)  # fmt: skip


@needs_gpu
def test_gpu_bad_output_type(gpu):
    with pytest.raises(TypeError, match=r"output type.*STRING"):
        T.transform([col([1.0], pa.float64())], MUL, plc.DataType(plc.TypeId.STRING), False)


@needs_gpu
def test_gpu_cache_reuses_module(gpu):
    a = col([1.0, 2.0], pa.float64())
    b = col([3.0, 4.0], pa.float32())
    first = pylist(T.transform([a, b], MUL, F64, False))
    assert pylist(T.transform([a, b], MUL, F64, False)) == first == [3.0, 8.0]
    assert not math.isnan(first[0])
