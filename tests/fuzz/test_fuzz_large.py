"""Differential fuzzing of the pandas-like layer on large frames (10^5 rows and more, up
to 10^6 on the GPU): the op chains of test_fuzz_frame.py on frames that span many device
blocks and warps, where size-dependent paths (multi-block scans and reductions, the
device sort's look-back, hash tables that grow, chunked gathers) live. Few examples, each
a large case; `make fuzz` runs more, and scripts/gpu_check.sh (PROPERTY=1) runs them on
the GPU. See docs/reliability.md."""

from __future__ import annotations

from fuzz_compare import assert_same
from fuzz_frames import Pair, large_frames
from fuzz_settings import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_frame import run_chain

import ferrodf

ON_GPU = ferrodf.get_option("device") == "gpu"
# The host suite (make test) stays at 10^5-2*10^5 rows; the GPU gets the 10^6.
MAX_ROWS = 10**6 if ON_GPU else 2 * 10**5


@fuzz_settings(8 if ON_GPU else 3, long_examples=40)
@given(pair=large_frames(min_rows=10**5, max_rows=MAX_ROWS), data=st.data())
def test_op_sequences_on_large_frames_match_pandas(pair: Pair, data: st.DataObject) -> None:
    """The built frame equals pandas', then 1 or 2 chained ops give pandas' outcomes."""
    assert_same(pair.df, pair.pdf, "the frame as built")
    run_chain(pair, data.draw, data.draw(st.integers(1, 2)))
