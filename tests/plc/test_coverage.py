"""scripts/plc_coverage.py counts what it should.

Its pylibcudf side, scripts/pylibcudf_api.json, is checked for shape and consistency (a
package lists each of its submodules; every public ferrodf.plc module is a pylibcudf
module, so a misspelled module on either side shows up). Its count is compared with a walk
of this file's own, which reaches each module the way pylibcudf code does (``plc.a.b``,
attribute by attribute) and looks each name up in the module's namespace. And it is
checked to survive a module that is missing, fails to import, or raises on a name.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
import sys
import types
from pathlib import Path

import pytest

import ferrodf.plc as plc

REPO = Path(__file__).resolve().parents[2]
API = REPO / "scripts" / "pylibcudf_api.json"
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MODULE = re.compile(r"^[a-z_][a-z0-9_]*$")
# pylibcudf modules too, but no __all__ names them: their classes are exported at the top
# (plc.Column, ...), and that is where the API file lists them
CLASS_MODULES = {"column", "table", "scalar", "gpumemoryview"}
# modules of older pylibcudf releases that the API file's version no longer has, kept for
# code written against them: jit (25.x's UDFSourceType for transform.transform)
OLDER_MODULES = {"jit"}


def _script():
    spec = importlib.util.spec_from_file_location(
        "plc_coverage", REPO / "scripts" / "plc_coverage.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # for its dataclass
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script():
    return _script()


@pytest.fixture(scope="module")
def api() -> dict:
    return json.loads(API.read_text())


def test_api_file_is_well_formed(api, script):
    assert isinstance(api["pylibcudf version or commit"], str)
    modules = api["modules"]
    assert isinstance(modules, dict) and "" in modules and len(modules) > 50
    for path, names in modules.items():
        assert path == "" or all(MODULE.match(p) for p in path.split(".")), path
        assert isinstance(names, list) and names, path
        assert all(isinstance(n, str) and IDENT.match(n) for n in names), path
        assert len(set(names)) == len(names), f"{path} lists a name twice"
        if path:  # a package lists each submodule: a misspelled key has no parent entry
            parent, _, leaf = path.rpartition(".")
            assert parent in modules, f"{path}: no entry for its package {parent!r}"
            assert leaf in modules[parent], f"{path}: {parent or 'pylibcudf'} does not list it"
    for path, names in api.get("members", {}).items():
        module, _, cls = path.rpartition(".")
        assert module in modules and cls in modules[module], f"members: {path} is no class"
        assert names and all(IDENT.match(n) for n in names), path
        assert len(set(names)) == len(names), path
    assert set(api["sources"]["modules"]) == set(modules)
    assert script.load_api(API) == api


@pytest.mark.parametrize(
    "change",
    [
        lambda a: a.pop("pylibcudf version or commit"),
        lambda a: a.update(modules={}),
        lambda a: a["modules"].update({"strings.": ["x"]}),
        lambda a: a["modules"].update({"Strings": ["x"]}),
        lambda a: a["modules"].update({"copying": "gather"}),
        lambda a: a["modules"].update({"copying": []}),
        lambda a: a["modules"].update({"copying": ["gather", "not a name"]}),
        lambda a: a["modules"].update({"copying": ["gather", "gather"]}),
        lambda a: a["members"].update({"Column": [1]}),
    ],
)
def test_a_malformed_api_file_is_refused(tmp_path, api, script, change):
    broken = json.loads(json.dumps(api))
    change(broken)
    path = tmp_path / "api.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(ValueError, match=r"api\.json: "):
        script.load_api(path)
    path.write_text(API.read_text()[:-20])  # cut short
    with pytest.raises(ValueError, match="not JSON"):
        script.load_api(path)


def test_every_ferrodf_module_is_a_pylibcudf_module(api):
    ours = {
        m.name.removeprefix("ferrodf.plc.")
        for m in pkgutil.walk_packages(plc.__path__, "ferrodf.plc.")
        if not any(part.startswith("_") for part in m.name.split("."))
    }
    assert ours, "no ferrodf.plc modules found"
    unknown = ours - set(api["modules"]) - CLASS_MODULES - OLDER_MODULES
    assert not unknown, f"ferrodf.plc modules pylibcudf does not have (misspelled?): {unknown}"


def _reach(path: str) -> types.ModuleType | None:
    """plc.a.b as pylibcudf code writes it; None where a step is missing."""
    obj: object = plc
    for i, part in enumerate(path.split(".") if path else []):
        obj = vars(obj).get(part)
        expected = ".".join(["ferrodf.plc", *path.split(".")[: i + 1]])
        if not isinstance(obj, types.ModuleType):
            # missing from its package: then it must not exist at all
            try:
                spec = importlib.util.find_spec(expected)
            except ModuleNotFoundError:  # its package is missing too
                spec = None
            assert spec is None, f"{expected} exists but is not reachable as plc.{path}"
            return None
        assert obj.__name__ == expected, (path, obj.__name__)
    return obj


def _lookup(module: types.ModuleType, name: str) -> tuple[bool, object]:
    if name in vars(module):
        return True, vars(module)[name]
    hook = vars(module).get("__getattr__")  # a lazy export (PEP 562)
    if hook is None:
        return False, None
    try:
        return True, hook(name)
    except AttributeError:
        return False, None


def test_the_count_matches_an_independent_walk(api, script, capsys):
    rows = {r.name: r for r in script.coverage(api)}
    assert list(rows) == list(api["modules"])
    present = total = 0
    for path, names in api["modules"].items():
        module = _reach(path)
        found = []
        for name in names:
            ok, obj = (False, None) if module is None else _lookup(module, name)
            if not ok:
                continue
            found.append(name)
            # what is there is ferrodf's own, not a stand-in picked up by an import
            if isinstance(obj, types.ModuleType):
                assert obj.__name__ == f"{module.__name__}.{name}", (path, name)
            elif inspect.isclass(obj) or inspect.isroutine(obj):
                assert obj.__module__.startswith("ferrodf"), (path, name, obj.__module__)
            else:
                assert obj is not None, (path, name)
        row = rows[path]
        assert row.present == found, path
        assert row.missing == [n for n in names if n not in found], path
        assert (row.error is not None) == (module is None), path
        present += len(found)
        total += len(names)
    assert total == sum(len(v) for v in api["modules"].values())
    assert 0 < present < total
    assert script.main([]) == 0
    assert f"\n{present} of {total} pylibcudf names present\n" in capsys.readouterr().out


@pytest.fixture
def fake_plc(tmp_path, monkeypatch, script):
    """A package standing in for ferrodf.plc: one good module, one that raises
    NotImplementedError when imported, one whose names raise it."""
    pkg = tmp_path / "fakeplc"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from fakeplc import good, sub\n")
    (pkg / "good.py").write_text("def f():\n    pass\n")
    (pkg / "stub.py").write_text("raise NotImplementedError('not yet')\n")
    (pkg / "sub" / "__init__.py").write_text(
        "def __getattr__(name):\n    raise NotImplementedError(name)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(script, "ROOT", "fakeplc")
    yield
    for name in [m for m in sys.modules if m == "fakeplc" or m.startswith("fakeplc.")]:
        del sys.modules[name]


def test_missing_and_stub_modules_count_as_missing(tmp_path, script, fake_plc, capsys):
    path = tmp_path / "api.json"
    modules = {
        "": ["good", "stub", "sub", "absent"],
        "good": ["f", "g"],
        "stub": ["h"],
        "sub": ["k"],
        "absent": ["x", "y"],
        "absent.deeper": ["z"],
    }
    path.write_text(json.dumps({"pylibcudf version or commit": "test", "modules": modules}))
    rows = {r.name: r for r in script.coverage(script.load_api(path))}
    assert rows[""].present == ["good", "sub"]
    assert rows["good"].present == ["f"] and rows["good"].missing == ["g"]
    assert rows["stub"].missing == ["h"] and "NotImplementedError" in rows["stub"].error
    assert rows["sub"].missing == ["k"] and rows["sub"].error is None
    assert rows["absent"].error == rows["absent.deeper"].error == "no such module"
    for markdown in (False, True):
        assert script.main(["--api", str(path)] + ["--markdown"] * markdown) == 0
        out = capsys.readouterr().out
        assert "3 of 11 pylibcudf names present" in out
    assert "| `pylibcudf.absent` | 0 / 2 | *module missing*" in out


def test_members_are_counted_on_the_classes(api, script):
    rows = {r.name: r for r in script.member_coverage(api)}
    assert set(rows) == set(api["members"])
    column = rows["Column"]
    assert "size" in column.present and "null_count" in column.present
    for name in column.present:
        assert callable(getattr(plc.Column, name)), name
