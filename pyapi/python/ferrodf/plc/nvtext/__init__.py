"""pylibcudf's ``nvtext`` modules: text processing on STRING columns (libcudf's nvtext).

Whitespace is libcudf's: characters up to U+0020. A scalar delimiter is a set of
characters (any of them separates tokens; empty or None: whitespace); a delimiters column
holds delimiter strings. Not implemented: ``subword_tokenize`` (dropped from pylibcudf
26.12's list).
"""

from __future__ import annotations

from ferrodf.plc.nvtext import (
    byte_pair_encode,
    deduplicate,
    edit_distance,
    generate_ngrams,
    jaccard,
    minhash,
    ngrams_tokenize,
    normalize,
    replace,
    stemmer,
    tokenize,
    unicode_normalize,
    wordpiece_tokenize,
)

__all__ = [
    "byte_pair_encode",
    "deduplicate",
    "edit_distance",
    "generate_ngrams",
    "jaccard",
    "minhash",
    "ngrams_tokenize",
    "normalize",
    "replace",
    "stemmer",
    "tokenize",
    "unicode_normalize",
    "wordpiece_tokenize",
]
