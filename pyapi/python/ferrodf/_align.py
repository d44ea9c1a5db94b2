"""Row-label helpers: index alignment and label lookups.

Label lookups (``.loc`` with labels of a non-range index, aligning two different
indexes) read the index labels on the host through pandas; the data columns themselves
are gathered on the device with the positions found. A RangeIndex is resolved
arithmetically without reading anything.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from ferrodf import plc
from ferrodf.index import Index, RangeIndex


def positions_column(positions: Any) -> plc.Column:
    return plc.Column.from_arrow(pa.array(np.asarray(positions, dtype=np.int64)))


def gather(columns: list[plc.Column], positions: np.ndarray) -> list[plc.Column]:
    """The rows at ``positions`` of every column; -1 gives a null row."""
    if not columns:
        return []
    table = plc.Table(columns)
    n = table.num_rows()
    positions = np.where(positions < 0, n, positions)  # n is out of range -> null
    out = plc.copying.gather(
        table, positions_column(positions), plc.copying.OutOfBoundsPolicy.NULLIFY
    )
    return out.columns()


def same_labels(a: Index, b: Index) -> bool:
    if a is b:
        return True
    if isinstance(a, RangeIndex) and isinstance(b, RangeIndex):
        return (a.start, a.stop, a.step, len(a)) == (b.start, b.stop, b.step, len(b)) or (
            len(a) == 0 and len(b) == 0
        )
    if len(a) != len(b):
        return False
    # Decided where the labels live (a device pass on the GPU), not by host copies.
    same = a._index.same_labels(b._index)
    return a.to_pandas().equals(b.to_pandas()) if same is None else same


def label_positions(index: Index, key: Any) -> Any:
    """Positions for a ``.loc`` row key: an int, a slice, a bool array or an int array.
    Missing labels raise KeyError."""
    if isinstance(key, slice):
        if key.start is None and key.stop is None:
            return slice(None, None, key.step)
        return index.to_pandas().slice_indexer(key.start, key.stop, key.step)
    if isinstance(key, list | np.ndarray | pd.Index | pd.Series) or hasattr(key, "to_pandas"):
        labels = key.to_pandas() if hasattr(key, "to_pandas") else key
        labels = list(labels) if not isinstance(labels, np.ndarray) else labels
        if len(labels) and all(isinstance(v, bool | np.bool_) for v in labels):
            return np.asarray(labels, dtype=bool)
        pidx = index.to_pandas()
        found = pidx.get_indexer_for(labels)
        if (found < 0).any():
            missing = [labels[i] for i in np.flatnonzero(found < 0)][:5]
            raise KeyError(f"labels {missing} not found in the index")
        return found
    pidx = index.to_pandas()
    try:
        loc = pidx.get_loc(key)
    except KeyError:
        raise KeyError(f"{key!r} not found in the index") from None
    except TypeError:
        raise KeyError(f"{key!r} not found in the index") from None
    return loc
