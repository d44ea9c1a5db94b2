"""Fault injection (issue 28): device and pinned-host allocations made to fail in the middle
of operations, to show that each failure either spills and succeeds or raises MemoryError,
that the inputs stay intact, and that the process stays usable.

    FERRODF_DEVICE=gpu python3 scripts/fault_injection.py [--rows 200000] [--markdown FILE]

For every operation of scripts/gpu_soak.py (sort, groupby, merge, filtering and
arithmetic, scans, fillna/dropna, strings, reductions), on a device-resident frame:
- the answer is taken once with no fault (and checked against pandas);
- then for N = 0, 1, 2, 4, 8, ... (until the operation makes fewer than N + 1
  allocations) the hook `ferrodf._lib.inject_allocation_failures` lets N device
  allocations through and fails the next one ("once", while a frame the operation does
  not use sits on the device and can be spilled) or every later one ("all");
- the outcome must be the right answer or MemoryError; the input frame must still equal
  pandas'; the operation run again with no fault must give the right answer.
Then pinned-host allocations are refused while everything is spilled and brought back
(spills fall back to pageable memory), and with spilling off a frame over the device
limit must raise MemoryError that names the limit. Exit status 1 on any other outcome.
Needs a GPU (the hook only fails device and pinned allocations); `tests/memory/
test_fault_injection_script.py` runs a short version in the GPU suite.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections import Counter

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fuzz"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gpu_soak  # the operations
from fuzz_compare import assert_same

import ferrodf
from ferrodf import _lib

ALL = 10**9


def outcome(fn) -> tuple[str, object]:
    try:
        return "ok", fn()
    except MemoryError as e:
        return "MemoryError", e
    except Exception as e:
        return f"{type(e).__name__}: {str(e)[:200]}", e


def check_op(name, fn, r, pdf, df, ballast, tally: Counter, findings: list[str]) -> int:
    """Every injection point of one operation; returns the points tried."""
    expected = fn(pdf, r)
    assert_same(fn(df, r), expected, f"{name} without faults")
    points = 0
    for mode, fail in (("once", 1), ("all", ALL)):
        skip = 0
        while True:
            ferrodf.memory.prefetch(df, "device")
            ferrodf.memory.prefetch(ballast, "device")
            _lib.inject_allocation_failures("device", skip, fail)
            kind, value = outcome(lambda: fn(df, r))
            ferrodf.synchronize()
            injected = _lib.stop_allocation_failures()
            if injected == 0:
                break  # the operation made at most `skip` allocations: every point is done
            points += 1
            where = f"{name}, fail {mode} after {skip} allocations"
            if kind == "ok":
                try:
                    assert_same(value, expected, where)
                    tally[f"{mode}: right answer"] += 1
                except AssertionError as e:
                    findings.append(f"{where}: wrong answer: {str(e)[:200]}")
            elif kind == "MemoryError":
                tally[f"{mode}: MemoryError"] += 1
            else:
                findings.append(f"{where}: raised {kind}")
            try:
                assert_same(df, pdf, f"{where}: the input afterwards")
            except AssertionError as e:
                findings.append(f"{where}: input changed: {str(e)[:200]}")
            kind2, again = outcome(lambda: fn(df, r))
            if kind2 != "ok":
                findings.append(f"{where}: the next call without faults raised {kind2}")
            else:
                try:
                    assert_same(again, expected, f"{where}: the next call")
                except AssertionError as e:
                    findings.append(f"{where}: the next call was wrong: {str(e)[:200]}")
            skip = 1 if skip == 0 else 2 * skip
    return points


# Spills of buffers this large go through pinned blocks (smaller ones copy straight into
# pageable memory: core memory/pinned.rs STAGE_MIN), so the refusal needs columns of more.
PINNED_MIN_ROWS = (4 << 20) // 8 + 1


def pinned_refused(pdf, df, findings: list[str]) -> str:
    """Spill everything and bring it back while no pinned block may be allocated. The data
    spilled is computed on the device (a frame built from pandas keeps its host copy, and
    spilling it copies nothing), in columns large enough to be staged through pinned
    memory (repeated up to PINNED_MIN_ROWS rows)."""
    times = -(-PINNED_MIN_ROWS // max(len(pdf), 1))
    pdf = pd.concat([pdf[["v", "w"]]] * times, ignore_index=True)
    df = ferrodf.DataFrame(pdf)
    derived = df * 2.5
    expected = pdf * 2.5
    ferrodf.synchronize()
    _lib.inject_allocation_failures("pinned", 0, ALL)
    try:
        ferrodf.memory.spill()
        ferrodf.memory.prefetch(derived, "device")
        assert_same(derived, expected, "after a spill and an unspill without pinned memory")
    except Exception as e:
        findings.append(f"pinned allocations refused: {type(e).__name__}: {str(e)[:200]}")
    finally:
        refused = _lib.stop_allocation_failures()
    if refused == 0:
        return "no pinned allocation was asked for (the pool's free blocks served the spill)"
    return f"{refused} pinned allocations refused (pageable memory used instead); data intact"


def over_the_limit(rows: int, findings: list[str]) -> str:
    """With spilling off, a frame over the device limit raises MemoryError naming it."""
    old_limit, old_spill = _lib.get_device_limit(), _lib.get_spill()
    try:
        _lib.set_spill(False)
        _lib.set_device_limit(1 << 20)
        big = np.arange(max(rows, 1 << 18), dtype=np.int64)  # at least 2 MiB
        kind, err = outcome(lambda: ferrodf.memory.prefetch(ferrodf.Series(big), "device"))
        if kind != "MemoryError":
            findings.append(f"over the limit with spilling off: {kind}")
            return kind
        if "limit" not in str(err):
            findings.append(f"over the limit: the message does not name the limit: {err}")
        return f"MemoryError: {str(err).splitlines()[0][:160]}"
    finally:
        _lib.set_device_limit(old_limit)
        _lib.set_spill(old_spill)


def run(rows: int, seed: int) -> tuple[list[str], list[str]]:
    rng = np.random.default_rng(seed)
    pdf = gpu_soak.random_frame(rng, rows, n=rows)
    df = ferrodf.DataFrame(pdf)
    # On the device beside the frame and used by no operation: what a spill can free.
    ballast = ferrodf.DataFrame(gpu_soak.random_frame(rng, rows, n=rows))
    lines, findings = [], []
    lines.append("| operation | injection points | outcomes |")
    lines.append("|---|---:|---|")
    for name, fn, draw in gpu_soak.OPS:
        tally: Counter[str] = Counter()
        before = len(findings)
        points = check_op(name, fn, draw(rng), pdf, df, ballast, tally, findings)
        text = ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
        bad = len(findings) - before
        lines.append(f"| {name} | {points} | {text}{f', {bad} findings' if bad else ''} |")
    lines.append("")
    lines.append(f"- Pinned host memory refused: {pinned_refused(pdf, df, findings)}.")
    lines.append(f"- Over the device limit with spilling off: {over_the_limit(rows, findings)}.")
    del df, ballast
    gc.collect()
    return lines, findings


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rows", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=2028)
    p.add_argument("--markdown", help="also write the report to this file")
    args = p.parse_args()
    info = ferrodf.gpu_info()
    if info is None or ferrodf.get_option("device") == "cpu":
        print("fault injection needs a GPU (device and pinned allocations); nothing run")
        return 0
    t0 = time.perf_counter()
    lines, findings = run(args.rows, args.seed)
    head = (
        f"Fault injection, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{info['name']}, a frame of {args.rows:,} rows, {time.perf_counter() - t0:.0f} s:"
    )
    text = "\n".join([head, "", *lines])
    return gpu_soak.write_report(text, findings, args.markdown, "FINDING")


if __name__ == "__main__":
    sys.exit(main())
