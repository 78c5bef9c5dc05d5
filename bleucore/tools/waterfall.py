"""From one tool's number to another's, one convention at a time: each step changes one field of
``Conventions`` (in ``FIELD_ORDER``) and gives the change in points and why that rule moves the score.

The steps add up exactly: the first step starts at the first tool's score and the last ends at the
second's. The split depends on the order of the steps (rules interact), so the order is fixed and stated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .catalog import Tool
from .conventions import FIELD_ORDER
from .scoring import ConventionScore, ConventionScorer

__all__ = ["FIELD_WHY", "Step", "Waterfall", "measured_words", "printed", "value_words", "waterfall"]

#: What each rule does to the counts, in one sentence (the CLI's words; the app words them in each language).
FIELD_WHY = {
    "tokenize": "the tokenizer decides what a word is: splitting punctuation off ('cat.' -> 'cat .') lets more words "
    "match",
    "case": "lowercasing both sides lets 'The' match 'the'",
    "references": "a second reference gives more n-grams a chance to match and another length to be close to",
    "ref_length": "the brevity penalty compares c with r, and this rule picks which reference's length is r",
    "phantom_ngrams": "a line shorter than n adds one n-gram that cannot match, lowering p_n",
    "zero_precision": "a zero p_n gives 0, becomes the smallest float, is smoothed, or is left out of the geometric "
    "mean",
    "brevity": "exp(1 - r/c) punishes short output more than min(1, c/r)",
    "aggregate": "the mean of sentence scores is not corpus BLEU: each short line's zeros weigh as much as a long line",
}

_VALUE_WORDS = {
    ("tokenize", "whitespace"): "whitespace tokens (str.split)",
    ("tokenize", "ascii-whitespace"): "ASCII-whitespace tokens (Perl split)",
    ("tokenize", "single-space"): "split(' ') tokens",
    ("case", "cased"): "cased",
    ("case", "lower"): "lowercased",
    ("case", "ascii-lower"): "A-Z lowercased",
    ("references", "all"): "every reference",
    ("references", "first"): "the first reference only",
    ("ref_length", "closest"): "closest reference length (ties: shorter)",
    ("ref_length", "closest-first"): "closest reference length (ties: first listed)",
    ("ref_length", "shortest"): "shortest reference length",
    ("phantom_ngrams", True): "short lines count a phantom n-gram",
    ("phantom_ngrams", False): "no phantom n-grams",
    ("zero_precision", "zero"): "a zero precision gives 0",
    ("zero_precision", "tiny"): "a zero precision becomes the smallest float (NLTK)",
    ("zero_precision", "exp"): "exp smoothing",
    ("zero_precision", "skip"): "zero precisions left out",
    ("brevity", "standard"): "BP = exp(1 - r/c)",
    ("brevity", "simplified"): "BP = min(1, c/r)",
    ("aggregate", "corpus"): "corpus BLEU",
    ("aggregate", "sentence-mean"): "mean of sentence BLEU",
}


def value_words(field: str, value: object) -> str:
    """A convention's value in English words (a bleucore tokenizer by its name: ``13a tokens``)."""
    return _VALUE_WORDS.get((field, value), f"{value} tokens" if field == "tokenize" else str(value))


def printed(score: float, digits: int = 2) -> Decimal:
    """A score as it is printed with ``digits`` decimals (``f"{score:.2f}"``), as an exact decimal."""
    return Decimal(f"{score:.{digits}f}")


def measured_words(field: str, before: ConventionScore, after: ConventionScore) -> str:
    """What the rule changed in this data's counts, in English: the numbers behind the step."""
    if field in ("tokenize", "case", "references"):
        words = f"{before.counts[0]:,} -> {after.counts[0]:,} unigrams matched"
        if field == "tokenize":
            return f"c {before.sys_len:,} -> {after.sys_len:,} tokens, {words}"
        return words + (f", r {before.ref_len:,} -> {after.ref_len:,}" if field == "references" else "")
    if field in ("ref_length", "brevity"):
        return f"r {before.ref_len:,} -> {after.ref_len:,}, BP {before.bp:.4f} -> {after.bp:.4f}"
    if field == "phantom_ngrams":
        return f"{before.totals[-1]:,} -> {after.totals[-1]:,} {len(after.totals)}-grams counted"
    if field == "zero_precision" and after.conventions.aggregate == "corpus":
        zeros = [str(n) for n, m in enumerate(after.counts, start=1) if m == 0]
        return f"orders without a match: {', '.join(zeros)}" if zeros else "every order has a match: no change"
    return f"{after.zero_lines:,} of {after.sentences:,} lines have an order without a match"


@dataclass(frozen=True)
class Step:
    """One rule changed: ``field`` from ``before`` to ``after``; the scores before and after it (``result_before``,
    ``result_after``: their counts, lengths and BP)."""

    field: str
    before: object
    after: object
    result_before: ConventionScore
    result_after: ConventionScore

    @property
    def score_before(self) -> float:
        return self.result_before.score

    @property
    def score_after(self) -> float:
        return self.result_after.score

    @property
    def delta(self) -> float:
        """The step's change in points."""
        return self.score_after - self.score_before

    def printed_delta(self, digits: int = 2) -> Decimal:
        """The change between the two scores as printed (``digits`` decimals): the printed steps of a waterfall add
        up exactly to the printed end score minus the printed start score (each rounded change may not)."""
        return printed(self.score_after, digits) - printed(self.score_before, digits)

    def text(self) -> str:
        """The step in one English line: what changed, by how much, and why (the rule, then this data's counts)."""
        return (
            f"{value_words(self.field, self.before)} -> {value_words(self.field, self.after)}: "
            f"{self.printed_delta():+} ({FIELD_WHY[self.field]}; here "
            f"{measured_words(self.field, self.result_before, self.result_after)})"
        )


@dataclass(frozen=True)
class Waterfall:
    """From ``start`` to ``end``: their scores and the steps between them (none when they agree on every rule)."""

    start: Tool
    end: Tool
    start_score: ConventionScore
    end_score: ConventionScore
    steps: tuple[Step, ...]

    def text(self) -> str:
        """``NLTK 3.10 corpus_bleu 12.30 -> ... -> sacreBLEU 2.6 17.20``, one step per line."""
        lines = [f"{self.start.name}: {self.start_score.score:.2f}"]
        lines += [f"  {step.text()}" for step in self.steps]
        lines.append(f"{self.end.name}: {self.end_score.score:.2f}")
        return "\n".join(lines)


def waterfall(
    start: Tool,
    end: Tool,
    hypotheses: Sequence[str] = (),
    references: Sequence[Sequence[str]] = (),
    scorer: ConventionScorer | None = None,
) -> Waterfall:
    """The steps from ``start``'s conventions to ``end``'s on the files (or on ``scorer``'s, counted once)."""
    scorer = scorer or ConventionScorer(hypotheses, references)
    current = start.conventions
    first = scorer.score(current)
    before, steps = first, []
    for name in FIELD_ORDER:
        target = getattr(end.conventions, name)
        if getattr(current, name) == target:
            continue
        changed = current.with_field(name, target)
        after = scorer.score(changed)
        steps.append(Step(name, getattr(current, name), target, before, after))
        current, before = changed, after
    return Waterfall(start, end, first, before, tuple(steps))
