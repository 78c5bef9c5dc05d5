"""The extension seams: a tokenizer and a metric registered here, in the test, reach the public API,
the command line, the fast path, the stream and the significance tests without any other module
learning their names (issue 11). Expected numbers are computed here independently."""

from __future__ import annotations

import argparse
import importlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

import bleucore.cli as cli
import bleucore.cli.command as command
from bleucore import BleuOptions, Statistics, corpus_bleu, corpus_statistics, tokenize
from bleucore.metrics import METRIC_NAMES, Metric, as_metric, get_metric, register_metric, unregister_metric
from bleucore.metrics.bleu.fast import text_statistics
from bleucore.metrics.bleu.options import TOKENIZER_NAMES
from bleucore.metrics.bleu.stats import segment_counts
from bleucore.significance import paired_bootstrap
from bleucore.stream import iter_statistics, sum_statistics
from bleucore.tokenizers import (
    TokenEncoder,
    Tokenizer,
    available_tokenizers,
    get_tokenizer,
    missing_package,
    register_tokenizer,
    tokenize_flat,
    tokenize_lines,
    unregister_tokenizer,
)
from tests.cli.text_output import score_lines

HYPS = ["the cat-sat on the mat", "a dog-barked", "", "THE end-of-story here"]
REFS = ["the cat sat on the mat", "the dog barked loudly", "nothing", "the end of the story"]


# --- a throwaway word-local tokenizer ---------------------------------------------------------


class DashTokenizer(Tokenizer):
    """Splits words at "-" (dashes kept as tokens) and lowercases: word-local, so the encoder
    tokenizes each distinct word once through the default ``tokenize_words``."""

    name = "dash-test"
    word_local = True
    calls: ClassVar[Counter[str]] = Counter()

    def __call__(self, line: str) -> str:
        DashTokenizer.calls[line] += 1
        return line.lower().replace("-", " - ")


def dash_tokens(line: str) -> tuple[str, ...]:
    """The same tokens, written out here: the oracle."""
    out: list[str] = []
    for word in line.rstrip().split():
        for i, part in enumerate(word.lower().split("-")):
            out.extend((["-"] if i else []) + ([part] if part else []))
    return tuple(out)


class MissingAnalyser(Tokenizer):
    """An optional analyser that is not installed (as ja-mecab without MeCab)."""

    name = "missing-test"
    requires_module = "bleucore_no_such_module"
    requires_package = "bleucore-no-such-package"

    def __call__(self, line: str) -> str:  # pragma: no cover - never reached
        raise AssertionError("a tokenizer whose analyser is missing must not run")


@pytest.fixture
def dash() -> Iterator[str]:
    register_tokenizer("dash-test", DashTokenizer)
    register_tokenizer("missing-test", MissingAnalyser)
    try:
        yield "dash-test"
    finally:
        unregister_tokenizer("dash-test")
        unregister_tokenizer("missing-test")


def test_registered_tokenizer_reaches_api_options_and_fast_path(dash: str) -> None:
    assert dash in TOKENIZER_NAMES and list(TOKENIZER_NAMES)[-2:] == [dash, "missing-test"]
    assert tokenize("Ice-Cream  x", dash) == ("ice", "-", "cream", "x")
    assert tokenize_lines(HYPS, dash) == [dash_tokens(h) for h in HYPS]
    tokens, offsets = tokenize_flat(HYPS * 3, dash)
    assert [tuple(tokens[offsets[i] : offsets[i + 1]]) for i in range(len(HYPS) * 3)] == [
        dash_tokens(h) for h in HYPS * 3
    ]

    options = BleuOptions(tokenize=dash, effective_order=True)
    DashTokenizer.calls.clear()
    encoder = TokenEncoder(dash)
    fast = text_statistics(HYPS * 50, [REFS * 50], options, encoder)
    # the encoder's hook: every distinct word once, however often it occurs
    assert DashTokenizer.calls and max(DashTokenizer.calls.values()) == 1
    counts = [segment_counts(dash_tokens(h), (dash_tokens(r),), 4) for h, r in zip(HYPS * 50, REFS * 50)]
    loop = Statistics.of_segments(counts, 4)
    for name in ("hyp_len", "ref_len", "matches", "totals"):
        assert np.array_equal(getattr(fast, name), getattr(loop, name)), name
    assert corpus_statistics(HYPS, [REFS], options).matches.tolist() == loop.matches[: len(HYPS)].tolist()

    # the same corpus pre-tokenized by the oracle and scored without tokenization
    pre = BleuOptions(tokenize="none", effective_order=True)
    expected = corpus_bleu([" ".join(dash_tokens(h)) for h in HYPS], [[" ".join(dash_tokens(r)) for r in REFS]], pre)
    got = corpus_bleu(HYPS, [REFS], options)
    assert got.score == pytest.approx(expected.score, abs=1e-12) and got.counts == expected.counts
    assert "tok:dash-test" in got.signature


def test_options_and_cli_choices_follow_the_registry(
    dash: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    assert cli.main([str(ref), "-i", str(hyp), "-tok", dash, "-b", "-w", "6"]) == 0
    expected = corpus_bleu(
        [" ".join(dash_tokens(h)) for h in HYPS],
        [[" ".join(dash_tokens(r)) for r in REFS]],
        BleuOptions(tokenize="none"),
    )
    assert capsys.readouterr().out == f"{expected.score:.6f}\n"
    assert cli.main(["--help"]) == 0
    assert "dash-test" in capsys.readouterr().out

    unregister_tokenizer(dash)
    try:
        with pytest.raises(ValueError, match="unknown tokenizer 'dash-test'"):
            BleuOptions(tokenize=dash)
        assert cli.main([str(ref), "-i", str(hyp), "-tok", dash]) == 2
        assert "invalid choice: 'dash-test'" in capsys.readouterr().err
    finally:
        register_tokenizer(dash, DashTokenizer)


def test_missing_analyser_disables_one_choice_with_a_message_naming_the_package(dash: str) -> None:
    assert "missing-test" in TOKENIZER_NAMES
    assert missing_package("missing-test") == "bleucore-no-such-package" and not MissingAnalyser.available()
    assert "missing-test" not in available_tokenizers() and dash in available_tokenizers()
    options = BleuOptions(tokenize="missing-test")  # a known name: a shared link still opens
    with pytest.raises(ValueError, match="pip install bleucore-no-such-package"):
        corpus_bleu(HYPS, [REFS], options)
    with pytest.raises(ValueError, match="pip install bleucore-no-such-package"):
        get_tokenizer("missing-test")
    assert corpus_bleu(HYPS, [REFS]).score > 0  # the other tokenizers are unaffected


# --- a throwaway metric: clipped unigram precision ----------------------------------------------


@dataclass(frozen=True)
class UniOptions:
    lowercase: bool = False


@dataclass(frozen=True)
class UniStats:
    """Per segment: clipped unigram matches, hypothesis words."""

    rows: np.ndarray

    @property
    def segments(self) -> int:
        return int(self.rows.shape[0])

    def total(self) -> UniStats:
        return UniStats(self.rows.sum(axis=0, keepdims=True))

    @staticmethod
    def concatenate(parts: Sequence[UniStats]) -> UniStats:
        return UniStats(np.concatenate([p.rows for p in parts]))


@dataclass(frozen=True)
class UniScore:
    score: float
    matches: int
    words: int
    signature: str
    extra: dict[str, Any] = field(default_factory=dict)

    def format(self, width: int = 2) -> str:
        return f"UNI = {self.score:.{width}f} ({self.matches}/{self.words})"

    def to_dict(self) -> dict[str, object]:
        return {"name": "UNI", "score": self.score, "matches": self.matches, "words": self.words}


class UnigramPrecision(Metric):
    name = "uni-test"
    label = "UNI"
    options_type = UniOptions
    options: UniOptions

    def _words(self, line: str) -> list[str]:
        return (line.lower() if self.options.lowercase else line).split()

    def statistics(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None
    ) -> UniStats:
        rows = []
        for i, hyp in enumerate(hypotheses):
            best: Counter[str] = Counter()
            for stream in references:
                best |= Counter(self._words(stream[i]))
            words = Counter(self._words(hyp))
            rows.append([sum(min(n, best[w]) for w, n in words.items()), sum(words.values())])
        return UniStats(np.array(rows, dtype=np.float64).reshape(-1, 2))

    def _score(self, row: np.ndarray, nrefs: int | str) -> UniScore:
        m, h = int(row[0]), int(row[1])
        return UniScore(100.0 * m / h if h else 0.0, m, h, self.signature(nrefs))

    def score_from_statistics(self, stats: UniStats, nrefs: int | str = 1) -> UniScore:
        return self._score(stats.total().rows[0], nrefs)

    def sentence_scores(self, stats: UniStats, nrefs: int | str = 1) -> list[UniScore]:
        return [self._score(row, nrefs) for row in stats.rows]

    def signature(self, nrefs: int | str = 1) -> str:
        return f"nrefs:{nrefs}|case:{'lc' if self.options.lowercase else 'mixed'}"

    def columns(self, stats: UniStats) -> np.ndarray:
        return stats.rows

    def row_scores(self, rows: np.ndarray, float32: bool = False) -> np.ndarray:
        return np.where(rows[:, 1] > 0, 100.0 * rows[:, 0] / np.maximum(rows[:, 1], 1), 0.0)

    @classmethod
    def add_arguments(cls, parser: argparse.ArgumentParser) -> None:
        parser.add_argument_group("UNI options").add_argument("--uni-lowercase", action="store_true")

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> UnigramPrecision:
        return cls(UniOptions(lowercase=args.uni_lowercase))


def unigram_precision(hyps: Sequence[str], refs: Sequence[str], lowercase: bool = False) -> tuple[int, int]:
    """The oracle: clipped unigram matches and hypothesis words, one reference."""
    matches = words = 0
    for hyp, ref in zip(hyps, refs):
        h = Counter((hyp.lower() if lowercase else hyp).split())
        r = Counter((ref.lower() if lowercase else ref).split())
        matches += sum(min(n, r[w]) for w, n in h.items())
        words += sum(h.values())
    return matches, words


@pytest.fixture
def uni() -> Iterator[str]:
    register_metric("uni-test", UnigramPrecision)
    try:
        yield "uni-test"
    finally:
        unregister_metric("uni-test")


def test_registered_metric_through_the_api_stream_and_significance(uni: str, tmp_path: Path) -> None:
    assert uni in METRIC_NAMES
    metric = get_metric(uni, UniOptions(lowercase=True))
    assert isinstance(as_metric(UniOptions()), UnigramPrecision)
    m, h = unigram_precision(HYPS, REFS, lowercase=True)
    assert metric.corpus_score(HYPS, [REFS]).score == pytest.approx(100.0 * m / h)
    assert metric.sentence_score(HYPS[0], [REFS[0]]).score == pytest.approx(100.0 * 4 / 5)  # the, the, on, mat of 5

    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("\n".join(REFS * 30) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYPS * 30) + "\n", encoding="utf-8")
    chunks = list(iter_statistics(hyp, [ref], metric, chunk_lines=7))
    assert len(chunks) == 18 and all(isinstance(c, UniStats) for c in chunks)
    assert metric.score_from_statistics(sum_statistics(chunks)).score == pytest.approx(100.0 * m / h)

    stats = metric.statistics(HYPS * 30, [REFS * 30])
    same = paired_bootstrap(stats, stats, metric, n_samples=200)
    assert same.p_value == pytest.approx(1 / 201) and same.delta == 0
    other = get_metric(uni).statistics([r.upper() for r in REFS * 30], [REFS * 30])  # 0 matches
    result = paired_bootstrap(stats, other, get_metric(uni), n_samples=200)
    assert result.system_score == 0.0 and result.p_value < 0.05


def test_registered_metric_through_the_cli(
    uni: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ref, hyp, hyp2 = tmp_path / "ref.txt", tmp_path / "hyp.txt", tmp_path / "hyp2.txt"
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    hyp2.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    assert cli.main(["--help"]) == 0
    assert "UNI options" in capsys.readouterr().out  # the parser takes every registered metric's group

    monkeypatch.setattr(command, "DEFAULT_METRIC", uni)  # what a -m/--metrics flag will choose
    m, h = unigram_precision(HYPS, REFS, lowercase=True)
    assert cli.main([str(ref), "-i", str(hyp), "--uni-lowercase", "-f", "text", "-w", "3"]) == 0
    text = capsys.readouterr().out  # sacreBLEU's line, then the second signature: a metric sacreBLEU lacks
    assert score_lines(text) == f"UNI|nrefs:1|case:lc = {100.0 * m / h:.3f} ({m}/{h})\n"
    assert text.endswith("# sacreBLEU 2.6 has no equivalent for UNI: the metric UNI\n")
    assert cli.main([str(ref), "-i", str(hyp), "-sl", "-b", "-w", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{100.0 * a / b if b else 0.0:.1f}" for a, b in (unigram_precision([x], [y]) for x, y in zip(HYPS, REFS))
    ]
    assert cli.main([str(ref), "-i", str(hyp), str(hyp2), "--paired-bs", "-pbsn", "100"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [sorted(row) for row in rows] == [["UNI", "system"]] * 2 and rows[1]["UNI"]["score"] == 100.0


@pytest.mark.parametrize("name", METRIC_NAMES)
def test_every_metrics_command_line_flags_module_imports(name: str) -> None:
    """A metric's ``arguments_module`` (a PackageMetric's ``arguments`` by default, None: no flags) is a module that
    defines its flags, so the command line's parser can be built with every registered metric."""
    module = type(get_metric(name)).arguments_module
    if module is not None:
        flags = importlib.import_module(module)
        assert callable(getattr(flags, "add_arguments", None)) and callable(getattr(flags, "options_from_args", None))
