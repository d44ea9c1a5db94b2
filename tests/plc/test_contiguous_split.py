"""plc.contiguous_split: pack / unpack / unpack_from_memoryviews / ChunkedPack round trips
against the pyarrow table they started from (the oracle), every column kind (fixed width,
strings, large strings, lists, structs, dictionaries, decimals, timestamps), nulls, sliced
tables, empty tables, and the errors of released or malformed inputs."""

from __future__ import annotations

import decimal

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

cs = plc.contiguous_split


def sample(n: int = 50, seed: int = 0) -> pa.Table:
    rng = np.random.default_rng(seed)
    nulls = rng.random(n) < 0.2
    ints = pa.array(rng.integers(-100, 100, n), pa.int64(), mask=nulls)
    words = [None if m else "w" * int(k) for m, k in zip(nulls, rng.integers(0, 6, n), strict=True)]
    lists = [
        None if m else list(range(int(k)))
        for m, k in zip(nulls, rng.integers(0, 4, n), strict=True)
    ]
    return pa.table(
        {
            "i8": pa.array(rng.integers(-5, 5, n), pa.int8()),
            "i64": ints,
            "f32": pa.array(rng.random(n), pa.float32()),
            "b": pa.array(rng.random(n) < 0.5),
            "s": pa.array(words),
            "ls": pa.array(words, pa.large_string()),
            "l": pa.array(lists, pa.list_(pa.int32())),
            "st": pa.StructArray.from_arrays([ints, pa.array(words)], ["x", "y"]),
            "ts": pa.array(rng.integers(0, 10**9, n), pa.timestamp("ms")),
            "dec": pa.array(
                [decimal.Decimal(int(v)) / 100 for v in rng.integers(-999, 999, n)],
                pa.decimal128(7, 2),
            ),
            "dict": pa.array(["a", "b", "c"] * (n // 3) + ["a"] * (n % 3)).dictionary_encode(),
        }
    )


def same(got: plc.Table, expected: pa.Table) -> None:
    assert got.num_columns() == expected.num_columns and got.num_rows() == expected.num_rows
    for col, exp in zip(got.columns(), expected.columns, strict=True):
        assert values(col.to_arrow()) == values(exp.combine_chunks())


def values(arr: pa.Array) -> list:
    """The rows of ``arr``; a struct's as (valid, field values...) tuples, since ferrodf's
    struct fields come back unnamed and pyarrow cannot list duplicate field names."""
    if pa.types.is_struct(arr.type):
        fields = [values(arr.field(i)) for i in range(arr.type.num_fields)]
        return list(zip(arr.is_valid().to_pylist(), *fields, strict=True))
    return arr.to_pylist()


@pytest.mark.parametrize("offset", [0, 7])
def test_pack_unpack_round_trip(offset):
    expected = sample().slice(offset, 30)
    packed = cs.pack(plc.Table.from_arrow(expected))
    same(cs.unpack(packed), expected)
    metadata, data = packed.release()
    assert isinstance(metadata, memoryview) and data.nbytes > 0
    same(cs.unpack_from_memoryviews(metadata, data), expected)
    same(cs.unpack_from_memoryviews(bytes(metadata), data), expected)


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="device addresses need a GPU")
def test_unpacked_columns_share_the_packed_buffer():
    packed = cs.pack(plc.Table.from_arrow(pa.table({"a": np.arange(1000), "s": ["x"] * 1000})))
    meta, data = packed.release()
    for col in cs.unpack_from_memoryviews(meta, data).columns():
        view = col.data() if col.data() is not None else col.child(0).data()
        assert data.ptr <= view.ptr < data.ptr + data.nbytes


def test_empty_tables():
    for t in (
        pa.table({"a": pa.array([], pa.int32()), "s": pa.array([], pa.string())}),
        sample().slice(0, 0),
    ):
        same(cs.unpack(cs.pack(plc.Table.from_arrow(t))), t)
    no_columns = plc.Table([])
    back = cs.unpack(cs.pack(no_columns))
    assert back.num_columns() == 0


def test_released_packed_columns_refuse_reuse():
    packed = cs.pack(plc.Table.from_arrow(pa.table({"a": [1, 2]})))
    packed.release()
    assert "released" in repr(packed)
    with pytest.raises(ValueError, match="was released"):
        packed.release()
    with pytest.raises(ValueError, match="was released"):
        cs.unpack(packed)
    with pytest.raises(TypeError, match="cannot be built directly"):
        cs.PackedColumns()


@pytest.mark.parametrize(
    "damage",
    ["magic", "truncate", "extra", "type", "huge offset", "size"],
)
def test_malformed_metadata_is_a_value_error(damage):
    meta, data = cs.pack(
        plc.Table.from_arrow(pa.table({"a": [1, None, 3], "s": ["x", "y", None]}))
    ).release()
    raw = bytearray(meta)
    if damage == "magic":
        raw[0:8] = b"NOTAPACK"
    elif damage == "truncate":
        raw = raw[:-3]
    elif damage == "extra":
        raw += b"\x00"
    elif damage == "type":
        raw[20:24] = (999).to_bytes(4, "little")  # the first column's type id
    elif damage == "huge offset":
        raw[45:53] = (2**40).to_bytes(8, "little")  # the first column's data offset
    elif damage == "size":
        raw[28:36] = (10**6).to_bytes(8, "little")  # the first column's size
    with pytest.raises(ValueError, match="unpack: the metadata is not what pack wrote"):
        cs.unpack_from_memoryviews(bytes(raw), data)


def test_bad_argument_types():
    meta, data = cs.pack(plc.Table.from_arrow(pa.table({"a": [1]}))).release()
    with pytest.raises(TypeError, match="gpu_data must be a gpumemoryview"):
        cs.unpack_from_memoryviews(meta, b"abc")
    with pytest.raises(TypeError, match="metadata must be bytes-like"):
        cs.unpack_from_memoryviews(1.5, data)


def test_chunked_pack_to_host_buffers():
    expected = pa.table({"a": np.arange(300_000, dtype=np.int64), "s": ["x"] * 300_000})
    chunked = cs.ChunkedPack.create(plc.Table.from_arrow(expected), 1 << 20)
    total = chunked.get_total_contiguous_size()
    out = bytearray()
    buf = bytearray(1 << 20)
    while chunked.has_next():
        n = chunked.next(buf)
        out += buf[:n]
    assert len(out) == total > 1 << 20
    with pytest.raises(ValueError, match="every chunk was already copied"):
        chunked.next(buf)
    # The chunks put together are a packed buffer: unpack it through a gpumemoryview.
    back = cs.unpack_from_memoryviews(chunked.build_metadata(), _device_view(bytes(out)))
    same(back, expected)
    meta, host = cs.ChunkedPack.create(plc.Table.from_arrow(expected), 1 << 20).pack_to_host(
        bytearray(1 << 20)
    )
    assert bytes(host) == bytes(out) and bytes(meta) == bytes(chunked.build_metadata())


def _device_view(raw: bytes):
    """A gpumemoryview holding ``raw`` (an INT8 column's data buffer)."""
    col = plc.Column.from_arrow(pa.array(np.frombuffer(raw, dtype=np.int8)))
    return col.data()


def test_chunked_pack_errors():
    t = plc.Table.from_arrow(pa.table({"a": [1, 2, 3]}))
    with pytest.raises(ValueError, match="at least 1 MiB"):
        cs.ChunkedPack.create(t, 1000)
    chunked = cs.ChunkedPack.create(t, 1 << 20)
    with pytest.raises(ValueError, match="fewer than the"):
        chunked.next(bytearray(4))
    with pytest.raises(TypeError, match="buf must be a writable host buffer or device memory"):
        chunked.next(object())
    with pytest.raises(TypeError, match=r"use ChunkedPack\.create"):
        cs.ChunkedPack()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-(2**40), 2**40)), max_size=40),
    st.lists(st.one_of(st.none(), st.text(max_size=5)), max_size=40),
    st.integers(0, 10),
)
def test_round_trip_property(ints, texts, start):
    n = min(len(ints), len(texts))
    t = pa.table({"i": pa.array(ints[:n], pa.int64()), "s": pa.array(texts[:n], pa.string())})
    t = t.slice(min(start, n))
    meta, data = cs.pack(plc.Table.from_arrow(t)).release()
    same(cs.unpack_from_memoryviews(meta, data), t)
