"""bleucore, ui/, app_pages/ and app.py are typed: mypy --strict (configured in pyproject.toml, ``[tool.mypy] files``)
finds no error."""

import subprocess
import sys
import tomllib

from tests.conftest import ROOT


def test_the_checked_files_are_the_whole_program():
    """What mypy checks: the core and everything the app draws, not the core alone."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert sorted(config["files"]) == ["app.py", "app_pages", "bleucore", "ui"]
    assert "ignore_errors" not in config and not config.get("overrides")


def test_bleucore_and_the_app_pass_mypy_strict():
    done = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=280, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (ROOT / "bleucore" / "py.typed").exists()
