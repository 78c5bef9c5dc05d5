"""A chat model's wrapper around the translation: a preamble ("Here is the translation:", "Sure! ...:",
"Translation:", "다음은 번역입니다:"), a closing "(Note: ...)", or the whole line in quotes (``doctor.chat``). A line
counts only where its reference has no such wrapper: a reference in quotes is text to match."""

from __future__ import annotations

from collections import Counter

from ...metrics.bleu.from_text import corpus_bleu
from ..chat import LowerText, lower_text, strip_wrapper, wrapped_lines, wrapper
from ..finding import Finding, Setup

CODE = "llm-preamble"
#: Lines scored with and without the wrappers to show what they cost.
SCORE_LINES = 2_000


def unshared_wrappers(text: LowerText, references: list[list[str]]) -> dict[int, tuple[str, str]]:
    """0-based line -> (kind, wrapper text) for lines with a chat wrapper that none of their references has."""
    found = {}
    for i in wrapped_lines(text):
        hit = wrapper(text.lines[i])
        if hit and not any(i < len(ref) and wrapper(ref[i]) for ref in references):
            found[i] = hit
    return found


def check(setup: Setup) -> list[Finding]:
    if 0 in setup.unread:
        return []
    hyps = list(setup.hypotheses)
    refs = [list(s) for _, s in setup.paired_references()]
    found = unshared_wrappers(lower_text(setup.memo, setup.hypotheses), refs)
    if not found:
        return []
    n = len(hyps)
    kinds = dict(Counter(kind for kind, _ in found.values()).most_common())
    example = found[min(found)][1]
    values: dict[str, object] = {"name": setup.hypothesis_name, "count": len(found), "lines": n, "kinds": kinds}
    values["example"] = example
    effect = "the wrapper's words match nothing in the reference: they lower precision and lengthen the output"
    scores = _scores(hyps, refs)
    if scores:
        values.update(scores)
        effect += (
            f" (BLEU of the first {scores['scored_lines']:,} lines: {scores['score']:.2f} as given, "
            f"{scores['score_unwrapped']:.2f} without the wrappers)"
        )
    return [
        Finding(
            CODE,
            "warning" if len(found) * 100 >= n else "note",
            "likely",
            f"{len(found):,} of the {n:,} lines of {setup.hypothesis_name} hold a chat model's words around the "
            f"translation (e.g. {example!r})",
            effect,
            "remove the wrappers the same way from every system's output and say so (they are not part of the "
            "translation), or prompt for the translation alone; keep each line, even one left empty",
            tuple(i + 1 for i in sorted(found)[:3]),
            values,
        )
    ]


def _scores(hyps: list[str], refs: list[list[str]]) -> dict[str, float | int]:
    """sacreBLEU's BLEU of the first ``SCORE_LINES`` lines as given and with the wrappers removed; empty when the
    lines do not pair or cannot be scored."""
    if not refs or any(len(r) != len(hyps) for r in refs) or not hyps:
        return {}
    lines = min(SCORE_LINES, len(hyps))
    first = [r[:lines] for r in refs]
    try:
        given = corpus_bleu(hyps[:lines], first).score
        unwrapped = corpus_bleu([strip_wrapper(h) for h in hyps[:lines]], first).score
    except ValueError:
        return {}
    return {"score": given, "score_unwrapped": unwrapped, "scored_lines": lines}
