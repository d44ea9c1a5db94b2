"""Running CUDA kernel sources on the CPU: the shared harness of the `*_kernels_on_host`
tests (strings, strings.convert, strings edits, nvtext).

The sources are compiled with g++ behind a few macros (`PRELUDE`: one thread walks every
row), loaded with ctypes and driven the way the Rust launchers drive them; `Arena` builds
the column descriptors the kernels read and keeps their buffers alive.
"""

from __future__ import annotations

import ctypes as C
import subprocess
from pathlib import Path

import numpy as np

CUDA = Path(__file__).resolve().parents[1] / "core" / "src" / "device" / "kernels" / "cuda"

PRELUDE = """
#include <cstdint>
#define __device__
#define __global__
#define __forceinline__ inline
struct Dim { unsigned x; };
static Dim blockIdx{0}, blockDim{1}, gridDim{1}, threadIdx{0};
static unsigned long long atomicMax(unsigned long long* p, unsigned long long v) {
  unsigned long long o = *p; if (v > o) *p = v; return o;
}
static inline bool bit_is_set(const uint8_t* m, int64_t i) { return (m[i >> 3] >> (i & 7)) & 1; }
"""

P, I64, I32, U32 = C.c_uint64, C.c_int64, C.c_int, C.c_uint32


def compile_kernels(directory: Path, sources: list[str]) -> C.CDLL:
    """`sources` (C++ lines, `#include`s of the kernel files) built as a shared library."""
    (directory / "k.cpp").write_text("\n".join(sources))
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-shared", "-fPIC", "-o", str(directory / "k.so"),
         str(directory / "k.cpp")],
        check=True,
    )  # fmt: skip
    return C.CDLL(str(directory / "k.so"))


class Arena:
    """Keeps the NumPy buffers whose addresses were handed to the kernels alive."""

    def __init__(self):
        self.keep = []

    def ptr(self, a: np.ndarray) -> int:
        self.keep.append(a)
        return a.ctypes.data

    def strcol(self, values, off=0, scalar=False) -> np.ndarray:
        """A StrCol descriptor of `values` seen from row `off` (a sliced column)."""
        b = [v.encode() if v is not None else b"" for v in values]
        offs = np.zeros(len(b) + 1, np.int32)
        offs[1:] = np.cumsum([len(x) for x in b])
        chars = np.frombuffer(b"".join(b) + b"\0", np.uint8).copy()
        valid = [v is not None for v in values]
        mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
        nulls = not all(valid[off:])
        words = [
            self.ptr(chars),
            self.ptr(offs) + 4 * off,
            self.ptr(mask) if nulls else 0,
            off if nulls else 0,
            0,
            int(scalar),
        ]
        return np.array(words, np.uint64)

    def descs(self, *ds) -> int:
        return self.ptr(np.concatenate(ds))

    def bytes_(self, s: str) -> tuple[int, int]:
        b = s.encode()
        return self.ptr(np.frombuffer(b + b"\0", np.uint8).copy()), len(b)

    def u32(self, xs) -> int:
        """A zero-terminated uint32 array."""
        return self.ptr(np.array([*xs, 0], np.uint32))

    def build(self, n, call) -> list:
        """Size pass, exclusive scan, write pass (as build_strings in strings.rs)."""
        sizes = np.zeros(n + 1, np.int64)
        if n:
            call(0, self.ptr(sizes), 0, 0)
        offs = np.zeros(n + 1, np.int64)
        offs[1:] = np.cumsum(sizes[:n])
        chars = np.zeros(int(offs[n]) + 1, np.uint8)
        if offs[n]:
            call(1, 0, self.ptr(offs), self.ptr(chars))
        raw = chars.tobytes()
        return [raw[offs[i] : offs[i + 1]].decode() for i in range(n)]
