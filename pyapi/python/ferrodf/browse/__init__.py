"""Interactive display: browse a frame of any size in a notebook, where it lives.

``df.browse()`` returns a widget (anywidget, so JupyterLab, Notebook 7, VS Code and other
front ends of the Jupyter widget protocol show it) that fetches rows page by page on demand,
sorts by a clicked header and filters by a typed expression, both executed by ferrodf, and
shows a summary per column. With ``set_option("display.interactive", True)`` frames longer
than ``display.max_rows`` are shown this way by default; the static HTML table remains the
``text/html`` fallback that nbconvert and other widget-less front ends show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ferrodf.browse._filter import FilterError, parse
from ferrodf.browse._model import Browser

if TYPE_CHECKING:
    from ferrodf.browse._widget import BrowseWidget
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

__all__ = ["Browser", "FilterError", "browse", "mimebundle", "parse"]


def _frame(obj: DataFrame | Series) -> DataFrame:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

    if isinstance(obj, Series):
        return obj.to_frame()
    if isinstance(obj, DataFrame):
        return obj
    raise TypeError(f"browse takes a ferrodf DataFrame or Series, got {type(obj).__name__}")


def browse(obj: DataFrame | Series, page_size: int = 100, height: int = 420) -> BrowseWidget:
    """A widget showing ``obj`` (a DataFrame, or a Series as one column): ``page_size`` rows
    per request, ``height`` pixels tall. Needs ``anywidget`` (``pip install anywidget``)."""
    try:
        from ferrodf.browse._widget import BrowseWidget
    except ImportError as e:
        raise ImportError(
            f"browse() needs anywidget ({e}); install it with `pip install anywidget`, or "
            "show the frame as its static table"
        ) from None
    return BrowseWidget(Browser(_frame(obj)), page_size=page_size, height=height)


def mimebundle(obj: DataFrame | Series) -> Any:
    """The widget's display data for ``obj`` when ``display.interactive`` is on and ``obj``
    is longer than ``display.max_rows``; ``None`` otherwise, or where anywidget is not
    installed, which leaves IPython to the static ``_repr_html_`` and ``__repr__``."""
    from ferrodf.options import get_option

    if not get_option("display.interactive"):
        return None
    limit = get_option("display.max_rows")
    if not limit or len(obj) <= limit:
        return None
    try:
        widget = browse(obj)
    except ImportError:
        return None
    return widget._repr_mimebundle_()
