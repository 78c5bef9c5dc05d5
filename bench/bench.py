"""Speed and peak memory of bleucore against sacreBLEU 2.6 and NLTK 3.10, every number checked equal.

    python bench/bench.py                 # every case, median of 5 alternating runs
    python bench/bench.py --quick         # 1 run per case (checks the script and the numbers)
    python bench/bench.py --only cli      # cases whose label contains "cli"
    python bench/bench.py --repeats 9     # more runs
    python bench/bench.py --goals         # issue 41's goals in one run, on lines shaped like WMT22's (100k-wmt22):
                                          # corpus BLEU, -sl text and JSON, chrF, TER, the paired bootstrap,
                                          # ko-mecab on 100k Korean lines; corpus and -sl on 100k-mixed-scripts too

Seeded corpora are written once to bench/data/ (git-ignored): 3k lines x 1 reference (plus a
second system for the paired tests), 3k x 4 references, 100k x 1, and one 1,000-token line x 4.
Each run is a fresh process, the tools alternate within a repeat, and the table shows medians.
API cases time the call alone inside the process (text in, score out; reading files excluded);
CLI cases time the whole process (``python -m bleucore`` against ``python -m sacrebleu`` with the
same files and flags). Peak memory is the process's maximum resident set. If any tool's numbers
differ from bleucore's the script says which and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
DATA_VERSION = "1"
SHAPED_VERSION = "shaped-1"  # devtools.corpora's generator: a new version when its lines change
TOLERANCE = 1e-9  # bleucore and sacreBLEU combine the same logs in a different order

# --- seeded corpora ------------------------------------------------------------------------


@dataclass(frozen=True)
class Dataset:
    name: str
    lines: int
    nrefs: int
    seed: int
    length: int | None = None  # fixed tokens per line (the long line)
    mixed: bool = False  # non-ASCII words of several scripts, short lines (1-12 tokens)
    korean: bool = False  # bench_cjk.py's Korean lines (its folder and files: hyp.txt, ref.txt)
    shape: str | None = None  # a TextShape of devtools.corpora: lines shaped like that test set's (corpus_shaped_like)

    @property
    def folder(self) -> Path:
        return DATA / self.name

    @property
    def hyp(self) -> Path:
        return self.folder / "hyp.txt"

    @property
    def system2(self) -> Path:
        return self.folder / "sys2.txt"

    @property
    def refs(self) -> list[Path]:
        if self.korean:
            return [self.folder / "ref.txt"]
        return [self.folder / f"ref{j + 1}.txt" for j in range(self.nrefs)]


DATASETS = {
    d.name: d
    for d in [
        Dataset("3k-1ref", 3000, 1, 1),
        Dataset("3k-4ref", 3000, 4, 2),
        Dataset("100k-1ref", 100_000, 1, 3),
        Dataset("long-4ref", 1, 4, 4, length=1000),
        Dataset("100k-mixed", 100_000, 1, 5, mixed=True),
        Dataset("cjk-ko-mecab-100000", 100_000, 1, 2026, korean=True),
        # issue 41: lines shaped like WMT22's German reference (the goals' data), and like issue 41's description
        Dataset("100k-wmt22", 100_000, 1, 41, shape="WMT22_EN_DE"),
        Dataset("3k-wmt22", 3000, 1, 42, shape="WMT22_EN_DE"),
        Dataset("10k-wmt22", 10_000, 1, 43, shape="WMT22_EN_DE"),
        Dataset("100k-mixed-scripts", 100_000, 1, 44, shape="MIXED_SCRIPTS"),
        Dataset("1m-wmt22", 1_000_000, 1, 45, shape="WMT22_EN_DE"),  # --memory's: peak memory at 1M lines
    ]
}


class TextMaker:
    """News-like detokenized lines: a Zipfian vocabulary, punctuation attached, numbers, quotes."""

    def __init__(self, seed: int, mixed: bool = False) -> None:
        self.rng = random.Random(seed)
        self.mixed = mixed
        alphabets = (
            [
                "abcdefghijklmnopqrstuvwxyz",
                "abcdefghijklmnopqrstuvwxyzéèàüößçñ",  # Latin with accents
                "абвгдежзийклмнопрстуфхцчшщыэюя",  # Cyrillic
                "".join(chr(c) for c in range(0xAC00, 0xAC00 + 400)),  # Hangul syllables
                "αβγδεζηθικλμνξοπρστυφχψω",  # Greek
            ]
            if mixed
            else ["abcdefghijklmnopqrstuvwxyz"]
        )
        words: set[str] = set()
        while len(words) < 30_000:
            letters = self.rng.choice(alphabets)
            size = self.rng.randint(1, 4) if letters[0] == "가" else self.rng.randint(2, 11)
            words.add("".join(self.rng.choice(letters) for _ in range(size)))
        self.words = sorted(words)
        self.rng.shuffle(self.words)
        cumulative, total = [], 0.0
        for rank in range(len(self.words)):
            total += 1.0 / (rank + 1)
            cumulative.append(total)
        self.cumulative = cumulative
        self.extras = ["3.5", "1,000", "2-3", "$5", "10%", "U.S.", "e.g.", "&", "--", "it's", "don't"]

    def tokens(self, count: int) -> list[str]:
        rng = self.rng
        out = rng.choices(self.words, cum_weights=self.cumulative, k=count)
        for i in range(count):
            roll = rng.random()
            if roll < 0.03:
                out[i] = rng.choice(self.extras)
            elif roll < 0.09:
                out[i] += ","
            elif roll < 0.11:
                out[i] = f'"{out[i]}"'
            elif roll < 0.12:
                out[i] = f"({out[i]})"
        return out

    def line(self, length: int | None = None) -> list[str]:
        count = length or (self.rng.randint(1, 12) if self.mixed else max(1, min(80, int(self.rng.gauss(25, 10)))))
        tokens = self.tokens(count)
        tokens[0] = tokens[0].capitalize()
        tokens[-1] += "."
        return tokens

    def perturb(self, tokens: list[str], change: float) -> list[str]:
        rng = self.rng
        out: list[str] = []
        for token in tokens:
            roll = rng.random()
            if roll < change * 0.4:
                continue
            if roll < change:
                out.append(self.tokens(1)[0])
            elif roll < change + 0.02:
                out.extend([token, token])
            else:
                out.append(token)
        if len(out) > 3 and rng.random() < 0.3:
            i = rng.randrange(len(out) - 1)
            out[i], out[i + 1] = out[i + 1], out[i]
        return out or tokens[:1]


def _write(path: Path, lines: Sequence[list[str]]) -> None:
    path.write_text("".join(" ".join(tokens) + "\n" for tokens in lines), encoding="utf-8")


def ensure_data(dataset: Dataset) -> None:
    """Write the dataset's files unless this version of them is already there."""
    if dataset.korean:  # the same files as bench_cjk.py's
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_cjk import ensure_data as ensure_korean

        ensure_korean("ko-mecab", dataset.lines)
        return
    stamp = dataset.folder / "VERSION"
    version = DATA_VERSION if dataset.shape is None else SHAPED_VERSION
    if stamp.exists() and stamp.read_text() == version:
        return
    dataset.folder.mkdir(parents=True, exist_ok=True)
    if dataset.shape is not None:
        write_shaped(dataset)
        stamp.write_text(version)
        return
    maker = TextMaker(dataset.seed, dataset.mixed)
    bases = [maker.line(dataset.length) for _ in range(dataset.lines)]
    refs = [[base if j == 0 else maker.perturb(base, 0.2) for base in bases] for j in range(dataset.nrefs)]
    hyps = [maker.perturb(base, 0.25) for base in bases]
    system2 = [maker.perturb(h, 0.1) if maker.rng.random() < 0.3 else h for h in hyps]
    _write(dataset.hyp, hyps)
    _write(dataset.system2, system2)
    for path, stream in zip(dataset.refs, refs):
        _write(path, stream)
    stamp.write_text(DATA_VERSION)


def write_shaped(dataset: Dataset) -> None:
    """A data set of ``devtools.corpora.corpus_shaped_like``: the references, the system and a second system."""
    sys.path.insert(0, str(ROOT))
    from devtools import corpora

    made = corpora.corpus_shaped_like(
        getattr(corpora, dataset.shape or ""), dataset.seed, dataset.lines, dataset.nrefs, 2
    )
    for path, lines in [(dataset.hyp, made.systems[0]), (dataset.system2, made.systems[1])]:
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    for path, lines in zip(dataset.refs, made.references):
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


# --- the work each tool does (run inside a fresh worker process) -------------------------------


def _bleucore_corpus(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from bleucore import BleuOptions, corpus_bleu

    return lambda: corpus_bleu(hyps, refs, BleuOptions(tokenize=tok)).score


def _sacrebleu_corpus(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from sacrebleu.metrics.bleu import BLEU

    return lambda: BLEU(tokenize=tok).corpus_score(hyps, refs).score


def _nltk_corpus(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from nltk.translate.bleu_score import corpus_bleu

    def run() -> float:
        references = [[stream[i].split() for stream in refs] for i in range(len(hyps))]
        return 100.0 * float(corpus_bleu(references, [h.split() for h in hyps]))

    return run


def _bleucore_sentence(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from bleucore import BleuOptions, sentence_bleus

    return lambda: [s.score for s in sentence_bleus(hyps, refs, BleuOptions(tokenize=tok, effective_order=True))]


def _sacrebleu_sentence(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from sacrebleu.metrics.bleu import BLEU

    def run() -> list[float]:
        metric = BLEU(tokenize=tok, effective_order=True)
        return [metric.sentence_score(h, [s[i] for s in refs]).score for i, h in enumerate(hyps)]

    return run


def _nltk_sentence(hyps: list[str], refs: list[list[str]], tok: str) -> Callable[[], Any]:
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    def run() -> list[float]:
        smooth = SmoothingFunction().method1
        return [
            100.0 * float(sentence_bleu([s[i].split() for s in refs], h.split(), smoothing_function=smooth))
            for i, h in enumerate(hyps)
        ]

    return run


def _bleucore_paired(hyps: list[str], refs: list[list[str]], system2: list[str]) -> Callable[[], Any]:
    from bleucore import BleuOptions
    from bleucore.metrics import get_metric
    from bleucore.significance import paired_bootstrap

    def run() -> list[float | None]:  # text in, p-value out; the references tokenized once, as PairedTest
        metric = get_metric("bleu", BleuOptions())
        baseline, system = metric.systems_statistics([hyps, system2], refs)
        r = paired_bootstrap(baseline, system, metric)
        return [r.p_value, r.mean, r.ci, r.baseline_mean, r.baseline_ci]

    return run


def _sacrebleu_paired(hyps: list[str], refs: list[list[str]], system2: list[str]) -> Callable[[], Any]:
    from sacrebleu.metrics.bleu import BLEU
    from sacrebleu.significance import PairedTest

    def run() -> list[float | None]:
        test = PairedTest([("base", hyps), ("sys", system2)], {"BLEU": BLEU(references=refs)}, None, test_type="bs")
        _, scores = test()
        base, other = scores["BLEU"]
        return [other.p_value, other.mean, other.ci, base.mean, base.ci]

    return run


def _nltk_equivalents(op: str, hyps: list[str], refs: list[list[str]]) -> Any:
    """bleucore's numbers with NLTK's settings (untimed), to check NLTK's against."""
    import numpy as np

    from bleucore import BleuOptions, compute_bleu, corpus_statistics, sentence_bleus

    if op == "corpus":
        # NLTK's corpus_bleu adds max(1, t_n) per segment (modified_precision's denominator), so a
        # hypothesis shorter than n counts 1 in the n-gram total; bleucore.corpus_bleu sums t_n.
        options = BleuOptions(tokenize="none", smooth_method="nltk-method0")
        stats = corpus_statistics(hyps, refs, options)
        totals = np.maximum(stats.totals, 1).sum(axis=0).tolist()
        c, r = int(stats.hyp_len.sum()), float(stats.ref_len.sum())
        return compute_bleu(c, r, stats.matches.sum(axis=0).tolist(), totals, options).score
    return [s.score for s in sentence_bleus(hyps, refs, BleuOptions(tokenize="none", smooth_method="nltk-method1"))]


WORK: dict[tuple[str, str], Callable[..., Callable[[], Any]]] = {
    ("corpus", "bleucore"): _bleucore_corpus,
    ("corpus", "sacrebleu"): _sacrebleu_corpus,
    ("corpus", "nltk"): _nltk_corpus,
    ("sentence", "bleucore"): _bleucore_sentence,
    ("sentence", "sacrebleu"): _sacrebleu_sentence,
    ("sentence", "nltk"): _nltk_sentence,
    ("paired", "bleucore"): _bleucore_paired,
    ("paired", "sacrebleu"): _sacrebleu_paired,
}


def _own_peak_mb() -> float:
    """This process's peak resident set (VmHWM). Not ru_maxrss: Linux carries the parent's peak
    across fork and exec into it."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker(op: str, tool: str, dataset_name: str, arg: str) -> None:
    """Load a dataset, time one call of one tool, print {seconds, peak_mb, result[, nltk]} as JSON."""
    sys.path.insert(0, str(ROOT))
    dataset = DATASETS[dataset_name]
    hyps, refs = read(dataset.hyp), [read(p) for p in dataset.refs]
    extra = read(dataset.system2) if op == "paired" else arg
    work = WORK[(op, tool)](hyps, refs, extra)
    start, cpu = time.perf_counter(), time.process_time()
    result = work()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    out: dict[str, Any] = {
        "seconds": seconds,
        "cpu": cpu,
        "peak_mb": _own_peak_mb(),
        "result": result,
    }
    if tool == "bleucore" and arg == "none" and op in ("corpus", "sentence"):
        out["nltk"] = _nltk_equivalents(op, hyps, refs)
    print(json.dumps(out))


# --- running processes ---------------------------------------------------------------------------


@dataclass
class Run:
    seconds: float
    peak_mb: float
    output: Any
    cpu: float = float("nan")  # user + system seconds (a command's with the processes it waited for)


def launch(output: str, command: list[str]) -> None:
    """Run ``command`` with its stdout in ``output``; print its wall time and peak memory as JSON.

    A small launcher process forks the command, so the peak that wait4 reports is the command's
    own and not the (larger) benchmark process's, which Linux would carry into a direct child.
    """
    with open(output, "wb") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, cwd=ROOT)
        assert process.stderr is not None
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    print(
        json.dumps(
            {
                "seconds": elapsed,
                "peak_mb": usage.ru_maxrss / 1024,
                "status": code,
                "cpu": usage.ru_utime + usage.ru_stime,
                "stderr": stderr.decode("utf-8", "replace")[-2000:],
            }
        )
    )


def run_process(command: list[str], timed_inside: bool) -> Run:
    """Run a worker (it times itself) or a whole command (through the launcher) to the end."""
    if timed_inside:
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            raise SystemExit(f"FAILED ({done.returncode}): {' '.join(command)}\n{done.stderr[-2000:]}")
        data = json.loads(done.stdout.strip().splitlines()[-1])
        return Run(data["seconds"], data["peak_mb"], data, data["cpu"])
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        me = [sys.executable, str(Path(__file__).resolve()), "--launch", out.name, "--"]
        done = subprocess.run([*me, *command], capture_output=True, text=True, cwd=ROOT)
        data = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else None
        if data is None or data["status"] != 0:
            detail = data["stderr"] if data else done.stderr[-2000:]
            raise SystemExit(f"FAILED: {' '.join(command)}\n{detail}")
        stdout = Path(out.name).read_text(encoding="utf-8")
    return Run(data["seconds"], data["peak_mb"], stdout, data["cpu"])


# --- cases ---------------------------------------------------------------------------------------


@dataclass
class Case:
    label: str
    dataset: str
    commands: dict[str, list[str]]  # tool -> command
    timed_inside: bool
    check: Callable[[dict[str, Any]], list[str]]  # outputs per tool -> problems
    target: float | None = None
    runs: dict[str, list[Run]] = field(default_factory=dict)


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _check_api(op: str) -> Callable[[dict[str, Any]], list[str]]:
    def check(outputs: dict[str, Any]) -> list[str]:
        problems = []
        ours = outputs["bleucore"]["result"]
        for tool, data in outputs.items():
            if tool == "bleucore":
                continue
            want = outputs["bleucore"]["nltk"] if tool == "nltk" else ours
            got = data["result"]
            if op == "paired":
                same = got == want  # p-value, mean, CI bit for bit
            elif isinstance(want, list):
                same = len(got) == len(want) and all(_close(a, b) for a, b in zip(got, want))
            else:
                same = _close(got, want)
            if not same:
                problems.append(f"{tool} gives {str(got)[:120]}, bleucore {str(want)[:120]}")
        return problems

    return check


def _json_score(text: str) -> float:
    return float(json.loads(text)["score"])


#: docs/differences.md: sacreBLEU reports BP = 1 for an empty hypothesis of an empty reference (c = r = 0), bleucore 0.
_EMPTY_PAIR = (
    "(BP = 0.000 ratio = 0.000 hyp_len = 0 ref_len = 0)",
    "(BP = 1.000 ratio = 0.000 hyp_len = 0 ref_len = 0)",
)


def _same_lines(ours: list[str], theirs: list[str]) -> bool:
    """Each score line equal to sacreBLEU's, but for the BP of an empty line against an empty reference."""
    return len(ours) == len(theirs) and all(a == b or a.replace(*_EMPTY_PAIR) == b for a, b in zip(ours, theirs))


def _check_cli(kind: str) -> Callable[[dict[str, Any]], list[str]]:
    def check(outputs: dict[str, Any]) -> list[str]:
        ours, theirs = outputs["bleucore"], outputs["sacrebleu"]
        if kind == "corpus":  # sacreBLEU's JSON rounds the score to -w decimals
            same = f"{_json_score(ours):.6f}" == f"{_json_score(theirs):.6f}"
        elif kind == "confidence":
            a, b = json.loads(ours), json.loads(theirs)
            keys = ("score", "confidence_mean", "confidence_var")
            same = all(f"{float(a[k]):.6f}" == f"{float(b[k]):.6f}" for k in keys)
        elif kind == "paired":
            a, b = json.loads(ours), json.loads(theirs)
            same = len(a) == len(b) and all(
                x["BLEU"]["p_value"] == y["BLEU"]["p_value"]
                and all(
                    (x["BLEU"][k] is None and y["BLEU"][k] is None) or _close(x["BLEU"][k], y["BLEU"][k])
                    for k in ("score", "mean", "ci")
                )
                for x, y in zip(a, b)
            )
        elif kind == "jsonlines":  # bleucore's JSON Lines against sacreBLEU's text lines (its -sl has no JSON)
            rows = [json.loads(line) for line in ours.splitlines()]
            same = _same_lines(
                [f"{r['score']:.6f} {r['verbose_score']}" for r in rows],
                [line.split(" = ", 1)[1] for line in theirs.splitlines()],
            )
        elif kind == "lines":  # sacreBLEU's text line: score, precisions, BP, lengths (signatures differ)
            same = _same_lines(
                [line.split(" = ", 1)[1] for line in ours.splitlines()],
                [line.split(" = ", 1)[1] for line in theirs.splitlines()],
            )
        else:  # one score per line, -b -w 6
            same = ours.split() == theirs.split()
        return [] if same else [f"outputs differ:\nbleucore: {ours[:300]}\nsacreBLEU: {theirs[:300]}"]

    return check


def build_cases() -> list[Case]:
    me = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    cases: list[Case] = []

    def api(op: str, name: str, tok: str, tools: Sequence[str], target: float | None = None) -> None:
        commands = {tool: [*me, op, tool, name, tok] for tool in tools}
        label = f"API {op} BLEU, tok {tok}" if op != "paired" else "API paired bootstrap, 2 systems"
        cases.append(Case(label, name, commands, True, _check_api(op), target))

    for name in ("3k-1ref", "3k-4ref", "100k-1ref", "long-4ref", "100k-mixed", "100k-wmt22"):
        api("corpus", name, "13a", ["bleucore", "sacrebleu"])
        api("corpus", name, "none", ["bleucore", "sacrebleu", "nltk"])
    for name in ("3k-1ref", "3k-4ref"):
        api("sentence", name, "13a", ["bleucore", "sacrebleu"])
        api("sentence", name, "none", ["bleucore", "sacrebleu", "nltk"])
    api("paired", "3k-1ref", "13a", ["bleucore", "sacrebleu"], 10)
    api("paired", "100k-1ref", "13a", ["bleucore", "sacrebleu"], 10)
    api("paired", "3k-wmt22", "13a", ["bleucore", "sacrebleu"], 10)

    def cli(label: str, name: str, flags: list[str], kind: str, target: float | None = None, two: bool = False) -> None:
        d = DATASETS[name]
        inputs = [str(d.hyp), str(d.system2)] if two else [str(d.hyp)]
        args = [*map(str, d.refs), "-i", *inputs, *flags]
        commands = {
            "bleucore": [sys.executable, "-m", "bleucore", *args],
            "sacrebleu": [sys.executable, "-m", "sacrebleu", *args],
        }
        cases.append(Case(f"CLI {label}", name, commands, False, _check_cli(kind), target))

    cli("corpus BLEU, tok 13a", "100k-1ref", ["-w", "6"], "corpus", 20)
    cli("corpus BLEU, tok none", "100k-1ref", ["-tok", "none", "-w", "6"], "corpus")
    cli("corpus BLEU, tok 13a", "3k-4ref", ["-w", "6"], "corpus")
    cli("corpus BLEU, tok 13a", "100k-mixed", ["-w", "6"], "corpus", 20)
    cli("sentence BLEU (-sl)", "100k-1ref", ["-sl", "-b", "-w", "6"], "sentence", 15)
    cli("sentence BLEU (-sl), text lines", "100k-1ref", ["-sl", "-f", "text", "-w", "6"], "lines", 15)
    cli("sentence BLEU (-sl), text lines", "100k-mixed", ["-sl", "-f", "text", "-w", "6"], "lines", 15)
    cli("sentence BLEU (-sl)", "3k-1ref", ["-sl", "-b", "-w", "6"], "sentence")
    cli("paired bootstrap (--paired-bs)", "3k-1ref", ["--paired-bs", "-f", "json"], "paired", 10, two=True)
    cli("approximate randomization (--paired-ar)", "3k-1ref", ["--paired-ar", "-f", "json"], "paired", two=True)
    cli("confidence interval (--confidence)", "3k-1ref", ["--confidence", "-w", "6"], "confidence")
    cli("corpus BLEU, tok ko-mecab", "cjk-ko-mecab-100000", ["-tok", "ko-mecab", "-w", "6"], "corpus", 4)
    for name in ("100k-wmt22", "100k-mixed-scripts"):  # issue 41: lines shaped like a test set's
        cli("corpus BLEU, tok 13a", name, ["-w", "6"], "corpus", 20)
        cli("sentence BLEU (-sl), text lines", name, ["-sl", "-f", "text", "-w", "6"], "lines", 15)
        cli("sentence BLEU (-sl), JSON lines", name, ["-sl", "-f", "json", "-w", "6"], "jsonlines", 15)
    cli("chrF", "100k-wmt22", ["-m", "chrf", "-w", "6"], "corpus", CHRF_TARGET)
    cli("TER", "10k-wmt22", ["-m", "ter", "-w", "6"], "corpus", TER_TARGET)
    return cases


#: chrF and TER on issue 41's data: no slower relative to sacreBLEU than before issue 41 (bench/README.md's run).
CHRF_TARGET = 0.0
TER_TARGET = 0.0


#: Issue 41's goals: (label, data) of the cases ``--goals`` runs (issue 25's were the 100k-mixed and 3k-1ref cases).
GOALS = [
    ("CLI corpus BLEU, tok 13a", "100k-wmt22"),
    ("CLI sentence BLEU (-sl), text lines", "100k-wmt22"),
    ("CLI sentence BLEU (-sl), JSON lines", "100k-wmt22"),
    ("CLI chrF", "100k-wmt22"),
    ("CLI TER", "10k-wmt22"),
    ("API paired bootstrap, 2 systems", "3k-wmt22"),
    ("CLI corpus BLEU, tok ko-mecab", "cjk-ko-mecab-100000"),
    ("CLI corpus BLEU, tok 13a", "100k-mixed-scripts"),
    ("CLI sentence BLEU (-sl), text lines", "100k-mixed-scripts"),
    ("CLI sentence BLEU (-sl), JSON lines", "100k-mixed-scripts"),
]


# --- report --------------------------------------------------------------------------------------

TOOLS = ("bleucore", "sacrebleu", "nltk")
NAMES = {"bleucore": "bleucore", "sacrebleu": "sacreBLEU", "nltk": "NLTK"}


def _median(runs: list[Run], attribute: str) -> float:
    return statistics.median(getattr(r, attribute) for r in runs)


def _seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def table(cases: list[Case]) -> str:
    head = (
        "| case | data | bleucore | sacreBLEU | NLTK | vs sacreBLEU | vs NLTK | CPU s (bleucore / sacreBLEU), ratio "
        "| peak MB (bleucore / sacreBLEU / NLTK) |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---|"
    )
    rows = [head]
    for case in cases:
        times = {t: _median(case.runs[t], "seconds") for t in TOOLS if t in case.runs}
        peaks = {t: _median(case.runs[t], "peak_mb") for t in TOOLS if t in case.runs}
        ours = times["bleucore"]

        def ratio(tool: str, times: dict[str, float] = times, ours: float = ours, case: Case = case) -> str:
            if tool not in times:
                return "—"
            text = f"{times[tool] / ours:.1f}×"
            if tool == "sacrebleu" and case.target is not None:
                text += f" (target {case.target:g}×{'' if times[tool] / ours >= case.target else ', MISSED'})"
            return text

        cpus = {t: _median(case.runs[t], "cpu") for t in TOOLS if t in case.runs}
        cells = [
            case.label,
            case.dataset,
            *(_seconds(times[t]) if t in times else "—" for t in TOOLS),
            ratio("sacrebleu"),
            ratio("nltk"),
            f"{cpus['bleucore']:.2f} / {cpus['sacrebleu']:.2f}, {cpus['sacrebleu'] / cpus['bleucore']:.1f}×",
            " / ".join(f"{peaks[t]:.0f}" if t in peaks else "—" for t in TOOLS),
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 run per case instead of --repeats")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case and tool (median; default 5)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="only the cases whose label or data name contains this (repeat: all of them)",
    )
    parser.add_argument("--goals", action="store_true", help="issue 41's goals (GOALS) in one run")
    parser.add_argument("--worker", nargs=4, metavar=("OP", "TOOL", "DATA", "ARG"), help=argparse.SUPPRESS)
    parser.add_argument("--launch", metavar="OUTPUT", help=argparse.SUPPRESS)
    parser.add_argument("--generate", metavar="DATA", help=argparse.SUPPRESS)
    parser.add_argument("command", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(*args.worker)
        return 0
    if args.launch:
        launch(args.launch, args.command)
        return 0
    if args.generate:
        ensure_data(DATASETS[args.generate])
        return 0
    repeats = 1 if args.quick else args.repeats
    if repeats < 1:
        parser.error("--repeats must be at least 1")
    cases = [c for c in build_cases() if all(o.lower() in f"{c.label} {c.dataset}".lower() for o in args.only)]
    if args.goals:
        cases = [c for c in cases if (c.label, c.dataset) in GOALS]
    if not cases:
        parser.error(f"no case matches --only {' '.join(args.only)!r}")
    for name in sorted({c.dataset for c in cases}):  # in a child: this process stays small
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--generate", name], check=True)
    problems: list[str] = []
    for case in cases:
        tools = list(case.commands)
        for repeat in range(repeats):
            order = tools if repeat % 2 == 0 else tools[::-1]  # alternate who goes first
            for tool in order:
                case.runs.setdefault(tool, []).append(run_process(case.commands[tool], case.timed_inside))
            # every repeat's numbers checked; outputs that differ are kept in bench/data/ to be read, then dropped
            outputs = {tool: runs[-1].output for tool, runs in case.runs.items()}
            found = case.check(outputs)
            if found:
                kept = _keep_outputs(case, repeat, outputs)
                problems += [
                    f"{case.label} [{case.dataset}], repeat {repeat + 1}: {p} (outputs in {kept})" for p in found
                ]
            for runs in case.runs.values():
                runs[-1].output = None
        summary = ", ".join(f"{NAMES[t]} {_seconds(_median(r, 'seconds'))}" for t, r in case.runs.items())
        print(f"  {case.label} [{case.dataset}]: {summary}", file=sys.stderr, flush=True)
    versions = _versions()
    print(f"\nMedian of {repeats} alternating run(s); {versions}; load average {_load()}\n")
    print(table(cases))
    if problems:
        print("\nNUMBERS DIFFER:\n" + "\n".join(problems), file=sys.stderr)
        return 1
    print("\nEvery number checked: bleucore equals sacreBLEU (and NLTK where run).")
    return 0


def _keep_outputs(case: Case, repeat: int, outputs: dict[str, Any]) -> str:
    """Write each tool's output of a repeat whose numbers differ to bench/data/differ-*.txt; the pattern."""
    stem = "".join(c if c.isalnum() else "-" for c in f"{case.label}-{case.dataset}-{repeat + 1}")
    for tool, output in outputs.items():
        text = output if isinstance(output, str) else json.dumps(output)
        (DATA / f"differ-{stem}-{tool}.txt").write_text(text, encoding="utf-8")
    return str(DATA / f"differ-{stem}-*.txt")


def _load() -> str:
    """The 1, 5 and 15-minute load averages now (the machine is shared: they say how busy it was)."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _versions() -> str:
    from importlib.metadata import version

    import numpy

    return (
        f"Python {platform.python_version()}, numpy {numpy.__version__}, sacrebleu {version('sacrebleu')}, "
        f"nltk {version('nltk')}, {os.cpu_count()} CPUs ({platform.machine()})"
    )


if __name__ == "__main__":
    raise SystemExit(main())
