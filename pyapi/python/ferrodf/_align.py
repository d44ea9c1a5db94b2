"""Row-label helpers shared by the frame classes: argument conversion around the Rust
lookups (``Index::same_labels``), which run where the labels are."""

from __future__ import annotations

from typing import Any

from ferrodf import plc
from ferrodf._lazy import np, pa
from ferrodf.index import Index


def positions_column(positions: Any) -> plc.Column:
    return plc.Column.from_arrow(pa.array(np.asarray(positions, dtype=np.int64)))


def same_labels(a: Index, b: Index) -> bool:
    """pandas' ``a.equals(b)``, decided in Rust where the labels live (a device pass on the
    GPU, no host copies)."""
    return a is b or a._index.same_labels(b._index)
