"""pylibcudf's ``stream_compaction`` module.

``unique_count`` and ``distinct_count`` are also here, where pylibcudf 24.x-25.x had
them; newer pylibcudf moved them to ``reduce``, which exports them too.
"""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import (
    apply_boolean_mask,
    distinct,
    distinct_count,
    distinct_indices,
    drop_nans,
    drop_nulls,
    stable_distinct,
    unique,
    unique_count,
)


class DuplicateKeepOption(IntEnum):
    """Which row of a group of duplicates to keep (KEEP_ANY keeps the first)."""

    KEEP_ANY = 0
    KEEP_FIRST = 1
    KEEP_LAST = 2
    KEEP_NONE = 3


__all__ = [
    "DuplicateKeepOption",
    "apply_boolean_mask",
    "distinct",
    "distinct_count",
    "distinct_indices",
    "drop_nans",
    "drop_nulls",
    "stable_distinct",
    "unique",
    "unique_count",
]
