"""bleucore is typed: mypy --strict (configured in pyproject.toml) finds no error."""

import subprocess
import sys

from tests.conftest import ROOT


def test_bleucore_passes_mypy_strict():
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "bleucore"], cwd=ROOT, capture_output=True, text=True, timeout=280, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (ROOT / "bleucore" / "py.typed").exists()
