"""The AttributeError for a pandas method ferrodf does not have yet: it says so, and how
to get there meanwhile (docs/frame.md lists the missing methods)."""

from __future__ import annotations

from typing import Any


def missing_attribute(obj: Any, name: str) -> AttributeError:
    if hasattr(type(obj), name):
        # a property of ours raised AttributeError (e.g. ``.str`` on numbers): surface its
        # own message; calling the descriptor directly does not come back here
        try:
            object.__getattribute__(obj, name)
        except AttributeError as e:
            return e
    import pandas as pd

    kind = type(obj).__name__
    pandas_type = getattr(pd, kind, None)
    if name.startswith("_") or pandas_type is None or not hasattr(pandas_type, name):
        return AttributeError(f"'{kind}' object has no attribute '{name}'")
    return AttributeError(
        f"'{kind}' object has no attribute '{name}': {kind}.{name} is a pandas method that "
        f"ferrodf does not have yet; meanwhile call it on a pandas copy, "
        f"obj.to_pandas().{name}(...), and convert back with ferrodf.from_pandas "
        "(docs/frame.md lists what is missing)"
    )
