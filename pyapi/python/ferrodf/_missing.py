"""The AttributeError for a pandas member ferrodf does not have yet: it says so, how to get
there meanwhile (through a pandas copy), and where the missing members are listed
(docs/migration.md, whose coverage table scripts/pandas_coverage.py generates)."""

from __future__ import annotations

from typing import Any

#: where the error sends the reader: the migration page lists every missing member
MIGRATION_PAGE = "docs/migration.md"


def pandas_counterparts() -> dict[str, tuple[type, str]]:
    """ferrodf class name -> (the pandas class it mirrors, the expression that reaches
    that pandas object from a ferrodf one). Shared with scripts/pandas_coverage.py so that
    the error and the coverage table agree on what "a pandas member" is."""
    import pandas as pd
    from pandas.core.groupby import DataFrameGroupBy
    from pandas.core.indexes.accessors import DatetimeProperties
    from pandas.core.strings.accessor import StringMethods

    return {
        "DataFrame": (pd.DataFrame, "df.to_pandas()"),
        "Series": (pd.Series, "s.to_pandas()"),
        "Index": (pd.Index, "idx.to_pandas()"),
        "RangeIndex": (pd.RangeIndex, "idx.to_pandas()"),
        "MultiIndex": (pd.MultiIndex, "idx.to_pandas()"),
        "GroupBy": (DataFrameGroupBy, "df.to_pandas().groupby(...)"),
        "StringMethods": (StringMethods, "s.to_pandas().str"),
        "DatetimeMethods": (DatetimeProperties, "s.to_pandas().dt"),
    }


def missing_attribute(obj: Any, name: str) -> AttributeError:
    if hasattr(type(obj), name):
        # a property of ours raised AttributeError (e.g. ``.str`` on numbers): surface its
        # own message; calling the descriptor directly does not come back here
        try:
            object.__getattribute__(obj, name)
        except AttributeError as e:
            return e
    kind = type(obj).__name__
    pandas_type, reach = pandas_counterparts().get(kind, (None, ""))
    if name.startswith("_") or pandas_type is None or not hasattr(pandas_type, name):
        return AttributeError(f"'{kind}' object has no attribute '{name}'")
    method = callable(getattr(pandas_type, name, None))
    call, what = ("(...)", "method") if method else ("", "attribute")
    return AttributeError(
        f"'{kind}' object has no attribute '{name}': {kind}.{name} is a pandas {what} that "
        f"ferrodf does not have yet; meanwhile use a pandas copy, {reach}.{name}{call}, "
        f"and convert a result back with ferrodf.from_pandas ({MIGRATION_PAGE} lists what is "
        "missing and the ways around it)"
    )


def missing_getattr(obj: Any, name: str) -> Any:
    """``__getattr__`` of the classes that mirror a pandas class: Python calls it only for
    names the class lacks, so it always raises, with the hint above."""
    raise missing_attribute(obj, name)
