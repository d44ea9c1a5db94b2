"""The list-formatting kernel of strings_convert.cu (`str_format_lists`), compiled as plain
C++ for the CPU and driven as `format_lists` in device/kernels/strings_convert.rs drives it,
writes what the host path writes, for nested, sliced and null-holding lists."""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels
from test_str_convert_lists import FLAT, NESTED, deep

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None, reason="needs g++ to compile the kernels for the CPU"
)

CL = plc.strings.convert.convert_lists


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    files = ("strings.cuh", "strings.cu", "calendar.cuh", "strings_convert.cu")
    src = [PRELUDE, *(f'#include "{CUDA / f}"' for f in files)]
    return compile_kernels(tmp_path_factory.mktemp("format_lists_kernel"), src)


def level(a: Arena, arr: pa.Array) -> np.ndarray:
    """A StrCol descriptor of a list (or string) array: its offsets and validity at its
    own offset, as Descs::new writes them."""
    offs = np.frombuffer(arr.buffers()[1], np.int32)[arr.offset :].copy()
    chars = 0
    if pa.types.is_string(arr.type) and arr.buffers()[2] is not None:
        chars = a.ptr(np.frombuffer(arr.buffers()[2], np.uint8).copy())
    mask = 0
    if arr.null_count:
        mask = a.ptr(np.frombuffer(arr.buffers()[0], np.uint8).copy())
    return np.array([chars, a.ptr(offs), mask, arr.offset if mask else 0, 0, 0], np.uint64)


def kernel_format(lib, arr: pa.Array, marks: list[bytes]) -> list[str]:
    a = Arena()
    levels, cur = [], arr
    while pa.types.is_list(cur.type):
        levels.append(level(a, cur))
        cur = cur.values
    d = a.descs(*levels, level(a, cur))
    m = a.ptr(np.frombuffer(b"".join(marks) + b"\0", np.uint8).copy())
    lens = a.ptr(np.array([len(x) for x in marks], np.int64))
    n = len(arr)
    return a.build(
        n,
        lambda w, s, oo, oc: lib.str_format_lists(
            P(d), I32(len(levels)), I64(n), P(m), P(lens), I32(w), P(s), P(oo), P(oc)
        ),
    )


def host(arr: pa.Array, na: str, seps: list[str]) -> list[str]:
    with ferrodf.option_context(device="cpu"):
        got = CL.format_list_column(
            plc.Column.from_arrow(arr),
            plc.Scalar.from_arrow(pa.scalar(na)),
            plc.Column.from_arrow(pa.array(seps)),
        )
    return got.to_arrow().to_pylist()


CASES = [
    pa.array(NESTED, pa.list_(pa.list_(pa.string()))),
    pa.array(FLAT, pa.list_(pa.string())),
    pa.array(FLAT, pa.list_(pa.string())).slice(1, 4),
    pa.array(NESTED, pa.list_(pa.list_(pa.string()))).slice(2),
    pa.array(*deep(16)),
]


@pytest.mark.parametrize("arr", CASES)
@pytest.mark.parametrize("marks", [("", ",", "[", "]"), ("NULL", "; ", "<<", "")])
def test_format_lists_kernel_matches_the_host(lib, arr, marks):
    na, sep, left, right = marks
    got = kernel_format(lib, arr, [x.encode() for x in marks])
    assert got == host(arr, na, [sep, left, right])
