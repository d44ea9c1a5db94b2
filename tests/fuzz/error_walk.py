"""The public API walked with wrong-typed and out-of-range arguments, for the error
catalogue (test_error_catalogue.py, and docs/reliability.md's table written by
scripts/fuzz_campaign.py).

Every public function of ``ferrodf.plc`` (its modules, ``strings`` and ``io`` included)
and the public methods of its classes and of DataFrame/Series are called with arguments
drawn from a pool that mixes valid values (columns of several types, sliced and empty
ones, tables, scalars, the module's enums) with wrong ones (None, strings, floats,
negative, huge and unconvertible integers, lists, objects), so calls get past argument
conversion and reach the checks inside. An exception must be Python's own or ferrodf's:
never pyarrow's (ArrowInvalid, ...) nor a Rust panic (pyo3's PanicException).
"""

from __future__ import annotations

import enum
import inspect
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

import ferrodf
import ferrodf.plc as plc

# Methods that write files, open views, print or plot: called with "x" they would write a
# file named x, or draw; their arguments are checked by their own tests.
SKIPPED_METHODS = {
    "to_csv",
    "to_parquet",
    "to_json",
    "browse",
    "plot",
    "hist",
    "info",
    "to_dlpack",
    "to_cupy",
    "__init__",
}
# plc functions that are not operations: the stream and memory plumbing.
SKIPPED_FUNCTIONS = {"rust_enum", "annotations"}


@dataclass(frozen=True)
class Target:
    """A public callable: its catalogue name, a factory for a fresh receiver (None for a
    function) and how to get the callable from it."""

    name: str
    get: Callable[[], Callable[..., Any]]
    params: tuple[str, ...]
    module: types.ModuleType | None


def _params(fn: Callable[..., Any]) -> tuple[str, ...]:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return ("arg0", "arg1")
    return tuple(
        p.name
        for p in sig.parameters.values()
        if p.name not in ("self", "stream", "mr", "cls")
        and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    )


def _modules() -> Iterator[types.ModuleType]:
    seen: set[str] = set()
    stack = [plc]
    while stack:
        mod = stack.pop()
        if mod.__name__ in seen:
            continue
        seen.add(mod.__name__)
        yield mod
        for name in dir(mod):
            sub = getattr(mod, name)
            if isinstance(sub, types.ModuleType) and sub.__name__.startswith("ferrodf.plc"):
                stack.append(sub)


def _is_public_function(obj: Any) -> bool:
    return (
        (inspect.isbuiltin(obj) or inspect.isfunction(obj))
        and (getattr(obj, "__module__", "") or "").startswith("ferrodf")
        and obj.__name__ not in SKIPPED_FUNCTIONS
    )


def sample_objects() -> dict[str, Callable[[], Any]]:
    """A valid receiver of each class whose methods are walked, made fresh per call."""
    return {
        "plc.Column": lambda: plc.Column.from_arrow(pa.array([3, None, 1, 2], pa.int64())),
        "plc.Table": lambda: plc.Table(
            [plc.Column.from_arrow(pa.array([1, 2])), plc.Column.from_arrow(pa.array(["a", None]))]
        ),
        "plc.Scalar": lambda: plc.Scalar.from_arrow(pa.scalar(5, pa.int32())),
        "plc.DataType": lambda: plc.DataType(plc.TypeId.INT64),
        "DataFrame": lambda: ferrodf.DataFrame(
            {"a": [1, 2, None], "b": ["x", None, "z"], "c": [1.5, 2.5, np.nan]}, index=[10, 11, 12]
        ),
        "Series": lambda: ferrodf.Series([3.0, None, 1.0], index=["p", "q", "r"], name="s"),
        "GroupBy": lambda: ferrodf.DataFrame({"k": [1, 1, 2], "v": [1.5, None, 3.0]}).groupby("k"),
        "Series.str": lambda: ferrodf.Series(["ab", None, "c"]).str,
        "Series.dt": lambda: ferrodf.Series(pd.to_datetime(["2024-01-01", None])).dt,
        "Index": lambda: ferrodf.Index([3, 1, 2]),
    }


def targets() -> list[Target]:
    """Every public plc function and every public method of the sampled classes."""
    out: list[Target] = []
    for mod in _modules():
        for name in sorted(dir(mod)):
            fn = getattr(mod, name)
            if name.startswith("_") or not _is_public_function(fn):
                continue
            short = mod.__name__.removeprefix("ferrodf.")
            out.append(Target(f"{short}.{name}", lambda fn=fn: fn, _params(fn), mod))
    for cls_name, make in sample_objects().items():
        receiver = make()
        for name in sorted(dir(type(receiver))):
            if (name.startswith("_") and name not in ("__getitem__",)) or name in SKIPPED_METHODS:
                continue
            attr = getattr(type(receiver), name, None)
            if not callable(attr) or isinstance(attr, type) or isinstance(attr, property):
                continue
            out.append(
                Target(
                    f"{cls_name}.{name}",
                    lambda make=make, name=name: getattr(make(), name),
                    _params(attr),
                    None,
                )
            )
    unique = {t.name: t for t in out}
    return [unique[k] for k in sorted(unique)]


def argument_pool(module: types.ModuleType | None) -> list[tuple[str, Callable[[], Any]]]:
    """(kind, factory) of the arguments calls are made of; the kind names the argument
    in the catalogue (what was wrong when an exception came)."""
    ints = pa.array([3, None, 1, 2], pa.int64())
    pool: list[tuple[str, Callable[[], Any]]] = [
        ("None", lambda: None),
        ("str", lambda: "x"),
        ("bad regex", lambda: "[a-"),
        ("float", lambda: 0.5),
        ("NaN", lambda: float("nan")),
        ("0", lambda: 0),
        ("1", lambda: 1),
        ("-1", lambda: -1),
        ("out-of-range int", lambda: 10**6),
        ("unconvertible int", lambda: -(2**64)),
        ("bool", lambda: True),
        ("empty list", lambda: []),
        ("list of ints", lambda: [0, 2]),
        ("list of strs", lambda: ["a", "zz"]),
        ("dict", lambda: {"a": 1}),
        ("object", object),
        ("int column", lambda: plc.Column.from_arrow(ints)),
        ("sliced column", lambda: plc.Column.from_arrow(ints.slice(1, 2))),
        ("empty column", lambda: plc.Column.from_arrow(pa.array([], pa.int64()))),
        ("float column", lambda: plc.Column.from_arrow(pa.array([1.5, None, -2.0]))),
        ("string column", lambda: plc.Column.from_arrow(pa.array(["a", None, "bc"]))),
        ("bool column", lambda: plc.Column.from_arrow(pa.array([True, None, False]))),
        ("list column", lambda: plc.Column.from_arrow(pa.array([[1], None, []]))),
        (
            "timestamp column",
            lambda: plc.Column.from_arrow(pa.array([0, None, 5], pa.timestamp("ms"))),
        ),
        ("table", lambda: plc.Table([plc.Column.from_arrow(ints)])),
        ("int scalar", lambda: plc.Scalar.from_arrow(pa.scalar(2, pa.int64()))),
        ("string scalar", lambda: plc.Scalar.from_arrow(pa.scalar("a"))),
        ("null scalar", lambda: plc.Scalar.from_arrow(pa.scalar(None, pa.int64()))),
        ("int64 type", lambda: plc.DataType(plc.TypeId.INT64)),
        ("string type", lambda: plc.DataType(plc.TypeId.STRING)),
        ("sum aggregation", plc.aggregation.sum),
        ("frame", lambda: ferrodf.DataFrame({"a": [1, 2], "b": [0.5, None]})),
        ("series", lambda: ferrodf.Series([1, None, 3])),
        ("pandas frame", lambda: pd.DataFrame({"a": [1]})),
        ("numpy array", lambda: np.arange(3)),
        ("function", lambda: len),
    ]
    for enum_cls in _enums(module):
        for member in list(enum_cls)[:3]:
            pool.append((f"{enum_cls.__name__}.{member.name}", lambda m=member: m))
    return pool


def _enums(module: types.ModuleType | None) -> list[type[enum.Enum]]:
    mods = [module] if module is not None else []
    mods.append(plc.types)
    found = []
    for mod in mods:
        for name in dir(mod):
            obj = getattr(mod, name)
            if isinstance(obj, type) and issubclass(obj, enum.Enum):
                found.append(obj)
    return found


def is_own(exc: BaseException) -> bool:
    """Whether an exception type is Python's own (builtins) or ferrodf's."""
    module = type(exc).__module__
    return module == "builtins" or module.startswith("ferrodf")


def exception_name(exc: BaseException) -> str:
    cls = type(exc)
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"
