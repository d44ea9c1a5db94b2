"""pylibcudf's ``nvtext`` modules: text processing on STRING columns (libcudf's nvtext).

Whitespace is libcudf's: characters up to U+0020. A scalar delimiter is a set of
characters (any of them separates tokens; empty or None: whitespace); a delimiters column
holds delimiter strings. Not implemented yet: ``minhash_ngrams``, ``byte_pair_encode``,
``subword_tokenize``, ``wordpiece_tokenize`` and ``deduplicate``.
"""

from __future__ import annotations

from ferrodf.plc.nvtext import (
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
)

__all__ = [
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
]
