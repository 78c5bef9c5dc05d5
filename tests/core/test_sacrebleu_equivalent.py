"""The signature sacreBLEU 2.6 gives a metric's settings, and the ``sacrebleu`` command that reproduces the score:
equal to what sacreBLEU itself prints, for every option combination it has, drawn at random; None, with the
setting named, where it has no equivalent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

from bleucore import BleuOptions
from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfOptions
from bleucore.metrics.ter import TerOptions
from tests.cli.commands import run_sacrebleu

HYPS = ["the cat sat on the mat .", "나는 오늘 학교에 갔다", "a dog barked"]
REFS = [
    ["the cat is on the mat .", "나는 오늘 아침 학교에 갔다", "the dog barked"],
    ["there is a cat on the mat", "오늘 나는 학교로 갔다", "a dog was barking"],
    ["a cat sat on a mat", "나는 학교에 갔다", "dogs bark"],
]
TOKENIZERS = ("none", "13a", "intl", "char", "zh", "ja-mecab", "ko-mecab")


def sacre_signature(metric: object, nrefs: int, sentence: bool = False) -> str:
    if sentence:
        metric.sentence_score(HYPS[0], [r[0] for r in REFS[:nrefs]])  # type: ignore[attr-defined]
    else:
        metric.corpus_score(HYPS, REFS[:nrefs])  # type: ignore[attr-defined]
    return metric.get_signature().format()  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(
    tokenize=st.sampled_from(TOKENIZERS),
    lowercase=st.booleans(),
    method=st.sampled_from(["none", "floor", "add-k", "exp"]),
    value=st.none() | st.sampled_from([0.01, 0.1, 0.5, 1.0, 2.0]),
    nrefs=st.integers(1, 3),
    sentence=st.booleans(),
)
def test_bleu_signature_is_sacrebleus(
    tokenize: str, lowercase: bool, method: str, value: float | None, nrefs: int, sentence: bool
) -> None:
    value = value if method in ("floor", "add-k") else None
    options = BleuOptions(
        tokenize=tokenize, lowercase=lowercase, smooth_method=method, smooth_value=value, effective_order=sentence
    )
    ours = get_metric("bleu", options).sacrebleu_equivalent(nrefs, sentence_level=sentence)
    theirs = SacreBLEU(
        tokenize=tokenize, lowercase=lowercase, smooth_method=method, smooth_value=value, effective_order=sentence
    )
    assert ours.signature == sacre_signature(theirs, nrefs, sentence)


@settings(max_examples=60, deadline=None)
@given(
    char_order=st.integers(1, 6),
    word_order=st.integers(0, 2),
    beta=st.integers(1, 3),
    lowercase=st.booleans(),
    whitespace=st.booleans(),
    eps=st.booleans(),
    nrefs=st.integers(1, 3),
)
def test_chrf_signature_is_sacrebleus(
    char_order: int, word_order: int, beta: int, lowercase: bool, whitespace: bool, eps: bool, nrefs: int
) -> None:
    options = ChrfOptions(char_order, word_order, beta, lowercase, whitespace, eps)
    ours = get_metric("chrf", options).sacrebleu_equivalent(nrefs)
    theirs = SacreCHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        lowercase=lowercase,
        whitespace=whitespace,
        eps_smoothing=eps,
    )
    assert ours.signature == sacre_signature(theirs, nrefs)
    assert ours.unsigned == ((f"β = {beta}",) if beta != 2 else ())  # sacreBLEU's signature omits β


@pytest.mark.parametrize(
    "flags", [(a, b, c, d) for a in (False, True) for b in (False, True) for c in (False, True) for d in (False, True)]
)
def test_ter_signature_is_sacrebleus(flags: tuple[bool, bool, bool, bool]) -> None:
    normalized, no_punct, asian, case = flags
    ours = get_metric("ter", TerOptions(normalized, no_punct, asian, case)).sacrebleu_equivalent(2)
    theirs = SacreTER(normalized=normalized, no_punct=no_punct, asian_support=asian, case_sensitive=case)
    assert ours.signature == sacre_signature(theirs, 2)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (BleuOptions(smooth_method="nltk-method1"), "smoothing nltk-method1"),
        (BleuOptions(weights=(0.5, 0.5)), "order 2"),
        (BleuOptions(weights=(0.4, 0.2, 0.2, 0.2)), "custom weights"),
        (BleuOptions(ref_length="shortest"), "reference length shortest"),
        (BleuOptions(variant="simplified"), "variant simplified"),
        (BleuOptions(effective_order=True), "effective order on for corpus BLEU"),
    ],
)
def test_settings_sacrebleu_lacks_are_named_not_signed(options: BleuOptions, named: str) -> None:
    equivalent = get_metric("bleu", options).sacrebleu_equivalent(1)
    assert equivalent.signature is None and named in " ".join(equivalent.missing)
    assert equivalent.command(["ref.txt"], "hyp.txt") is None


@pytest.mark.parametrize(
    "metric",
    [
        get_metric("bleu", BleuOptions(tokenize="intl", lowercase=True, smooth_method="add-k", smooth_value=0.5)),
        get_metric("bleu", BleuOptions(tokenize="ko-mecab", smooth_method="floor")),
        get_metric("chrf", ChrfOptions(char_order=4, word_order=2, beta=3, whitespace=True)),
        get_metric("ter", TerOptions(normalized=True, asian_support=True, case_sensitive=True)),
    ],
    ids=["bleu-intl", "bleu-ko", "chrf++", "ter"],
)
def test_the_command_line_reproduces_the_score_and_signature(metric: object, tmp_path: Path) -> None:
    """Run the command bleucore prints, with the real sacrebleu, in a folder whose names need quoting."""
    folder = tmp_path / "my files"
    folder.mkdir()
    refs = []
    for j, stream in enumerate(REFS[:2]):
        refs.append(str(folder / f"ref {j}.txt"))
        Path(refs[-1]).write_text("\n".join(stream) + "\n", encoding="utf-8")
    hyp = str(folder / "hyp.txt")
    Path(hyp).write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    equivalent = metric.sacrebleu_equivalent(2)  # type: ignore[attr-defined]
    command = equivalent.command(refs, hyp)
    assert command is not None and command.startswith("sacrebleu ")
    import shlex

    argv = shlex.split(command)[1:]
    printed = json.loads(run_sacrebleu([*argv, "-f", "json"]))
    ours = metric.corpus_score(HYPS, REFS[:2])  # type: ignore[attr-defined]
    assert printed["signature"] == equivalent.signature
    assert printed["score"] == pytest.approx(round(ours.score, 1), abs=1e-9)
