"""Helpers for the frame tests: operations without a device path yet."""

from __future__ import annotations

import pytest

import ferrodf


@pytest.fixture
def host_if_missing():
    """Call fn. With device='gpu' an operation without a device path must raise
    NotImplementedError naming what is missing (never fall back silently); it is then
    checked on the host, so the result is still compared with pandas."""

    def call(fn):
        if ferrodf.get_option("device") != "gpu":
            return fn()
        try:
            return fn()
        except NotImplementedError as e:
            assert str(e), "NotImplementedError must say which function lacks a device path"
            with ferrodf.option_context(device="cpu"):
                return fn()

    return call
