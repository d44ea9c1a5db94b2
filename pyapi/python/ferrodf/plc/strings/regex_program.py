"""pylibcudf's ``strings.regex_program`` module: ``RegexProgram``, a compiled regular
expression.

The syntax is Rust's ``regex`` crate (like RE2: no lookaround, no backreferences in
patterns); ``\\d``, ``\\w`` and ``\\s`` are Unicode classes unless ``RegexFlags.ASCII``.
Create one with ``RegexProgram.create(pattern, flags)`` and pass it to
``strings.contains.contains_re`` and friends.
"""

from __future__ import annotations

from ferrodf._lib.strings import RegexProgram

__all__ = ["RegexProgram"]
