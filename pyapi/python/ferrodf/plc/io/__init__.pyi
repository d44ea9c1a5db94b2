from ferrodf.plc.io import csv as csv
from ferrodf.plc.io import json as json
from ferrodf.plc.io import parquet as parquet
from ferrodf.plc.io import types as types
from ferrodf.plc.io.types import SinkInfo as SinkInfo
from ferrodf.plc.io.types import SourceInfo as SourceInfo
from ferrodf.plc.io.types import TableWithMetadata as TableWithMetadata

__all__ = ["SinkInfo", "SourceInfo", "TableWithMetadata", "csv", "json", "parquet", "types"]
