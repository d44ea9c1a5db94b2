"""pylibcudf's ``nvtext.unicode_normalize`` module: ``UnicodeNormalizationForm``,
``UnicodeNormalizer`` and ``normalize_unicode`` (Unicode Standard Annex #15)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import UnicodeNormalizer
from ferrodf._lib.nvtext import normalize_unicode as _normalize_unicode
from ferrodf.plc._enums import rust_enum

UnicodeNormalizationForm = rust_enum("UnicodeNormalizationForm", __name__)


def normalize_unicode(input, normalizer, stream=None, mr=None):
    """Every row in the normalization form of ``normalizer`` (a ``UnicodeNormalizer``
    built from the three ``UnicodeData.txt`` columns: code point hex, canonical
    combining class, decomposition mapping). Nulls stay null."""
    _order = _stream_order(stream, mr)
    return _normalize_unicode(input, normalizer)


__all__ = ["UnicodeNormalizationForm", "UnicodeNormalizer", "normalize_unicode"]
