"""Shared pieces of the plc.io tests: options spelled as keywords.

The tests set reader and writer options as keywords (``read(data, nrows=2)``), each naming
a builder method; these helpers call the methods, so every format's ``read``/``write``
only names its option classes and its reader or writer.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from ferrodf.plc.io import SinkInfo, SourceInfo


def source(src: Any) -> SourceInfo:
    """``src`` as a SourceInfo (bytes, a path or a file-like object, or one already)."""
    return src if isinstance(src, SourceInfo) else SourceInfo([src])


def build(builder: Any, **options: Any) -> Any:
    """The options of ``builder`` after calling ``builder.<name>(value)`` for each option."""
    for name, value in options.items():
        getattr(builder, name)(value)
    return builder.build()


def written(
    writer: Callable[[Any], None], make_builder: Callable[[SinkInfo], Any], **options: Any
) -> bytes:
    """The bytes ``writer`` writes to an in-memory sink with the builder that
    ``make_builder(sink)`` returns and ``options`` set on it."""
    out = io.BytesIO()
    writer(build(make_builder(SinkInfo([out])), **options))
    return out.getvalue()


def reader(options: Any, read: Callable[[Any], Any], **defaults: Any) -> Callable[..., Any]:
    """One format's ``read(src, **options)``: ``read`` with ``options.builder(src)`` and
    ``defaults`` set before the caller's options."""

    def read_with(src: Any, **kw: Any) -> Any:
        return read(build(options.builder(source(src)), **{**defaults, **kw}))

    return read_with


def writer(options: Any, write: Callable[[Any], None]) -> Callable[..., bytes]:
    """One format's ``write(tw, **options)``: the bytes of a TableWithMetadata ``tw``,
    written with its column names."""

    def write_with(tw: Any, **kw: Any) -> bytes:
        return written(write, lambda sink: options.builder(sink, tw.tbl).metadata(tw), **kw)

    return write_with
