"""Shared data and oracles of the plc.nvtext Unicode tests (normalize_unicode,
normalize_characters).

The UnicodeData.txt columns a UnicodeNormalizer is built from come from Python's own
``unicodedata`` (its Unicode version), so ``unicodedata.normalize`` is an exact oracle;
the reference of ``normalize_characters`` is a plain loop written from libcudf's
documented rules (nvtext/normalize.hpp, BERT's basic tokenizer), also on ``unicodedata``.
"""

from __future__ import annotations

import functools
import unicodedata

import pyarrow as pa

import ferrodf.plc as plc

HANGUL = range(0xAC00, 0xD7A4)


@functools.cache
def unicode_data_rows() -> tuple[list[str], list[int], list[str]]:
    """Fields 0, 3 and 5 of UnicodeData.txt for every code point of Python's Unicode
    version that has a decomposition mapping or a non-zero combining class (Hangul
    syllables decompose algorithmically and are not listed, as in the file)."""
    hexes, classes, maps = [], [], []
    for cp in range(0x110000):
        if cp in HANGUL or 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        d, c = unicodedata.decomposition(ch), unicodedata.combining(ch)
        if d or c:
            hexes.append(f"{cp:04X}")
            classes.append(c)
            maps.append(d)
    return hexes, classes, maps


def unicode_table() -> plc.Table:
    hexes, classes, maps = unicode_data_rows()
    return plc.Table(
        [
            plc.Column.from_arrow(pa.array(hexes, pa.string())),
            plc.Column.from_arrow(pa.array(classes, pa.int32())),
            plc.Column.from_arrow(pa.array(maps, pa.string())),
        ]
    )


# ---- normalize_characters reference ------------------------------------------------

# BERT's _is_chinese_char ranges, which libcudf's tables follow.
CJK = [
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
]


def is_cjk(c: str) -> bool:
    return any(a <= ord(c) <= b for a, b in CJK)


def is_punct(c: str) -> bool:
    o = ord(c)
    if 33 <= o <= 47 or 58 <= o <= 64 or 91 <= o <= 96 or 123 <= o <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def char_out(c: str, lower: bool) -> str:
    """One character through libcudf's documented rules:
    whitespace (tab, newline, carriage return, Zs) -> space; other Cc/Cf removed; CJK
    ideographs padded with spaces; with lower-casing the character is lower-cased and its
    accents stripped (NFD, Mn marks dropped); a single punctuation character is padded."""
    cat = unicodedata.category(c)
    if c in "\t\n\r" or cat == "Zs":
        return " "
    if cat in ("Cc", "Cf"):
        return ""
    if is_cjk(c):
        return f" {c} "
    t = c
    if lower:
        t = "".join(
            d for d in unicodedata.normalize("NFD", c.lower()) if unicodedata.category(d) != "Mn"
        )
    if len(t) == 1 and is_punct(t):
        return f" {t} "
    return t[:3]


def ref_normalize(s: str | None, lower: bool, tokens=()) -> str | None:
    """A row through the reference rules; a `[` whose `]` lies within 6 bytes and whose
    normalized text between (spaces dropped) makes one of the special tokens (lower-cased
    when lower-casing) is written as ` [TOKEN] `, upper-cased back."""
    if s is None:
        return None
    toks = {t.lower() if lower else t for t in tokens}
    out, k = [], 0
    while k < len(s):
        c = s[k]
        if c == "[" and toks:
            b = s[k:].encode()
            end = next((e for e in range(1, min(6, len(b))) if b[e] == ord("]")), None)
            if end is not None:
                inner = b[1:end].decode()
                body = "".join(char_out(d, lower) for d in inner)
                if "[" + body.replace(" ", "") + "]" in toks:
                    up = "".join(x.upper() if lower and "a" <= x <= "z" else x for x in body)
                    out.append(f" [{up}] ")
                    k += len(inner) + 2
                    continue
        out.append(char_out(c, lower))
        k += 1
    return "".join(out)
