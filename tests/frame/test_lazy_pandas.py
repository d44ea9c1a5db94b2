"""``import ferrodf`` does not import pandas (``ferrodf/_pandas.py``); once pandas is
needed, ferrodf's ``pd`` is pandas."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from ferrodf._pandas import _LazyClass
from ferrodf._pandas import pd as lazy_pd


def _fresh(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_import_ferrodf_leaves_pandas_unloaded():
    code = (
        "import sys, ferrodf, ferrodf.plc\n"
        "print('pandas' in sys.modules)\n"
        "from ferrodf._pandas import pd\n"
        "print(isinstance(object(), pd.DataFrame), isinstance(3, (pd.Series, int)))\n"
        "print('pandas' in sys.modules)\n"
        "print(type(pd.DataFrame({'a': [1]})).__module__.split('.')[0])\n"
        "print('pandas' in sys.modules)\n"
    )
    assert _fresh(code).splitlines() == ["False", "False True", "False", "pandas", "True"]


def test_the_lazy_module_is_pandas_once_loaded():
    assert "pandas" in sys.modules  # this test module imported it
    assert lazy_pd.DataFrame is pd.DataFrame
    assert lazy_pd.NA is pd.NA and lazy_pd.NaT is pd.NaT
    assert lazy_pd.isna(np.nan)
    assert isinstance(pd.Series([1]), lazy_pd.Series)


def test_a_lazy_class_acts_as_the_class():
    frame = _LazyClass("DataFrame")
    assert isinstance(pd.DataFrame(), frame)
    assert not isinstance([], frame)
    assert issubclass(pd.DataFrame, frame)
    assert frame({"a": [1, 2]}).shape == (2, 1)
    assert frame.from_dict({"a": [1]}).shape == (1, 1)
    assert "imported on first use" in repr(frame)
    with pytest.raises(AttributeError):
        _LazyClass("NoSuchClass")()
