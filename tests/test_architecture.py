"""The house: the import graph of ``ascend_dump_gui``, built from the sources, has no cycle between modules and no
upward import (core and preflight never import Qt or the ui, the cli never imports the ui), and no folder holds
more than :data:`MAX_MODULES` modules side by side (in the package, its tests and its benchmarks)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ascend_dump_gui"
MAX_MODULES = 20
QT = ("PySide6", "shiboken6", "pyqtgraph")
# (importing layer, forbidden targets, why)
LAYERS = (
    ("ascend_dump_gui.core", QT + ("ascend_dump_gui.ui",), "core is headless: it never loads Qt or presents"),
    ("ascend_dump_gui.preflight", QT + ("ascend_dump_gui.ui",), "preflight runs before Qt can be loaded"),
    ("ascend_dump_gui.cli", QT + ("ascend_dump_gui.ui",), "the CLI runs on machines without a display"),
)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(node: ast.ImportFrom, current: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = current.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, current: str, modules: set[str]) -> set[str]:
    """Every module ``path`` imports, anywhere in the file: function-level and ``TYPE_CHECKING`` imports hide a
    cycle from the interpreter, not from a reader, so they count."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node, current, path.name == "__init__.py")
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules it imports (inside the package: modules only; outside: the imported names)."""
    files = {module_name(p, root): p for p in root.rglob("*.py")}
    modules = set(files)
    return {name: imports_of(path, name, modules) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each as a list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start] & graph.keys())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child] & graph.keys()))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def describe_cycle(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a] & members)]
    return "import cycle between " + ", ".join(component) + ":\n    " + "\n    ".join(edges)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    problems = []
    for module, targets in sorted(graph.items()):
        for layer, forbidden, why in LAYERS:
            if module != layer and not module.startswith(layer + "."):
                continue
            for target in sorted(targets):
                if any(target == f or target.startswith(f + ".") for f in forbidden):
                    problems.append(f"{module} imports {target}: {why}")
    return problems


def crowded_folders(root: Path = PACKAGE) -> list[str]:
    problems = []
    for folder in sorted({p.parent for p in root.rglob("*.py")}):
        modules = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
        if len(modules) > MAX_MODULES:
            problems.append(f"{folder.relative_to(root.parent)} holds {len(modules)} modules side by side "
                            f"(limit {MAX_MODULES}): group them into subpackages")
    return problems


def test_no_import_cycles():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "\n".join(describe_cycle(c, graph) for c in found)


def test_no_upward_imports():
    problems = upward_imports(import_graph())
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("root", [PACKAGE, PACKAGE.parent / "tests", PACKAGE.parent / "benchmarks"],
                         ids=["package", "tests", "benchmarks"])
def test_no_crowded_folders(root: Path):
    problems = crowded_folders(root)
    assert not problems, "\n".join(problems)


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    root = tmp_path / "ascend_dump_gui"
    for rel, text in {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/a.py": "from ascend_dump_gui.core import b\n",
        "core/b.py": "def f():\n    from ascend_dump_gui.core.c import g\n",
        "core/c.py": "import numpy\n",
        "core/d.py": "from PySide6.QtCore import QObject\n",
        "ui/__init__.py": "",
        "ui/w.py": "from ..core import a\n",
        "cli/__init__.py": "",
        "cli/x.py": "from ascend_dump_gui.ui import w\n",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_the_test_finds_a_cycle_hidden_in_a_function_and_type_checking(toy: Path):
    graph = import_graph(toy)
    assert graph["ascend_dump_gui.ui.w"] == {"ascend_dump_gui.core.a"}  # relative imports resolve
    assert cycles(graph) == []
    (toy / "core" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    graph = import_graph(toy)
    found = cycles(graph)
    assert found == [["ascend_dump_gui.core.a", "ascend_dump_gui.core.b", "ascend_dump_gui.core.c"]]
    message = describe_cycle(found[0], graph)
    assert "ascend_dump_gui.core.b -> ascend_dump_gui.core.c" in message
    assert "ascend_dump_gui.core.c -> ascend_dump_gui.core.a" in message


def test_the_test_finds_upward_imports_and_crowding(toy: Path):
    problems = upward_imports(import_graph(toy))
    assert problems == [
        "ascend_dump_gui.cli.x imports ascend_dump_gui.ui.w: the CLI runs on machines without a display",
        "ascend_dump_gui.core.d imports PySide6.QtCore: core is headless: it never loads Qt or presents",
    ]
    assert crowded_folders(toy) == []
    for i in range(MAX_MODULES):
        (toy / "ui" / f"m{i}.py").write_text("")
    assert crowded_folders(toy) == [
        f"ascend_dump_gui/ui holds {MAX_MODULES + 1} modules side by side (limit {MAX_MODULES}): "
        "group them into subpackages"]
