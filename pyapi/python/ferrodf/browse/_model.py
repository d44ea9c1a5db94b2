"""The browser's state without any widget: the frame, its current filter and sort, the rows
of a page and the column summaries. The widget (``_widget.py``) only relays messages to it,
so everything here is tested without a browser.

The frame is never copied whole: a page is ``view.iloc[positions]`` (rows start to stop)
moved to the host and turned into text; sorting and filtering make a new view with
ferrodf's ``sort_values`` and Series comparisons, where the frame lives.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ferrodf._lazy import pd
from ferrodf.browse import _filter
from ferrodf.browse._summary import summarize

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame

MAX_PAGE = 1000
"""The most rows one request may ask for: a page is what a screen shows, not the frame."""
MAX_CELL = 10_000
"""Characters of a cell value sent to the browser (its hover text shows them all)."""
SORT_CYCLE = {None: "ascending", "ascending": "descending", "descending": None}


def _cell(value: Any) -> str | None:
    """A cell as text, ``None`` for a missing value."""
    if value is None or value is pd.NaT:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, pd.Timestamp):
        return str(value)
    if isinstance(value, float):
        from ferrodf.options import get_option

        text = f"{value:.{get_option('display.precision')}g}"
        return text if any(c in text for c in ".ein") else text + ".0"
    text = str(value)
    return text if len(text) <= MAX_CELL else text[:MAX_CELL] + "..."


def _location(html: str) -> str:
    """The static table's last line ("data in GPU memory, 7.6 MiB"), which says where the
    frame lives and how large it is."""
    m = re.search(r'<p class="ferrodf-location">(.*?)</p>', html, re.S)
    import html as _html

    return _html.unescape(m.group(1)) if m else ""


class Browser:
    """One frame being browsed: ``page``, ``sort`` and ``set_filter`` answer the widget's
    requests; ``pages_sent`` records each page's (start, stop) so that tests can check that
    only pages left the frame."""

    def __init__(self, frame: DataFrame) -> None:
        self.frame = frame
        self.filter_text = ""
        self.filter_error = ""
        self.sort_column: int | None = None
        self.sort_order: str | None = None
        self.pages_sent: list[tuple[int, int]] = []
        self._filtered = frame
        self._view = frame
        self._summaries: dict[str, list[dict[str, Any]]] = {}
        self._static_html: str | None = None

    # -- what the header shows -------------------------------------------------------
    @property
    def n_rows(self) -> int:
        return len(self._view)

    @property
    def total_rows(self) -> int:
        return len(self.frame)

    def columns(self) -> list[list[str]]:
        """Each column's label as a list of levels (one level unless MultiIndex)."""
        return [
            [str(p) for p in label] if isinstance(label, tuple) else [str(label)]
            for label in self.frame.columns
        ]

    def index_names(self) -> list[str]:
        return ["" if n is None else str(n) for n in self.frame.index.names]

    def static_html(self) -> str:
        """The static table, shown where widgets are unavailable (nbconvert, GitHub)."""
        if self._static_html is None:
            self._static_html = self.frame._repr_html_()
        return self._static_html

    def location(self) -> str:
        return _location(self.static_html())

    def summaries(self) -> list[dict[str, Any]]:
        """Per-column summaries of the filtered rows, computed once per filter."""
        key = self.filter_text
        if key not in self._summaries:
            view = self._filtered
            self._summaries[key] = [summarize(view[label]) for label in view.columns]
        return self._summaries[key]

    # -- requests --------------------------------------------------------------------
    def page(self, start: int, stop: int) -> dict[str, Any]:
        """Rows [start, stop) of the current view, clipped to its length, as text:
        ``index`` (a list of levels per row), ``rows`` (a list of cells per row, ``None``
        for missing values)."""
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise ValueError(f"a page starts at a row number >= 0, got {start!r}")
        if isinstance(stop, bool) or not isinstance(stop, int) or stop < start:
            raise ValueError(f"a page stops at a row number >= its start {start}, got {stop!r}")
        if stop - start > MAX_PAGE:
            raise ValueError(f"a page holds at most {MAX_PAGE} rows, asked for {stop - start}")
        n = self.n_rows
        start, stop = min(start, n), min(stop, n)
        rows: list[list[str | None]] = []
        index: list[list[str | None]] = []
        if stop > start:
            # positions, not a slice: a gather makes a page-sized copy where the frame
            # lives, while a slice of a GPU column shares its buffers and moving the slice
            # to the host copies the whole buffers (30 MB for a 10^6-row, 3-column page)
            part = self._view.iloc[np.arange(start, stop)].to_pandas()
            self.pages_sent.append((start, stop))
            rows = [[_cell(v) for v in row] for row in part.itertuples(index=False, name=None)]
            labels = [lab if isinstance(lab, tuple) else (lab,) for lab in part.index.tolist()]
            index = [[_cell(v) for v in lab] for lab in labels]
        return {"start": start, "stop": stop, "index": index, "rows": rows}

    def sort(self, column: int | None, order: str | None = None) -> None:
        """Sort by column number ``column``: ``order`` "ascending", "descending" or None
        (the frame's order); with ``order`` left out, a click's cycle: off -> ascending ->
        descending -> off."""
        if column is not None and not 0 <= column < self.frame.shape[1]:
            raise ValueError(f"no column number {column}; the frame has {self.frame.shape[1]}")
        if order is None and column is not None:
            current = self.sort_order if column == self.sort_column else None
            order = SORT_CYCLE[current]
        if order not in ("ascending", "descending", None):
            raise ValueError(f"order is 'ascending', 'descending' or None, got {order!r}")
        self.sort_column, self.sort_order = (None, None) if order is None else (column, order)
        self._rebuild()

    def set_filter(self, text: str) -> None:
        """Keep the rows where ``text`` holds (see :mod:`ferrodf.browse._filter`). A bad
        expression leaves the rows as they were and sets ``filter_error``."""
        try:
            filtered = _filter.apply(self.frame, text)
        except _filter.FilterError as e:
            self.filter_error = str(e)
            return
        self.filter_text, self.filter_error = text.strip(), ""
        self._filtered = filtered
        self._rebuild()

    def _rebuild(self) -> None:
        view = self._filtered
        if self.sort_column is not None:
            label = self.frame.columns[self.sort_column]
            view = view.sort_values(
                label, ascending=self.sort_order == "ascending", na_position="last"
            )
        self._view = view
