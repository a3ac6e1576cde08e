"""The shape of the code: no import cycles between the project's modules, no finding modules
by name at run time, and a command line that starts without OpenCV, Flask or ReportLab."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("assistant", "recognizer", "printables", "synth")
RUNTIME = ("assistant", "recognizer", "printables")     # what the installed app is made of
HEAVY = ("cv2", "flask", "reportlab")


def project_modules() -> dict[str, Path]:
    """Every module of the project by dotted name (a package by its own name)."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _owner(name: str, modules) -> str | None:
    """The project module a dotted name lives in (the longest prefix that is one)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(name: str, path: Path, modules) -> set[str]:
    """The project modules `name` imports, anywhere in its text (relative imports resolved)."""
    is_package = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                base_parts = here[: len(here) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module
            # `from pkg import mod` imports the module pkg.mod; `from mod import name` imports mod
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                       for a in node.names]
        else:
            continue
        for target in targets:
            owner = _owner(target, modules)
            if owner and owner != name:
                out.add(owner)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_relative_and_absolute_imports():
    graph = import_graph()
    assert "assistant.bowling.rules" in graph["assistant.bowling.solver"]      # from .rules import
    assert "assistant.common" in graph["assistant.bowling.rules"]              # from ..common import
    assert "assistant.bowling.mat" in graph["recognizer.layout"]               # from assistant.bowling import mat
    assert "assistant.cli.core" in graph["assistant.cli"]                      # from . import core
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles_between_modules():
    assert cycles(import_graph()) == []


def test_recogniser_and_printables_share_geometry_through_the_game_package_only():
    graph = import_graph()
    for name, targets in graph.items():
        if name.startswith("printables"):
            assert not any(t.startswith("recognizer") for t in targets), (name, targets)
        if name.startswith("recognizer"):
            assert not any(t.startswith("printables") for t in targets), (name, targets)
        if name.startswith("assistant.bowling"):    # the game model imports no layer above it
            assert all(t.startswith("assistant.bowling") or t == "assistant.common"
                       for t in targets), (name, targets)


def test_the_renderer_and_template_builder_stay_out_of_the_runtime():
    """synth/ (synthetic photos, card artwork, the template atlas's builder) is for measuring
    and rebuilding data; the app must run without it and without the SVG decks it needs."""
    graph = import_graph()
    assert "recognizer.rank" in graph["synth.templates"]
    for name, targets in graph.items():
        if name.startswith(RUNTIME):
            assert not any(t.startswith("synth") for t in targets), (name, targets)


def test_no_module_is_found_by_name_at_run_time():
    for name, path in project_modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert "importlib" not in names, f"{name} imports importlib"
            if isinstance(node, ast.Name) and node.id == "__import__":
                pytest.fail(f"{name} calls __import__")


# ---- the command line starts light ------------------------------------------------------

_PROBE = """
import json, sys
from assistant.cli import main
try:
    status = main(sys.argv[2:])
except SystemExit as e:
    status = e.code
with open(sys.argv[1], "w") as f:
    json.dump({"status": status, "modules": sorted(sys.modules)}, f)
"""


def _modules_loaded_by(tmp_path, *argv, stdin: str = "") -> list[str]:
    report = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", _PROBE, str(report), *argv], input=stdin, text=True,
                   capture_output=True, timeout=120, cwd=ROOT, check=True)
    result = json.loads(report.read_text())
    assert result["status"] in (0, None), result["status"]
    return result["modules"]


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in HEAVY]


@pytest.fixture
def fresh_deal(tmp_path):
    import random

    from assistant.bowling.frame import Frame
    path = tmp_path / "state.json"
    path.write_text(json.dumps(Frame.dealt(random.Random(7)).state().to_json()))
    return str(path)


def test_hint_on_a_fresh_deal_imports_no_opencv_flask_or_reportlab(tmp_path, fresh_deal):
    modules = _modules_loaded_by(tmp_path, "hint", fresh_deal)
    assert "assistant.bowling.solver" in modules            # it did solve
    assert _heavy(modules) == []


@pytest.mark.parametrize("argv", [["--help"], ["legal", "-"], ["score", "10", "7", "3"],
                                  ["hint", "--help"], ["print", "--help"], ["recognize", "--help"]])
def test_light_commands_import_no_opencv_flask_or_reportlab(tmp_path, fresh_deal, argv):
    stdin = Path(fresh_deal).read_text() if argv == ["legal", "-"] else ""
    assert _heavy(_modules_loaded_by(tmp_path, *argv, stdin=stdin)) == []


@pytest.mark.parametrize("argv", [["--help"], ["hint", "FRESH"], ["legal", "-"]])
def test_bowling_commands_load_no_other_games_engine(tmp_path, fresh_deal, argv):
    """Each game's command group loads its engine only when one of its commands runs:
    `tableside --help` and `tableside hint` start without Topple's or Pyramid's."""
    argv = [fresh_deal if a == "FRESH" else a for a in argv]
    stdin = Path(fresh_deal).read_text() if argv == ["legal", "-"] else ""
    loaded = _modules_loaded_by(tmp_path, *argv, stdin=stdin)
    assert [m for m in loaded if m.startswith("assistant.topple")] == []
    assert [m for m in loaded if m in ("assistant.pyramid.game", "assistant.pyramid.deck",
                                       "assistant.pyramid.solver", "assistant.pyramid.hint")] == []
    if argv == ["--help"]:
        assert "assistant.bowling.game" not in loaded          # `play` loads it when it runs
