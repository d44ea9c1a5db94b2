"""The deduplicate kernels (cuda/nvtext_dedup.cu), compiled as plain C++ for the CPU and
driven as device/kernels/nvtext_dedup.rs and ops/nvtext/deduplicate.rs drive them (NumPy's
stable argsort stands in for the device radix sort, cumsum for the scan): prefix doubling
gives the suffix array the host path (libsais) gives, and the duplicate steps give what
the host path gives. Skipped without g++."""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels
from test_nvtext_deduplicate import CORPUS, lcp, rng_rows, text_of

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "nvtext_dedup.cu").exists(),
    reason="needs g++ and the kernel sources",
)

D = plc.nvtext.deduplicate


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("nvtext_dedup_kernels")
    src = [
        PRELUDE,
        f'#include "{CUDA / "strings.cuh"}"',
        f'#include "{CUDA / "nvtext.cu"}"',
        f'#include "{CUDA / "nvtext_dedup.cu"}"',
    ]
    return compile_kernels(d, src)


def host(fn):
    with ferrodf.option_context(device="cpu"):
        return fn().to_arrow().to_pylist()


def doubling(lib, a: Arena, text: bytes) -> np.ndarray:
    n = len(text)
    t = a.ptr(np.frombuffer(text + b"\0", np.uint8).copy())
    keys = np.zeros(n, np.uint64)
    lib.dedup_initial_keys(P(t), I64(n), P(a.ptr(keys)))
    h = 7
    while True:
        order = np.argsort(keys, kind="stable").astype(np.int32)
        starts = np.zeros(n, np.int32)
        lib.dedup_rank_starts(P(a.ptr(keys)), P(a.ptr(order)), I64(n), P(a.ptr(starts)))
        scanned = np.cumsum(starts).astype(np.int32)
        rank = np.zeros(n, np.int32)
        lib.dedup_scatter_ranks(P(a.ptr(scanned)), P(a.ptr(order)), I64(n), P(a.ptr(rank)))
        if scanned[-1] == n:
            return order
        keys = np.zeros(n, np.uint64)
        lib.dedup_pair_keys(P(a.ptr(rank)), I64(n), I64(h), P(a.ptr(keys)))
        h *= 2


ROWS = [CORPUS, rng_rows(11, 60), ["a" * 500], ["ab\x00" * 90 + "a"], ["x"]]


@pytest.mark.parametrize("rows", ROWS)
def test_prefix_doubling_gives_the_host_suffix_array(lib, rows):
    a = Arena()
    sa = doubling(lib, a, text_of(rows))
    c = plc.Column.from_arrow(pa.array(rows, "string"))
    assert sa.tolist() == host(lambda: D.build_suffix_array(c, 0))


def kernel_duplicates(lib, text: bytes, sa: np.ndarray, width: int) -> list[str]:
    a = Arena()
    n, m = len(text), len(sa)
    t = a.ptr(np.frombuffer(text + b"\0", np.uint8).copy())
    sizes, keep = np.zeros(m, np.int32), np.zeros(m, np.uint8)
    lib.dedup_adjacent_sizes(
        P(t), I64(n), P(a.ptr(sa)), I64(m), I32(width), P(a.ptr(sizes)), P(a.ptr(keep))
    )
    sel = keep.astype(bool)
    offs, sz = sa[sel], sizes[sel]
    by = np.argsort(offs, kind="stable")
    offs, sz = np.ascontiguousarray(offs[by]), np.ascontiguousarray(sz[by])
    keep = np.zeros(len(offs), np.uint8)
    lib.dedup_collapse(P(a.ptr(offs)), P(a.ptr(sz)), I64(len(offs)), P(a.ptr(keep)))
    offs, sz = (
        np.ascontiguousarray(offs[keep.astype(bool)]),
        np.ascontiguousarray(sz[keep.astype(bool)]),
    )
    k = len(offs)
    o2, s2 = np.zeros(k, np.int32), np.zeros(k, np.int32)
    lib.dedup_trim(P(t), P(a.ptr(offs)), P(a.ptr(sz)), I64(k), P(a.ptr(o2)), P(a.ptr(s2)))
    got = a.build(
        k,
        lambda w, s, oo, oc: lib.dedup_take(
            P(t), P(a.ptr(o2)), P(a.ptr(s2)), I64(k), I32(w), P(s), P(oo), P(oc)
        ),
    )
    return sorted(set(got), key=lambda s: (-len(s.encode()), s.encode()))


@pytest.mark.parametrize("rows", ROWS[:3])
def test_duplicate_kernels_give_the_host_result(lib, rows):
    c = plc.Column.from_arrow(pa.array(rows, "string"))
    width = 9
    sa = np.array(host(lambda: D.build_suffix_array(c, width)), np.int32)
    expected = host(lambda: D.resolve_duplicates(c, plc.Column.from_arrow(pa.array(sa)), width))
    assert kernel_duplicates(lib, text_of(rows), sa, width) == expected


def test_pair_sizes_kernel_matches_a_brute_force_search(lib):
    a = Arena()
    t1, t2 = text_of(CORPUS), text_of([*rng_rows(12, 30), "over the lazy dog sleeps"])
    width = 9
    sa1 = np.array(
        host(lambda: D.build_suffix_array(plc.Column.from_arrow(pa.array([t1.decode()])), width)),
        np.int32,
    )
    sa2 = np.array(
        host(lambda: D.build_suffix_array(plc.Column.from_arrow(pa.array([t2.decode()])), width)),
        np.int32,
    )
    m = len(sa1)
    sizes, keep = np.zeros(m, np.int32), np.zeros(m, np.uint8)
    p1 = a.ptr(np.frombuffer(t1 + b"\0", np.uint8).copy())
    p2 = a.ptr(np.frombuffer(t2 + b"\0", np.uint8).copy())
    lib.dedup_pair_sizes(
        P(p1), I64(len(t1)), P(a.ptr(sa1)), I64(m), P(p2), I64(len(t2)), P(a.ptr(sa2)),
        I64(len(sa2)), I32(width), P(a.ptr(sizes)), P(a.ptr(keep)),
    )  # fmt: skip

    for k, p in enumerate(sa1):
        best = max(lcp(t1[p:], t2[q:]) for q in sa2)
        assert sizes[k] == (best if best >= width else 0)
        assert keep[k] == (sizes[k] != 0)
