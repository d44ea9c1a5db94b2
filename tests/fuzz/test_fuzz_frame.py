"""Differential fuzzing of the pandas-like layer: random frames and random chains of
operations, run on pandas and on ferrodf, outcomes compared (values, dtypes, index,
column order, and exceptions raised by both or neither). See docs/reliability.md."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from fuzz_compare import assert_same_outcome, call
from fuzz_frames import Pair, frames
from fuzz_ops import OPS
from fuzz_settings import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st


def kinds_of(pdf: pd.DataFrame) -> dict[Any, str]:
    """The column kinds of a result frame, for the next op to draw arguments from."""
    kinds = {}
    for label in pdf.columns:
        dtype = pdf[label].dtype
        if isinstance(dtype, pd.CategoricalDtype):
            kinds[label] = "cat"
        elif pd.api.types.is_bool_dtype(dtype):
            kinds[label] = "bool"
        elif pd.api.types.is_integer_dtype(dtype):
            kinds[label] = "int"
        elif pd.api.types.is_float_dtype(dtype):
            kinds[label] = "float"
        elif pd.api.types.is_datetime64_dtype(dtype):
            kinds[label] = "time"
        elif dtype is np.dtype(object):
            # pandas' object column: all missing (df[c] = None; ferrodf's untyped column,
            # which takes no comparison or arithmetic yet: fuzz_ops.GAPS) or mixed values
            kinds[label] = "other"
        elif pd.api.types.is_string_dtype(dtype):
            kinds[label] = "str"
        else:
            kinds[label] = "other"
    return kinds


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
