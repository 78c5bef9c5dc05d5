"""Peak resident memory of a WMT-sized report (issue 49): 40 systems x 2,500 lines shaped like WMT22 en-de
(``devtools.corpora``) and COMET scores, with every default metric, ``--rank`` (every pair's test) and the setup check
of every system: the whole command, ``python -m bleucore.report ...``, stays under 500 MB. A small launcher spawns it
and reads its ``ru_maxrss`` from ``os.wait4``: the largest of the command and its forked copy (which the command waits
for), never pytest's peak (Linux carries a parent's peak into a child it forks). A report of this size was refused
before (80,000 lines held together). It takes a minute of CPU: its time limit is a busy machine's, not a hang's."""

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

#: Spawns ``python -m bleucore.report ARGS`` (killed after TIMEOUT seconds) and writes its exit code, its peak
#: resident memory (the largest of it and the children it waited for) and its CPU time to peak.json.
LAUNCHER = """
import json, os, signal, sys
pid = os.posix_spawn(sys.executable, [sys.executable, "-m", "bleucore.report", *sys.argv[2:]], os.environ)
signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
signal.alarm(int(sys.argv[1]))
_, status, usage = os.wait4(pid, 0)
cpu = usage.ru_utime + usage.ru_stime
peak = {"code": os.waitstatus_to_exitcode(status), "maxrss_kb": usage.ru_maxrss, "cpu_s": cpu}
open("peak.json", "w").write(json.dumps(peak))
"""
TIMEOUT_S = 1400


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


@pytest.mark.timeout(TIMEOUT_S + 100)
def test_a_wmt_sized_report_stays_under_the_limit(folder: Path) -> None:
    systems = [f"sys{k:02d}.txt" for k in range(SYSTEMS)]
    scores = [f"sys{k:02d}.comet" for k in range(SYSTEMS)]
    args = ["ref.txt", "-i", *systems, "--scores", "COMET", *scores, *OUTPUTS]
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, str(TIMEOUT_S), *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S + 60,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "BLEUCORE_PROCESSES": "2"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    peak = json.loads((folder / "peak.json").read_text(encoding="utf-8"))
    assert peak["code"] == 0, done.stderr[-3000:]
    peak_mb = peak["maxrss_kb"] / 1024
    assert peak_mb < LIMIT_MB, f"peak {peak_mb:.0f} MB ({peak['cpu_s']:.0f} s of CPU)"
    assert peak_mb > 50, "the launcher measured the report, not itself"
    records = json.loads((folder / "r.json").read_text(encoding="utf-8"))
    corpus = [r for r in records if r["analysis"] == "corpus"]
    assert len(corpus) == SYSTEMS * 4 and {r["metric"] for r in corpus} == {"BLEU", "chrF2", "TER", "COMET"}
    assert sum(r["analysis"] == "pair" for r in records) == 4 * SYSTEMS * (SYSTEMS - 1) // 2
    assert (folder / "r.html").stat().st_size > 0
