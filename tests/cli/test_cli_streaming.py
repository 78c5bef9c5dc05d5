"""-sl streams: 1M lines are scored and written chunk by chunk, whole-process peak memory under 150 MB."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SCRIPT = """
import sys
from bleucore.cli import main
code = main(sys.argv[1:])
# VmHWM, not ru_maxrss: Linux carries the parent's (pytest's) peak into ru_maxrss of a forked child
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
sys.stderr.write(f"peak_kb={hwm.split()[1]}\\n")
raise SystemExit(code)
"""


def test_a_million_sentence_lines_stream_in_bounded_memory(tmp_path: Path) -> None:
    rng = random.Random(3)
    words = [f"w{i}" for i in range(500)] + ["학교에", "café", "Straße", ",", "."]
    hyps, refs = [], []
    for _ in range(1000):
        ref = [rng.choice(words) for _ in range(rng.randint(1, 9))]
        refs.append(" ".join(ref))
        hyps.append(" ".join(w if rng.random() < 0.8 else rng.choice(words) for w in ref))
    (tmp_path / "hyp.txt").write_bytes(("\n".join(hyps) + "\n").encode() * 1000)
    (tmp_path / "ref.txt").write_bytes(("\n".join(refs) + "\n").encode() * 1000)
    with open(tmp_path / "out.txt", "wb") as out:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, "ref.txt", "-i", "hyp.txt", "-sl", "-f", "text"],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=280,
            check=False,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )
    assert done.returncode == 0, done.stderr
    peak_mb = int(done.stderr.split("peak_kb=")[1]) / 1024
    assert peak_mb < 150, f"peak {peak_mb:.0f} MB"
    with open(tmp_path / "out.txt", encoding="utf-8") as lines:
        first = [next(lines) for _ in range(1000)]
        count = 1000 + sum(1 for _ in lines)
    assert count == 1_000_000
    # the first block's lines equal scoring that block alone (every chunk is the same 1,000 lines)
    (tmp_path / "h1k.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "r1k.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    small = subprocess.run(
        [sys.executable, "-m", "bleucore", "r1k.txt", "-i", "h1k.txt", "-sl", "-f", "text"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert "".join(first) == small.stdout


def test_sentence_lines_written_by_the_forked_copy_come_in_order(tmp_path: Path) -> None:
    """-sl's forked copy writes the lines of the first half of each two chunks itself (cli/copy_parts.py): the output,
    to a file or a pipe, is byte for byte the one process's (30,000 distinct lines: a first chunk, then pairs)."""
    rng = random.Random(41)
    words = [f"{w}{i}" for i, w in enumerate(["café", "Straße", "학교", "word", "x,", "y."] * 300)]
    refs = [" ".join(rng.choices(words, k=rng.randint(0, 14))) for _ in range(30_000)]
    hyps = [" ".join(w if rng.random() < 0.7 else rng.choice(words) for w in ref.split()) for ref in refs]
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    for flags in (["-f", "json"], ["-f", "text"], ["-b"]):
        outputs = []
        for processes, to_file in (("1", True), ("2", True), ("2", False)):
            command = [sys.executable, "-m", "bleucore", "ref.txt", "-i", "hyp.txt", "-sl", *flags]
            env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "BLEUCORE_PROCESSES": processes}
            if to_file:
                with open(tmp_path / "out.txt", "wb") as out:
                    subprocess.run(command, cwd=tmp_path, stdout=out, env=env, check=True, timeout=120)
                outputs.append((tmp_path / "out.txt").read_bytes())
            else:
                outputs.append(subprocess.run(command, cwd=tmp_path, capture_output=True, env=env, check=True).stdout)
        assert outputs[0].count(b"\n") == 30_000
        assert outputs[1] == outputs[0] and outputs[2] == outputs[0], flags
