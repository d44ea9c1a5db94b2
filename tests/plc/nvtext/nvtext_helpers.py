"""Shared data, oracles and helpers of the plc.nvtext tests (plain Python oracles of
libcudf's nvtext semantics)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
from hypothesis import strategies as st

import ferrodf.plc as plc

# Whitespace of every kind libcudf's definition (<= U+0020) covers or leaves out (U+3000
# and U+00A0 are not whitespace for nvtext), non-ASCII of every UTF-8 length.
TEXT = [
    "the quick  brown fox",
    "  leading and trailing\t",
    "",
    None,
    "tab\tsep\nnl\x01ctl",
    "straße wörld",
    "😀 emoji😀 😀",
    "日本語 テキスト",
    "ideographic\u3000space\u00a0nbsp",
    "a,b,,c",
    "x",
    None,
    "   ",
    "hello world hello",
]

POOL = [*"ab cd  ef,", "\t", "\n", "é", "日", "😀", "\x01", "\u3000"]

ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),
    st.sampled_from(["\t", "\n", "\x01", "é", "ß", "日", "😀", "\u3000", "\u00a0", ","]),
)
TEXTS = st.lists(st.one_of(st.none(), st.text(ALPHABET, max_size=15)), max_size=25)


def texts(seed: int, n: int = 200, pool=POOL, longest: int = 30) -> list:
    rng = np.random.default_rng(seed)
    return [
        None if rng.random() < 0.1 else "".join(rng.choice(pool, int(rng.integers(0, longest))))
        for _ in range(n)
    ]


STRING = pa.string()


def col(values, t: pa.DataType = STRING) -> plc.Column:
    return plc.Column.from_arrow(pa.array(values, t))


def sliced(values, start: int, stop: int, t: pa.DataType = STRING) -> plc.Column:
    """A plc.Column of values[start:stop] made by slicing (offset != 0)."""
    return plc.copying.slice(col(values, t), [start, stop])[0]


def sc(v, t: pa.DataType = STRING) -> plc.Scalar:
    return plc.Scalar.from_arrow(pa.scalar(v, t))


def values(c: plc.Column) -> list:
    return c.to_arrow().to_pylist()


# ---- oracles ------------------------------------------------------------------------


def tokens(s: str, delims: str = "") -> list[str]:
    """libcudf's characters_tokenizer: maximal runs of characters not in `delims`
    (empty: not whitespace, code points <= U+0020)."""

    def is_delim(c):
        return c <= " " if not delims else c in delims

    out, cur = [], []
    for c in s:
        if is_delim(c):
            if cur:
                out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    if cur:
        out.append("".join(cur))
    return out


def multi_tokens(s: str, delims: list[str]) -> list[str]:
    """libcudf's multi-delimiter tokenizer: scan byte by byte; the first delimiter (in
    column order) found at a position is skipped; empty tokens are dropped."""
    b = s.encode()
    ds = [d.encode() for d in delims]
    out, pos, last = [], 0, 0
    while pos < len(b):
        hit = next((d for d in ds if d and b.startswith(d, pos)), None)
        if hit is None:
            pos += 1
            continue
        if pos > last:
            out.append(b[last:pos].decode())
        pos += len(hit)
        last = pos
    if last < len(b):
        out.append(b[last:].decode())
    return out


def levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def char_ngrams(s: str, n: int) -> list[str]:
    return [s[i : i + n] for i in range(len(s) - n + 1)]


def jaccard(a: str, b: str, width: int) -> float:
    """Set-based Jaccard over character n-grams as libcudf defines it: a string shorter
    than `width` is its own only n-gram, an empty one has none; 0 when both are empty."""

    def grams(s):
        if not s:
            return set()
        return {s} if len(s) < width else set(char_ngrams(s, width))

    x, y = grams(a), grams(b)
    u = len(x | y)
    return len(x & y) / u if u else 0.0


def consonant(s: str, k: int) -> bool:
    """Porter's consonant as libcudf tests it: not a/e/i/o/u; 'y' is a consonant at the
    start or after a/e/i/o/u, else a vowel."""
    c = s[k]
    if c in "aeiou":
        return False
    if c != "y" or k == 0:
        return True
    return s[k - 1] in "aeiou"


def porter_measure(s: str) -> int:
    """m in [C](VC){m}[V]: the number of vowel runs followed by a consonant."""
    form = "".join("c" if consonant(s, k) else "v" for k in range(len(s)))
    return form.count("vc")


def murmur3_32(data: bytes, seed: int = 0) -> int:
    """MurmurHash3_x86_32 (Austin Appleby's reference algorithm) of `data`."""
    c1, c2, m = 0xCC9E2D51, 0x1B873593, 0xFFFFFFFF

    def rotl(x, r):
        return ((x << r) | (x >> (32 - r))) & m

    h = seed & m
    n4 = len(data) // 4
    for i in range(n4):
        k = int.from_bytes(data[4 * i : 4 * i + 4], "little")
        k = rotl((k * c1) & m, 15) * c2 & m
        h = (rotl(h ^ k, 13) * 5 + 0xE6546B64) & m
    tail = data[4 * n4 :]
    if tail:
        k = int.from_bytes(tail, "little")
        h ^= rotl((k * c1) & m, 15) * c2 & m
    h ^= len(data)
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & m
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & m
    return h ^ (h >> 16)


def murmur3_x64_128_h1(data: bytes, seed: int = 0) -> int:
    """The first 64 bits of MurmurHash3_x64_128 (both halves seeded with `seed`)."""
    m = (1 << 64) - 1
    c1, c2 = 0x87C37B91114253D5, 0x4CF5AD432745937F

    def rotl(x, r):
        return ((x << r) | (x >> (64 - r))) & m

    def fmix(k):
        k ^= k >> 33
        k = (k * 0xFF51AFD7ED558CCD) & m
        k ^= k >> 33
        k = (k * 0xC4CEB9FE1A85EC53) & m
        return k ^ (k >> 33)

    h1 = h2 = seed & m
    n16 = len(data) // 16
    for i in range(n16):
        k1 = int.from_bytes(data[16 * i : 16 * i + 8], "little")
        k2 = int.from_bytes(data[16 * i + 8 : 16 * i + 16], "little")
        h1 ^= rotl((k1 * c1) & m, 31) * c2 & m
        h1 = (rotl(h1, 27) + h2) & m
        h1 = (h1 * 5 + 0x52DCE729) & m
        h2 ^= rotl((k2 * c2) & m, 33) * c1 & m
        h2 = (rotl(h2, 31) + h1) & m
        h2 = (h2 * 5 + 0x38495AB5) & m
    tail = data[16 * n16 :]
    if len(tail) > 8:
        k2 = int.from_bytes(tail[8:], "little")
        h2 ^= rotl((k2 * c2) & m, 33) * c1 & m
    if tail:
        k1 = int.from_bytes(tail[:8], "little")
        h1 ^= rotl((k1 * c1) & m, 31) * c2 & m
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & m
    h2 = (h2 + h1) & m
    h1, h2 = fmix(h1), fmix(h2)
    return (h1 + h2) & m


def windows(s: str, width: int) -> list[str]:
    """libcudf's hashed substrings: every `width`-character window, or the whole (non-empty)
    string when it is shorter."""
    if not s:
        return []
    return [s] if len(s) < width else char_ngrams(s, width)


def minhash(s, seed, a, b, width, wide=False):
    """libcudf's permuted minhash of one row (None for a null row)."""
    if s is None:
        return None
    if not s:
        return [0] * len(a)
    out = []
    for ka, kb in zip(a, b, strict=True):
        best = None
        for w in windows(s, width):
            if wide:
                hv = max(murmur3_x64_128_h1(w.encode(), seed), 1)
                pv = ((hv * ka + kb) & ((1 << 64) - 1)) % ((1 << 61) - 1)
            else:
                hv = max(murmur3_32(w.encode(), seed), 1)
                pv = (hv * ka + kb) & 0xFFFFFFFF
            best = pv if best is None else min(best, pv)
        out.append(best)
    return out


def edit_tokens(s, delims, f):
    """Rebuild s with every token t replaced by f(t) (None: kept), delimiters kept; a
    missing row stays missing. Whitespace delimits when `delims` is empty."""
    if s is None:
        return None
    out, cur = [], []

    def flush():
        if cur:
            t = "".join(cur)
            r = f(t)
            out.append(t if r is None else r)
            cur.clear()

    for c in s:
        if (c <= " ") if not delims else (c in delims):
            flush()
            out.append(c)
        else:
            cur.append(c)
    flush()
    return "".join(out)
