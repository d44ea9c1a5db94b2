"""pylibcudf's ``strings.regex_flags`` module: flags that change how a pattern matches.

The values are Python's ``re`` flag values (``re.MULTILINE == 8``, ``re.DOTALL == 16``,
``re.ASCII == 256``), and the members combine with ``|``.
"""

from __future__ import annotations

import enum


class RegexFlags(enum.IntFlag):
    """How a regular expression matches (libcudf's ``regex_flags``)."""

    DEFAULT = 0
    #: ``^`` and ``$`` also match at the start and end of every line.
    MULTILINE = 8
    #: ``.`` also matches ``\\n``.
    DOTALL = 16
    #: ``\\d``, ``\\w``, ``\\s`` and ``\\b`` are ASCII-only.
    ASCII = 256
    #: ``\\r`` ends a line too (alone or in ``\\r\\n``).
    EXT_NEWLINE = 512


__all__ = ["RegexFlags"]
