"""Modules stay small enough to read (issue 21): at most 300 lines in ui/ and app_pages/, 350 in bleucore/."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIMITS = {"ui": 300, "app_pages": 300, "bleucore": 350}


def too_long(folder: Path, limit: int) -> list[str]:
    """The modules below ``folder`` with more than ``limit`` lines, with their counts."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(folder.parent)}: {lines} lines")
    return found


@pytest.mark.parametrize(("folder", "limit"), sorted(LIMITS.items()))
def test_no_module_is_over_its_folders_limit(folder: str, limit: int) -> None:
    assert any((ROOT / folder).rglob("*.py")), folder
    assert too_long(ROOT / folder, limit) == []


def test_the_size_check_would_catch_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 300, encoding="utf-8")
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 301, encoding="utf-8")
    assert too_long(tmp_path / "pkg", 300) == ["pkg/long.py: 301 lines"]
