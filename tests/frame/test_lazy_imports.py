"""``import ferrodf`` imports neither pandas, pyarrow nor NumPy (``ferrodf/_lazy.py``);
once they are needed, ferrodf's ``pd`` is pandas, its ``pa`` pyarrow and its ``np`` NumPy."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ferrodf._lazy import _NUMPY_CLASSES, _LazyClass, _LazyModule
from ferrodf._lazy import np as lazy_np
from ferrodf._lazy import pa as lazy_pa
from ferrodf._lazy import pd as lazy_pd


def _fresh(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr  # the traceback, when an assert in `code` fails
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
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchClass'"):
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


def test_import_ferrodf_leaves_numpy_unloaded():
    """NumPy was 0.25 s of the 0.32 s of ``import ferrodf`` on a GPU machine (issue 27).
    The Rust extension's init does not import it either (``import ferrodf`` loads it)."""
    code = (
        "import sys, ferrodf, ferrodf.plc\n"
        "print('numpy' in sys.modules)\n"
        "from ferrodf._lazy import np\n"
        "from ferrodf.dataframe import _repeats\n"
        "print(isinstance(object(), np.ndarray), isinstance(3, int | np.integer),\n"
        "      isinstance(3, np.generic), isinstance('a', (np.dtype, np.str_, str)))\n"
        "print(_repeats(3), _repeats([3]), issubclass(int, np.integer))\n"
        "print('numpy' in sys.modules)\n"
        "print(np.dtype('int64'), np.asarray([1, 2]).sum(), np.ndim(3), np.isnan(np.nan))\n"
        "print('numpy' in sys.modules)\n"
    )
    assert _fresh(code).splitlines() == [
        "False",
        "False True False True",
        "True False False",
        "False",
        "int64 3 0 True",
        "True",
    ]


def test_classes_named_before_numpy_is_loaded_work_after():
    """``_SCALARS`` in dataframe.py and unions such as ``int | np.integer`` may be built
    before NumPy is imported; they must see NumPy's objects once it is."""
    code = (
        "import sys\n"
        "from ferrodf._lazy import np\n"
        "u, t, nd, b, dt = int | np.integer, (str, np.generic), np.ndarray, np.bool_, np.dtype\n"
        "print('numpy' in sys.modules)\n"
        "import numpy\n"
        "print(isinstance(numpy.int8(3), u), isinstance(numpy.float32(1), t),\n"
        "      isinstance(numpy.zeros(1), nd), isinstance(numpy.zeros(1), u))\n"
        "print(issubclass(numpy.uint8, np.integer), issubclass(numpy.float64, u))\n"
        "print(numpy.zeros(2, dtype=b).dtype, numpy.asarray([1, 0]).astype(b).tolist())\n"
        "print(dt('int32'), isinstance(numpy.dtype('f8'), dt))\n"
        "print(np.ndarray is numpy.ndarray, np.integer is numpy.integer)\n"
    )
    assert _fresh(code).splitlines() == [
        "False",
        "True True True False",
        "True False",
        "bool [True, False]",
        "int32 True",
        "True True",
    ]


def test_numpy_values_in_a_frame_when_ferrodf_was_imported_first():
    """NumPy scalars are scalars for ``df[col] = value``, arrays build Series and masks
    select rows, with NumPy imported after ferrodf (pandas is the oracle)."""
    code = """
import sys
import ferrodf
assert "numpy" not in sys.modules
import numpy as np
import pandas as pd
from pandas.testing import assert_frame_equal, assert_series_equal

data = {"a": [1.5, None, 3.0], "b": ["x", None, "z"]}
df, p = ferrodf.DataFrame(data), pd.DataFrame(data)
for name, value in [
    ("c", np.int64(3)),
    ("d", np.bool_(True)),
    ("e", np.float32(1.5)),
    ("f", np.datetime64("2020-01-02", "ns")),
    ("g", np.timedelta64(5, "s")),
    ("h", np.str_("s")),
]:
    df[name] = value
    p[name] = value
assert_frame_equal(df.to_pandas(), p)
for mask in ([True, False, True], [False, True, False], [False, False, False]):
    arr = np.array(mask)
    assert_frame_equal(df[arr].to_pandas(), p[arr])
for arr in (np.arange(3), np.arange(10)[2:7], np.arange(0), np.array([1.0, np.nan])):
    assert_series_equal(ferrodf.Series(arr).to_pandas(), pd.Series(arr))
empty = ferrodf.DataFrame({"a": []})
assert empty[np.array([], dtype=bool)].shape == pd.DataFrame({"a": []}).shape
try:
    df[np.array([True])]
except (IndexError, ValueError) as e:  # pandas: ValueError; ferrodf: IndexError
    assert "length 1" in str(e), e
else:
    raise AssertionError("a mask of the wrong length was accepted")
print("ok")
"""
    assert _fresh(code) == "ok"


def test_the_lazy_numpy_is_numpy_once_loaded():
    assert "numpy" in sys.modules  # this test module imported it
    assert lazy_np.ndarray is np.ndarray and lazy_np.integer is np.integer
    assert lazy_np.int64 is np.int64 and lazy_np.random is np.random
    assert lazy_np.dtype("int64") == np.dtype("int64")
    assert np.isnan(lazy_np.nan)
    assert isinstance(np.zeros(2), lazy_np.ndarray)
    with pytest.raises(AttributeError, match="no_such_name"):
        lazy_np.no_such_name  # noqa: B018
    with pytest.raises(AttributeError, match="no_such_class"):
        _LazyClass("no_such_class", "numpy")()
    with pytest.raises(ModuleNotFoundError, match="no_such_module"):
        _LazyModule("no_such_module", classes=frozenset()).anything  # noqa: B018
    assert "numpy.ndarray, imported on first use" in repr(_LazyClass("ndarray", "numpy"))


def test_the_numpy_class_list_is_lower_case_classes():
    """``_NUMPY_CLASSES`` names NumPy classes only: a function there would turn into a
    lazy class before NumPy is loaded."""
    assert _NUMPY_CLASSES
    for name in _NUMPY_CLASSES:
        assert isinstance(getattr(np, name), type), name


_NUMPY_VALUES = st.one_of(
    st.sampled_from(
        ["?", "i1", "i8", "u2", "u8", "f4", "f8", "c16", "M8[ns]", "m8[s]", "U3", "O"]
    ).flatmap(
        lambda code: st.sampled_from(
            [np.zeros(2, dtype=code), np.zeros(0, dtype=code)[:0], np.zeros(3, dtype=code)[1:]]
            + ([] if code == "O" else [np.zeros(1, dtype=code)[0]])
            + [np.dtype(code)]
        )
    ),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
)


@given(value=_NUMPY_VALUES, name=st.sampled_from(sorted(_NUMPY_CLASSES)))
def test_a_lazy_numpy_class_agrees_with_numpy(value, name):
    """Once NumPy is loaded, ``isinstance`` and ``issubclass`` against a lazy NumPy class
    (as built before the import) answer as against NumPy's own class."""
    lazy, real = _LazyClass(name, "numpy"), getattr(np, name)
    assert isinstance(value, lazy) == isinstance(value, real)
    assert issubclass(type(value), lazy) == issubclass(type(value), real)
    assert isinstance(value, int | lazy) == isinstance(value, int | real)
