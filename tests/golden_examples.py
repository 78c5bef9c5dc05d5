"""The tutorials' worked examples (../shared/golden.md), shared by the core and app tests.

Transcribed here on purpose, apart from ui/metrics/bleu/examples.py: the tests keep their own copy of
the golden inputs so that a wrong sentence in the app cannot make its own test pass.
"""

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

KO_REF = "빛이 쐬는 사람은 완벽한 어둠에서 잠든 사람과 비교할 때 우울증이 심해질 가능성이 훨씬 높았다"
KO_CAND = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠든 사람과 비교할 때 강박증이 심해질 기회가 훨씬 높았다"
KO_SHORT = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠듬"

CLIP_CAND = "The more decomposition the more flavor the food has"
CLIP_REF = "The more the merrier I always say"

SHORT_KO = "나는 사람이다"
