"""pylibcudf's ``labeling`` module: ``label_bins`` and ``Inclusive``.

Bin ``k`` runs from ``left_edges[k]`` to ``right_edges[k]``; ``Inclusive.YES`` closes an
end. The edges must be sorted and the bins must not overlap (as in libcudf, not checked).
Rows in no bin, NaN and null rows get a null label. As in pylibcudf the inclusivity
arguments are ``Inclusive`` members: a plain ``True`` is ``1``, which is ``Inclusive.NO``.
"""

from __future__ import annotations

from ferrodf._lib.labeling import label_bins
from ferrodf.plc._enums import rust_enum

Inclusive = rust_enum("Inclusive", __name__)

__all__ = ["Inclusive", "label_bins"]
