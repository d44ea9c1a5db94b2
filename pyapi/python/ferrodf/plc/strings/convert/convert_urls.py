"""pylibcudf's ``strings.convert.convert_urls`` module (percent-encoding)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import url_decode as _url_decode
from ferrodf._lib.strings import url_encode as _url_encode


def url_encode(input, stream=None, mr=None):
    """Every byte but ``A-Z a-z 0-9 - . _ ~`` as ``%XX`` (``urllib.parse.quote(s, safe="")``)."""
    _order = _stream_order(stream, mr)
    return _url_encode(input)


def url_decode(input, stream=None, mr=None):
    """``%XX`` as the byte XX (``urllib.parse.unquote_to_bytes``); null where the decoded
    bytes are not UTF-8."""
    _order = _stream_order(stream, mr)
    return _url_decode(input)


__all__ = ["url_decode", "url_encode"]
