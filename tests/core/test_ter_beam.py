"""TER's beam computed for many candidate shifts at once (``EditDistance.distances``, numpy rows) equals the beam
of one candidate at a time, and TER's edits stay sacreBLEU 2.6's on long sentences far from the diagonal, where
the beam decides (the bit vectors alone cannot)."""

from __future__ import annotations

import random

import pytest
from sacrebleu.metrics import TER

from bleucore.metrics import get_metric
from bleucore.metrics.ter.edit_distance import BATCH_MIN, EditDistance


def _far(rng: random.Random) -> tuple[list[int], list[int]]:
    """A long reference and a hypothesis of another length with blocks moved: many cells outside the beam."""
    ref = [rng.randrange(30) for _ in range(rng.randint(60, 130))]
    hyp = list(ref)
    for _ in range(rng.randint(2, 6)):
        start = rng.randrange(len(hyp))
        block = hyp[start : start + rng.randint(3, 15)]
        del hyp[start : start + len(block)]
        hyp[rng.randrange(len(hyp) + 1) : 0] = block
    del hyp[: rng.randint(0, 40)]
    hyp += [rng.randrange(30) for _ in range(rng.randint(0, 30))]
    return hyp, ref


@pytest.mark.parametrize("seed", range(12))
def test_batched_beam_distances_equal_one_at_a_time(seed: int) -> None:
    rng = random.Random(seed)
    hyp, ref = _far(rng)
    engine = EditDistance(ref, len(hyp))
    engine.keep(hyp)
    candidates = []
    for _ in range(40):
        words = list(hyp)
        start = rng.randrange(len(words))
        a, b = rng.randrange(start, len(words)), rng.randrange(start, len(words))
        words[a], words[b] = words[b], words[a]
        candidates.append((words, start))
    one_by_one = [engine.distance(words, start) for words, start in candidates]
    in_beam = sum(engine._run(engine.states[s], w[s:], None) >= engine.bound for w, s in candidates)
    assert in_beam >= BATCH_MIN, "the case reaches the batched beam"
    assert engine.distances(candidates) == one_by_one


def test_edits_equal_sacrebleus_where_the_beam_decides() -> None:
    rng = random.Random(37)
    words = [f"w{k}" for k in range(30)]
    hyps, refs = [], []
    for _ in range(5):  # sacreBLEU's TER takes seconds a pair here
        hyp, ref = _far(rng)
        hyps.append(" ".join(words[w] for w in hyp))
        refs.append(" ".join(words[w] for w in ref))
    rows = get_metric("ter").statistics(hyps, [refs]).rows
    ter = TER()
    for i, (h, r) in enumerate(zip(hyps, refs)):
        assert rows[i, 0] == ter._extract_corpus_statistics([h], [[r]])[0][0], i
