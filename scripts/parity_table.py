"""The table of Python pandas-API names and their Rust counterparts (docs/rust-parity.md).

Every public name of the Python DataFrame, Series, Index, MultiIndex, GroupBy, ``.str``
and ``.dt`` gets one row: its Rust counterpart in the frontend crate (found by reading
``frontend/src`` for ``pub fn`` items of the matching type), or why it has none. Run it
after changing either side; ``tests/frame/test_rust_parity.py`` fails when the table is
out of date or a Python name has neither a counterpart nor a reason.

    python scripts/parity_table.py [--check]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "rust-parity.md"

# Rust type whose methods stand in for each Python class.
RUST_TYPE = {
    "DataFrame": "DataFrame",
    "Series": "Series",
    "Index": "Index",
    "MultiIndex": "Index",
    "GroupBy": "GroupBy",
    "StringMethods": "StringMethods<'_>",
    "DatetimeMethods": "DatetimeMethods<'_>",
    "CategoricalMethods": "CategoricalMethods<'_>",
}

FLEX = {
    "add": "Add", "radd": "Add", "sub": "Sub", "subtract": "Sub", "rsub": "Sub",
    "mul": "Mul", "multiply": "Mul", "rmul": "Mul", "truediv": "TrueDiv", "div": "TrueDiv",
    "divide": "TrueDiv", "rtruediv": "TrueDiv", "rdiv": "TrueDiv", "floordiv": "FloorDiv",
    "rfloordiv": "FloorDiv", "mod": "Mod", "rmod": "Mod", "pow": "Pow", "rpow": "Pow",
}  # fmt: skip

REDUCTIONS = {
    "sum", "prod", "product", "min", "max", "mean", "median", "std", "var", "quantile",
    "count", "nunique", "any", "all", "idxmin", "idxmax",
}  # fmt: skip

# Names whose counterpart has another name in Rust (the first that the type has).
RENAMED = {
    "isnull": "isna",
    "notnull": "notna",
    "tolist": "column level_columns",
    "to_list": "column level_columns",
    "size": "len",
    "shape": "len",
    "empty": "is_empty",
    "name": "name names",
    "names": "names",
    "cumsum": "cumulative",
    "cumprod": "cumulative",
    "cummin": "cumulative",
    "cummax": "cumulative",
    "iloc": "select_rows",
    "T": "transpose",
    "head": "head",
    "tail": "tail",
    "dayofweek": "dayofweek",
    "weekday": "dayofweek",
    "day_of_week": "dayofweek",
    "day_of_year": "dayofyear",
    "daysinmonth": "days_in_month",
    "nlevels": "nlevels",
    "levels_columns": "level_columns",
    "from_arrays": "multi",
    "from_tuples": "multi",
    "columns": "columns_index data",
    "insert": "insert",
    "drop": "drop_columns drop_labels",
    "rename": "rename rename_columns rename_index with_names",
    "where": "keep_where",
    "copy": "deep_copy",
    "assign": "set_column",
    "equals": "same_labels",
    "match": "match_regex",
    "extract": "extract_frame extract_series",
    "to_csv": "to_write",
    "to_parquet": "to_write",
    "to_json": "to_write",
}

# Counterparts on another Rust type (checked to exist there).
ELSEWHERE = {
    "loc": (
        "DataFrame",
        "loc_get",
        "`DataFrame::loc_get` / `Series::loc_get` (a `Located`: frame, Series or value); "
        "`loc_set` for assignment",
    ),
    "groupby": ("DataFrame", "groupby", "`DataFrame::groupby` / `groupby_levels` (a `GroupBy`)"),
}

# Methods of one class that are compositions of Rust methods (what the Python method calls):
# (class, name) -> (Rust type, the Rust method that must exist, the text of the row).
COMPOSED = {
    ("Series", "quantile"): (
        "Series", "quantiles",
        "`Series::reduce(Reduction::Quantile(q), ..)`; several `q` or another interpolation: "
        "`Series::quantiles`",
    ),
}  # fmt: skip

# Python names that cannot exist in Rust, and why.
PYTHON_ONLY = {
    "to_pandas": "converts to a pandas object: a Python library",
    "from_pandas": "reads a pandas object: a Python library",
    "to_numpy": "a NumPy array is a Python object (Rust: the column's host_values)",
    "to_cupy": "a CuPy array is a Python object (Rust: the column's device buffer)",
    "values": "a NumPy or CuPy array is a Python object (Rust: host_values, device buffer)",
    "to_dlpack": "a DLPack capsule is a Python object (Rust: ferrodf::core::interop::dlpack)",
    "to_polars": "a polars DataFrame is a Python object here",
    "to_arrow": "Rust: ferrodf::core::interop::arrow::to_arrow on the columns",
    "from_arrow": "Rust: ferrodf::core::interop::arrow::from_arrow, then from_columns",
    "ndim": "a constant (1 or 2) of the Python object model",
    "dtype": "Rust: Series::dtype returns the core DataType; Python shows NumPy's",
    "keys": "Python's mapping protocol (Rust: data().names())",
    "items": "Python's mapping protocol (Rust: data().iter())",
    "str": "the .str accessor object; its methods are in this table",
    "dt": "the .dt accessor object (Rust: Series::dt)",
    "at": "a Python indexer object (Rust: get_loc, then row or the column's element)",
    "iat": "a Python indexer object (Rust: select_rows with one position)",
    "aggregate": "an alias of agg",
    "browse": "a Jupyter widget (anywidget) that a Python kernel serves (docs/display.md)",
    "plot": "pandas' plotting API drawing with matplotlib (ferrodf.plotting, docs/display.md)",
    "hist": "matplotlib histograms of counts computed by ferrodf (ferrodf.plotting)",
}


def rust_methods() -> dict[str, set[str]]:
    """``pub fn`` names per ``impl`` type in frontend/src."""
    found: dict[str, set[str]] = {}
    impl_re = re.compile(r"^impl(?:<[^>]*>)? ([A-Za-z_][A-Za-z0-9_<>']*)")
    fn_re = re.compile(r"^    pub fn ([a-z_][a-z0-9_]*)")
    # methods a macro writes: `named_aggregations!(Out; sum, prod, ...);`
    macro_re = re.compile(r"^    [a-z_]+!\([A-Za-z]+; ([a-z_, ]+)\);")
    # one method per entry of a block macro: `binary_methods! { eq => Eq; ... }`
    entry_re = re.compile(r"^        ([a-z_][a-z0-9_]*) => [A-Za-z]+;$")
    for path in sorted((REPO / "frontend" / "src").rglob("*.rs")):
        current = None
        for line in path.read_text().splitlines():
            m = impl_re.match(line)
            if m:
                current = m.group(1)
                continue
            m = fn_re.match(line)
            if m and current:
                found.setdefault(current, set()).add(m.group(1))
            m = macro_re.match(line)
            if m and current:
                found.setdefault(current, set()).update(x.strip() for x in m.group(1).split(","))
            m = entry_re.match(line)
            if m and current:
                found.setdefault(current, set()).add(m.group(1))
    return found


def python_names() -> dict[str, list[str]]:
    import ferrodf
    from ferrodf.accessors import CategoricalMethods, DatetimeMethods, StringMethods
    from ferrodf.groupby import GroupBy

    classes = {
        "DataFrame": ferrodf.DataFrame,
        "Series": ferrodf.Series,
        "Index": ferrodf.Index,
        "MultiIndex": ferrodf.MultiIndex,
        "GroupBy": GroupBy,
        "StringMethods": StringMethods,
        "DatetimeMethods": DatetimeMethods,
        "CategoricalMethods": CategoricalMethods,
    }
    return {k: sorted(n for n in dir(c) if not n.startswith("_")) for k, c in classes.items()}


def counterpart(cls: str, name: str, methods: dict[str, set[str]]) -> tuple[str, str]:
    """(status, text): status is "rust", "python" or "not yet"."""
    rtype = RUST_TYPE[cls]
    own = methods.get(rtype or "", set())
    composed = COMPOSED.get(("Index" if cls == "MultiIndex" else cls, name))
    if composed and composed[1] in methods.get(composed[0], set()):
        return "rust", composed[2]
    if name in PYTHON_ONLY:
        return "python", PYTHON_ONLY[name]
    if cls in ("DataFrame", "Series") and name in FLEX:
        fn = "binary_with" if cls == "Series" else "binary"
        if fn in own:
            return "rust", f"`{rtype}::{fn}(BinaryOp::{FLEX[name]}, ..)`"
    if cls == "DataFrame" and name in ("eq", "ne", "lt", "le", "gt", "ge") and "binary" in own:
        return "rust", "`DataFrame::binary(BinaryOp::..)`"
    if (
        name not in own
        and name in ELSEWHERE
        and ELSEWHERE[name][1] in methods.get(ELSEWHERE[name][0], set())
    ):
        return "rust", ELSEWHERE[name][2]
    if cls in ("DataFrame", "Series") and name in REDUCTIONS and "reduce" in own:
        return "rust", f"`{rtype}::reduce(Reduction::.., ReduceOptions)`"
    for target in (name, *RENAMED.get(name, name).split()):
        if target in own:
            return "rust", f"`{rtype.split('<')[0]}::{target}`"
    return "not yet", ""


def table() -> tuple[str, dict[str, int]]:
    methods = rust_methods()
    counts = {"rust": 0, "python": 0, "not yet": 0}
    lines = [
        "# Python names and their Rust counterparts",
        "",
        "Generated by `scripts/parity_table.py` from the Python classes and the `pub fn` items",
        "of `frontend/src`; `tests/frame/test_rust_parity.py` checks that it is current. A",
        "name marked *not yet* is a gap of the Rust API (issue 22); *Python only* says why",
        "a name cannot exist in Rust.",
        "",
        "| Python | Rust | status |",
        "|---|---|---|",
    ]
    for cls, names in python_names().items():
        for name in names:
            status, text = counterpart(cls, name, methods)
            counts[status] += 1
            label = {"rust": "Rust", "python": "Python only", "not yet": "not yet"}[status]
            lines.append(f"| `{cls}.{name}` | {text} | {label} |")
    lines += [
        "",
        f"Totals: {counts['rust']} with a Rust counterpart, {counts['python']} Python only, "
        f"{counts['not yet']} not yet.",
        "",
    ]
    return "\n".join(lines), counts


def main() -> int:
    text, counts = table()
    if "--check" in sys.argv:
        return 0 if DOC.exists() and DOC.read_text() == text else 1
    DOC.write_text(text)
    print(counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
