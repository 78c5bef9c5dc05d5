"""The Korean tutorials' worked examples (README.md, "Tutorials") as data: sentences and the options they use.

Only inputs live here (plus NLTK's printed tiny number, derived from a bleucore result); every
number the Learn page shows is computed by bleucore at run time.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

from bleucore import BleuOptions, BLEUScore

REFS_1 = (
    "It is a guide to action that ensures that the military will forever heed Party commands",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
)
CA1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
CA2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
CA3 = "the that military a is It guide ensures which to commands the of action obeys always party the"
CA4 = "it is"

REFS_2 = ("the cat is on the mat", "there is a cat on the mat")
CAND_2 = "the the the the the the the"
CAND_2B = "the cat the cat on the mat"

REFS_3 = ("I always do.", "I invariably do.", "I perpetually do.")
CANDS_3 = ("I always invariably perpetually do.", "I always do.")
#: A 10-token candidate with references of 9 and 11 tokens: equally close, so r is the shorter.
TIE_CAND = "one two three four five six seven eight nine ten"
TIE_REFS = ("one two three four five six seven eight nine", "one two three four five six seven eight nine ten eleven")

KO_REF = "빛이 쐬는 사람은 완벽한 어둠에서 잠든 사람과 비교할 때 우울증이 심해질 가능성이 훨씬 높았다"
KO_CAND = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠든 사람과 비교할 때 강박증이 심해질 기회가 훨씬 높았다"
KO_SHORT = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠듬"

CLIP_CAND = "The more decomposition the more flavor the food has"
CLIP_REF = "The more the merrier I always say"

SHORT_KO = "나는 사람이다"


def nltk_method0_printout(score: BLEUScore) -> float:
    """The tiny number NLTK 3.10's ``sentence_bleu`` prints without smoothing.

    NLTK replaces each zero precision by ``sys.float_info.min`` (about 2.2e-308) before taking
    the weighted geometric mean, so an exact 0 comes out as about 1e-155 instead.
    """
    weights: Sequence[float] = score.options.weights
    terms = [w * math.log(p / 100.0 if p > 0 else sys.float_info.min) for w, p in zip(weights, score.precisions)]
    return score.bp * math.exp(math.fsum(terms))


#: The tutorials' options: whitespace tokens, case kept, N = 4, uniform weights, no smoothing.
TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
#: The same, case-insensitive (the tutorials' unclipped counts and Ca4 lowercase the text).
TUTORIAL_LC = TUTORIAL.with_changes(lowercase=True)
#: sacreBLEU's ``sentence_bleu`` on whitespace tokens: exp smoothing and effective order.
SACREBLEU_SENTENCE = BleuOptions(tokenize="none", smooth_method="exp", effective_order=True)
