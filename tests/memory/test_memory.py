"""The memory options, statistics, census and exposure rules (ferrodf.memory).

The spill policy itself is tested without a GPU by the Rust unit tests in
core/src/memory/manager.rs (a simulated device that fails allocations on demand); here the
Python surface is checked on any machine, and the real spilling on the GPU.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import runs_on_gpu

import ferrodf
from ferrodf import memory, plc

GiB = 1 << 30
MiB = 1 << 20


@pytest.fixture(autouse=True)
def _restore_memory_options():
    saved = {k: ferrodf.get_option(k) for k in ferrodf.options._MEMORY}
    yield
    for k, v in saved.items():
        ferrodf.set_option(k, v)


def _gpu() -> bool:
    return runs_on_gpu()


needs_gpu = pytest.mark.skipif("not _gpu()", reason="needs a GPU (FERRODF_DEVICE=gpu run)")
cpu_only = pytest.mark.skipif("_gpu()", reason="checks the behaviour without a GPU")


# --- options ---------------------------------------------------------------------------


def test_device_limit_option_takes_bytes_text_and_none():
    ferrodf.set_option("memory.device_limit", "2GiB")
    assert ferrodf.get_option("memory.device_limit") == 2 * GiB
    ferrodf.set_option("memory.device_limit", 123456789)
    assert ferrodf.get_option("memory.device_limit") == 123456789
    ferrodf.set_option("memory.device_limit", "512 MB")
    assert ferrodf.get_option("memory.device_limit") == 512 * MiB
    ferrodf.set_option("memory.device_limit", None)
    assert ferrodf.get_option("memory.device_limit") is None
    ferrodf.set_option("memory.device_limit", "50%")
    info = ferrodf.gpu_info()
    if info is None:
        # A share of no GPU is no limit.
        assert ferrodf.get_option("memory.device_limit") is None
    else:
        assert ferrodf.get_option("memory.device_limit") == info["total_memory"] // 2
    ferrodf.options.reset_option("memory.device_limit")
    assert ferrodf.get_option("memory.device_limit") is None


@pytest.mark.parametrize(
    ("value", "exc"),
    [
        ("lots", ValueError),
        ("0%", ValueError),
        ("101%", ValueError),
        (-5, ValueError),
        (0, ValueError),
        (1.5, TypeError),
        ([1], TypeError),
    ],
)
def test_device_limit_rejects_bad_values(value, exc):
    ferrodf.set_option("memory.device_limit", "1GiB")
    with pytest.raises(exc, match=r"device limit|byte count"):
        ferrodf.set_option("memory.device_limit", value)
    # A rejected value changes nothing.
    assert ferrodf.get_option("memory.device_limit") == GiB


def test_spill_and_statistics_options():
    ferrodf.set_option("memory.spill", False)
    assert ferrodf.get_option("memory.spill") is False
    ferrodf.options.reset_option("memory.spill")
    assert ferrodf.get_option("memory.spill") is True
    with pytest.raises(TypeError, match=r"option 'memory\.spill' takes True or False, got"):
        ferrodf.set_option("memory.spill", "yes")
    for level in (0, 1, 2, 3):
        ferrodf.set_option("memory.statistics", level)
        assert ferrodf.get_option("memory.statistics") == level
        assert memory.statistics().level == level
    ferrodf.set_option("memory.statistics", 1)
    with pytest.raises(ValueError, match="the statistics level is 0, 1, 2 or 3, got 4"):
        ferrodf.set_option("memory.statistics", 4)
    with pytest.raises(TypeError, match=r"option 'memory\.statistics' takes 0, 1, 2 or 3, got"):
        ferrodf.set_option("memory.statistics", True)
    with ferrodf.option_context("memory.spill", False):
        assert memory.info()["spill"] is False
    assert memory.info()["spill"] is True


def _run_python(code: str, **env: str) -> str:
    full = {**os.environ, **env}
    out = subprocess.run(
        [sys.executable, "-c", code], env=full, capture_output=True, text=True, check=True
    )
    return out.stderr + out.stdout


def test_environment_variables_set_the_defaults():
    out = _run_python(
        "import ferrodf as f;"
        "print(f.get_option('memory.spill'), f.get_option('memory.device_limit'),"
        " f.get_option('memory.statistics'))",
        FERRODF_SPILL="off",
        FERRODF_DEVICE_LIMIT="512MiB",
        FERRODF_SPILL_STATS="2",
    )
    assert out.split()[-3:] == ["False", str(512 * MiB), "2"]


def test_bad_environment_values_warn_and_fall_back():
    out = _run_python(
        "import warnings; warnings.simplefilter('always');"
        "import ferrodf as f; print(f.get_option('memory.device_limit'))",
        FERRODF_DEVICE_LIMIT="plenty",
        FERRODF_SPILL="maybe",
    )
    assert "FERRODF_DEVICE_LIMIT" in out and "FERRODF_SPILL" in out
    assert out.split()[-1] == "None"


# --- statistics and census ---------------------------------------------------------------


def test_statistics_shape_reset_and_text():
    memory.reset_statistics()
    s = memory.statistics()
    for part in ("host_to_device", "device_to_host", "spills", "spills_copied", "unspills"):
        assert getattr(s, part) == {"count": 0, "bytes": 0, "seconds": 0.0}
    assert s.spills_on_demand == 0
    assert "spills" in repr(s) and "unspills" in repr(s)
    assert "<table" in s._repr_html_() and "ferrodf memory statistics" in s._repr_html_()
    assert set(s.to_dict()) >= {"level", "spills", "exposures"}
    ferrodf.set_option("memory.statistics", 2)
    assert "exposed device pointers" in repr(memory.statistics())


def test_info_reports_every_part():
    info = memory.info()
    for key in ("spillable", "exposed", "in_use", "foreign", "spilled"):
        n, nbytes = info[key]
        assert n >= 0 and nbytes >= 0
    assert info["device_bytes"] >= 0
    assert (info["total_memory"] is None) == (ferrodf.gpu_info() is None)


@pytest.mark.parametrize(("arg", "exc"), [("x", TypeError), (True, TypeError), (-1, ValueError)])
def test_spill_rejects_bad_sizes(arg, exc):
    with pytest.raises(exc, match="spill takes a"):
        memory.spill(arg)


@cpu_only
def test_without_a_gpu_nothing_spills_and_data_stays_on_the_host():
    df = ferrodf.DataFrame({"a": [1, 2, 3], "b": ["x", None, "z"]})
    assert memory.spill() == {"freed": 0, "buffers": 0}
    assert memory.location(df) == "host"
    assert memory.prefetch(df, "host") == 0
    with pytest.raises(RuntimeError, match="GPU"):
        memory.prefetch(df, "device")
    assert "data in host memory" in df._repr_html_()


def test_prefetch_and_location_validate_their_arguments():
    df = ferrodf.DataFrame({"a": [1, 2]})
    with pytest.raises(ValueError, match="'device' or 'host'"):
        memory.prefetch(df, "moon")
    with pytest.raises(TypeError, match="DataFrame"):
        memory.location(42)


# --- exposure ------------------------------------------------------------------------------


class _Holder:
    def __init__(self) -> None:
        self.__cuda_array_interface__ = {"shape": (0,), "typestr": "|u1", "data": (0, False)}


def test_checking_for_the_interface_does_not_expose_or_move():
    col = plc.Column.from_array(np.arange(1000, dtype=np.int64))
    view = col.data()
    before = view.residency
    assert memory.has_cuda_array_interface(view)
    assert memory.has_cuda_array_interface(ferrodf.Series([1, 2]))
    assert view.residency == before  # nothing was copied to the device
    assert memory.info()["exposed"] == memory.info()["exposed"]
    assert not memory.has_cuda_array_interface(np.arange(3))
    assert memory.has_cuda_array_interface(_Holder())
    assert not memory.has_cuda_array_interface(object())


@needs_gpu
def test_reading_the_interface_exposes_and_records_the_site():
    ferrodf.set_option("memory.statistics", 2)
    memory.reset_statistics()
    col = plc.Column.from_array(np.arange(1 << 20, dtype=np.int64))
    view = col.data()
    exposed_before = memory.info()["exposed"][0]
    ptr = view.__cuda_array_interface__["data"][0]
    assert ptr != 0
    assert memory.info()["exposed"][0] == exposed_before + 1
    sites = [site for site, _, _ in memory.statistics().exposures]
    assert any("test_memory.py" in s and "__cuda_array_interface__" in s for s in sites), sites


# --- spilling on the GPU ---------------------------------------------------------------


def _series(n: int, seed: int) -> tuple[ferrodf.Series, np.ndarray]:
    values = np.random.default_rng(seed).integers(-1000, 1000, n, dtype=np.int64)
    return ferrodf.Series(values), values


@needs_gpu
def test_workload_one_and_a_half_times_the_device_limit():
    """12 x 256 MiB of live data under a 2 GiB limit: correct results, spills and unspills."""
    gc.collect()
    ferrodf.set_option("memory.device_limit", "2GiB")
    memory.reset_statistics()
    n = 256 * MiB // 8
    data = [_series(n, seed) for seed in range(12)]
    for s, _ in data:
        memory.prefetch(s, "device")
        # The limit is soft: one operation's working set may pass it, but not by more.
        assert memory.info()["device_bytes"] <= 2 * GiB + 2 * 256 * MiB
    stats = memory.statistics()
    assert stats.spills["count"] >= 4, stats
    assert memory.location(data[0][0]) == "spilled"
    for _ in range(2):  # repeated access brings spilled data back, every time correct
        for s, values in data:
            assert s.sum() == values.sum()
            assert s.max() == values.max()
    stats = memory.statistics()
    assert stats.unspills["count"] >= 4, stats
    assert stats.unspills["bytes"] >= 4 * 256 * MiB
    # Spills of data that still has its host copy cost no transfer.
    assert stats.spills_copied["count"] <= stats.spills["count"]
    # The display names spilled data, and showing rows does not bring it back.
    ferrodf.set_option("memory.device_limit", None)
    memory.spill()
    frame = data[1][0].to_frame()
    assert "spilled from the GPU" in frame._repr_html_()
    assert "spilled from the GPU" in frame._repr_html_()
    assert memory.location(frame) == "spilled"


@needs_gpu
@pytest.mark.parametrize(
    "how,site", [("asarray", "__cuda_array_interface__"), ("from_dlpack", "__dlpack__")]
)
def test_exposed_buffers_are_never_spilled(how, site):
    """A CuPy view (through the CUDA array interface or DLPack) exposes the buffer."""
    cp = pytest.importorskip("cupy")
    ferrodf.set_option("memory.statistics", 2)
    memory.reset_statistics()
    s, values = _series(32 * MiB // 8, 7)
    memory.prefetch(s, "device")
    alias = getattr(cp, how)(s)  # the pointer leaves ferrodf: s is exposed
    other, other_values = _series(32 * MiB // 8, 8)
    memory.prefetch(other, "device")
    memory.spill()
    # Still on the device (the NumPy host copy made at construction is kept too).
    assert memory.location(s) in ("device", "host+device")
    assert memory.location(other) == "spilled"
    # CuPy still sees the same, live memory.
    assert int(alias.sum()) == values.sum()
    assert other.sum() == other_values.sum()
    assert memory.info()["exposed"][1] >= 32 * MiB
    sites = [x for x, _, _ in memory.statistics().exposures]
    assert any(site in x for x in sites), sites


@needs_gpu
@pytest.mark.parametrize("how", ["asarray", "from_dlpack"])
def test_writes_through_an_exposed_view_are_seen_on_the_host(how):
    """An exposed buffer keeps no host copy, so host reads never see stale bytes."""
    cp = pytest.importorskip("cupy")
    values = np.arange(1000, dtype=np.int64)
    s = ferrodf.Series(values)  # starts with a host copy of the NumPy data
    s.sum()  # and a device copy
    alias = getattr(cp, how)(s)
    alias[:10] = -1  # written on the GPU, outside ferrodf
    cp.cuda.runtime.deviceSynchronize()
    expected = values.copy()
    expected[:10] = -1
    np.testing.assert_array_equal(s.to_numpy(), expected)
    assert s.sum() == expected.sum()
    assert s.head(3).tolist() == [-1, -1, -1]


@needs_gpu
def test_spilled_data_is_read_on_the_host_without_coming_back():
    s, values = _series(8 * MiB // 8, 9)
    memory.prefetch(s, "device")
    memory.spill()
    assert memory.location(s) == "spilled"
    assert "spilled from the GPU" in repr(memory._plc_columns(s)[0])
    np.testing.assert_array_equal(s.to_numpy(), values)
    assert memory.location(s) == "spilled"
    pd.testing.assert_series_equal(s.to_pandas(), pd.Series(values))


@needs_gpu
def test_device_memory_returns_to_baseline():
    gc.collect()
    # Whatever other tests left alive is spilled now, so that this test's limit moves none
    # of it and the census compares like with like.
    memory.spill()
    # the runtime's fixed scratch area for reductions exists once one has run
    assert ferrodf.Series([1.0, 2.0]).sum() == 3.0
    ferrodf.synchronize()
    base = memory.info()
    ferrodf.set_option("memory.device_limit", "256MiB")
    for seed in range(6):
        s, values = _series(64 * MiB // 8, seed)
        df = ferrodf.DataFrame({"a": s, "b": s * 2})
        assert df["b"].sum() == 2 * values.sum()
        del s, df
    gc.collect()
    ferrodf.synchronize()
    after = memory.info()
    assert after["device_bytes"] == base["device_bytes"]
    assert after["pinned_host_bytes"] == base["pinned_host_bytes"]
    assert after["spilled"] == base["spilled"]


@needs_gpu
def test_a_small_slice_of_a_device_column_moves_only_its_rows():
    """Reading a page of a large column that lives only on the GPU copies that page (from
    the eight-row boundary below it, for the mask), not the whole buffer."""
    n = 1 << 20
    rng = np.random.default_rng(3)
    values = pd.array(rng.integers(-1000, 1000, n), dtype="Int64")
    values[rng.random(n) < 0.2] = pd.NA
    on_device = ferrodf.Series(values) + 0  # computed on the GPU: its buffers live only there
    assert memory.location(on_device) == "device"
    for start in (0, 3, 13, 4096 + 5, n - 100):
        memory.reset_statistics()
        got = on_device.iloc[start : start + 100].to_arrow()
        moved = memory.statistics().device_to_host["bytes"]
        assert got.to_pylist() == pa.array(values[start : start + 100]).to_pylist(), start
        assert moved < 4096, (start, moved)  # 100 rows of 8 B and their mask bits
    assert memory.location(on_device) == "device"  # no host copy of the whole was kept
