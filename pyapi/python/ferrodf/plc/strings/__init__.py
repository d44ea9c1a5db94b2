"""pylibcudf's ``strings`` modules: the operations behind pandas' ``.str`` accessor.

Literal (not regex) search, replace and split; positions count Unicode code points.
"""

from __future__ import annotations

from ferrodf.plc.strings import (
    attributes,
    case,
    combine,
    find,
    replace,
    side_type,
    slice,
    split,
    strip,
)
from ferrodf.plc.strings.side_type import SideType

__all__ = [
    "SideType",
    "attributes",
    "case",
    "combine",
    "find",
    "replace",
    "side_type",
    "slice",
    "split",
    "strip",
]
