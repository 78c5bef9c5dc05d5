"""Modules stay small enough to read (at most 300 lines in ui/, app_pages/ and bleucore/), bleucore's top level holds
its faces and a few modules (issue 36), and every page script has one shape (issue 21)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

LIMITS = {"ui": 300, "app_pages": 300, "bleucore": 300}
#: Modules at the top of bleucore/ besides its faces (``__init__``, ``__main__``, ``version``): the rest is in packages.
MAX_TOP_MODULES = 6


def too_long(folder: Path, limit: int) -> list[str]:
    """The modules below ``folder`` with more than ``limit`` lines, with their counts."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(folder.parent)}: {lines} lines")
    return found


def test_bleucores_top_level_is_its_faces() -> None:
    faces = {"__init__.py", "__main__.py", "version.py"}
    top = sorted(path.name for path in (ROOT / "bleucore").glob("*.py") if path.name not in faces)
    assert len(top) <= MAX_TOP_MODULES, top


@pytest.mark.parametrize(("folder", "limit"), sorted(LIMITS.items()))
def test_no_module_is_over_its_folders_limit(folder: str, limit: int) -> None:
    assert any((ROOT / folder).rglob("*.py")), folder
    assert too_long(ROOT / folder, limit) == []


def test_the_size_check_would_catch_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 300, encoding="utf-8")
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 301, encoding="utf-8")
    assert too_long(tmp_path / "pkg", 300) == ["pkg/long.py: 301 lines"]


def page_shape(source: str) -> list[str]:
    """What a page script does besides defining: its top-level statements other than a docstring, imports and
    definitions. Every page script's is one call, ``main()``, on its last line."""
    tree = ast.parse(source)
    body = tree.body[1:] if ast.get_docstring(tree) else tree.body
    skipped = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)
    return [ast.unparse(node) for node in body if not isinstance(node, skipped) and not _is_constant(node)]


def _is_constant(node: ast.stmt) -> bool:
    """A module constant (``NAME = ...`` in capitals, annotated or not)."""
    target = (
        node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else getattr(node, "target", None)
    )
    return isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(target, ast.Name) and target.id.isupper()


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "app_pages").glob("*.py")))
def test_every_page_script_has_one_shape(page: str) -> None:
    source = (ROOT / "app_pages" / page).read_text(encoding="utf-8")
    assert page_shape(source) == ["main()"]
    assert source.rstrip().endswith("\nmain()")


def test_the_shape_check_would_catch_top_level_drawing() -> None:
    assert page_shape(
        '"""Doc."""\nimport streamlit as st\nLIMIT = 3\nst.title("x")\n\ndef main():\n    pass\nmain()\n'
    ) == [
        "st.title('x')",
        "main()",
    ]
