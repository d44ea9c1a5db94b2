"""pylibcudf's ``strings`` modules: the operations behind pandas' ``.str`` accessor.

Positions count Unicode code points. ``find``, ``replace`` and ``split`` are literal
(``split`` also has regex splits); ``contains``, ``extract``, ``findall``, ``replace_re``
and ``regex_program`` have the regular expressions.
"""

from __future__ import annotations

from ferrodf.plc.strings import (
    attributes,
    capitalize,
    case,
    char_types,
    combine,
    contains,
    convert,
    extract,
    find,
    find_multiple,
    findall,
    padding,
    regex_flags,
    regex_program,
    repeat,
    replace,
    replace_re,
    reverse,
    side_type,
    slice,
    split,
    strip,
    translate,
    wrap,
)
from ferrodf.plc.strings.regex_flags import RegexFlags
from ferrodf.plc.strings.regex_program import RegexProgram
from ferrodf.plc.strings.side_type import SideType

__all__ = [
    "RegexFlags",
    "RegexProgram",
    "SideType",
    "attributes",
    "capitalize",
    "case",
    "char_types",
    "combine",
    "contains",
    "convert",
    "extract",
    "find",
    "find_multiple",
    "findall",
    "padding",
    "regex_flags",
    "regex_program",
    "repeat",
    "replace",
    "replace_re",
    "reverse",
    "side_type",
    "slice",
    "split",
    "strip",
    "translate",
    "wrap",
]
