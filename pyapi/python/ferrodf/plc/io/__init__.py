"""pylibcudf's ``io`` module: CSV, Parquet (and its footers), JSON lines, ORC, Avro and
text split at a delimiter (see docs/io.md)."""

from __future__ import annotations

from ferrodf.plc.io import avro, csv, json, orc, parquet, parquet_metadata, text, types
from ferrodf.plc.io.types import SinkInfo, SourceInfo, TableWithMetadata

__all__ = [
    "SinkInfo",
    "SourceInfo",
    "TableWithMetadata",
    "avro",
    "csv",
    "json",
    "orc",
    "parquet",
    "parquet_metadata",
    "text",
    "types",
]
