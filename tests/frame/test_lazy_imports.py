"""``import ferrodf`` imports neither pandas nor pyarrow (``ferrodf/_lazy.py``); once
they are needed, ferrodf's ``pd`` is pandas and its ``pa`` is pyarrow."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ferrodf._lazy import _LazyClass, _LazyModule
from ferrodf._lazy import pa as lazy_pa
from ferrodf._lazy import pd as lazy_pd


def _fresh(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_import_ferrodf_leaves_pandas_unloaded():
    code = (
        "import sys, ferrodf, ferrodf.plc\n"
        "print('pandas' in sys.modules)\n"
        "from ferrodf._lazy import pd\n"
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
    frame = _LazyClass("DataFrame", "pandas")
    assert isinstance(pd.DataFrame(), frame)
    assert not isinstance([], frame)
    assert issubclass(pd.DataFrame, frame)
    assert frame({"a": [1, 2]}).shape == (2, 1)
    assert frame.from_dict({"a": [1]}).shape == (1, 1)
    assert "imported on first use" in repr(frame)
    with pytest.raises(AttributeError):
        _LazyClass("NoSuchClass")()


def test_import_ferrodf_leaves_pyarrow_unloaded():
    code = (
        "import sys, ferrodf, ferrodf.plc\n"
        "print('pyarrow' in sys.modules)\n"
        "from ferrodf._lazy import pa\n"
        "print(isinstance(object(), (pa.Array, pa.Table)))\n"
        "print('pyarrow' in sys.modules)\n"
        "s = ferrodf.Series([1, 2, None])\n"
        "print(s.sum())\n"
        "print(type(pa.array([1])).__module__.split('.')[0])\n"
        "print('pyarrow' in sys.modules)\n"
    )
    assert _fresh(code).splitlines() == ["False", "False", "False", "3", "pyarrow", "True"]


def test_the_lazy_pyarrow_is_pyarrow_once_loaded():
    assert lazy_pa.Array is pa.Array and lazy_pa.NA is pa.NA
    assert lazy_pa.int64() == pa.int64()
    assert isinstance(pa.array([1]), lazy_pa.Array)


def test_exception_classes_are_always_real():
    """``except pa.ArrowInvalid`` must name a true class even before pyarrow is loaded: the
    clause is evaluated whenever any exception passes through it."""
    lazy = _LazyModule("pyarrow")
    assert lazy.ArrowInvalid is pa.ArrowInvalid
    assert lazy.ArrowTypeError is pa.ArrowTypeError
    with pytest.raises(ValueError, match="boom"):
        try:
            raise ValueError("boom")
        except lazy.ArrowInvalid:
            pytest.fail("ValueError is not ArrowInvalid")
    assert "imported on first use" in repr(_LazyModule("no_such_module"))


def test_unions_of_lazy_classes_work_in_isinstance():
    """``isinstance(x, pa.Table | pa.RecordBatch)`` and ``pd.Index | np.ndarray`` are
    written before the packages are imported."""
    code = (
        "import sys, numpy as np\n"
        "from ferrodf._lazy import pa, pd\n"
        "u = pa.Table | pa.RecordBatch\n"
        "v = pd.Index | np.ndarray | list\n"
        "w = int | pa.Array\n"
        "print(isinstance(1, u), isinstance(np.zeros(1), v), isinstance([], v), isinstance(1, w))\n"
        "print('pyarrow' in sys.modules, 'pandas' in sys.modules)\n"
        "import pyarrow\n"
        "print(isinstance(pyarrow.table({'a': [1]}), u), issubclass(pyarrow.RecordBatch, u))\n"
    )
    assert _fresh(code).splitlines() == ["False True True True", "False False", "True True"]
