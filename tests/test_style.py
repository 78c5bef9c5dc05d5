"""The code keeps one style: ruff's lint and formatter (configured in pyproject.toml) pass everywhere, with at most
five formatter opt-outs, so a newcomer's diff shows only what they changed."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

#: ``# fmt: skip`` / ``# fmt: off`` markers allowed in the whole repository (issue 36: at most five).
MAX_FORMATTER_OPT_OUTS = 5


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_lint_is_clean() -> None:
    done = _ruff("check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _ruff("format", "--no-cache", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_formatter_opt_outs_are_few() -> None:
    markers = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(ROOT.rglob("*.py"))
        if not {".venv", "build", "third_party"} & set(path.relative_to(ROOT).parts)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "# fmt: skip" in line or "# fmt: off" in line
    ]
    assert len(markers) <= MAX_FORMATTER_OPT_OUTS, markers
