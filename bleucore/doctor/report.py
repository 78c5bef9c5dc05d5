"""``diagnose``: the doctor's one contract behind the page, the command line and the API: the setup's findings,
then (when the lines pair and read as text) the files scored as each tool in ``bleucore.tools`` would score them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..forking import ChunkWorker, can_fork, chunk_processes
from ..limits import DOCTOR_HELD
from ..reading.checks import check_held_text, check_held_total
from ..reading.errors import TerWordPairs
from ..tokenizers import missing_package
from ..tools import ConventionScorer, Tool, ToolScore, family, score_as_tools, tools_for
from ..tools.metric_tools import MetricScorer, MetricToolScore, score_metric_tools
from .finding import Finding, Setup
from .overlap import LineWords
from .setup_check import check_setup

__all__ = ["BLOCKING", "Report", "diagnose"]

#: Findings after which no score is computed: the text is not what the scorer would read, or lines do not pair.
BLOCKING = frozenset(
    {
        "binary-file",
        "empty-file",
        "not-utf8",
        "line-too-long",
        "file-too-large",
        "line-count-mismatch",
        "refs-concatenated",
        "unreadable-file",
    }
)


@dataclass(frozen=True)
class Report:
    """Findings, worst first, and each tool's score of ``metric`` (empty when a ``BLOCKING`` finding stops
    scoring); ``scorer`` keeps the counts for a waterfall (a ``ConventionScorer`` for BLEU, the metric family's
    scorer for chrF and TER)."""

    findings: tuple[Finding, ...]
    scores: tuple[ToolScore | MetricToolScore, ...]
    scorer: ConventionScorer | MetricScorer | None = None
    metric: str = "bleu"

    @property
    def scored(self) -> bool:
        """True when the files could be scored."""
        return self.scorer is not None

    def to_dict(self) -> dict[str, Any]:
        """``{"findings": [{code, severity, lines, message, fix, ...}], "scores": [{implementation, score, ...}]}``,
        each score on the 0-100 scale, unrounded (None where the tool itself fails)."""
        return {
            "findings": [finding.to_dict() for finding in self.findings],
            "scores": [
                {
                    "implementation": s.tool.key,
                    "name": s.tool.name,
                    "score": s.points,
                    "printed": s.printed,
                    "failure": s.failure,
                    "quirks": list(s.tool.quirks),
                }
                for s in self.scores
            ],
        }


def _score_in_a_copy(setup: Setup, tools: Sequence[Tool]) -> ChunkWorker | None:
    """Every tool's score, counted by a forked copy of this process while this one runs the rules (the command
    line, on two CPUs: ``forking.can_fork``; the tools take about as long as the rules, 100,000 lines each); None
    where the lines do not pair (the rules will say so) or no copy may be forked."""
    hyps, refs = setup.hypotheses, setup.references
    if not hyps or not refs or any(len(stream) != len(hyps) for stream in refs) or not can_fork(chunk_processes()):
        return None
    theirs = list(tools)
    words = LineWords.of(setup)  # the rules read the same words: encoded once, before the fork, for both processes
    for stream in (hyps, *refs):
        words.encoded(stream)
    adopted = words.adopted_by([hyps, *refs])

    def score(_: object) -> tuple[tuple[ToolScore, ...], ConventionScorer]:
        scorer = ConventionScorer(hyps, refs)
        if adopted is not None:  # the whitespace tools count the rules' word ids
            scorer.adopt(*adopted)
        scores = tuple(score_as_tools(hyps, refs, theirs, scorer))
        scorer.release_tokens()
        scorer.hypotheses, scorer.references = [], []  # this process has them: not sent back
        return scores, scorer

    worker = ChunkWorker(score)
    return worker if worker.submit(None) else None


def _scores(
    setup: Setup, tools: Sequence[Tool], copy: ChunkWorker | None
) -> tuple[tuple[ToolScore, ...], ConventionScorer]:
    """Every tool's score: those the copy counted (if it did; none if it failed) and the others here, on one scorer
    holding every count for the waterfall. ``ValueError`` from a limit or a tokenizer's refusal."""
    result = None
    if copy is not None:
        result = copy.result()
        copy.close()
    scorer = ConventionScorer(setup.hypotheses, setup.references)
    words = setup.memo.get("line_words")
    adopted = words.adopted_by([setup.hypotheses, *setup.references]) if isinstance(words, LineWords) else None
    if adopted is not None:  # the rules encoded the words already: the whitespace tools count those ids
        scorer.adopt(*adopted)
    counted: dict[str, ToolScore] = {}
    if result is not None:
        theirs, copied = result
        counted = {s.tool.key: s for s in theirs}
        scorer.take_counts(copied)
    rest = [t for t in tools if t.key not in counted]
    counted.update((s.tool.key, s) for s in score_as_tools(setup.hypotheses, setup.references, rest, scorer))
    scorer.release_tokens()  # the report keeps the counts for the waterfall, not every token
    return tuple(counted[t.key] for t in tools), scorer


def _not_blocking(finding: Finding) -> Finding:
    """A reading finding about the source, as a warning: the scores do not need the source."""
    return replace(finding, severity="warning") if finding.severity == "error" else finding


def diagnose(
    setup: Setup,
    reading: Sequence[Finding] = (),
    tools: Sequence[Tool] | None = None,
    source_reading: Sequence[Finding] = (),
    metric: str = "bleu",
) -> Report:
    """The doctor's report on a setup; ``reading``: findings from reading its files (``reading.read_path``), which
    come first. A file left without lines by its reading finding (empty, binary, unreadable) is compared with nothing:
    that finding says it all. ``tools`` default to ``tools_for(setup.tokenize)``: every tool, and sacreBLEU with
    ``setup.tokenize`` when it is not 13a. ``source_reading``: the findings from reading the source file, which stop
    nothing (as warnings). ``metric``: ``bleu``, or ``chrf`` or ``ter`` (``tools.FAMILIES``: their tools instead of
    BLEU's; ``tools`` is then not used). A setup past the doctor's limits (``limits.DOCTOR_HELD``) raises
    ``HeldSizeError`` before any work; the source counts against the limits of one file, not against the total,
    since it is never scored."""
    sides = [(setup.hypothesis_name, setup.hypotheses), *zip(setup.reference_names, setup.references)]
    for name, lines in [*sides, *([(setup.source_name, setup.source)] if setup.source is not None else [])]:
        check_held_text(lines, name, DOCTOR_HELD)
    check_held_total([lines for _, lines in sides], DOCTOR_HELD)  # the source is compared, never scored
    stopped = {f.values.get("name") for f in reading if f.code in BLOCKING}
    unread = {i for i, (name, lines) in enumerate(sides) if not lines and name in stopped}
    setup = replace(setup, unread=setup.unread | unread)
    tokenize = setup.tokenize
    package = missing_package(tokenize)
    if tools is None:
        tools = tools_for("13a" if package else tokenize)
    copy = _score_in_a_copy(setup, tools) if metric == "bleu" and not stopped else None
    findings = [*reading, *check_setup(setup)]
    if package:
        findings.append(
            Finding(
                "tokenizer-missing",
                "warning",
                "certain",
                f"the {tokenize} tokenizer needs the {package} package, not installed here",
                f"sacreBLEU's score with -tok {tokenize} is not shown",
                f"pip install {package}",
                (),
                {"tokenizer": tokenize, "package": package},
            )
        )
    blocked = any(f.code in BLOCKING for f in findings)
    # A source that cannot be read is said by its reading finding, as a warning: the scores do not need it.
    findings += [_not_blocking(f) for f in source_reading]
    findings.sort(key=lambda f: ("error", "warning", "note").index(f.severity))
    if blocked or not setup.references or not setup.hypotheses:
        if copy is not None:
            copy.close()
        return Report(tuple(findings), (), metric=metric)
    try:
        if metric != "bleu":
            tools_of = family(metric)
            other = tools_of.scorer(setup.hypotheses, setup.references)
            return Report(tuple(findings), tuple(score_metric_tools(tools_of.tools, other)), other, metric)
        scores, scorer = _scores(setup, tools, copy)
    except ValueError as exc:  # a limit or a tokenizer's refusal: said as a finding, the others kept
        findings.insert(
            0,
            Finding(
                "cannot-score",
                "error",
                "certain",
                f"the files cannot be scored: {exc}",
                "no tool's score is shown",
                "fix what the message names",
                (),
                {"reason": str(exc), **_error_fields(exc)},
            ),
        )
        return Report(tuple(findings), (), metric=metric)
    return Report(tuple(findings), scores, scorer)


def _error_fields(exc: ValueError) -> dict[str, Any]:
    """The fields of an error a screen words by its code (a "cannot-score" finding's values beside its English)."""
    if isinstance(exc, TerWordPairs):
        return {
            "error": "ter-word-pairs",
            "line": exc.index + 1,
            "hypothesis_words": exc.hypothesis_words,
            "reference_words": exc.reference_words,
            "limit": exc.limit,
        }
    return {}
