"""``Series.str`` and ``Series.dt``: pandas' string and datetime accessors on the
``plc.strings`` and ``plc.datetime`` kernels (host and device paths)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ferrodf import plc

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

_REGEX_META = re.compile(r"[.^$*+?{}\[\]\\|()]")


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

    def _on_host(self, what: str, compute: Any) -> Series:
        """Regular expressions have no GPU path: ``compute`` runs on the values on the host
        (pyarrow's RE2 engine), as a host fallback (an error in ``gpu`` mode, counted and
        warned once in ``auto`` mode)."""
        from ferrodf import _lib

        _lib.host_fallback(f"str.{what}", "regular expressions")
        try:
            out = compute(self._col.to_arrow())
        except pa.ArrowInvalid as e:
            raise ValueError(
                f"str.{what}: the pattern is not a regular expression RE2 accepts "
                f"(no lookaround or backreferences in patterns): {e}"
            ) from None
        return self._wrap(plc.Column.from_arrow(out))

    def contains(self, pat: str, case: bool = True, regex: bool = True) -> Series:
        pat = self._literal(pat, regex, "contains")
        if self._is_regex(pat, regex):
            return self._on_host(
                "contains",
                lambda arr: pc.match_substring_regex(arr, pat, ignore_case=not case),
            )
        col = self._col if case else plc.strings.case.to_lower(self._col)
        target = pat if case else pat.lower()
        return self._wrap(plc.strings.find.contains(col, _str_scalar(target)))

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

    def replace(self, pat: str, repl: str, n: int = -1, regex: bool = False) -> Series:
        pat = self._literal(pat, regex, "replace")
        if self._is_regex(pat, regex):
            limit = None if n < 0 else n
            return self._on_host(
                "replace",
                lambda arr: pc.replace_substring_regex(
                    arr, pattern=pat, replacement=repl, max_replacements=limit
                ),
            )
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
        self, pat: str | None = None, n: int = -1, expand: bool = False
    ) -> Series | DataFrame:
        """Split on a literal ``pat`` (whitespace when None): a Series of lists, or with
        ``expand`` a DataFrame with one column per part."""
        delim = _str_scalar("" if pat is None else pat)
        maxsplit = -1 if n is None or n <= 0 else n
        if not expand:
            return self._wrap(plc.strings.split.split.split_record(self._col, delim, maxsplit))
        from ferrodf.dataframe import DataFrame

        table = plc.strings.split.split.split(self._col, delim, maxsplit)
        cols = {i: c for i, c in enumerate(table.columns())}
        return DataFrame(cols, index=self._s.index)

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


_COMPONENTS = {
    "year": "YEAR",
    "month": "MONTH",
    "day": "DAY",
    "hour": "HOUR",
    "minute": "MINUTE",
    "second": "SECOND",
    "nanosecond": "NANOSECOND",
}
_FREQ = {
    "D": "DAY",
    "d": "DAY",
    "h": "HOUR",
    "H": "HOUR",
    "min": "MINUTE",
    "T": "MINUTE",
    "s": "SECOND",
    "S": "SECOND",
    "ms": "MILLISECOND",
    "L": "MILLISECOND",
    "us": "MICROSECOND",
    "U": "MICROSECOND",
    "ns": "NANOSECOND",
    "N": "NANOSECOND",
}


class DatetimeMethods:
    """Datetime fields and rounding of a Series of timestamps (``s.dt``)."""

    def __init__(self, series: Series) -> None:
        if not series._s.column.type().id().name.startswith("TIMESTAMP"):
            raise AttributeError(
                f"Can only use .dt accessor with datetime values, not {series.dtype}"
            )
        self._s = series

    def _wrap(self, column: plc.Column) -> Series:
        from ferrodf.series import Series

        return Series._from_lib(self._s._s.with_column(column))

    def _component(self, name: str) -> plc.Column:
        comp = getattr(plc.datetime.DatetimeComponent, name)
        return plc.datetime.extract_datetime_component(self._s._s.column, comp)

    def __getattr__(self, name: str) -> Series:
        if name in _COMPONENTS:
            return self._wrap(self._component(_COMPONENTS[name]))
        raise AttributeError(f"'DatetimeMethods' has no attribute {name!r}")

    @property
    def microsecond(self) -> Series:
        """Microseconds within the second (0..999999), as pandas counts them."""
        from ferrodf import _ops

        # the components are INT16 (libcudf); widen before scaling so 999 * 1000 fits
        int32 = plc.DataType(plc.TypeId.INT32)
        ms = plc.unary.cast(self._component("MILLISECOND"), int32)
        us = plc.unary.cast(self._component("MICROSECOND"), int32)
        total = _ops.binary(_ops.binary(ms, 1000, "mul"), us, "add")
        return self._wrap(total)

    @property
    def dayofweek(self) -> Series:
        """Monday=0 .. Sunday=6 (pandas); libcudf counts Monday=1 .. Sunday=7."""
        from ferrodf import _ops

        return self._wrap(_ops.binary(self._component("WEEKDAY"), 1, "sub"))

    weekday = dayofweek
    day_of_week = dayofweek

    @property
    def dayofyear(self) -> Series:
        return self._wrap(plc.datetime.day_of_year(self._s._s.column))

    day_of_year = dayofyear

    def _round(self, fn: Any, freq: str) -> Series:
        try:
            f = getattr(plc.datetime.RoundingFrequency, _FREQ[freq])
        except KeyError:
            raise ValueError(
                f"unsupported frequency {freq!r}; use one of {', '.join(_FREQ)}"
            ) from None
        return self._wrap(fn(self._s._s.column, f))

    def floor(self, freq: str) -> Series:
        return self._round(plc.datetime.floor_datetimes, freq)

    def ceil(self, freq: str) -> Series:
        return self._round(plc.datetime.ceil_datetimes, freq)

    def round(self, freq: str) -> Series:
        return self._round(plc.datetime.round_datetimes, freq)


__all__ = ["DatetimeMethods", "StringMethods", "np"]
