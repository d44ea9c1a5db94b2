"""The anywidget that shows a :class:`~ferrodf.browse._model.Browser` in a notebook.

The browser-side code (``widget.js``) asks for rows with custom messages
``{"type": "page", "start", "stop", "request"}`` and sends ``{"type": "sort", "column"}``
and ``{"type": "filter", "text"}``; Python answers a page with that page's rows only and
publishes the rest of the state (row count, sort, filter error, summaries) as traitlets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ferrodf.browse._model import MAX_PAGE, Browser

_HERE = Path(__file__).parent


class BrowseWidget(anywidget.AnyWidget):
    """A scrollable, sortable, filterable view of a ferrodf frame (see :func:`browse`)."""

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"

    columns = traitlets.List().tag(sync=True)
    index_names = traitlets.List().tag(sync=True)
    summaries = traitlets.List().tag(sync=True)
    n_rows = traitlets.Int(0).tag(sync=True)
    total_rows = traitlets.Int(0).tag(sync=True)
    location = traitlets.Unicode("").tag(sync=True)
    sort_column = traitlets.Int(-1).tag(sync=True)
    sort_order = traitlets.Unicode("").tag(sync=True)
    filter_text = traitlets.Unicode("").tag(sync=True)
    filter_error = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    page_size = traitlets.Int(100).tag(sync=True)
    height = traitlets.Int(420).tag(sync=True)

    def __init__(self, model: Browser, page_size: int = 100, height: int = 420) -> None:
        if not 1 <= page_size <= MAX_PAGE:
            raise ValueError(f"page_size is 1 to {MAX_PAGE} rows, got {page_size}")
        self.browser = model
        super().__init__(
            columns=model.columns(),
            index_names=model.index_names(),
            total_rows=model.total_rows,
            location=model.location(),
            page_size=page_size,
            height=height,
        )
        self._publish()
        self.on_msg(self._on_message)

    def _publish(self) -> None:
        """Send the state that follows a sort or a filter; ``version`` tells the browser to
        forget the pages it holds."""
        m = self.browser
        with self.hold_sync():
            self.n_rows = m.n_rows
            self.sort_column = -1 if m.sort_column is None else m.sort_column
            self.sort_order = m.sort_order or ""
            self.filter_text = m.filter_text
            self.filter_error = m.filter_error
            self.summaries = m.summaries()
            self.version += 1

    def handle(self, content: dict[str, Any]) -> dict[str, Any] | None:
        """Answer one message from the browser; returns the reply sent (tests call this)."""
        kind = content.get("type")
        try:
            if kind == "page":
                reply = self.browser.page(int(content["start"]), int(content["stop"]))
                reply.update(type="page", request=content.get("request"), version=self.version)
                self.send(reply)
                return reply
            if kind == "sort":
                column = content.get("column")
                self.browser.sort(None if column is None else int(column), content.get("order"))
            elif kind == "filter":
                self.browser.set_filter(str(content.get("text", "")))
                if self.browser.filter_error:  # the rows stay as they are
                    self.filter_error = self.browser.filter_error
                    return None
            else:
                raise ValueError(f"unknown request {kind!r}")
        except (ValueError, KeyError, TypeError) as e:
            reply = {"type": "error", "message": str(e), "request": content.get("request")}
            self.send(reply)
            return reply
        self._publish()
        return None

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        self.handle(content)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget view plus the static table as ``text/html``, which front ends without
        widgets (nbconvert's HTML, GitHub) show instead."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, metadata = bundle
        else:
            data, metadata = bundle, {}
        data = dict(data or {})
        data["text/html"] = self.browser.static_html()
        return data, metadata
