"""``Series.str``, ``Series.dt`` and ``Series.cat``: pandas' string, datetime and
categorical accessors on the core's kernels (host and device paths)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ferrodf import _lib
from ferrodf._lazy import pd
from ferrodf._missing import missing_getattr

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

_NO_DEFAULT = object()


def _pattern(pat: Any, flags: int, what: str) -> tuple[str, int]:
    """A pattern string and its ``re`` flags from a string or a compiled ``re.Pattern``."""
    if isinstance(pat, re.Pattern):
        return pat.pattern, flags | (pat.flags & ~re.UNICODE)
    if not isinstance(pat, str):
        raise TypeError(f"str.{what} takes a string pattern, got {type(pat).__name__}")
    return pat, flags


def _na(na: Any) -> bool | None:
    """pandas' ``na=``: a bool fills missing results, NaN keeps them; pandas 3's default
    for its ``str`` dtype is False (a missing value matches nothing)."""
    if na is _NO_DEFAULT:
        return False
    return bool(na) if isinstance(na, bool | np.bool_) else None


class StringMethods:
    """Vectorized string functions of a Series of strings (``s.str``); Rust:
    ``ferrodf::accessors::StringMethods``."""

    def __init__(self, series: Series) -> None:
        try:
            series._s.str_check()
        except TypeError as e:
            raise AttributeError(str(e)) from None
        self._s = series

    __getattr__ = missing_getattr

    def _wrap(self, out: Any) -> Any:
        from ferrodf.dataframe import DataFrame
        from ferrodf.series import Series

        if isinstance(out, _lib.DataFrame):
            return DataFrame._from_lib(out)
        return Series._from_lib(out)

    def len(self) -> Series:
        return self._wrap(self._s._s.str_unary("len"))

    def lower(self) -> Series:
        return self._wrap(self._s._s.str_unary("lower"))

    def upper(self) -> Series:
        return self._wrap(self._s._s.str_unary("upper"))

    def _match(self, how: str, pat: Any, case: Any, flags: int, na: Any, regex: bool) -> Series:
        if regex or isinstance(pat, re.Pattern):
            pat, flags = _pattern(pat, flags, how)
        elif not isinstance(pat, str):
            raise TypeError(f"str.{how} takes a string pattern, got {type(pat).__name__}")
        case = True if case is None else bool(case)
        return self._wrap(self._s._s.str_match(how, pat, case, flags, _na(na), regex))

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
        return self._match("contains", pat, case, flags, na, regex)

    def match(self, pat: Any, case: bool = True, flags: int = 0, na: Any = _NO_DEFAULT) -> Series:
        """Whether a match of the regular expression ``pat`` starts each value."""
        return self._match("match", pat, case, flags, na, True)

    def fullmatch(
        self, pat: Any, case: bool = True, flags: int = 0, na: Any = _NO_DEFAULT
    ) -> Series:
        """Whether the regular expression ``pat`` matches each whole value."""
        return self._match("fullmatch", pat, case, flags, na, True)

    def count(self, pat: Any, flags: int = 0) -> Series:
        """The number of non-overlapping matches of the regular expression ``pat``."""
        pat, flags = _pattern(pat, flags, "count")
        return self._wrap(self._s._s.str_count(pat, flags))

    def startswith(self, pat: str, na: Any = _NO_DEFAULT) -> Series:
        if not isinstance(pat, str):
            raise TypeError(f"str.startswith takes a string pattern, got {type(pat).__name__}")
        return self._wrap(self._s._s.str_affix(pat, False, _na(na)))

    def endswith(self, pat: str, na: Any = _NO_DEFAULT) -> Series:
        if not isinstance(pat, str):
            raise TypeError(f"str.endswith takes a string pattern, got {type(pat).__name__}")
        return self._wrap(self._s._s.str_affix(pat, True, _na(na)))

    def find(self, sub: str, start: int = 0, end: int | None = None) -> Series:
        if not isinstance(sub, str):
            raise TypeError(f"str.find takes a string, got {type(sub).__name__}")
        return self._wrap(self._s._s.str_find(sub, start, end))

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
        pat, flags = _pattern(pat, flags, "replace")
        case = True if case is None else bool(case)
        return self._wrap(self._s._s.str_replace(pat, repl, n, case, flags, regex))

    def slice(
        self, start: int | None = None, stop: int | None = None, step: int | None = None
    ) -> Series:
        return self._wrap(self._s._s.str_slice(start, stop, step))

    def get(self, i: int) -> Series:
        """The character at position ``i`` of each value (missing when out of range)."""
        return self._wrap(self._s._s.str_get(i))

    def __getitem__(self, key: Any) -> Series:
        if isinstance(key, slice):
            return self.slice(key.start, key.stop, key.step)
        if isinstance(key, int):
            return self.get(key)
        raise TypeError("str[...] takes an int or a slice")

    def strip(self, to_strip: str | None = None) -> Series:
        return self._wrap(self._s._s.str_strip("both", to_strip))

    def lstrip(self, to_strip: str | None = None) -> Series:
        return self._wrap(self._s._s.str_strip("left", to_strip))

    def rstrip(self, to_strip: str | None = None) -> Series:
        return self._wrap(self._s._s.str_strip("right", to_strip))

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
        if isinstance(pat, re.Pattern):
            pat, regex = pat.pattern, True
        elif pat is not None and not isinstance(pat, str):
            raise TypeError(f"str.split takes a string pattern, got {type(pat).__name__}")
        n = -1 if n is None else n
        return self._wrap(self._s._s.str_split(pat, n, regex, expand))

    def extract(self, pat: Any, flags: int = 0, expand: bool = True) -> DataFrame | Series:
        """The capture groups of each value's first match of ``pat``: a DataFrame with a
        column per group (named after the group, else numbered), or with ``expand=False``
        and one group a Series; missing where a value does not match."""
        pat, flags = _pattern(pat, flags, "extract")
        return self._wrap(self._s._s.str_extract(pat, flags, bool(expand)))

    def findall(self, pat: Any, flags: int = 0) -> Series:
        """A Series of lists of every non-overlapping match of ``pat`` in each value."""
        pat, flags = _pattern(pat, flags, "findall")
        return self._wrap(self._s._s.str_findall(pat, flags))

    def cat(self, others: Any = None, sep: str | None = None, na_rep: str | None = None) -> Any:
        """Join the values into one string (``others`` None), or element-wise with
        ``others`` (a Series or a list of Series)."""
        from ferrodf.series import Series

        if others is None:
            return self._s._s.str_cat_all(sep or "", na_rep)
        parts = [others] if isinstance(others, Series) else list(others)
        libs = [(p if isinstance(p, Series) else Series(p))._s for p in parts]
        return self._wrap(self._s._s.str_cat(libs, sep or "", na_rep))


class DatetimeMethods:
    """Datetime fields and rounding of a Series of timestamps (``s.dt``)."""

    def __init__(self, series: Series) -> None:
        if not series._s.column.type().id().name.startswith("TIMESTAMP"):
            raise AttributeError(
                f"Can only use .dt accessor with datetime values, not {series.dtype}"
            )
        self._s = series

    __getattr__ = missing_getattr

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
    is_leap_year = property(
        lambda self: self._field("is_leap_year"), doc="Whether the year is a leap year."
    )
    days_in_month = property(
        lambda self: self._field("days_in_month"), doc="The number of days in the month."
    )
    daysinmonth = days_in_month

    def floor(self, freq: str) -> Series:
        return self._round("floor", freq)

    def ceil(self, freq: str) -> Series:
        return self._round("ceil", freq)

    def round(self, freq: str) -> Series:
        return self._round("round", freq)


def _categories(values: Any, what: str) -> Any:
    """A list-like of categories as a column (a scalar is one category, as in pandas)."""
    from ferrodf.core.column.column import to_plc_column

    if values is None or isinstance(values, dict):
        raise TypeError(f"cat.{what} takes a list-like of categories, got {type(values).__name__}")
    if isinstance(values, str) or not np.iterable(values):
        values = [values]
    return to_plc_column(values)


class CategoricalMethods:
    """Codes, categories and category changes of a categorical Series (``s.cat``); Rust:
    ``ferrodf::accessors::CategoricalMethods``. ferrodf's categoricals are unordered
    (``ordered=True`` raises NotImplementedError)."""

    def __init__(self, series: Series) -> None:
        try:
            series._s.cat_check()
        except TypeError:
            raise AttributeError("Can only use .cat accessor with a 'category' dtype") from None
        self._s = series

    __getattr__ = missing_getattr

    def _wrap(self, out: Any) -> Series:
        from ferrodf.series import Series

        return Series._from_lib(out)

    @property
    def codes(self) -> Series:
        """The category position of each value, -1 where missing."""
        return self._wrap(self._s._s.cat_codes())

    @property
    def categories(self) -> Any:
        """The categories, as an Index."""
        from ferrodf.index import Index

        return Index._from_lib(self._s._s.cat_categories())

    @property
    def ordered(self) -> bool:
        return self._s._s.cat_ordered()

    def as_ordered(self) -> Series:
        return self._wrap(self._s._s.cat_as_ordered(True))

    def as_unordered(self) -> Series:
        return self._wrap(self._s._s.cat_as_ordered(False))

    def add_categories(self, new_categories: Any) -> Series:
        return self._wrap(self._s._s.cat_add(_categories(new_categories, "add_categories")))

    def remove_categories(self, removals: Any) -> Series:
        return self._wrap(self._s._s.cat_remove(_categories(removals, "remove_categories")))

    def remove_unused_categories(self) -> Series:
        return self._wrap(self._s._s.cat_remove_unused())

    def rename_categories(self, new_categories: Any) -> Series:
        """New names by position (a list-like), by old name (a dict: the others keep
        theirs) or from a function of each category."""
        what = "rename_categories"
        if isinstance(new_categories, dict):
            if not new_categories:
                return self._s.copy() if hasattr(self._s, "copy") else self._s
            old = _categories(list(new_categories), what)
            new = _categories(list(new_categories.values()), what)
            return self._wrap(self._s._s.cat_rename(new, old))
        if callable(new_categories):  # a Python function: called on each category here
            names = [new_categories(c) for c in self.categories.to_pandas()]
            return self._wrap(self._s._s.cat_rename(_categories(names, what)))
        if pd.api.types.is_scalar(new_categories):
            raise TypeError(
                "rename_categories takes a list-like, a dict or a function, "
                f"got {type(new_categories).__name__}"
            )
        return self._wrap(self._s._s.cat_rename(_categories(new_categories, what)))

    def reorder_categories(self, new_categories: Any, ordered: bool | None = None) -> Series:
        new = _categories(new_categories, "reorder_categories")
        return self._wrap(self._s._s.cat_reorder(new, ordered))

    def set_categories(
        self, new_categories: Any, ordered: bool | None = None, rename: bool = False
    ) -> Series:
        new = _categories(new_categories, "set_categories")
        return self._wrap(self._s._s.cat_set(new, ordered, bool(rename)))


__all__ = ["CategoricalMethods", "DatetimeMethods", "StringMethods", "np"]
