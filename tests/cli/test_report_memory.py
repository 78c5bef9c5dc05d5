"""Peak resident memory of a WMT-sized report (issue 49): 40 systems x 2,500 lines shaped like WMT22 en-de
(``devtools.corpora``) and COMET scores, with every default metric, ``--rank`` (every pair's test) and the setup check
of every system, stay under 500 MB in this process and in its forked copy, as ``tests/cli/test_cli_memory.py``
measures a command. A report of this size was refused before (80,000 lines held together). It takes a minute of CPU:
its time limit is a busy machine's, not a hang's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from devtools.corpora import WMT22_EN_DE, corpus_shaped_like

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MB = 500
SYSTEMS = 40
SEGMENTS = 2_500
OUTPUTS = ["--rank", "--json", "r.json", "--html", "r.html"]

SCRIPT = """
import resource, sys
from bleucore.cli.report import main
code = main(sys.argv[1:])
own = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:")).split()[1]
sys.stderr.write(f"peak_kb={own} copy_kb={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
raise SystemExit(code)
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wmt-sized")
    made = corpus_shaped_like(WMT22_EN_DE, 49, SEGMENTS, systems=SYSTEMS)
    (out / "ref.txt").write_text("\n".join(made.references[0]) + "\n", encoding="utf-8")
    rng = np.random.default_rng(49)
    for k, lines in enumerate(made.systems):
        (out / f"sys{k:02d}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        scores = np.round(rng.uniform(0.5, 0.9, SEGMENTS) + 0.002 * k, 4)
        (out / f"sys{k:02d}.comet").write_text("".join(f"{v:.4f}\n" for v in scores), encoding="utf-8")
    return out


@pytest.mark.timeout(1500)
def test_a_wmt_sized_report_stays_under_the_limit(folder: Path) -> None:
    systems = [f"sys{k:02d}.txt" for k in range(SYSTEMS)]
    scores = [f"sys{k:02d}.comet" for k in range(SYSTEMS)]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "ref.txt", "-i", *systems, "--scores", "COMET", *scores, *OUTPUTS],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=1400,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "BLEUCORE_PROCESSES": "2"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    peaks = dict(part.split("=") for part in done.stderr.split() if part.startswith(("peak_kb=", "copy_kb=")))
    own_mb, copy_mb = int(peaks["peak_kb"]) / 1024, int(peaks["copy_kb"]) / 1024
    assert copy_mb > 0  # the forked copy ran
    assert own_mb < LIMIT_MB and copy_mb < LIMIT_MB, f"peak {own_mb:.0f} MB, forked copy {copy_mb:.0f} MB"
    records = json.loads((folder / "r.json").read_text(encoding="utf-8"))
    corpus = [r for r in records if r["analysis"] == "corpus"]
    assert len(corpus) == SYSTEMS * 4 and {r["metric"] for r in corpus} == {"BLEU", "chrF2", "TER", "COMET"}
    assert sum(r["analysis"] == "pair" for r in records) == 4 * SYSTEMS * (SYSTEMS - 1) // 2
    assert (folder / "r.html").stat().st_size > 0
