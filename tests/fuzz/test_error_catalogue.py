"""The error catalogue's walk (error_walk.py): each public function and method, called
with random mixes of valid, wrong-typed and out-of-range arguments, raises only Python's
or ferrodf's own exceptions, never pyarrow's (ArrowInvalid, ArrowTypeError,
ArrowNotImplementedError) nor a Rust panic (PanicException).

With FERRODF_ERROR_CATALOGUE=path each call's exception is appended to that file (JSON
lines), from which scripts/fuzz_campaign.py writes the catalogue of docs/reliability.md."""

from __future__ import annotations

import json
import os
import warnings
from typing import Any

import pytest
from error_walk import Target, argument_pool, exception_name, is_own, targets
from fuzz_settings import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

import ferrodf

TARGETS = targets()
CATALOGUE = os.environ.get("FERRODF_ERROR_CATALOGUE")


def _record(target: Target, kinds: list[str], exc: BaseException | None) -> None:
    if CATALOGUE is None:
        return
    row = {
        "function": target.name,
        "arguments": kinds,
        "exception": None if exc is None else exception_name(exc),
        "message": None if exc is None else str(exc).splitlines()[0][:160] if str(exc) else "",
    }
    with open(CATALOGUE, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_public_api_raises_only_python_or_ferrodf_exceptions(target: Target, tmp_path, monkeypatch):
    """Random argument lists (as many as the parameters, or fewer) for one callable."""
    monkeypatch.chdir(tmp_path)  # a reader given "x" looks for ./x, a writer writes here
    pool = argument_pool(target.module)
    n = len(target.params)

    @fuzz_settings(6)
    @given(picks=st.lists(st.sampled_from(pool), min_size=max(n - 1, 0), max_size=n))
    def walk(picks: list[tuple[str, Any]]) -> None:
        kinds = [k for k, _ in picks]
        try:
            fn = target.get()
            args = [make() for _, make in picks]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with ferrodf.option_context(device=ferrodf.get_option("device")):
                    fn(*args)
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            _record(target, kinds, e)
            assert is_own(e), (
                f"{target.name}({', '.join(kinds)}) raised {exception_name(e)}: {e}; "
                "map it to a Python exception that says what to do"
            )
        else:
            _record(target, kinds, None)

    walk()
