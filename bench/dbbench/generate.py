"""Data generators for db-benchmark's groupby (G1_N_K_NAs_0) and join (J1_N) tables, after
the R scripts groupby-datagen.R and join-datagen.R, written with NumPy.

The tables come back as pyarrow Tables; `load` caches them as Parquet files under
bench/dbbench/data/ (git-ignored) so repeated runs read the same data.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

DATA = Path(os.environ.get("FERRODF_DBBENCH_DATA", Path(__file__).parent / "data"))


def _ids(prefix_width: int, values: np.ndarray) -> pa.Array:
    """Strings "id%0{w}d" of integer values (dictionary-built: few distinct values).

    Large strings (64-bit offsets) once the column's characters pass 2^31 - 1 bytes, which
    32-bit offsets cannot address (id3 at 2*10^8 rows holds 2.4 GB of text).
    """
    uniq, inverse = np.unique(values, return_inverse=True)
    large = len(values) * (prefix_width + 2) >= 2**31
    labels = pa.array(
        [f"id{v:0{prefix_width}d}" for v in uniq], type=pa.large_string() if large else pa.string()
    )
    return labels.take(pa.array(inverse.astype(np.int32)))


def _with_nulls(arr: pa.Array, rate: float, rng: np.random.Generator) -> pa.Array:
    if rate <= 0:
        return arr
    mask = pa.array(rng.random(len(arr)) < rate)
    return pc.if_else(mask, pa.nulls(len(arr), arr.type), arr)


def groupby_table(n: int, k: int = 100, nas: int = 0, seed: int = 108) -> pa.Table:
    """G1_{n}_{k}_{nas}_0: id1..id6, v1..v3 (nas: percent of nulls per column)."""
    rng = np.random.default_rng(seed)
    nk = max(n // k, 1)
    cols = {
        "id1": _ids(3, rng.integers(1, k + 1, n)),
        "id2": _ids(3, rng.integers(1, k + 1, n)),
        "id3": _ids(10, rng.integers(1, nk + 1, n)),
        "id4": pa.array(rng.integers(1, k + 1, n, dtype=np.int64)),
        "id5": pa.array(rng.integers(1, k + 1, n, dtype=np.int64)),
        "id6": pa.array(rng.integers(1, nk + 1, n, dtype=np.int64)),
        "v1": pa.array(rng.integers(1, 6, n, dtype=np.int64)),
        "v2": pa.array(rng.integers(1, 16, n, dtype=np.int64)),
        "v3": pa.array(np.round(rng.uniform(0, 100, n), 6)),
    }
    rate = nas / 100
    return pa.table({name: _with_nulls(arr, rate, rng) for name, arr in cols.items()})


def _split_keys(count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Keys for the left (x) and right tables: 90% shared, 10% only on each side."""
    count = max(count, 1)
    extra = max(count // 10, 1)
    keys = rng.permutation(np.arange(1, count + extra + 1))
    shared, left_only, right_only = keys[: count - extra], keys[count - extra : count], keys[count:]
    return np.concatenate([shared, left_only]), np.concatenate([shared, right_only])


def join_tables(n: int, seed: int = 108) -> dict[str, pa.Table]:
    """J1_{n}: x (n rows) and small (n/1e6), medium (n/1e3), big (n) right tables.
    Right tables have at least 10 rows so small scales stay meaningful."""
    rng = np.random.default_rng(seed)
    n_small, n_medium = max(n // 1_000_000, 10), max(n // 1_000, 10)
    l1, r1 = _split_keys(n_small, rng)
    l2, r2 = _split_keys(n_medium, rng)
    l3, r3 = _split_keys(n, rng)

    def strings(values: np.ndarray) -> pa.Array:
        # built by Arrow's kernels: Python string objects would take minutes at N=1e8
        return pc.binary_join_element_wise("id", pc.cast(pa.array(values), pa.string()), "")

    def three_keys(k1: np.ndarray, k2: np.ndarray, k3: np.ndarray, value: str) -> pa.Table:
        """Keys id1..id3, the same as strings id4..id6, and a value column."""
        return pa.table(
            {
                "id1": k1, "id2": k2, "id3": k3,
                "id4": strings(k1), "id5": strings(k2), "id6": strings(k3),
                value: np.round(rng.uniform(0, 100, len(k1)), 6),
            }
        )  # fmt: skip

    x1, x2, x3 = rng.choice(l1, n), rng.choice(l2, n), rng.permutation(l3)[:n]
    x = three_keys(x1, x2, x3, "v1")
    s1 = rng.permutation(r1)[:n_small]
    small = pa.table(
        {"id1": s1, "id4": strings(s1), "v2": np.round(rng.uniform(0, 100, n_small), 6)}
    )
    m1, m2 = rng.choice(r1, n_medium), rng.permutation(r2)[:n_medium]
    medium = pa.table(
        {
            "id1": m1, "id2": m2, "id4": strings(m1), "id5": strings(m2),
            "v2": np.round(rng.uniform(0, 100, n_medium), 6),
        }
    )  # fmt: skip
    b1, b2, b3 = rng.choice(r1, n), rng.choice(r2, n), rng.permutation(r3)[:n]
    big = three_keys(b1, b2, b3, "v2")
    return {"x": x, "small": small, "medium": medium, "big": big}


def _write(table: pa.Table, path: Path) -> None:
    """Write through a temporary name: a run cut off mid-write leaves no broken file that a
    later run would take for cached data."""
    tmp = path.with_suffix(".tmp")
    pq.write_table(table, tmp)
    tmp.replace(path)


def load(task: str, n: int, nas: int = 0, data_dir: Path | None = None) -> dict[str, pa.Table]:
    """The tables of `task` ("groupby" or "join") at size n, from the Parquet cache."""
    data = DATA if data_dir is None else Path(data_dir)
    data.mkdir(parents=True, exist_ok=True)
    if task == "groupby":
        name = f"G1_{n:.0e}_1e2_{nas}_0".replace("+0", "").replace("+", "")
        path = data / f"{name}.parquet"
        if not path.exists():
            _write(groupby_table(n, nas=nas), path)
        return {"x": pq.read_table(path)}
    name = f"J1_{n:.0e}".replace("+0", "").replace("+", "")
    out = {}
    paths = {part: data / f"{name}_{part}.parquet" for part in ("x", "small", "medium", "big")}
    if not all(p.exists() for p in paths.values()):
        for part, table in join_tables(n).items():
            _write(table, paths[part])
    for part, path in paths.items():
        out[part] = pq.read_table(path)
    return out
