"""pylibcudf's ``strings`` modules: the operations behind pandas' ``.str`` accessor.

Positions count Unicode code points. ``find``, ``replace`` and ``split`` are literal;
``contains``, ``replace_re`` and ``regex_program`` have the regular expressions.
"""

from __future__ import annotations

from ferrodf.plc.strings import (
    attributes,
    case,
    combine,
    contains,
    find,
    regex_flags,
    regex_program,
    replace,
    replace_re,
    side_type,
    slice,
    split,
    strip,
)
from ferrodf.plc.strings.regex_flags import RegexFlags
from ferrodf.plc.strings.regex_program import RegexProgram
from ferrodf.plc.strings.side_type import SideType

__all__ = [
    "RegexFlags",
    "RegexProgram",
    "SideType",
    "attributes",
    "case",
    "combine",
    "contains",
    "find",
    "regex_flags",
    "regex_program",
    "replace",
    "replace_re",
    "side_type",
    "slice",
    "split",
    "strip",
]
