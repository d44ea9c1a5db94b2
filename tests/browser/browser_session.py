"""Shared pieces of the real-browser tests: Chromium and Playwright found or skipped, and a
JupyterLab server on a free port serving a folder (with live kernels for the notebooks it
opens). The test modules import them (fixtures included): a ``conftest.py`` here would
shadow tests/conftest.py, which other test modules import as ``conftest``."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("FERRODF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing(what: str) -> None:
    if os.environ.get("FERRODF_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{what} (FERRODF_REQUIRE_BROWSER=1: `make chromium` and .venv provide it)")
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def sync_playwright():
    """Playwright's entry point, once Chromium and Playwright are known to be there."""
    if not os.access(CHROMIUM, os.X_OK):
        missing(f"no Chromium at {CHROMIUM} (`make chromium` installs Debian's)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (it is in requirements-dev.txt)")
    return sync_playwright


def write_lab_settings(settings_dir: Path) -> None:
    """No news or update checks (no network, no toast over the page)."""
    target = settings_dir / "@jupyterlab" / "apputils-extension"
    target.mkdir(parents=True)
    (target / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )


@contextlib.contextmanager
def lab_server(root: Path, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A JupyterLab server on a free port with a known token, serving ``root``: yields its
    base URL and token."""
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed")
    port, token = free_port(), secrets.token_hex(16)
    write_lab_settings(tmp_path / "lab-settings")
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "lab-workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
    )
    log = open(tmp_path / "jupyterlab.log", "w")  # closed below
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(
                        "JupyterLab did not start:\n" + (tmp_path / "jupyterlab.log").read_text()
                    )
                time.sleep(0.5)
        yield base, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@contextlib.contextmanager
def chromium_page(playwright: Any, tmp_path: Path) -> Iterator[Any]:
    """A page of headless Chromium with a fresh profile, 1400 x 1000 pixels."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "chromium-profile"),  # a fresh user-data-dir
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
    )
    try:
        yield context.new_page()
    finally:
        context.close()
