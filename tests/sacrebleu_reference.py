"""Numbers sacreBLEU 2.6 computes but does not report, read from its own code, for tests of the app's pictures
(the AppTest tests and the Chromium walks share them)."""

from __future__ import annotations

from sacrebleu.metrics import TER, lib_ter


def sacrebleu_edits_by_type(hyps: list[str], refs: list[list[str]]) -> dict[str, int]:
    """TER's edits by type as sacreBLEU 2.6 finds them: its own shift search and beam edit distance
    (``lib_ter.translation_edit_rate``, whose trace is counted here), each line against the first reference with the
    fewest edits (as ``TER._compute_segment_statistics`` picks it). ``BeamEditDistance(ref)(hyp)``'s trace writes the
    reference from the hypothesis: "i" inserts a reference word the hypothesis lacks, which bleucore and the app call
    a deletion (the system left it out: ``BeamEditDistance("a b c d")("a b c")`` is ``"   i"``), "d" drops a
    hypothesis word the reference lacks (the app's insertion), "s" substitutes."""
    sacre = TER()
    totals = {"insertions": 0, "deletions": 0, "substitutions": 0, "shifts": 0}
    for i, hyp in enumerate(hyps):
        words_hyp = sacre._preprocess_segment(hyp).split()
        best: tuple[int, dict[str, int]] | None = None
        for ref in refs:
            words_ref = sacre._preprocess_segment(ref[i]).split()
            cached, shifts, words, checked = lib_ter.BeamEditDistance(words_ref), 0, words_hyp, 0
            while True:  # lib_ter.translation_edit_rate's loop, keeping the trace
                delta, shifted, checked = lib_ter._shift(words, words_ref, cached, checked)
                if checked >= lib_ter._MAX_SHIFT_CANDIDATES or delta <= 0:
                    break
                shifts, words = shifts + 1, shifted
            distance, trace = cached(words)
            counts = {
                "insertions": trace.count("d"),
                "deletions": trace.count("i"),
                "substitutions": trace.count("s"),
                "shifts": shifts,
            }
            assert distance == sum(counts.values()) - shifts
            if best is None or shifts + distance < best[0]:
                best = (shifts + distance, counts)
        assert best is not None
        for kind, n in best[1].items():
            totals[kind] += n
    return totals
