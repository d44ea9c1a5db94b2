"""The operations the differential fuzzer chains: each is written once and called with the
same arguments on the pandas frame and on the ferrodf frame (the API is pandas'), so a
difference in outcome is a difference between the libraries, not between two tests.

An op draws its arguments from the frame it gets (``draw``), or returns None when the
frame has nothing it applies to; ``apply`` runs it on one side (``side`` is "pd" or
"fd", for the ops that take a second frame). ``methods`` names the pandas members it
exercises: ``scripts/fuzz_campaign.py`` lists the members no op reaches as not covered.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd
from fuzz_compare import arith
from fuzz_frames import KEY_KINDS, NUMERIC_KINDS, Pair, frames, scalar_for
from hypothesis import strategies as st

Draw = Callable[[st.SearchStrategy[Any]], Any]


@dataclass(frozen=True)
class Op:
    """One operation: its name, the pandas members it calls, how it draws its arguments
    from a frame and how it runs on one side."""

    name: str
    methods: tuple[str, ...]
    draw: Callable[[Draw, Pair], dict[str, Any] | None]
    apply: Callable[[Any, dict[str, Any], str], Any]


def _side(value: Any, side: str) -> Any:
    """A Pair argument as the frame of this side; anything else unchanged."""
    if isinstance(value, Pair):
        return value.pdf if side == "pd" else value.df
    return value


def _one(draw: Draw, labels: list[Any]) -> Any:
    return draw(st.sampled_from(labels)) if labels else None


def _some(draw: Draw, labels: list[Any], min_size: int = 1) -> list[Any]:
    if len(labels) < min_size:
        return []
    return draw(st.lists(st.sampled_from(labels), min_size=min_size, max_size=3, unique=True))


# --- selection ------------------------------------------------------------------------


def _draw_select(draw: Draw, p: Pair) -> dict[str, Any] | None:
    cols = _some(draw, list(p.pdf.columns))
    return {"cols": cols} if cols else None


def _draw_filter(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of(*NUMERIC_KINDS, "str", "time"))
    if col is None:
        return None
    how = draw(st.sampled_from(["gt", "le", "eq", "ne", "isna", "notna"]))
    return {"col": col, "how": how, "value": draw(scalar_for(p.kinds[col]))}


def _filter(obj: Any, a: dict[str, Any], side: str) -> Any:
    col = obj[a["col"]]
    if a["how"] in ("isna", "notna"):
        return obj[getattr(col, a["how"])()]
    return obj[getattr(operator, a["how"])(col, a["value"])]


def _draw_rows(draw: Draw, p: Pair) -> dict[str, Any]:
    n = len(p.pdf)
    start = draw(st.integers(-n - 1, n + 1))
    stop = draw(st.one_of(st.none(), st.integers(-n - 1, n + 1)))
    return {"start": start, "stop": stop, "how": draw(st.sampled_from(["iloc", "head", "tail"]))}


def _rows(obj: Any, a: dict[str, Any], side: str) -> Any:
    if a["how"] == "iloc":
        return obj.iloc[a["start"] : a["stop"]]
    return getattr(obj, a["how"])(a["start"])


def _draw_loc(draw: Draw, p: Pair) -> dict[str, Any] | None:
    if len(p.pdf) == 0 or isinstance(p.pdf.index, pd.MultiIndex) or not p.pdf.index.is_unique:
        return None
    labels = draw(st.lists(st.sampled_from(list(p.pdf.index)), min_size=1, max_size=3))
    cols = _some(draw, list(p.pdf.columns))
    return {"rows": labels, "cols": cols}


# --- assignment and arithmetic --------------------------------------------------------

ARITH = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow"]
COMPARE = ["eq", "ne", "lt", "le", "gt", "ge"]


def _draw_binary(draw: Draw, p: Pair) -> dict[str, Any] | None:
    nums = p.columns_of(*NUMERIC_KINDS, "bool")
    if not nums:
        return None
    left = draw(st.sampled_from(nums))
    right_is_scalar = draw(st.booleans())
    right = (
        draw(scalar_for("float" if p.kinds[left] == "float" else "int"))
        if right_is_scalar
        else draw(st.sampled_from(nums))
    )
    op = draw(st.sampled_from(ARITH + COMPARE))
    if p.kinds[left] == "bool" and op in ("mod", "pow"):
        # open bug: test_bool_power_of_an_int_scalar_dtype; bool % bool is fixed, bool % an
        # int scalar is not yet compared by the campaign
        return None
    target = draw(st.sampled_from([left, "new"])) if not isinstance(left, tuple) else left
    return {"left": left, "right": right, "scalar": right_is_scalar, "op": op, "target": target}


def _binary_assign(obj: Any, a: dict[str, Any], side: str) -> Any:
    out = obj.copy()
    left = out[a["left"]]
    right = a["right"] if a["scalar"] else out[a["right"]]
    out[a["target"]] = arith(a["op"], left, right)
    return out


def _draw_frame_scalar(draw: Draw, p: Pair) -> dict[str, Any] | None:
    cols = _some(draw, p.columns_of(*NUMERIC_KINDS))
    if not cols:
        return None
    op = draw(st.sampled_from(ARITH[:5] + COMPARE))
    return {"cols": cols, "op": op, "value": draw(scalar_for("int"))}


def _draw_assign_scalar(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, list(p.pdf.columns))
    if col is None:
        return None
    kind = p.kinds.get(col, "other")
    if kind == "other":
        return None
    return {"col": col, "value": draw(st.one_of(scalar_for(kind), st.none()))}


def _assign_scalar(obj: Any, a: dict[str, Any], side: str) -> Any:
    out = obj.copy()
    out[a["col"]] = a["value"]
    return out


# --- grouping, joining, ordering ------------------------------------------------------

AGGS = [
    "sum",
    "mean",
    "min",
    "max",
    "count",
    "size",
    "first",
    "last",
    "nunique",
    "std",
    "var",
    "median",
]


def _draw_groupby(draw: Draw, p: Pair) -> dict[str, Any] | None:
    if isinstance(p.pdf.columns, pd.MultiIndex):
        return None
    keys = _some(draw, p.columns_of(*KEY_KINDS), 1)
    values = [c for c in p.columns_of(*NUMERIC_KINDS) if c not in keys]
    if not keys or not values:
        return None
    return {
        "keys": keys if draw(st.booleans()) else keys[0],
        "values": _some(draw, values),
        "agg": draw(st.sampled_from(AGGS)),
        "dropna": draw(st.booleans()),
        "sort": True,
    }


def _groupby(obj: Any, a: dict[str, Any], side: str) -> Any:
    gb = obj.groupby(a["keys"], dropna=a["dropna"], sort=a["sort"])
    if a["agg"] == "size":
        return gb.size()
    return gb[a["values"]].agg(a["agg"])


def _draw_merge(draw: Draw, p: Pair) -> dict[str, Any] | None:
    if isinstance(p.pdf.columns, pd.MultiIndex):
        return None
    key = _one(draw, p.columns_of("int", "str"))
    if key is None:
        return None
    kind = p.kinds[key]
    other = draw(frames(kinds=("float", "int"), must_have=(kind,), multi_columns=False, max_cols=2))
    if key in list(other.pdf.columns[1:]):
        return None  # the rename would repeat a label, which ferrodf refuses by design
    other = _renamed(other, {other.pdf.columns[0]: key})
    how = draw(st.sampled_from(["inner", "left", "right", "outer"]))
    return {"other": other, "on": key, "how": how, "sort": draw(st.booleans())}


def _renamed(p: Pair, mapping: dict[str, str]) -> Pair:
    kinds = {mapping.get(c, c): k for c, k in p.kinds.items()}
    return Pair(p.pdf.rename(columns=mapping), p.df.rename(columns=mapping), kinds)


def _merge(obj: Any, a: dict[str, Any], side: str) -> Any:
    other = _side(a["other"], side)
    return obj.merge(other, on=a["on"], how=a["how"], suffixes=("_l", "_r"), sort=a["sort"])


def _draw_sort(draw: Draw, p: Pair) -> dict[str, Any] | None:
    by = _some(draw, p.columns_of(*KEY_KINDS, "float"))
    if not by:
        return None
    return {
        "by": by,
        "ascending": draw(
            st.one_of(st.booleans(), st.lists(st.booleans(), min_size=len(by), max_size=len(by)))
        ),
        "na_position": draw(st.sampled_from(["first", "last"])),
    }


def _sort(obj: Any, a: dict[str, Any], side: str) -> Any:
    # kind="stable": ferrodf's sorts are always stable (docs/migration.md), pandas' default
    # quicksort is not, and ties must keep one order to compare.
    by, ascending = a["by"], a["ascending"]
    if side == "pd" and len(by) > 1:
        # pandas 3.1's multi-key sort (lexsort_indexer) misplaces inf among NaN keys: by
        # ["k", "f"] descending, NaN first, f = [0, 0, NaN, NaN, inf, NaN] puts inf between
        # the NaN rows, where its own one-key sort puts every NaN first (found by this
        # fuzzer). The oracle is the textbook lexicographic sort instead: stable one-key
        # sorts, the last key first, which is what the multi-key sort promises.
        orders = ascending if isinstance(ascending, list) else [ascending] * len(by)
        for key, asc in reversed(list(zip(by, orders, strict=True))):
            obj = obj.sort_values(key, ascending=asc, na_position=a["na_position"], kind="stable")
        return obj
    return obj.sort_values(by, ascending=ascending, na_position=a["na_position"], kind="stable")


def _draw_concat(draw: Draw, p: Pair) -> dict[str, Any] | None:
    return {"ignore_index": draw(st.booleans()), "times": draw(st.integers(1, 2))}


def _concat(obj: Any, a: dict[str, Any], side: str) -> Any:
    lib = pd if side == "pd" else __import__("ferrodf")
    parts = [obj] + [obj.iloc[::-1] if i % 2 == 0 else obj for i in range(a["times"])]
    return lib.concat(parts, ignore_index=a["ignore_index"])


# --- missing values, duplicates, reshaping --------------------------------------------


def _draw_fillna(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of(*NUMERIC_KINDS, "str"))
    if col is None:
        return None
    return {"col": col, "value": draw(scalar_for(p.kinds[col]))}


def _fillna(obj: Any, a: dict[str, Any], side: str) -> Any:
    return obj.fillna({a["col"]: a["value"]})


def _draw_dropna(draw: Draw, p: Pair) -> dict[str, Any]:
    return {
        "how": draw(st.sampled_from(["any", "all"])),
        "subset": _some(draw, list(p.pdf.columns)) or None,
    }


def _draw_dupes(draw: Draw, p: Pair) -> dict[str, Any] | None:
    subset = _some(draw, p.columns_of(*KEY_KINDS, "float"))
    if not subset:
        return None
    return {"subset": subset, "keep": draw(st.sampled_from(["first", "last", False]))}


def _draw_index(draw: Draw, p: Pair) -> dict[str, Any] | None:
    if isinstance(p.pdf.columns, pd.MultiIndex):
        return None
    key = _one(draw, p.columns_of("int", "str"))
    if key is None or (isinstance(p.pdf.index, pd.MultiIndex) and draw(st.booleans())):
        return {"how": "reset", "drop": draw(st.booleans())}
    return {"how": "set", "key": key, "drop": draw(st.booleans())}


def _index(obj: Any, a: dict[str, Any], side: str) -> Any:
    if a["how"] == "reset":
        return obj.reset_index(drop=a["drop"])
    return obj.set_index(a["key"], drop=a["drop"])


# --- column results -------------------------------------------------------------------

REDUCTIONS = [
    "sum",
    "min",
    "max",
    "mean",
    "count",
    "nunique",
    "std",
    "var",
    "median",
    "any",
    "all",
    "prod",
]
# The reductions by column kind: those ferrodf has (GAPS lists the others pandas has).
REDUCTIONS_OF = {
    "str": ["min", "max", "count", "nunique"],
    "time": ["min", "max", "count", "nunique", "mean", "median", "std"],
}

# What pandas does and ferrodf does not yet, so no op draws it; docs/reliability.md lists
# these as not covered (scripts/fuzz_campaign.py reads this dict).
GAPS: dict[str, str] = {
    "df.loc/iloc[row, col] = None in an int or bool column": "a documented difference: "
    "ferrodf keeps the column's type (frame.md), so later values differ by design",
}


def _draw_reduce(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of(*NUMERIC_KINDS, "bool", "str", "time"))
    if col is None:
        return None
    how = draw(st.sampled_from(REDUCTIONS_OF.get(p.kinds[col], REDUCTIONS)))
    return {"col": col, "how": how, "skipna": draw(st.booleans())}


def _reduce(obj: Any, a: dict[str, Any], side: str) -> Any:
    fn = getattr(obj[a["col"]], a["how"])
    return fn() if a["how"] in ("count", "nunique") else fn(skipna=a["skipna"])


def _draw_frame_reduce(draw: Draw, p: Pair) -> dict[str, Any] | None:
    if not p.columns_of(*NUMERIC_KINDS) or len(p.columns_of(*NUMERIC_KINDS)) != len(p.pdf.columns):
        return None
    return {"how": draw(st.sampled_from(["sum", "min", "max", "mean", "count", "nunique"]))}


def _draw_str(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of("str"))
    if col is None:
        return None
    how = draw(
        st.sampled_from(
            ["upper", "lower", "len", "strip", "contains", "startswith", "endswith", "slice"]
        )
    )
    return {"col": col, "how": how, "pat": draw(st.sampled_from(["a", "", "é", "日", " "]))}


def _str(obj: Any, a: dict[str, Any], side: str) -> Any:
    acc = obj[a["col"]].str
    if a["how"] in ("contains",):
        return acc.contains(a["pat"], regex=False)
    if a["how"] in ("startswith", "endswith"):
        return getattr(acc, a["how"])(a["pat"])
    if a["how"] == "slice":
        return acc.slice(1, 3)
    return getattr(acc, a["how"])()


def _draw_dt(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of("time"))
    if col is None:
        return None
    return {
        "col": col,
        "field": draw(
            st.sampled_from(
                ["year", "month", "day", "hour", "minute", "second", "dayofweek", "dayofyear"]
            )
        ),
    }


def _draw_cum(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of(*NUMERIC_KINDS))
    if col is None:
        return None
    return {"col": col, "how": draw(st.sampled_from(["cumsum", "cummin", "cummax"]))}


def _draw_value_counts(draw: Draw, p: Pair) -> dict[str, Any] | None:
    col = _one(draw, p.columns_of(*KEY_KINDS))
    if col is None:
        return None
    return {"col": col, "dropna": draw(st.booleans())}


def _value_counts(obj: Any, a: dict[str, Any], side: str) -> Any:
    # sort=False with a stable order on both sides is not promised: sort by the labels.
    return obj[a["col"]].value_counts(dropna=a["dropna"]).sort_index()


OPS: list[Op] = [
    Op("select", ("__getitem__",), _draw_select, lambda o, a, s: o[a["cols"]]),
    Op("filter", ("__getitem__", "gt", "le", "eq", "ne", "isna", "notna"), _draw_filter, _filter),
    Op("rows", ("iloc", "head", "tail"), _draw_rows, _rows),
    Op("loc", ("loc",), _draw_loc, lambda o, a, s: o.loc[a["rows"], a["cols"]]),
    Op("binary", ("copy", "__setitem__", *ARITH, *COMPARE), _draw_binary, _binary_assign),
    Op(
        "frame_scalar",
        ARITH[:5] + COMPARE,
        _draw_frame_scalar,
        lambda o, a, s: arith(a["op"], o[a["cols"]], a["value"]),
    ),
    Op("assign_scalar", ("__setitem__",), _draw_assign_scalar, _assign_scalar),
    Op("groupby", ("groupby", *AGGS), _draw_groupby, _groupby),
    Op("merge", ("merge",), _draw_merge, _merge),
    Op("sort", ("sort_values",), _draw_sort, _sort),
    Op("concat", ("concat",), _draw_concat, _concat),
    Op("fillna", ("fillna",), _draw_fillna, _fillna),
    Op(
        "dropna",
        ("dropna",),
        _draw_dropna,
        lambda o, a, s: o.dropna(how=a["how"], subset=a["subset"]),
    ),
    Op(
        "drop_duplicates",
        ("drop_duplicates",),
        _draw_dupes,
        lambda o, a, s: o.drop_duplicates(subset=a["subset"], keep=a["keep"]),
    ),
    Op("index", ("set_index", "reset_index"), _draw_index, _index),
    Op("reduce", tuple(REDUCTIONS), _draw_reduce, _reduce),
    Op(
        "frame_reduce",
        ("sum", "min", "max", "mean", "count", "nunique"),
        _draw_frame_reduce,
        lambda o, a, s: getattr(o, a["how"])(),
    ),
    Op("str", ("str",), _draw_str, _str),
    Op("dt", ("dt",), _draw_dt, lambda o, a, s: getattr(o[a["col"]].dt, a["field"])),
    Op(
        "cumulative",
        ("cumsum", "cummin", "cummax"),
        _draw_cum,
        lambda o, a, s: getattr(o[a["col"]], a["how"])(),
    ),
    Op("value_counts", ("value_counts",), _draw_value_counts, _value_counts),
    Op(
        "isna",
        ("isna", "notna"),
        lambda d, p: {"how": d(st.sampled_from(["isna", "notna"]))},
        lambda o, a, s: getattr(o, a["how"])(),
    ),
]
OPS_BY_NAME = {op.name: op for op in OPS}
