"""The two command lines the tests run side by side: bleucore's, in this process, and sacreBLEU 2.6's, in a child
process, whose output is the reference."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bleucore.cli import main


def run_main(argv: Sequence[object], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``bleucore ARGV`` in this process (``bleucore.cli.main``): its exit status, standard output and error."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_sacrebleu(argv: Sequence[object], cwd: Path | None = None) -> str:
    """The standard output of ``python -m sacrebleu ARGV`` (in ``cwd``), which must succeed. NO_COLOR is set:
    sacreBLEU colours its output even when it goes to a file."""
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *map(str, argv)],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    return done.stdout
