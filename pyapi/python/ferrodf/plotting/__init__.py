"""Plots of ferrodf data through pandas' plotting API (matplotlib), computing first.

``Series.plot`` / ``DataFrame.plot`` (a :class:`PlotAccessor`, called or with
``.line/.bar/.barh/.hist/.box/.kde/.density/.area/.pie/.scatter/.hexbin``) and
``Series.hist`` / ``DataFrame.hist`` take pandas' arguments and return what pandas returns.
What can be computed first is computed by ferrodf where the data lives (on the GPU when it
is there) and only the results move to the host: histogram counts, box statistics. Frames
up to ``plotting.row_limit`` rows plot through pandas as they are; longer ones plot an
evenly spaced or random view of that many rows, and the title says so. See
docs/display.md.

matplotlib is imported when a plot is drawn, so ``import ferrodf`` does not need it.
"""

from __future__ import annotations

from typing import Any

from ferrodf.plotting._accessor import PlotAccessor
from ferrodf.plotting._hist import hist_frame, hist_series

__all__ = ["PlotAccessor", "attach", "hist_frame", "hist_series"]


def attach(series_cls: type, frame_cls: type) -> None:
    """Give ``Series`` and ``DataFrame`` their ``plot`` property and ``hist`` method."""

    def plot(self: Any) -> PlotAccessor:
        """pandas' plotting API (``s.plot()``, ``df.plot.scatter(x, y)``, ...)."""
        return PlotAccessor(self)

    for cls, hist in ((series_cls, hist_series), (frame_cls, hist_frame)):
        cls.plot = property(plot)  # type: ignore[attr-defined]
        cls.hist = hist  # type: ignore[attr-defined]
