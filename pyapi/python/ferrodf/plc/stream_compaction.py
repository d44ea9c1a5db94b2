"""pylibcudf's ``stream_compaction`` module.

``unique_count`` and ``distinct_count`` are also here, where pylibcudf 24.x-25.x had
them; newer pylibcudf moved them to ``reduce``, which exports them too.
"""

from __future__ import annotations

from ferrodf._lib.stream_compaction import (
    apply_boolean_mask,
    apply_deletion_mask,
    apply_retention_mask,
    distinct,
    distinct_count,
    distinct_indices,
    drop_nans,
    drop_nulls,
    filter,
    stable_distinct,
    unique,
    unique_count,
)
from ferrodf.plc._enums import rust_enum

DuplicateKeepOption = rust_enum("DuplicateKeepOption", __name__)


__all__ = [
    "DuplicateKeepOption",
    "apply_boolean_mask",
    "apply_deletion_mask",
    "apply_retention_mask",
    "distinct",
    "distinct_count",
    "distinct_indices",
    "drop_nans",
    "drop_nulls",
    "filter",
    "stable_distinct",
    "unique",
    "unique_count",
]
