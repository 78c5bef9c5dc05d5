"""Subword markers left in the output (BPE's "@@ ", SentencePiece's "▁"): the words are split into pieces."""

from __future__ import annotations

from ..chat import lower_text, read_streams
from ..finding import Finding, Setup

CODE = "subword-markers"
MARKERS = {"@@ ": "BPE", "@@": "BPE", "\u2581": "SentencePiece"}


def check(setup: Setup) -> list[Finding]:
    findings = []
    for name, stream in read_streams(setup):
        for marker, kind in (("@@", "BPE"), ("\u2581", "SentencePiece")):
            lines = [i + 1 for i in lower_text(setup.memo, stream).lines_with((marker,))]  # lowering keeps them
            if len(lines) * 10 >= len(stream) > 0:
                findings.append(
                    Finding(
                        CODE,
                        "error",
                        "likely",
                        f"{name} holds {kind} subword markers ({marker!r}) on {len(lines)} lines",
                        "pieces of words are scored as words: the score is not comparable with any published one",
                        "undo the subword segmentation (remove '@@ ' or join on '▁') before scoring",
                        tuple(lines[:3]),
                        {"name": name, "kind": kind, "count": len(lines)},
                    )
                )
    return findings
