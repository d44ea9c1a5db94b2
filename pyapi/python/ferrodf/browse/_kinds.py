"""What kind of values a column holds, as the browser sees them, and how its labels read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from ferrodf.series import Series


def column_kind(s: Series) -> str:
    """``"number"``, ``"bool"``, ``"string"``, ``"category"``, ``"datetime"`` or ``"other"``
    (durations, decimals, lists...), which decides the summary and the filter's literals."""
    name = str(s.dtype)
    if name == "category":
        return "category"
    if name in ("str", "string", "object"):
        return "string"
    if name.startswith("datetime64"):
        return "datetime"
    if name == "bool":
        return "bool"
    try:
        kind = np.dtype(name).kind
    except TypeError:
        return "other"
    return "number" if kind in "iuf" else "other"


def label_text(label: Any) -> str:
    """A column label as the filter box names it: MultiIndex levels joined with ``/``."""
    if isinstance(label, tuple):
        return "/".join(str(part) for part in label)
    return str(label)


def category_codes(s: Series) -> tuple[Series, list[str]]:
    """A categorical Series as its codes (an integer Series, null where ``s`` is null) and
    its categories, which are few and come to the host; the codes stay where ``s`` is.

    ferrodf's Series methods do not take dictionary columns yet (comparisons, value_counts,
    casts), so the browser works on the codes: the plc column's first child, unsliced, cut
    to the Series' rows here."""
    from ferrodf.plc import copying
    from ferrodf.series import Series

    column = s._s.column
    offset, size = column.offset(), column.size()
    (indices,) = copying.slice(column.child(0), [offset, offset + size])
    codes = Series(indices, index=s.index).mask(s.isna())
    categories = [str(v) for v in column.child(1).to_pylist()]
    return codes, categories
