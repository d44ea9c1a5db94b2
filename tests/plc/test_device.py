"""Device placement: the ``device`` option, FERRODF_DEVICE, host fallbacks, and (on a GPU
machine) zero-copy device arrays and device-resident results."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pyarrow as pa
import pytest
from conftest import runs_on_gpu

import ferrodf
import ferrodf.plc as plc

T = plc.TypeId
B = plc.binaryop.BinaryOperator
HAS_GPU = ferrodf.gpu_info() is not None

needs_gpu = pytest.mark.skipif(not HAS_GPU, reason="needs a usable GPU")
needs_no_gpu = pytest.mark.skipif(HAS_GPU, reason="checks the behaviour without a GPU")


@pytest.fixture(scope="module")
def cp():
    if not HAS_GPU:
        pytest.skip("needs a usable GPU")
    return pytest.importorskip("cupy")


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    """Run code in a fresh interpreter (the option is read from the environment once)."""
    full_env = {k: v for k, v in os.environ.items() if k != "FERRODF_DEVICE"}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# ---------------------------------------------------------------------------------------
# The option
# ---------------------------------------------------------------------------------------


def test_option_values():
    assert ferrodf.get_option("device") in ("auto", "gpu", "cpu")
    with ferrodf.option_context(device="cpu"):
        assert ferrodf.get_option("device") == "cpu"
        with ferrodf.option_context(device="auto"):
            assert ferrodf.get_option("device") == "auto"
        assert ferrodf.get_option("device") == "cpu"


@pytest.mark.parametrize(
    "alias,canonical", [("CPU", "cpu"), (" host ", "cpu"), ("Auto", "auto"), ("", "auto")]
)
def test_option_aliases(alias, canonical):
    with ferrodf.option_context(device="cpu"):
        ferrodf.set_option("device", alias)
        assert ferrodf.get_option("device") == canonical


def test_option_context_restores_after_error():
    before = ferrodf.get_option("device")
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        with ferrodf.option_context(device="cpu"):
            1 / 0  # noqa: B018
    assert ferrodf.get_option("device") == before


def test_bad_option_value_changes_nothing():
    before = ferrodf.get_option("device")
    with pytest.raises(ValueError, match=r"auto.*gpu.*cpu"):
        ferrodf.set_option("device", "bogus")
    with pytest.raises(ValueError, match='unknown device placement "tpu"'):
        with ferrodf.option_context(device="tpu"):
            pass
    assert ferrodf.get_option("device") == before


@needs_no_gpu
@pytest.mark.parametrize("value", ["gpu", "cuda", "GPU"])
def test_gpu_without_gpu_raises(value):
    before = ferrodf.get_option("device")
    with pytest.raises(RuntimeError, match="no usable GPU"):
        ferrodf.set_option("device", value)
    assert ferrodf.get_option("device") == before


@needs_no_gpu
def test_no_gpu_reports_why():
    assert ferrodf.gpu_info() is None
    reason = ferrodf.gpu_unavailable_reason()
    assert isinstance(reason, str) and reason
    ferrodf.synchronize()  # a no-op without a GPU
    col = plc.Column.from_arrow(pa.array([1, 2, 3]))
    assert col.residency() == "host"
    with pytest.raises(RuntimeError, match="no usable GPU: the CUDA driver library"):
        col.data().ptr  # noqa: B018 - a device pointer needs a device


@needs_gpu
def test_gpu_info():
    info = ferrodf.gpu_info()
    assert set(info) >= {"name", "arch", "multiprocessors", "total_memory", "free_memory"}
    assert info["arch"].startswith("sm_")
    assert info["multiprocessors"] > 0
    assert 0 < info["free_memory"] <= info["total_memory"]
    assert ferrodf.gpu_unavailable_reason() is None
    with ferrodf.option_context(device="gpu"):
        assert ferrodf.get_option("device") == "gpu"
    ferrodf.synchronize()


# ---------------------------------------------------------------------------------------
# FERRODF_DEVICE
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("value,expected", [("cpu", "cpu"), ("HOST", "cpu"), ("auto", "auto")])
def test_env_variable_sets_initial_option(value, expected):
    proc = run_python("import ferrodf; print(ferrodf.get_option('device'))", FERRODF_DEVICE=value)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == expected


def test_env_variable_default_is_auto():
    proc = run_python("import ferrodf; print(ferrodf.get_option('device'))")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "auto"


def test_bad_env_variable():
    proc = run_python(
        """
        import ferrodf
        try:
            ferrodf.get_option('device')
        except ValueError as e:
            print('ValueError', e)
        """,
        FERRODF_DEVICE="bogus",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ValueError")
    assert "FERRODF_DEVICE" in proc.stdout


@needs_no_gpu
def test_env_gpu_without_gpu_errors_on_device_work():
    proc = run_python(
        """
        import pyarrow as pa, ferrodf, ferrodf.plc as plc
        assert ferrodf.get_option('device') == 'gpu'
        col = plc.Column.from_arrow(pa.array([1, 2, 3]))
        assert col.to_pylist() == [1, 2, 3]   # no device work: fine
        try:
            plc.binaryop.binary_operation(col, col, plc.binaryop.BinaryOperator.ADD, col.type())
        except RuntimeError as e:
            print('RuntimeError', e)
        try:
            plc.reduce.reduce(col, plc.aggregation.sum(), col.type())
        except RuntimeError as e:
            print('RuntimeError', e)
        """,
        FERRODF_DEVICE="gpu",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("RuntimeError") for line in lines), proc.stdout
    assert "device='gpu'" in lines[0]


# ---------------------------------------------------------------------------------------
# Same results wherever work runs
# ---------------------------------------------------------------------------------------


def test_cpu_mode_stays_on_host():
    col = plc.Column.from_arrow(pa.array([1.5, None, -2.0]))
    with ferrodf.option_context(device="cpu"):
        out = plc.binaryop.binary_operation(col, col, B.MUL, plc.DataType(T.FLOAT64))
        assert out.residency() == "host"
        assert out.to_pylist() == [2.25, None, 4.0]
        s = plc.reduce.reduce(col, plc.aggregation.sum(), plc.DataType(T.FLOAT64))
        assert s.to_py() == -0.5
    assert col.residency() == "host"


@pytest.mark.parametrize("pa_type", [pa.int8(), pa.uint64(), pa.float32(), pa.bool_()], ids=str)
def test_results_match_cpu_mode(pa_type):
    """The current placement (the GPU on a GPU machine) gives the host's results."""
    rng = np.random.default_rng(5)
    n = 5000
    if pa.types.is_floating(pa_type):
        values = rng.normal(0, 10, n).astype(np.float32)
    elif pa.types.is_boolean(pa_type):
        values = rng.integers(0, 2, n).astype(bool)
    else:
        values = rng.integers(0, 100, n).astype(pa_type.to_pandas_dtype())
    arr = pa.array(values, pa_type, mask=rng.random(n) < 0.1).slice(7)
    col = plc.Column.from_arrow(arr)
    three = plc.Scalar.from_py(3, plc.DataType(T.INT32))

    def compute():
        out = []
        for op in (B.ADD, B.FLOOR_DIV, B.PYMOD, B.TRUE_DIV, B.LESS):
            out.append(
                plc.binaryop.binary_operation(col, three, op, plc.DataType(T.FLOAT64)).to_arrow()
            )
            out.append(
                plc.binaryop.binary_operation(three, col, op, plc.DataType(T.INT32)).to_arrow()
            )
        # (no product: over thousands of values it overflows, and inf * 0 makes the result
        # depend on the order of multiplication)
        for kind in ("sum", "min", "max", "sum_of_squares", "mean"):
            out.append(
                plc.reduce.reduce(
                    col, getattr(plc.aggregation, kind)(), plc.DataType(T.FLOAT64)
                ).to_py()
            )
        return out

    here = compute()
    with ferrodf.option_context(device="cpu"):
        host = compute()
    for h, g in zip(host, here, strict=True):
        if isinstance(h, float):
            assert g == pytest.approx(h, rel=1e-6)
        else:
            assert g.equals(h)


def test_cpu_mode_records_no_host_fallbacks():
    ferrodf.reset_host_fallbacks()
    col = plc.Column.from_arrow(pa.array([0, 3, None], pa.int32()))
    with ferrodf.option_context(device="cpu"):
        assert plc.reduce.reduce(col, plc.aggregation.any(), plc.DataType(T.BOOL8)).to_py() is True
    assert ferrodf.host_fallbacks() == {}


# ---------------------------------------------------------------------------------------
# GPU only
# ---------------------------------------------------------------------------------------


def _word_starts(col: plc.Column) -> plc.Column:
    """A call with no device path: a Unicode word boundary on non-ASCII rows (the device
    DFA gives up there), a counted host fallback on a GPU machine."""
    S = plc.strings
    p = S.regex_program.RegexProgram.create(r"\b\w", S.RegexFlags.DEFAULT)
    return S.contains.count_re(col, p)


@needs_gpu
def test_host_fallback_is_counted_and_announced_once():
    col = plc.Column.from_arrow(pa.array(["été ok", None, "ü"]))
    with ferrodf.option_context(device="auto"):
        ferrodf.reset_host_fallbacks()
        with pytest.warns(RuntimeWarning, match="ran on the host"):
            _word_starts(col)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert _word_starts(col).to_pylist() == [2, None, 1]
        assert ferrodf.host_fallbacks() == {"strings.contains.count_re": 2}
    ferrodf.reset_host_fallbacks()
    assert ferrodf.host_fallbacks() == {}


@needs_gpu
def test_gpu_mode_forbids_host_fallback():
    with ferrodf.option_context(device="gpu"):
        with pytest.raises(NotImplementedError, match="GPU"):
            _word_starts(plc.Column.from_arrow(pa.array(["été"])))
        # any/all have device paths (numbers through their truth values)
        col = plc.Column.from_arrow(pa.array([0, 3, None], pa.int32()))
        assert plc.reduce.reduce(col, plc.aggregation.any(), plc.DataType(T.BOOL8)).to_py() is True
        assert plc.reduce.reduce(col, plc.aggregation.all(), plc.DataType(T.BOOL8)).to_py() is False


@needs_gpu
def test_binary_operation_result_is_on_device():
    col = plc.Column.from_arrow(pa.array([1, None, 3], pa.int64()))
    with ferrodf.option_context(device="gpu"):
        out = plc.binaryop.binary_operation(col, col, B.ADD, plc.DataType(T.INT64))
        assert out.residency() == "device"
        assert out.data().residency == "device"
        assert out.to_pylist() == [2, None, 6]
        # reading it back caches a host copy
        assert out.residency() in ("host+device", "device")
        # the input was copied to the device for the kernel, and stays on the host too
        assert col.residency() == "host+device"


@needs_gpu
def test_host_column_pointer_moves_it_to_device():
    col = plc.Column.from_arrow(pa.array([1, 2, 3], pa.int32()))
    assert col.residency() == "host"
    assert col.data().ptr != 0
    # The pointer exposes the buffer: it moved to the device and keeps no host copy, since
    # code outside ferrodf may now write it.
    assert col.residency() == "device"
    assert col.to_pylist() == [1, 2, 3]


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint64", "float32", "float64", "bool"])
def test_cupy_zero_copy(cp, dtype):
    arr = cp.asarray(np.arange(1, 11).astype(dtype))
    col = plc.Column.from_array(arr)
    assert col.size() == 10
    assert col.null_count() == 0
    assert col.data().ptr == arr.data.ptr
    assert col.residency() == "device"
    assert col.type() == plc.DataType.from_arrow(pa.from_numpy_dtype(np.dtype(dtype)))
    assert col.to_arrow().equals(pa.array(cp.asnumpy(arr)))


def test_cupy_gpumemoryview(cp):
    arr = cp.arange(6, dtype=cp.int64)
    view = plc.gpumemoryview(arr)
    assert view.ptr == arr.data.ptr
    assert view.nbytes == arr.nbytes
    assert view.obj is arr
    cai = view.__cuda_array_interface__
    assert cai["data"][0] == arr.data.ptr
    assert cai["shape"] == (arr.nbytes,)
    col = plc.Column(plc.DataType(T.INT64), 6, view, None, 0, 0, [])
    assert col.to_pylist() == list(range(6))
    part = view.byte_slice(slice(8, 24))
    assert part.ptr == arr.data.ptr + 8
    assert part.tobytes() == np.arange(6, dtype=np.int64)[1:3].tobytes()


def test_cupy_view_of_column_data(cp):
    col = plc.Column.from_arrow(pa.array([5, 6, 7], pa.int32()))
    as_cupy = cp.asarray(col.data()).view(cp.int32)
    assert cp.asnumpy(as_cupy).tolist() == [5, 6, 7]


def test_cupy_operations_on_device(cp):
    a = cp.arange(1000, dtype=cp.float64)
    b = cp.full(1000, 2.0)
    ca, cb = plc.Column.from_array(a), plc.Column.from_array(b)
    with ferrodf.option_context(device="gpu"):
        out = plc.binaryop.binary_operation(ca, cb, B.MUL, plc.DataType(T.FLOAT64))
        assert out.residency() == "device"
        back = cp.asarray(out.data()).view(cp.float64)
        assert bool(cp.all(back == a * 2))
        s = plc.reduce.reduce(ca, plc.aggregation.sum(), plc.DataType(T.FLOAT64))
        assert s.to_py() == float(a.sum())
    # the inputs still share the CuPy memory
    assert ca.data().ptr == a.data.ptr


def test_cupy_mask_from_column(cp):
    nullable = plc.Column.from_arrow(pa.array([1, None, 3, None], pa.int32()))
    values = plc.Column.from_array(cp.asarray(np.array([10, 20, 30, 40], np.int32)))
    col = values.with_mask(nullable.null_mask(), 2)
    assert col.to_pylist() == [10, None, 30, None]


def test_cupy_bad_arrays(cp):
    with pytest.raises(ValueError, match="C-contiguous"):
        plc.Column.from_array(cp.arange(10, dtype=cp.int32)[::2])
    with pytest.raises(NotImplementedError, match="1-D"):
        plc.Column.from_array(cp.zeros((2, 2), dtype=cp.int32))
    with pytest.raises(TypeError, match="not supported"):
        plc.Column.from_array(cp.zeros(2, dtype=cp.complex64))


def test_runs_on_gpu_helper_matches_option():
    if ferrodf.get_option("device") == "cpu":
        assert not runs_on_gpu()
    with ferrodf.option_context(device="cpu"):
        assert not runs_on_gpu()
