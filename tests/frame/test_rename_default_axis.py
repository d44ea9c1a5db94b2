"""``DataFrame.rename(mapper)`` renames the index unless ``axis`` names the columns, as
pandas does."""

from __future__ import annotations

import pandas as pd
import pytest

import ferrodf

PDF = pd.DataFrame({"a": [1, 2], "b": [3, 4]}, index=pd.Index(["a", "x"]))


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"axis": 0}, {"axis": "index"}, {"axis": 1}, {"axis": "columns"}],
    ids=lambda k: str(k.get("axis")),
)
@pytest.mark.parametrize("mapper", [{"a": "A"}, str.upper], ids=["dict", "callable"])
def test_mapper_follows_pandas_axis(mapper, kwargs):
    got = ferrodf.DataFrame(PDF).rename(mapper, **kwargs).to_pandas()
    pd.testing.assert_frame_equal(got, PDF.rename(mapper, **kwargs))
