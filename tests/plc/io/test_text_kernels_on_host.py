"""The multibyte_split kernels (cuda/text_split.cu), compiled as plain C++ for the CPU and
driven as device/kernels/text_split.rs drives them (NumPy's nonzero standing in for the
device compaction), split texts as the host path does: overlapping delimiters, byte
ranges and stripped delimiters. Skipped without g++."""

from __future__ import annotations

import random
import shutil

import numpy as np
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels
from test_text import expected

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None, reason="needs g++ to compile the kernels for the CPU"
)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    src = [PRELUDE, f'#include "{CUDA / "strings.cuh"}"', f'#include "{CUDA / "text_split.cu"}"']
    return compile_kernels(tmp_path_factory.mktemp("text_split_kernels"), src)


def kernel_split(lib, data: bytes, delim: bytes, lo: int, hi: int, strip: bool) -> list[str]:
    a = Arena()
    n, dl = len(data), len(delim)
    if n == 0:
        return []
    t = a.ptr(np.frombuffer(data + b"\0", np.uint8).copy())
    d = a.ptr(np.frombuffer(delim + b"\0", np.uint8).copy())
    flags = np.zeros(n, np.uint8)
    lib.mbs_find(P(t), I64(n), P(d), I64(dl), P(a.ptr(flags)))
    pos = np.flatnonzero(flags).astype(np.int32)
    if len(pos) > 1 and any(delim[:k] == delim[-k:] for k in range(1, dl)):
        keep = np.zeros(len(pos), np.uint8)
        lib.mbs_greedy(P(a.ptr(pos)), I64(len(pos)), I64(dl), P(a.ptr(keep)))
        pos = np.ascontiguousarray(pos[keep.astype(bool)])
    k = len(pos)
    keep = np.zeros(k + 1, np.uint8)
    lib.mbs_in_range(P(a.ptr(pos)), I64(k), I64(dl), I64(lo), I64(hi), P(a.ptr(keep)))
    rows = np.flatnonzero(keep).astype(np.int32)
    c = len(rows)
    return a.build(
        c,
        lambda w, s, oo, oc: lib.mbs_take(
            P(t), I64(n), P(a.ptr(pos)), I64(k), I64(dl), P(a.ptr(rows)), I64(c),
            I32(int(strip)), I32(w), P(s), P(oo), P(oc),
        ),
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(6))
def test_kernels_split_as_bytes_split(lib, seed):
    rng = random.Random(seed)
    for delim in ("aa", "aba", "\n", "ab", "€€", "x"):
        data = "".join(rng.choice(["a", "b", "\n", "€", "xy"]) for _ in range(200)).encode()
        for strip in (False, True):
            got = kernel_split(lib, data, delim.encode(), 0, 1 << 62, strip)
            assert got == expected(data, delim.encode(), strip=strip)
        lo = rng.randrange(len(data))
        got = kernel_split(lib, data, delim.encode(), lo, lo + 30, False)
        assert got == expected(data, delim.encode(), (lo, 30))
