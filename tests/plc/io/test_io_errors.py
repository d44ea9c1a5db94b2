"""Malformed or unreachable inputs raise the matching Python exception, never crash.

Every regression found by ``make fuzz-io`` (scripts/fuzz_io.py) is added to
``test_fuzz_regressions`` below.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from io_options import reader

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.avro import AvroReaderOptions, read_avro
from ferrodf.plc.io.csv import CsvReaderOptions, CsvWriterOptions, read_csv, write_csv
from ferrodf.plc.io.json import JsonReaderOptions, read_json
from ferrodf.plc.io.orc import OrcReaderOptions, read_orc
from ferrodf.plc.io.parquet import ParquetReaderOptions, ParquetWriterOptions, read_parquet
from ferrodf.plc.io.parquet_metadata import read_parquet_metadata
from ferrodf.plc.io.text import make_source_from_file, multibyte_split
from ferrodf.plc.io.types import CompressionType
from ferrodf.plc.types import DataType, TypeId

csv = reader(CsvReaderOptions, read_csv)
parquet = reader(ParquetReaderOptions, read_parquet)
avro = reader(AvroReaderOptions, read_avro)
orc = reader(OrcReaderOptions, read_orc)


def jsonl(src):
    return read_json(JsonReaderOptions.builder(SourceInfo([src])).lines(True).build())


def parquet_footer(src):
    return read_parquet_metadata(SourceInfo([src]))


def text(src):
    return multibyte_split(make_source_from_file(src), "\n")


READERS = [
    csv,
    parquet,
    jsonl,
    avro,
    orc,
    parquet_footer,
    text,
]


@pytest.mark.parametrize("reader", READERS)
def test_missing_file_is_file_not_found(reader, tmp_path, host_fallback):
    p = tmp_path / "nope.bin"
    with pytest.raises(FileNotFoundError, match=r"nope\.bin"):
        reader(str(p))


@pytest.mark.parametrize("reader", READERS)
def test_directory_is_an_os_error(reader, tmp_path, host_fallback):
    with pytest.raises(IsADirectoryError, match=re.escape(str(tmp_path))):
        reader(str(tmp_path))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
@pytest.mark.parametrize("reader", READERS)
def test_unreadable_file_is_permission_error(reader, tmp_path):
    p = tmp_path / "locked"
    p.write_bytes(b"a\n1\n")
    p.chmod(0)
    # no match=: the OS's wording (and it is skipped as root)
    with pytest.raises(PermissionError):
        reader(str(p))


def test_unwritable_sink_is_permission_error(tmp_path):
    tbl = plc.Table.from_arrow(pa.table({"a": [1]}))
    if os.geteuid() == 0:
        # Root may write anywhere on disk, but not to a read-only sysfs attribute.
        target = "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
        if not os.path.exists(target):
            pytest.skip("no read-only sysfs attribute to write to")
    else:
        d = tmp_path / "ro"
        d.mkdir()
        d.chmod(0o500)
        target = str(d / "out.csv")
    with pytest.raises(PermissionError, match=re.escape(target)):
        write_csv(CsvWriterOptions.builder(SinkInfo([target]), tbl).build())
    with pytest.raises(PermissionError, match=re.escape(target)):
        from ferrodf.plc.io.parquet import write_parquet

        write_parquet(ParquetWriterOptions.builder(SinkInfo([target]), tbl).build())


def test_ragged_csv_rows_name_the_row():
    data = b"a,b\n1,2\n3,4\n5\n6,7\n"
    with pytest.raises(ValueError, match=r"row 2.*expected 2 got 1"):
        csv(data)


def test_bad_utf8_in_csv_names_the_row_and_field():
    data = b"a,b\n1,ok\n2,\xff\xfe\n"
    with pytest.raises(ValueError, match=r"UTF-8") as e:
        csv(data)
    assert "row 1" in str(e.value) and "field 1" in str(e.value)


def test_wrong_type_under_explicit_dtype_names_value_row_and_column():
    data = b"a,b\n1,2\n3,x\n"
    with pytest.raises(ValueError, match=r"'x'.*Int64.*column 1.*row 1"):
        b = CsvReaderOptions.builder(SourceInfo([data])).build()
        b.set_dtypes({"b": DataType(TypeId.INT64)})
        read_csv(b)


def test_csv_error_rows_are_counted_across_parallel_pieces():
    good = b"".join(b"%d,%d\n" % (i, i) for i in range(400_000))
    data = b"a,b\n" + good + b"1,2,3\n"
    with pytest.raises(ValueError, match="row 400000"):
        csv(data)


def test_unknown_column_names():
    with pytest.raises(KeyError, match='usecols: no column named "zz"'):
        b = CsvReaderOptions.builder(SourceInfo([b"a\n1\n"])).build()
        b.set_use_cols_names(["zz"])
        read_csv(b)
    # Parquet skips selected names the file lacks unless told not to (libcudf's default).
    assert parquet(pq_bytes(), columns=["zz", "a"]).column_names() == ["a"]
    with pytest.raises(KeyError, match="no column named 'zz'"):
        parquet(pq_bytes(), columns=["zz"], ignore_missing_columns=False)
    with pytest.raises(IndexError, match="<1724 bytes in memory>: row group 7 does not"):
        parquet(pq_bytes(), row_groups=[[7]])


def pq_bytes():
    buf = io.BytesIO()
    pq.write_table(pa.table({"a": list(range(100)), "s": [str(i) for i in range(100)]}), buf)
    return buf.getvalue()


@pytest.mark.parametrize("cut", [0, 4, 8, 100, -8, -1])
def test_truncated_parquet_is_value_error(cut):
    data = pq_bytes()
    with pytest.raises(ValueError, match="Parquet"):
        parquet(data[:cut] if cut > 0 else data[: len(data) + cut] if cut < 0 else b"")


def test_corrupt_parquet_page_is_value_error():
    data = bytearray(pq_bytes())
    for i in range(20, 60):
        data[i] ^= 0x5A
    # the page-header walk (core io/parquet_guard.rs) refuses it before the decoder runs
    with pytest.raises(
        ValueError, match=r"<1724 bytes in memory>: invalid Parquet page header at byte \d+ \("
    ):
        parquet(bytes(data))


def test_bad_json_line_names_the_line():
    with pytest.raises(ValueError, match=r"line 2 \(byte 15\): unexpected end of the record"):
        jsonl(b'{"a": 1}\n{"a": \n')


def test_corrupt_gzip_is_value_error():
    with pytest.raises(ValueError, match="decompress"):
        csv(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(ValueError, match="decompress"):
        csv(b"a\n1\n", compression=CompressionType.ZSTD)


def test_unsupported_compression():
    with pytest.raises(
        NotImplementedError, match="Xz compression is not supported for CSV and JSON"
    ):
        csv(b"a\n1\n", compression=CompressionType.XZ)


REGRESSIONS = Path(__file__).resolve().parents[3] / "core" / "tests" / "fuzz_regressions"


@pytest.mark.parametrize("path", sorted(REGRESSIONS.iterdir()), ids=lambda p: p.name)
def test_fuzz_regressions(path):
    """Inputs found by ``make fuzz-io`` (and hand-made seeds of the same kind): each is
    malformed and must raise ValueError, also when a decoder panicked inside. A file named
    ``*_reads.*`` is damaged in a way the reader tolerates: it must read (not hang)."""
    reader = {
        ".csv": csv,
        ".json": jsonl,
        ".parquet": parquet,
        ".avro": avro,
        ".orc": orc,
    }[path.suffix]
    if path.stem.endswith("_reads"):
        reader(str(path))
        return
    # From a path and from memory: the Parquet guards (core io/parquet_guard.rs) read a
    # file from either.
    for source in (str(path), path.read_bytes()):
        with pytest.raises(ValueError, match=r"(?i)invalid|malformed|parse error"):
            reader(source)
