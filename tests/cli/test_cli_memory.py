"""Peak resident memory of real command-line runs (issue 41): a corpus score and ``-sl``'s JSON lines of 160,000
WMT22-shaped lines (``devtools.corpora``) whose vocabulary keeps growing (each block of 10,000 lines spells its words
with other letters), so that chunks are full-size and the token vocabulary reaches its bound and is renewed. Both
processes stay under 150 MB: this one and its forked copy. Memory is steady enough for a test; time is not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.corpora import WMT22_EN_DE, corpus_shaped_like

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MB = 150
BLOCKS = 16

SCRIPT = """
import resource, sys
from bleucore.cli import main
code = main(sys.argv[1:])
# VmHWM, not ru_maxrss: Linux carries the parent's (pytest's) peak into ru_maxrss of a forked child; the copy's is
# the children's ru_maxrss (forked from here, waited for)
own = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:")).split()[1]
sys.stderr.write(f"peak_kb={own} copy_kb={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
raise SystemExit(code)
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("memory")
    made = corpus_shaped_like(WMT22_EN_DE, 41, 10_000)
    texts = ["\n".join(made.systems[0]) + "\n", "\n".join(made.references[0]) + "\n"]
    for name, text in zip(("hyp.txt", "ref.txt"), texts):
        with open(folder / name, "w", encoding="utf-8") as out:
            for block in range(BLOCKS):  # new words in every block: "e", "n", ... become other letters
                out.write(text.translate({ord(c): chr(0x100 + 8 * block + k) for k, c in enumerate("enrstaio")}))
    return folder


@pytest.mark.parametrize("flags", [[], ["-sl", "-f", "json"]], ids=["corpus", "sentence-json"])
def test_peak_memory_of_a_run_stays_under_the_limit(files: Path, flags: list[str]) -> None:
    with open(files / "out.txt", "wb") as out:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, "ref.txt", "-i", "hyp.txt", *flags],
            cwd=files,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=280,
            check=False,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "BLEUCORE_PROCESSES": "2"},
        )
    assert done.returncode == 0, done.stderr
    peaks = dict(part.split("=") for part in done.stderr.split())
    own_mb, copy_mb = int(peaks["peak_kb"]) / 1024, int(peaks["copy_kb"]) / 1024
    assert copy_mb > 0  # the forked copy ran
    assert own_mb < LIMIT_MB and copy_mb < LIMIT_MB, f"peak {own_mb:.0f} MB, forked copy {copy_mb:.0f} MB"
    output = (files / "out.txt").read_text(encoding="utf-8")
    if flags:
        assert output.count("\n") == 10_000 * BLOCKS
    else:
        assert 0 < json.loads(output)["score"] < 100
