"""The import graph stays easy to see (issue 21): no cycles in bleucore/ or ui/, no hidden imports, and ui/ and
app_pages/ reach bleucore only through its package faces.

The graph is built from the source (AST), not by importing: module-level and function-level imports are
edges, ``if TYPE_CHECKING:`` imports are not (they never run). A function-level import is allowed only as a
lazy load of a heavy or optional dependency, and must say so with a ``# lazy: <why>`` comment.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("bleucore", "ui")
#: The modules ui/ and app_pages/ may import bleucore names from.
FACES = frozenset(
    {
        "bleucore",
        "bleucore.metrics",
        "bleucore.metrics.bleu",
        "bleucore.metrics.chrf",
        "bleucore.metrics.imported",
        "bleucore.metrics.ter",
        "bleucore.tokenizers",
        "bleucore.significance",
        "bleucore.doctor",
        "bleucore.buckets",
        "bleucore.meta_evaluation",
        "bleucore.reading",
        "bleucore.report",
        "bleucore.tools",
    }
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) of every import that runs, relative ones resolved.

    ``from pkg import name`` counts as an import of ``pkg.name`` when that is a module, else of ``pkg``.
    """
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other, in_function)
                continue
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in child.names:
                    full = f"{base}.{alias.name}"
                    target = full if _is_module(full) else base
                    found.append((target, child.lineno, in_function))
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _is_module(name: str) -> bool:
    top = name.split(".")[0]
    if top not in PACKAGES:
        return False
    relative = Path(*name.split("."))
    return (ROOT / relative.with_suffix(".py")).exists() or (ROOT / relative / "__init__.py").exists()


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def graph(package: str) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in sources(package):
        name = module_name(path)
        targets = {target for target, _, _ in imports(path) if target.split(".")[0] == package and target != name}
        edges[name] = targets
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (as a path that returns to its start), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in edges:
                continue
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if state.get(target) is None:
                cycle = walk(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = walk(node)
            if cycle:
                return cycle
    return None


def test_find_cycle_finds_a_package_cycle_through_its_init() -> None:
    assert find_cycle({"a": {"a.b"}, "a.b": {"a.c"}, "a.c": {"a.b"}}) == ["a.b", "a.c", "a.b"]
    assert find_cycle({"a": {"a.b"}, "a.b": set()}) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package: str) -> None:
    cycle = find_cycle(graph(package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("package", PACKAGES)
def test_function_level_imports_say_why(package: str) -> None:
    """An import inside a function is a lazy load of a heavy or optional dependency, with ``# lazy: why``."""
    unexplained = []
    for path in sources(package):
        lines = path.read_text(encoding="utf-8").splitlines()
        for target, line, in_function in imports(path):
            if not in_function:
                continue
            here, above = lines[line - 1], lines[line - 2] if line >= 2 else ""
            if "# lazy:" not in here and not above.strip().startswith("# lazy:"):
                unexplained.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not unexplained, "imports inside functions without a '# lazy: <why>' comment:\n" + "\n".join(unexplained)


def test_ui_and_pages_import_only_bleucores_faces() -> None:
    deeper = []
    for path in [*sources("ui"), *sorted((ROOT / "app_pages").glob("*.py")), ROOT / "app.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.split(".")[0] == "bleucore"]
                deeper += [f"{path.relative_to(ROOT)}:{node.lineno} import {n}" for n in names if n not in FACES]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "bleucore":
                face = node.module or ""
                if face not in FACES:
                    deeper.append(f"{path.relative_to(ROOT)}:{node.lineno} from {face}")
                    continue
                exported = set(getattr(importlib.import_module(face), "__all__", ()))
                for alias in node.names:  # a submodule through a face only when the face exports it by name
                    if _is_module(f"{face}.{alias.name}") and alias.name not in exported:
                        deeper.append(
                            f"{path.relative_to(ROOT)}:{node.lineno} from {face} import {alias.name} (a module)"
                        )
    assert not deeper, "imports deeper than bleucore's package faces:\n" + "\n".join(deeper)


def test_the_face_check_would_catch_a_deep_import(tmp_path: Path) -> None:
    """The scan itself: a module path under a face is not a face."""
    assert "bleucore.metrics.bleu.options" not in FACES
    assert importlib.util.find_spec("bleucore.metrics.bleu.options") is not None
    assert "options" not in importlib.import_module("bleucore.metrics.bleu").__all__


def test_nothing_outside_tests_imports_tests() -> None:
    """Development helpers live in devtools/, which tests/, bench/ and scripts/ import; nobody imports tests."""
    offenders = []
    for folder in ("bleucore", "ui", "app_pages", "bench", "scripts", "devtools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [alias.name for alias in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and not node.level
                    else []
                )
                offenders += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n.split(".")[0] == "tests"
                ]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("face", sorted(FACES))
def test_every_name_a_face_exports_resolves(face: str) -> None:
    module = importlib.import_module(face)
    assert [name for name in module.__all__ if not hasattr(module, name)] == []
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = module.no_such_name


def test_bleucores_lazy_table_is_its_typed_imports() -> None:
    """mypy reads the ``if TYPE_CHECKING:`` imports of bleucore's face, Python its lazy table: the two say the same."""
    import bleucore

    typed: dict[str, tuple[str, ...]] = {}
    for node in ast.walk(ast.parse((ROOT / "bleucore" / "__init__.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and _type_checking(node):
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.level == 1
                typed[imported.module or ""] = tuple(alias.name for alias in imported.names)
    assert typed == bleucore._EXPORTS


# --- ui's shape: pages apart, chains short (issue 36) ------------------------------------------------------------

#: ui's packages named for a page; everything two pages share lives in the other, shared packages.
PAGE_PACKAGES = ("explore", "learn", "corpus", "compare", "doctor")
#: The longest import chain inside ui/, in modules: a reader follows any chain to its end in a few steps.
MAX_CHAIN = 6


def longest_chain(edges: dict[str, set[str]]) -> list[str]:
    """The longest import chain of an acyclic graph, as the modules it runs through (the first of the longest)."""
    found: dict[str, list[str]] = {}

    def walk(node: str) -> list[str]:
        if node not in found:
            tails = [walk(target) for target in sorted(edges.get(node, ())) if target in edges]
            found[node] = [node, *max(tails, key=len, default=[])]
        return found[node]

    return max((walk(node) for node in sorted(edges)), key=len, default=[])


def test_longest_chain_follows_the_deepest_path() -> None:
    edges = {"a": {"b", "c"}, "b": {"d"}, "c": set(), "d": {"e"}, "e": set(), "f": {"a"}}
    assert longest_chain(edges) == ["f", "a", "b", "d", "e"]
    assert longest_chain({}) == []


def test_no_ui_import_chain_is_longer_than_six_modules() -> None:
    chain = longest_chain(graph("ui"))
    assert len(chain) <= MAX_CHAIN, f"{len(chain)} modules: " + " -> ".join(chain)


def page_package(module: str) -> str | None:
    """The page package a ui module belongs to (``ui.corpus.views`` -> ``corpus``), or None for a shared one."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in PAGE_PACKAGES else None


def back_doors(edges: dict[str, set[str]]) -> list[str]:
    """Imports of a page package from outside it: from another page's package or from a shared package."""
    return [
        f"{module} -> {target}"
        for module, targets in sorted(edges.items())
        for target in sorted(targets)
        if page_package(target) is not None and page_package(target) != page_package(module)
    ]


def test_back_doors_finds_a_page_reaching_into_another() -> None:
    edges = {
        "ui.doctor.inputs": {"ui.corpus.state", "ui.shell.i18n", "ui.doctor.wording"},
        "ui.inputs.widgets": {"ui.compare.state"},
        "ui.corpus.state": set(),
    }
    assert back_doors(edges) == ["ui.doctor.inputs -> ui.corpus.state", "ui.inputs.widgets -> ui.compare.state"]


def test_no_page_package_imports_another_and_no_shared_package_imports_a_page() -> None:
    """What two pages share lives in a shared package (shell, links, state, options, inputs, metrics, buckets)."""
    assert back_doors(graph("ui")) == []
