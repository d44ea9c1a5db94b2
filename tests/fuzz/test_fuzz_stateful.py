"""A stateful differential test of the in-place operations: one pandas frame and one
ferrodf frame receive the same random sequence of mutations (``df[c] = ...``, ``del``,
``insert``, ``.loc``/``.iloc`` setters, ``sort_values``/``sort_index(inplace=True)``),
and after every step they must be equal, or both must have raised and be unchanged.
Columns taken out before a mutation (``s = df[c]``) must not change with it: pandas 3's
copy-on-write, which ferrodf's immutable buffers give by construction."""

from __future__ import annotations

from typing import Any

import pandas as pd
from fuzz_compare import assert_same, assert_same_outcome, assignment_differs_by_design, call
from fuzz_frames import KEY_KINDS, KINDS, NUMERIC_KINDS, frames, kinds_of, scalar_for
from fuzz_settings import fuzz_settings
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    precondition,
    rule,
)


class InPlaceMachine(RuleBasedStateMachine):
    """pandas and ferrodf frames mutated in step; see the module docstring."""

    snapshots = Bundle("snapshots")

    def __init__(self) -> None:
        super().__init__()
        self.pdf = pd.DataFrame()
        self.df: Any = None
        self.kinds: dict[Any, str] = {}
        self.counter = 0

    @initialize(pair=frames(multi_columns=False, max_rows=6))
    def start(self, pair: Any) -> None:
        self.pdf, self.df, self.kinds = pair.pdf.copy(), pair.df, dict(pair.kinds)

    def _both(self, name: str, fn: Any) -> None:
        """fn on both frames (it mutates them); both raise or neither does."""
        event(f"rule {name}")
        before = self.pdf.copy()
        expected = call(lambda: fn(self.pdf, "pd"))
        got = call(lambda: fn(self.df, "fd"))
        assert_same_outcome(got, expected, name)
        if expected.error is not None:
            assert_same(self.df, before, f"{name} raised and left the frame")
            self.pdf = before  # pandas may have changed the frame before raising

    def _labels(self, *kinds: str) -> list[Any]:
        return [c for c in self.pdf.columns if self.kinds.get(c) in kinds]

    def _settable(self) -> list[Any]:
        """The columns whose cells the setters may write: not the categorical ones
        (test_setting_a_cell_of_a_categorical_column, an open bug that needs Rust)."""
        return [
            c for c in self.pdf.columns if self.kinds.get(c) in KINDS and self.kinds[c] != "cat"
        ]

    @rule(data=st.data(), kind=st.sampled_from(sorted(KINDS)))
    def set_scalar(self, data: st.DataObject, kind: str) -> None:
        """df[label] = scalar: a new column or an overwritten one."""
        label = data.draw(st.sampled_from([*self.pdf.columns, f"n{self.counter}"]))
        value = data.draw(scalar_for(kind))
        self.counter += 1

        def fn(obj: Any, side: str) -> None:
            obj[label] = value

        self._both(f"df[{label!r}] = {value!r}", fn)
        self.kinds = kinds_of(self.pdf)

    @precondition(lambda self: len(self._labels(*NUMERIC_KINDS)) > 0)
    @rule(data=st.data(), op=st.sampled_from(["add", "mul", "sub", "truediv"]))
    def set_computed(self, data: st.DataObject, op: str) -> None:
        """df[label] = df[a] <op> df[b] (aligned on the row labels)."""
        a, b = (data.draw(st.sampled_from(self._labels(*NUMERIC_KINDS))) for _ in range(2))
        label = data.draw(st.sampled_from([a, f"n{self.counter}"]))
        self.counter += 1

        def fn(obj: Any, side: str) -> None:
            obj[label] = getattr(obj[a], op)(obj[b])

        self._both(f"df[{label!r}] = df[{a!r}].{op}(df[{b!r}])", fn)
        self.kinds = kinds_of(self.pdf)

    @precondition(lambda self: len(self.pdf.columns) > 1)
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        label = data.draw(st.sampled_from(list(self.pdf.columns)))

        def fn(obj: Any, side: str) -> None:
            del obj[label]

        self._both(f"del df[{label!r}]", fn)

    @rule(data=st.data(), kind=st.sampled_from(["int", "float", "str"]))
    def insert(self, data: st.DataObject, kind: str) -> None:
        """insert(loc, label, scalar); an existing label raises ValueError in both."""
        loc = data.draw(st.integers(0, len(self.pdf.columns)))
        label = data.draw(st.sampled_from([*self.pdf.columns, f"i{self.counter}"]))
        value = data.draw(scalar_for(kind))
        self.counter += 1

        def fn(obj: Any, side: str) -> None:
            obj.insert(loc, label, value)

        self._both(f"insert({loc}, {label!r}, {value!r})", fn)
        self.kinds = kinds_of(self.pdf)

    @precondition(lambda self: len(self.pdf) > 0 and self.pdf.index.is_unique)
    @rule(data=st.data())
    def loc_set(self, data: st.DataObject) -> None:
        """df.loc[row, col] = value of the column's kind (or None)."""
        labels = self._settable()
        if not labels:
            return
        col = data.draw(st.sampled_from(labels))
        row = data.draw(st.sampled_from(list(self.pdf.index)))
        value = data.draw(st.one_of(scalar_for(self.kinds[col]), st.none()))
        if assignment_differs_by_design(self.kinds[col], value):
            return

        def fn(obj: Any, side: str) -> None:
            obj.loc[row, col] = value

        self._both(f"df.loc[{row!r}, {col!r}] = {value!r}", fn)

    @precondition(lambda self: len(self.pdf) > 0 and len(self.pdf.columns) > 0)
    @rule(data=st.data())
    def iloc_set(self, data: st.DataObject) -> None:
        """df.iloc[i, j] = value of the column's kind; positions may be negative."""
        j = data.draw(st.integers(0, len(self.pdf.columns) - 1))
        if self.pdf.columns[j] not in self._settable():
            return
        kind = self.kinds[self.pdf.columns[j]]
        i = data.draw(st.integers(-len(self.pdf), len(self.pdf) - 1))
        value = data.draw(scalar_for(kind))

        def fn(obj: Any, side: str) -> None:
            obj.iloc[i, j] = value

        self._both(f"df.iloc[{i}, {j}] = {value!r}", fn)

    @precondition(lambda self: len(self._labels(*KEY_KINDS, "float")) > 0)
    @rule(data=st.data(), ascending=st.booleans(), ignore_index=st.booleans())
    def sort_inplace(self, data: st.DataObject, ascending: bool, ignore_index: bool) -> None:
        by = data.draw(st.sampled_from(self._labels(*KEY_KINDS, "float")))

        def fn(obj: Any, side: str) -> Any:
            # kind="stable": ferrodf's sorts are stable (docs/migration.md)
            return obj.sort_values(
                by, ascending=ascending, inplace=True, kind="stable", ignore_index=ignore_index
            )

        self._both(f"sort_values({by!r}, inplace=True)", fn)

    @precondition(lambda self: not isinstance(self.pdf.index, pd.MultiIndex))
    @rule(ascending=st.booleans())
    def sort_index_inplace(self, ascending: bool) -> None:
        def fn(obj: Any, side: str) -> Any:
            return obj.sort_index(ascending=ascending, inplace=True, kind="stable")

        self._both("sort_index(inplace=True)", fn)

    @precondition(lambda self: len(self.pdf.columns) > 0)
    @rule(target=snapshots, data=st.data())
    def snapshot(self, data: st.DataObject) -> tuple[pd.Series, Any]:
        """s = df[label], kept to check later that no mutation reached it."""
        label = data.draw(st.sampled_from(list(self.pdf.columns)))
        return self.pdf[label].copy(), self.df[label]

    @rule(snap=consumes(snapshots))
    def snapshot_unchanged(self, snap: tuple[pd.Series, Any]) -> None:
        assert_same(snap[1], snap[0], "a column taken out before later mutations")

    @invariant()
    def frames_equal(self) -> None:
        if self.df is not None:
            assert_same(self.df, self.pdf, "the frame after the last step")


InPlaceMachine.TestCase.settings = fuzz_settings(40, stateful_steps=15)
test_in_place_operations_match_pandas = InPlaceMachine.TestCase
