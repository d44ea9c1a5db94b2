"""``stream=`` and ``mr=`` arguments, and ``ferrodf.Stream``.

Every plc function that takes pylibcudf's ``stream``/``mr`` keywords accepts any object
speaking the CUDA stream protocol and orders its device work with that stream. Results
with a stream equal the results without one (the oracle), bad stream and memory-resource
objects raise pylibcudf's TypeError, and on a GPU a CuPy producer queued on its own stream
is seen complete by a ferrodf call given that stream.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import ferrodf
import ferrodf.plc as plc

GPU = ferrodf.gpu_info() is not None


class ProtocolStream:
    """The legacy default stream (handle 0) through the CUDA stream protocol: valid on
    any CUDA machine, and a no-op without one."""

    def __init__(self, version: int = 0, handle: object = 0) -> None:
        self.version = version
        self.handle = handle

    def __cuda_stream__(self):
        return (self.version, self.handle)


class MemoryResource:
    def allocate(self, nbytes, stream=None):  # pragma: no cover - never called
        raise AssertionError("ferrodf allocates from its own pool")

    def deallocate(self, ptr, nbytes, stream=None):  # pragma: no cover
        raise AssertionError("ferrodf allocates from its own pool")


def streams():
    yield None
    yield ProtocolStream()
    if GPU:
        yield ferrodf.Stream()
        yield ferrodf.Stream.ferrodf()


def ints(offset: int = 0) -> plc.Column:
    arr = pa.array([5, None, -3, 7, 0, None, 11], pa.int64()).slice(offset)
    return plc.Column.from_arrow(arr)


def strs() -> plc.Column:
    return plc.Column.from_arrow(pa.array(["ab", None, "cab", "", "b"]).slice(1))


# One call of each kind of binding: the Rust macro bindings, the hand-written Rust
# constructors and methods, and the plc functions written in Python.
CALLS = {
    "unary (macro binding)": lambda s, mr: plc.unary.unary_operation(
        ints(1), plc.unary.UnaryOperator.ABS, stream=s, mr=mr
    ),
    "reduce (macro binding)": lambda s, mr: plc.reduce.reduce(
        ints(), plc.aggregation.sum(), plc.DataType(plc.TypeId.INT64), stream=s, mr=mr
    ),
    "Column.from_arrow (method)": lambda s, mr: plc.Column.from_arrow(
        pa.array([1.5, None, 2.5]), stream=s, mr=mr
    ),
    "strings.find.contains (Python)": lambda s, mr: plc.strings.find.contains(
        strs(), plc.Scalar.from_py("b"), stream=s, mr=mr
    ),
    "round (Python)": lambda s, mr: plc.round.round(
        plc.Column.from_arrow(pa.array([1.25, None, -2.5])), 1, stream=s, mr=mr
    ),
}


def as_arrow(result):
    if isinstance(result, plc.Column):
        return result.to_arrow()
    return result.to_py()


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("mr", [None, MemoryResource()], ids=["no-mr", "mr"])
def test_results_do_not_depend_on_the_stream(call, mr):
    expected = as_arrow(CALLS[call](None, None))
    for s in streams():
        got = as_arrow(CALLS[call](s, mr))
        if s is not None and GPU and hasattr(s, "synchronize"):
            s.synchronize()
        assert got == expected, (call, s)


def test_the_oracle_is_pyarrow():
    # The no-stream result of one call checked against pyarrow, so the equality above
    # compares right answers.
    got = CALLS["unary (macro binding)"](None, None).to_arrow()
    assert got == pc.abs(pa.array([5, None, -3, 7, 0, None, 11], pa.int64()).slice(1))


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize(
    ("bad", "error", "match"),
    [
        (7, TypeError, "stream must be a CUDA stream object"),
        ("stream", TypeError, "stream must be a CUDA stream object"),
        (ProtocolStream(version=1), ValueError, "version 1 of the CUDA stream protocol"),
        (ProtocolStream(handle="x"), TypeError, r"__cuda_stream__\(\) must return"),
    ],
)
def test_a_bad_stream_is_refused(call, bad, error, match):
    with pytest.raises(error, match=match):
        CALLS[call](bad, None)


@pytest.mark.parametrize("call", sorted(CALLS))
def test_a_bad_memory_resource_is_refused(call):
    with pytest.raises(TypeError, match="mr must be a device memory resource"):
        CALLS[call](None, object())


def test_stream_order_returns_nothing_to_keep_without_a_stream():
    assert ferrodf._lib.stream_order() is None
    assert ferrodf._lib.stream_order(None, MemoryResource()) is None


@pytest.mark.skipif(GPU, reason="checks the CPU-only behaviour")
def test_no_stream_object_without_a_gpu():
    with pytest.raises(RuntimeError, match="GPU"):
        ferrodf.Stream()
    # A protocol stream is accepted and has nothing to order.
    assert ferrodf._lib.stream_order(ProtocolStream()) is None


@pytest.mark.skipif(not GPU, reason="needs a GPU")
def test_stream_object_speaks_the_protocol():
    s = ferrodf.Stream()
    version, handle = s.__cuda_stream__()
    assert (version, handle) == (0, s.handle) and handle != 0
    own = ferrodf.Stream.ferrodf()
    assert own.handle == ferrodf.Stream.ferrodf().handle != handle
    assert "ferrodf's own" in repr(own)
    s.synchronize()


@pytest.mark.skipif(not GPU, reason="needs a GPU")
def test_work_queued_on_a_cupy_stream_is_complete_for_a_ferrodf_call():
    cp = pytest.importorskip("cupy")
    # A kernel that spins ~50 ms, then writes i + 1 into every element: unordered, a
    # ferrodf copy of the array would see the zeros it starts with.
    kernel = cp.RawKernel(
        r"""
        extern "C" __global__ void slow_fill(long long* out, long long n) {
            long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
            for (int k = 0; k < 1000; ++k) __nanosleep(50000);
            if (i < n) out[i] = i + 1;
        }""",
        "slow_fill",
    )
    n = 1 << 16
    for _ in range(3):
        stream = cp.cuda.Stream(non_blocking=True)
        with stream:
            out = cp.zeros(n, dtype=cp.int64)
            stream.synchronize()
            kernel(((n + 255) // 256,), (256,), (out, cp.int64(n)))
            col = plc.Column.from_array(out, stream=stream)
            total = plc.reduce.reduce(
                col, plc.aggregation.sum(), plc.DataType(plc.TypeId.INT64), stream=stream
            )
        assert total.to_py() == n * (n + 1) // 2
