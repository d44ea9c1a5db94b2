"""Differential fuzzing of the pandas-like layer: random frames and random chains of
operations, run on pandas and on ferrodf, outcomes compared (values, dtypes, index,
column order, and exceptions raised by both or neither). See docs/reliability.md."""

from __future__ import annotations

from typing import Any

import pandas as pd
from fuzz_compare import assert_same_outcome, call
from fuzz_frames import Pair, frames, kinds_of
from fuzz_ops import OPS
from fuzz_settings import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st


def run_chain(pair: Pair, draw: Any, steps: int) -> None:
    """Up to `steps` ops, each on the previous frame result, compared after every step."""
    p = pair
    for step in range(steps):
        op = draw(st.sampled_from(OPS))
        args = op.draw(draw, p)
        if args is None:
            continue
        event(f"op {op.name}")
        expected = call(lambda op=op, args=args, p=p: op.apply(p.pdf, args, "pd"))
        got = call(lambda op=op, args=args, p=p: op.apply(p.df, args, "fd"))
        assert_same_outcome(got, expected, f"step {step}: {op.name}({args})")
        if expected.error is not None or not isinstance(expected.value, pd.DataFrame):
            return
        p = Pair(expected.value, got.value, kinds_of(expected.value))


@fuzz_settings(120)
@given(pair=frames(), data=st.data())
def test_op_sequences_match_pandas(pair: Pair, data: st.DataObject) -> None:
    """The built frame equals pandas', then 1 to 4 chained ops give pandas' outcomes."""
    from fuzz_compare import assert_same

    assert_same(pair.df, pair.pdf, "the frame as built")
    run_chain(pair, data.draw, data.draw(st.integers(1, 4)))
