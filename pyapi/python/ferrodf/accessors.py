"""``Series.str`` and ``Series.dt``: pandas' string and datetime accessors on the
``plc.strings`` and ``plc.datetime`` kernels (host and device paths)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

from ferrodf import plc

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

_REGEX_META = re.compile(r"[.^$*+?{}\[\]\\|()]")
_NO_DEFAULT = object()
_TEMPLATE_REF = re.compile(r"\\(?:g<(\w+)>|(\d{1,2}))|\\(.)", re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "\\": "\\"}


def _unescape(repl: str) -> str:
    """Python's re.sub escapes in a replacement without group references."""
    return _TEMPLATE_REF.sub(lambda m: _ESCAPES.get(m.group(3), m.group(0)), repl)


def _python_template(repl: str, groups: int) -> str | None:
    """A Python re.sub replacement with group references (``\\1``, ``\\g<1>``) as a
    replace_with_backrefs template (``${1}``), or None when it refers to no group. Named
    groups are not supported (ValueError)."""
    has_ref = False
    out = []
    pos = 0
    for m in _TEMPLATE_REF.finditer(repl):
        out.append(repl[pos : m.start()])
        name, digits, esc = m.groups()
        if esc is not None:
            out.append(_ESCAPES.get(esc, m.group(0)))
        else:
            ref = name if name is not None else digits
            if not ref.isdigit():
                raise ValueError(
                    f"str.replace: named group reference \\g<{ref}> is not supported; use "
                    "the group's number"
                )
            if int(ref) > groups:
                raise ValueError(f"str.replace: invalid group reference {ref}")
            out.append("${" + str(int(ref)) + "}")
            has_ref = True
        pos = m.end()
    out.append(repl[pos:])
    return "".join(out) if has_ref else None


def _str_scalar(value: str) -> plc.Scalar:
    return plc.interop.from_arrow(pa.scalar(value, type=pa.string()))


class StringMethods:
    """Vectorized string functions of a Series of strings (``s.str``)."""

    def __init__(self, series: Series) -> None:
        if series._s.column.type().id() != plc.TypeId.STRING:
            raise AttributeError(
                f"Can only use .str accessor with string values, not {series.dtype}"
            )
        self._s = series

    def _wrap(self, column: plc.Column) -> Series:
        from ferrodf.series import Series

        return Series._from_lib(self._s._s.with_column(column))

    @property
    def _col(self) -> plc.Column:
        return self._s._s.column

    def len(self) -> Series:
        return self._wrap(plc.strings.attributes.count_characters(self._col))

    def lower(self) -> Series:
        return self._wrap(plc.strings.case.to_lower(self._col))

    def upper(self) -> Series:
        return self._wrap(plc.strings.case.to_upper(self._col))

    @staticmethod
    def _literal(pat: str, regex: bool, what: str) -> str:
        if not isinstance(pat, str):
            raise TypeError(f"str.{what} takes a string pattern, got {type(pat).__name__}")
        return pat

    @staticmethod
    def _is_regex(pat: str, regex: bool) -> bool:
        """Whether ``pat`` needs a regular-expression engine (a literal one does not)."""
        return regex and bool(_REGEX_META.search(pat))

    @staticmethod
    def _program(pat: Any, case: bool | None, flags: int, what: str) -> plc.strings.RegexProgram:
        """A RegexProgram of ``pat`` (a string or a compiled ``re.Pattern``) with pandas'
        ``case`` and ``re`` flags (IGNORECASE, MULTILINE, DOTALL, ASCII; others raise)."""
        if isinstance(pat, re.Pattern):
            flags |= pat.flags & ~re.UNICODE
            pat = pat.pattern
        if not isinstance(pat, str):
            raise TypeError(f"str.{what} takes a string pattern, got {type(pat).__name__}")
        if case is False:
            flags |= re.IGNORECASE
        known = re.IGNORECASE | re.MULTILINE | re.DOTALL | re.ASCII
        if flags & ~known & ~re.UNICODE:
            raise NotImplementedError(
                f"str.{what}: flags {flags & ~known:#x} are not supported; use re.IGNORECASE, "
                "re.MULTILINE, re.DOTALL or re.ASCII"
            )
        return plc.strings.RegexProgram.create(pat, int(flags & known))

    def _fill_na(self, out: Series, na: Any) -> Series:
        return out if na is None or na is _NO_DEFAULT else out.fillna(na)

    def contains(
        self,
        pat: Any,
        case: bool = True,
        flags: int = 0,
        na: Any = _NO_DEFAULT,
        regex: bool = True,
    ) -> Series:
        """Whether each value contains ``pat``: a regular expression (Rust regex syntax,
        run as a DFA on the GPU) unless ``regex=False``."""
        if regex and (isinstance(pat, re.Pattern) or flags or self._is_regex(pat, regex)):
            prog = self._program(pat, case, flags, "contains")
            out = self._wrap(plc.strings.contains.contains_re(self._col, prog))
            return self._fill_na(out, na)
        pat = self._literal(pat, regex, "contains")
        col = self._col if case else plc.strings.case.to_lower(self._col)
        target = pat if case else pat.lower()
        return self._fill_na(self._wrap(plc.strings.find.contains(col, _str_scalar(target))), na)

    def match(self, pat: Any, case: bool = True, flags: int = 0, na: Any = _NO_DEFAULT) -> Series:
        """Whether a match of the regular expression ``pat`` starts each value."""
        prog = self._program(pat, case, flags, "match")
        return self._fill_na(self._wrap(plc.strings.contains.matches_re(self._col, prog)), na)

    def fullmatch(
        self, pat: Any, case: bool = True, flags: int = 0, na: Any = _NO_DEFAULT
    ) -> Series:
        """Whether the regular expression ``pat`` matches each whole value."""
        if isinstance(pat, re.Pattern):
            flags |= pat.flags & ~re.UNICODE
            pat = pat.pattern
        if not isinstance(pat, str):
            raise TypeError(f"str.fullmatch takes a string pattern, got {type(pat).__name__}")
        prog = self._program(f"(?:{pat})\\z", case, flags, "fullmatch")
        return self._fill_na(self._wrap(plc.strings.contains.matches_re(self._col, prog)), na)

    def count(self, pat: Any, flags: int = 0) -> Series:
        """The number of non-overlapping matches of the regular expression ``pat``."""
        prog = self._program(pat, None, flags, "count")
        return self._wrap(plc.strings.contains.count_re(self._col, prog))

    def startswith(self, pat: str) -> Series:
        return self._wrap(
            plc.strings.find.starts_with(
                self._col, _str_scalar(self._literal(pat, False, "startswith"))
            )
        )

    def endswith(self, pat: str) -> Series:
        return self._wrap(
            plc.strings.find.ends_with(
                self._col, _str_scalar(self._literal(pat, False, "endswith"))
            )
        )

    def find(self, sub: str, start: int = 0, end: int | None = None) -> Series:
        stop = -1 if end is None else end
        return self._wrap(plc.strings.find.find(self._col, _str_scalar(sub), start, stop))

    def replace(
        self,
        pat: Any,
        repl: Any,
        n: int = -1,
        case: bool | None = None,
        flags: int = 0,
        regex: bool = False,
    ) -> Series:
        """Replace occurrences of ``pat`` by ``repl`` (the first ``n`` per value when
        ``n >= 0``). With ``regex=True``, ``pat`` is a regular expression and ``repl`` may
        refer to groups as ``\\1`` or ``\\g<1>`` (that form runs on the host)."""
        if callable(repl):
            raise NotImplementedError(
                "str.replace with a callable repl is not supported: it would call Python per "
                "value; pass a string"
            )
        if not isinstance(repl, str):
            raise TypeError(f"str.replace: repl must be a string, got {type(repl).__name__}")
        if isinstance(pat, re.Pattern) and not regex:
            raise ValueError("str.replace: a compiled pattern needs regex=True")
        if not regex and (case is False or flags):
            raise ValueError("str.replace: case and flags need regex=True")
        if regex and (
            isinstance(pat, re.Pattern)
            or case is False
            or flags
            or "\\" in repl
            or self._is_regex(pat, regex)
        ):
            prog = self._program(pat, case, flags, "replace")
            if "\\" in repl:
                template = _python_template(repl, prog.groups_count())
                if template is not None:
                    from ferrodf import _lib

                    return self._wrap(
                        _lib.strings_replace_with_backrefs(self._col, prog, template, n)
                    )
                repl = _unescape(repl)
            return self._wrap(
                plc.strings.replace_re.replace_re(self._col, prog, _str_scalar(repl), n)
            )
        pat = self._literal(pat, regex, "replace")
        if pat == "":
            raise ValueError("str.replace: pat must not be empty")
        return self._wrap(
            plc.strings.replace.replace(self._col, _str_scalar(pat), _str_scalar(repl), n)
        )

    def slice(
        self, start: int | None = None, stop: int | None = None, step: int | None = None
    ) -> Series:
        return self._wrap(plc.strings.slice.slice_strings(self._col, start, stop, step))

    def __getitem__(self, key: Any) -> Series:
        if isinstance(key, slice):
            return self.slice(key.start, key.stop, key.step)
        if isinstance(key, int):
            stop = None if key == -1 else key + 1
            return self.slice(key, stop)
        raise TypeError("str[...] takes an int or a slice")

    def _strip(self, side: Any, to_strip: str | None) -> Series:
        chars = None if to_strip is None else _str_scalar(to_strip)
        return self._wrap(plc.strings.strip.strip(self._col, side, chars))

    def strip(self, to_strip: str | None = None) -> Series:
        return self._strip(plc.strings.side_type.SideType.BOTH, to_strip)

    def lstrip(self, to_strip: str | None = None) -> Series:
        return self._strip(plc.strings.side_type.SideType.LEFT, to_strip)

    def rstrip(self, to_strip: str | None = None) -> Series:
        return self._strip(plc.strings.side_type.SideType.RIGHT, to_strip)

    def split(
        self,
        pat: Any = None,
        n: int = -1,
        expand: bool = False,
        *,
        regex: bool | None = None,
    ) -> Series | DataFrame:
        """Split on ``pat`` (whitespace runs when None): a Series of lists, or with
        ``expand`` a DataFrame with one column per part. As in pandas, ``pat`` is a regular
        expression when ``regex=True``, a compiled pattern, or (``regex=None``) longer than
        one character; otherwise it is literal."""
        maxsplit = -1 if n is None or n <= 0 else n
        col = self._col
        if pat is not None and (
            isinstance(pat, re.Pattern)
            or (regex is True and self._is_regex(pat, True))
            or (regex is None and len(pat) > 1 and self._is_regex(pat, True))
        ):
            # The matches become a delimiter the values do not contain (replace_re on the
            # device), then the literal split runs on it.
            prog = self._program(pat, None, 0, "split")
            pat = self._free_delimiter()
            col = plc.strings.replace_re.replace_re(col, prog, _str_scalar(pat), maxsplit)
            maxsplit = -1
        elif pat is not None and not isinstance(pat, str):
            raise TypeError(f"str.split takes a string pattern, got {type(pat).__name__}")
        delim = _str_scalar("" if pat is None else pat)
        if not expand:
            return self._wrap(plc.strings.split.split.split_record(col, delim, maxsplit))
        from ferrodf.dataframe import DataFrame

        table = plc.strings.split.split.split(col, delim, maxsplit)
        cols = {i: c for i, c in enumerate(table.columns())}
        return DataFrame(cols, index=self._s.index)

    def _free_delimiter(self) -> str:
        """A character no value contains (checked on the column's device)."""
        for d in ("\x1f", "\x1e", "\x1d", "\x1c", "\U0010fffd", "\U0010fffe"):
            found = plc.strings.find.contains(self._col, _str_scalar(d))
            if not self._wrap(found).any():
                return d
        raise NotImplementedError(
            "str.split with a regular expression needs a separator character the values do "
            "not contain; these values contain all of U+001C..U+001F, U+10FFFD and U+10FFFE"
        )

    def cat(self, others: Any = None, sep: str | None = None, na_rep: str | None = None) -> Any:
        """Join the values into one string (``others`` None), or element-wise with
        ``others`` (a Series or a list of Series)."""
        from ferrodf.series import Series

        sep_s = _str_scalar(sep or "")
        narep = None if na_rep is None else _str_scalar(na_rep)
        if others is None:
            values = self._s.dropna() if na_rep is None else self._s.fillna(na_rep)
            return (sep or "").join(values.tolist())
        parts = [others] if isinstance(others, Series) else list(others)
        cols = [self._col] + [
            p._s.column if isinstance(p, Series) else Series(p)._s.column for p in parts
        ]
        return self._wrap(plc.strings.combine.concatenate(plc.Table(cols), sep_s, narep))


class DatetimeMethods:
    """Datetime fields and rounding of a Series of timestamps (``s.dt``)."""

    def __init__(self, series: Series) -> None:
        if not series._s.column.type().id().name.startswith("TIMESTAMP"):
            raise AttributeError(
                f"Can only use .dt accessor with datetime values, not {series.dtype}"
            )
        self._s = series

    def _field(self, name: str) -> Series:
        from ferrodf.series import Series

        return Series._from_lib(self._s._s.dt_field(name))

    def _round(self, how: str, freq: str) -> Series:
        from ferrodf.series import Series

        return Series._from_lib(self._s._s.dt_round(how, freq))

    year = property(lambda self: self._field("year"), doc="The year.")
    month = property(lambda self: self._field("month"), doc="The month, 1..12.")
    day = property(lambda self: self._field("day"), doc="The day of the month.")
    hour = property(lambda self: self._field("hour"), doc="The hour.")
    minute = property(lambda self: self._field("minute"), doc="The minute.")
    second = property(lambda self: self._field("second"), doc="The second.")
    microsecond = property(
        lambda self: self._field("microsecond"), doc="Microseconds within the second."
    )
    nanosecond = property(
        lambda self: self._field("nanosecond"), doc="Nanoseconds within the microsecond."
    )
    dayofweek = property(lambda self: self._field("dayofweek"), doc="Monday=0 .. Sunday=6.")
    weekday = day_of_week = dayofweek
    dayofyear = property(lambda self: self._field("dayofyear"), doc="The day of the year.")
    day_of_year = dayofyear
    quarter = property(lambda self: self._field("quarter"), doc="The quarter, 1..4.")

    def floor(self, freq: str) -> Series:
        return self._round("floor", freq)

    def ceil(self, freq: str) -> Series:
        return self._round("ceil", freq)

    def round(self, freq: str) -> Series:
        return self._round("round", freq)


__all__ = ["DatetimeMethods", "StringMethods", "np"]
