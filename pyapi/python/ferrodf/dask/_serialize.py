"""Moving ferrodf objects between processes: pickling and ``distributed`` serialization.

Both write one Arrow IPC stream holding the value columns and the index levels; labels,
names and a RangeIndex's bounds go in a small header. The stream's buffer is handed over as
it is (a pickle-5 out-of-band buffer, or a ``distributed`` frame), so no pickling copies
are made; reading it back wraps the received memory without copying. Data on the GPU goes
through host memory: ``to_arrow`` copies it to the host, and the receiver's columns move
to its GPU when a kernel first reads them.
"""

from __future__ import annotations

import pickle
from typing import Any

import pyarrow as pa

import ferrodf
from ferrodf import _lib

_TYPES = (ferrodf.DataFrame, ferrodf.Series, ferrodf.Index)


def _index_parts(ix: ferrodf.Index) -> tuple[dict[str, Any], list[pa.Array]]:
    if isinstance(ix, ferrodf.RangeIndex):
        return {"kind": "range", "range": [ix.start, ix.stop, ix.step], "names": ix.names}, []
    kind = "multi" if isinstance(ix, ferrodf.MultiIndex) else "column"
    return {"kind": kind, "names": ix.names}, [c.to_arrow() for c in ix._index.level_columns()]


def to_frames(obj: Any) -> tuple[dict[str, Any], list[memoryview]]:
    """``(header, frames)``: a header of plain values and one Arrow IPC buffer."""
    if isinstance(obj, ferrodf.Index):
        kind, labels, values, ix = "index", [], [], obj
    elif isinstance(obj, ferrodf.Series):
        kind, labels, ix = "series", [obj.name], obj.index
        values = [ferrodf.memory._plc_columns(obj)[0].to_arrow()]
    else:
        kind, ix = "frame", obj.index
        labels = list(obj._data.names)
        values = [c.to_arrow() for c in obj._data.columns]
    ix_header, ix_arrays = _index_parts(ix)
    arrays = values + ix_arrays
    table = pa.table(arrays, names=[f"c{i}" for i in range(len(arrays))])
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    header = {
        "kind": kind,
        "meta": pickle.dumps((labels, ix_header, _levels(obj))),
        "nvalues": len(values),
    }
    return header, [memoryview(sink.getvalue())]


def _levels(obj: Any) -> Any:
    return getattr(obj._data, "level_names", None) if isinstance(obj, ferrodf.DataFrame) else None


def from_frames(header: dict[str, Any], frames: list[Any]) -> Any:
    """The object ``to_frames`` described, on the frames' memory."""
    labels, ix_header, level_names = pickle.loads(header["meta"])
    table = pa.ipc.open_stream(pa.py_buffer(frames[0])).read_all()
    cols = [ferrodf.plc.Column.from_arrow(c.combine_chunks()) for c in table.columns]
    values, levels = cols[: header["nvalues"]], cols[header["nvalues"] :]
    names = ix_header["names"]
    if ix_header["kind"] == "range":
        lib_ix = _lib.Index.range(*ix_header["range"], names[0])
    elif ix_header["kind"] == "multi":
        lib_ix = _lib.Index.multi(levels, names)
    else:
        lib_ix = _lib.Index.from_column(levels[0], names[0])
    if header["kind"] == "index":
        return ferrodf.Index._from_lib(lib_ix)
    if header["kind"] == "series":
        return ferrodf.Series._from_lib(_lib.Series(values[0], lib_ix, labels[0]))
    out = ferrodf.DataFrame(dict(zip(labels, values, strict=True)))
    out.index = ferrodf.Index._from_lib(lib_ix)
    if level_names is not None and any(n is not None for n in level_names):
        out.columns = out.columns.to_pandas().set_names(level_names)
    return out


def _rebuild(header: dict[str, Any], frames: list[Any]) -> Any:
    return from_frames(header, frames)


def _reduce_ex(self: Any, protocol: int) -> tuple[Any, ...]:
    """Pickle through the Arrow IPC stream; from protocol 5 on, as an out-of-band buffer
    (``distributed`` and ``multiprocessing`` then send it without copying)."""
    header, frames = to_frames(self)
    if protocol >= 5:
        return _rebuild, (header, [pickle.PickleBuffer(f) for f in frames])
    return _rebuild, (header, [bytes(f) for f in frames])


def register() -> None:
    for cls in _TYPES:
        cls.__reduce_ex__ = _reduce_ex  # type: ignore[method-assign]
    try:
        from distributed.protocol import dask_deserialize, dask_serialize
    except ImportError:  # dask without distributed: pickling is enough
        return
    dask_serialize.register(_TYPES)(to_frames)
    dask_deserialize.register(_TYPES)(from_frames)
