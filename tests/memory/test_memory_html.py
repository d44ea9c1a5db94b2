"""The memory statistics render as an HTML table whose cells are the numbers of
``to_dict()`` (read back with the standard library's HTML parser), for live statistics
and for a recorded dict with transfers, spills and exposure sites."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from ferrodf import memory
from ferrodf._memory_html import human_bytes, statistics_html


class Cells(HTMLParser):
    """The rows of a table as lists of cell texts; the caption apart."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.caption = ""
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th", "caption"):
            self._in = tag
            if tag != "caption":
                self.rows[-1].append("")

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in == "caption":
            self.caption += data
        elif self._in:
            self.rows[-1][-1] += data


def parse(text: str) -> Cells:
    cells = Cells()
    cells.feed(text)
    return cells


def test_live_statistics_are_a_table_of_their_numbers():
    memory.reset_statistics()
    stats = memory.statistics()
    table = parse(stats._repr_html_())
    assert table.caption == f"ferrodf memory statistics (level {stats.level})"
    assert table.rows[0] == ["", "count", "bytes", "seconds", "rate"]
    by_label = {row[0]: row[1:] for row in table.rows[1:]}
    for key, label in [("host_to_device", "host -> device"), ("unspills", "unspills")]:
        part = stats.to_dict()[key]
        assert by_label[label][0] == str(part["count"])
        assert by_label[label][1] == human_bytes(part["bytes"])
    assert by_label["allocations saved by spilling"] == [str(stats.spills_on_demand)]


def recorded() -> dict:
    gib = 1 << 30
    return {
        "level": 2,
        "host_to_device": {"count": 2, "bytes": gib, "seconds": 0.0195},
        "device_to_host": {"count": 0, "bytes": 0, "seconds": 0.0},
        "spills": {"count": 1, "bytes": gib, "seconds": 0.0195},
        "spills_copied": {"count": 1, "bytes": gib, "seconds": 0.0195},
        "unspills": {"count": 1, "bytes": gib, "seconds": 0.0195},
        "spills_on_demand": 3,
        "exposures": [("__cuda_array_interface__ at <cell>:1", 1, 512)],
    }


def test_a_recorded_dict_renders_rates_and_exposures():
    table = parse(statistics_html(recorded(), caption="H200 <run>"))
    assert table.caption == "H200 <run>"  # escaped in the page, text again when parsed
    rows = {row[0]: row[1:] for row in table.rows[1:]}
    assert rows["spills"] == ["1", "1.0 GiB", "0.0195", f"{(1 << 30) / 0.0195 / 1e9:.1f} GB/s"]
    assert rows["device -> host"][3] == "-"  # no seconds, no rate
    assert rows["exposed at __cuda_array_interface__ at <cell>:1"] == ["1", "512 B"]
    assert "&lt;cell&gt;" in statistics_html(recorded())


@pytest.mark.parametrize(
    ("n", "text"), [(0, "0 B"), (1023, "1023 B"), (1536, "1.5 KiB"), (3 << 40, "3072.0 GiB")]
)
def test_human_bytes(n, text):
    assert human_bytes(n) == text


def test_missing_keys_are_an_error():
    with pytest.raises(KeyError, match="'host_to_device'"):
        statistics_html({"level": 1})
