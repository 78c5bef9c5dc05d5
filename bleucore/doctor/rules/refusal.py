"""Lines where a chat model refused to translate ("I'm sorry, but I can't help with that request.", "죄송하지만
번역해 드릴 수 없습니다."; ``doctor.chat.is_refusal``) and its reference does not read so."""

from __future__ import annotations

from ..chat import is_refusal, lower_text, refusal_lines
from ..finding import Finding, Setup

CODE = "refusal"


def check(setup: Setup) -> list[Finding]:
    if 0 in setup.unread:
        return []
    refs = [s for _, s in setup.paired_references()]
    found = [
        i + 1
        for i in refusal_lines(lower_text(setup.memo, setup.hypotheses))
        if not any(i < len(ref) and is_refusal(ref[i]) for ref in refs)
    ]
    if not found:
        return []
    n = len(setup.hypotheses)
    return [
        Finding(
            CODE,
            "warning",
            "likely",
            f"{len(found):,} of the {n:,} lines of {setup.hypothesis_name} are refusals, not translations",
            "a refusal shares almost no words with its reference: the line scores about 0, as it should",
            "keep them in the scored output (leaving them out, or scoring only the answered lines, would raise the "
            "score without the system translating them) and report how many lines were refused",
            tuple(found[:3]),
            {"name": setup.hypothesis_name, "count": len(found), "lines": n},
        )
    ]
