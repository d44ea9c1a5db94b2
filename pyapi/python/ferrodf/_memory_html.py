"""The memory statistics as an HTML table (``MemoryStatistics._repr_html_``).

A notebook shows the statistics next to frames, which are HTML tables; a ``<pre>`` block of
the text table would not line up with them, and a table is what a reader scans for the one
row that matters (spills, usually). It takes the plain dict of
``MemoryStatistics.to_dict()``, so statistics recorded elsewhere (a GPU run's, kept as
data) render the same way as live ones.
"""

from __future__ import annotations

import html
from typing import Any

#: (key of the statistics dict, row label), in the order of the text table
ROWS = (
    ("host_to_device", "host -> device"),
    ("device_to_host", "device -> host"),
    ("spills", "spills"),
    ("spills_copied", "spills with a copy"),
    ("unspills", "unspills"),
)


def human_bytes(n: float) -> str:
    """1536 -> '1.5 KiB': the unit the display line of a frame uses too."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def rate(part: dict[str, float]) -> str:
    seconds = part["seconds"]
    return f"{part['bytes'] / seconds / 1e9:.1f} GB/s" if seconds > 0 else "-"


def statistics_html(stats: dict[str, Any], caption: str | None = None) -> str:
    """An HTML table of ``stats`` (the dict of ``MemoryStatistics.to_dict()``): a row per
    kind of transfer with count, bytes, seconds and rate, then the allocations that
    succeeded after spilling, then the exposure sites (level 2)."""
    title = caption or f"ferrodf memory statistics (level {stats['level']})"
    out = [
        '<table class="ferrodf-memory-statistics">',
        f"<caption>{html.escape(title)}</caption>",
        "<thead><tr><th></th><th>count</th><th>bytes</th><th>seconds</th><th>rate</th>"
        "</tr></thead><tbody>",
    ]
    for key, label in ROWS:
        part = stats[key]
        out.append(
            f"<tr><th>{html.escape(label)}</th><td>{part['count']}</td>"
            f"<td>{human_bytes(part['bytes'])}</td><td>{part['seconds']:.4f}</td>"
            f"<td>{rate(part)}</td></tr>"
        )
    out.append(
        f'<tr><th>allocations saved by spilling</th><td colspan="4">'
        f"{stats['spills_on_demand']}</td></tr>"
    )
    for site, count, nbytes in stats.get("exposures", []):
        out.append(
            f"<tr><th>exposed at {html.escape(str(site))}</th><td>{count}</td>"
            f'<td colspan="3">{human_bytes(nbytes)}</td></tr>'
        )
    out.append("</tbody></table>")
    return "".join(out)
