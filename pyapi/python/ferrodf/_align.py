"""Row-label helpers for ``.loc``: argument conversion around the Rust lookups
(``Index::get_loc``, ``get_indexer``, ``slice_positions``, ``same_labels``), which run
where the labels are."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa

from ferrodf import plc
from ferrodf._pandas import pd
from ferrodf.core.column.column import to_plc_column
from ferrodf.index import Index


def positions_column(positions: Any) -> plc.Column:
    return plc.Column.from_arrow(pa.array(np.asarray(positions, dtype=np.int64)))


def same_labels(a: Index, b: Index) -> bool:
    """pandas' ``a.equals(b)``, decided in Rust where the labels live (a device pass on the
    GPU, no host copies)."""
    return a is b or a._index.same_labels(b._index)


def label_positions(index: Index, key: Any) -> Any:
    """Positions for a ``.loc`` row key: a slice, a bool array, a plc column of positions
    or an int (found in Rust, where the labels are: ``Index::get_loc``, ``get_indexer``,
    ``slice_positions``). Missing labels raise KeyError."""
    if isinstance(key, slice):
        if key.start is None and key.stop is None:
            return slice(None, None, key.step)
        start, stop = index._index.slice_positions(key.start, key.stop)
        return slice(start, stop, key.step)
    if isinstance(key, list | np.ndarray | pd.Index | pd.Series) or hasattr(key, "to_pandas"):
        labels = key.to_pandas() if hasattr(key, "to_pandas") else key
        labels = list(labels) if not isinstance(labels, np.ndarray) else labels
        if len(labels) and all(isinstance(v, bool | np.bool_) for v in labels):
            return np.asarray(labels, dtype=bool)
        if len(labels) == 0:
            return positions_column([])
        try:
            if index.nlevels > 1:
                if not all(isinstance(k, tuple) and len(k) == index.nlevels for k in labels):
                    raise KeyError(f"give one {index.nlevels}-tuple per MultiIndex row key")
                wanted = [to_plc_column(list(level)) for level in zip(*labels, strict=True)]
            else:
                wanted = [to_plc_column(labels)]
        except (pa.ArrowTypeError, pa.ArrowInvalid):
            # labels of mixed types: not all of them can be labels of this index
            raise KeyError(f"labels {list(labels)[:5]} not found in the index") from None
        return index._index.get_indexer(wanted)
    try:
        if isinstance(key, tuple) and index.nlevels > 1:
            return index._index.get_loc_levels(list(key))
        return index._index.get_loc(key)
    except TypeError:
        raise KeyError(f"{key!r} not found in the index") from None
