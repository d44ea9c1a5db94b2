"""plc.io.text.multibyte_split against Python's bytes.split on the same text.

The oracle: ``text.split(delimiter)`` gives the pieces; every piece but the last gets its
delimiter back unless ``strip_delimiters``; a row's start is the byte offset of its piece,
and a byte range keeps the rows that start inside it. Empty text has no rows.
"""

from __future__ import annotations

import gzip
import random
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc
from ferrodf.plc.io.text import (
    ByteRangeInfo,
    ParseOptions,
    make_source,
    make_source_from_bgzip_file,
    make_source_from_file,
    multibyte_split,
)


def expected(data: bytes, delim: bytes, byte_range=None, strip=False) -> list[str]:
    if not data:
        return []
    pieces = data.split(delim)
    rows, pos = [], 0
    for i, p in enumerate(pieces):
        last = i == len(pieces) - 1
        full = p if last else p + delim
        if byte_range is None or byte_range[0] <= pos < byte_range[0] + byte_range[1]:
            rows.append((p if strip else full).decode())
        pos += len(full)
    return rows


def split(source, delimiter, *args, **kw) -> list[str]:
    col = multibyte_split(source, delimiter, *args, **kw)
    assert col.type().id() == plc.TypeId.STRING
    assert col.null_count() == 0
    return col.to_arrow().to_pylist()


TEXTS = [
    ("a::bb::ccc", "::"),
    ("::x::", "::"),
    ("aaaa", "aa"),
    ("aaa", "aa"),
    ("no delimiter here", "|"),
    ("ünï|cödé|€", "|"),
    ("line 1\r\nline 2\r\n", "\r\n"),
    ("x", "x"),
    ("ab€cd€", "€"),
]


@pytest.mark.parametrize("text, delim", TEXTS)
@pytest.mark.parametrize("strip", [False, True])
def test_whole_text_matches_split(text, delim, strip):
    got = split(make_source(text), delim, ParseOptions(strip_delimiters=strip))
    assert got == expected(text.encode(), delim.encode(), strip=strip)


@pytest.mark.parametrize("text, delim", TEXTS)
def test_byte_ranges_at_every_boundary(text, delim):
    data = text.encode()
    src = make_source(text)
    whole = split(src, delim)
    for cut in range(len(data) + 2):
        head = split(src, delim, ByteRangeInfo(0, cut))
        tail = split(src, delim, byte_range=(cut, 1 << 40))
        assert head == expected(data, delim.encode(), (0, cut)), cut
        assert tail == expected(data, delim.encode(), (cut, 1 << 40)), cut
        assert head + tail == whole, cut
        for size in range(len(data) + 2 - cut):
            mid = split(src, delim, ParseOptions(byte_range=(cut, size)))
            assert mid == expected(data, delim.encode(), (cut, size)), (cut, size)


def test_empty_text_and_empty_ranges():
    assert split(make_source(""), ",") == []
    assert split(make_source("a,b"), ",", ByteRangeInfo(100, 5)) == []
    assert split(make_source("a,b"), ",", ByteRangeInfo(0, 0)) == []
    assert split(make_source(",,"), ",") == [",", ",", ""]


def test_old_keyword_spelling():
    src = make_source("a,b,c")
    assert split(src, ",", byte_range=ByteRangeInfo(1, 4), strip_delimiters=True) == ["b", "c"]
    r = ByteRangeInfo(3, 4)
    assert (r.offset, r.size) == (3, 4)


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet="ab,;€\n", max_size=40),
    delim=st.sampled_from([",", ";;", "ab", "a", "€", "\n"]),
    offset=st.integers(0, 50),
    size=st.integers(0, 50),
    strip=st.booleans(),
)
def test_property_matches_split(text, delim, offset, size, strip):
    got = split(
        make_source(text), delim, ParseOptions(byte_range=(offset, size), strip_delimiters=strip)
    )
    assert got == expected(text.encode(), delim.encode(), (offset, size), strip)


def test_file_source(tmp_path):
    text = "r1\n" * 1000 + "last"
    p = tmp_path / "t.txt"
    p.write_text(text)
    got = split(make_source_from_file(str(p)), "\n", ParseOptions(strip_delimiters=True))
    assert got == text.split("\n")
    got = split(make_source_from_file(p), "\n", ByteRangeInfo(3000, 10))
    assert got == ["last"]


def bgzf_block(data: bytes) -> bytes:
    """One BGZF block: a gzip member whose extra field holds the block size (SAM spec)."""
    z = zlib.compressobj(6, zlib.DEFLATED, -15)
    cdata = z.compress(data) + z.flush()
    bsize = 18 + len(cdata) + 8
    header = b"\x1f\x8b\x08\x04" + b"\x00" * 4 + b"\x00\xff" + struct.pack("<H", 6)
    header += b"BC" + struct.pack("<HH", 2, bsize - 1)
    return header + cdata + struct.pack("<II", zlib.crc32(data), len(data))


def test_bgzip_source(tmp_path):
    blocks = [b"id1;id2;", b"id3;", b"id4;id5", b""]  # the last one is BGZF's EOF block
    raw = [bgzf_block(b) for b in blocks]
    p = tmp_path / "t.txt.gz"
    p.write_bytes(b"".join(raw))
    whole = b"".join(blocks)
    assert gzip.decompress(p.read_bytes()) == whole  # a valid multi-member gzip file
    assert split(make_source_from_bgzip_file(str(p)), ";") == expected(whole, b";")
    starts = [sum(len(r) for r in raw[:i]) for i in range(len(raw))]
    # From "id2" (block 0, offset 4) to before "id5" (block 2, offset 4).
    src = make_source_from_bgzip_file(str(p), starts[0] << 16 | 4, starts[2] << 16 | 4)
    assert split(src, ";") == expected(whole[4 : len(blocks[0]) + len(blocks[1]) + 4], b";")
    # A virtual range inside one block.
    src = make_source_from_bgzip_file(str(p), starts[1] << 16 | 1, starts[1] << 16 | 3)
    assert split(src, ";") == ["d3"]


def test_bad_inputs(tmp_path):
    with pytest.raises(ValueError, match="delimiter is empty"):
        multibyte_split(make_source("abc"), "")
    with pytest.raises(ValueError, match="UTF-8"):
        multibyte_split(make_source(b"\xff,a"), ",")
    with pytest.raises(FileNotFoundError, match=r"missing\.txt"):
        multibyte_split(make_source_from_file(str(tmp_path / "missing.txt")), ",")
    p = tmp_path / "plain.gz"
    p.write_bytes(gzip.compress(b"a,b"))  # gzip, but without BGZF's block size field
    with pytest.raises(ValueError, match="not a BGZIP file"):
        multibyte_split(make_source_from_bgzip_file(str(p)), ",")
    p.write_bytes(bgzf_block(b"a,b")[:-6])
    with pytest.raises(ValueError, match="not a BGZIP file"):
        multibyte_split(make_source_from_bgzip_file(str(p)), ",")
    with pytest.raises(ValueError, match="before virtual_begin"):
        multibyte_split(make_source_from_bgzip_file(str(p), 5, 2), ",")
    with pytest.raises(TypeError, match="DataChunkSource"):
        multibyte_split("abc", ",")
    with pytest.raises(TypeError, match="str or bytes"):
        make_source(3)
    with pytest.raises(ValueError, match="offset >= 0"):
        ByteRangeInfo(-1, 3)


@pytest.mark.parametrize("seed", range(4))
def test_random_texts_and_overlapping_delimiters(seed):
    """Delimiters that overlap themselves ("aa", "aba") take the leftmost non-overlapping
    matches, as bytes.split does, also on the device (its single-thread walk)."""
    rng = random.Random(seed)
    for delim in ("aa", "aba", "\n", "ab", "€€"):
        data = "".join(rng.choice(["a", "b", "\n", "€", "xy"]) for _ in range(300)).encode()
        src = make_source(data.decode())
        for strip in (False, True):
            got = split(src, delim, ParseOptions(strip_delimiters=strip))
            assert got == expected(data, delim.encode(), strip=strip)
        cut = rng.randrange(len(data))
        got = split(src, delim, ByteRangeInfo(cut, 40))
        assert got == expected(data, delim.encode(), (cut, 40))
