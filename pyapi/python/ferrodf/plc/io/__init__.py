"""pylibcudf's ``io`` module: CSV, Parquet and JSON lines (see docs/io.md)."""

from __future__ import annotations

from ferrodf.plc.io import csv, json, parquet, types
from ferrodf.plc.io.types import SinkInfo, SourceInfo, TableWithMetadata

__all__ = ["SinkInfo", "SourceInfo", "TableWithMetadata", "csv", "json", "parquet", "types"]
