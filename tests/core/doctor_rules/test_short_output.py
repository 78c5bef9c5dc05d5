"""short-output: a hypothesis short against its references, told apart by its lines: cut off (issue 45: lines cut to
50-75 % of their length, length ratio about 0.65 and BP about 0.58, got "no problem found"), terse (short everywhere,
its sentences complete) or short (the references' endings cannot tell); and its look-alikes, which get nothing."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from bleucore.doctor import Setup, check_setup, diagnose
from devtools.realistic import realistic_corpus
from tests.conftest import ROOT
from tests.core.doctor_rules.setups import HYPS, KO_HYP, KO_REF, REF, REF2, found, one
from tests.generators import cut_off, terse

LINES = 600


@pytest.mark.parametrize("seed", [45, 46, 47])
def test_an_output_cut_to_half_or_three_quarters_of_each_line_is_cut_off(seed: int) -> None:
    _, _, refs = realistic_corpus(seed, LINES)
    hyps = cut_off(refs, seed)
    sacre = sacrebleu.corpus_bleu(hyps, [refs])
    assert 0.55 < sacre.sys_len / sacre.ref_len < 0.7 and sacre.bp < 0.65  # the shape: BP about 0.58
    finding = one("short-output", hyps, [refs], hypothesis_name="cut.en", reference_names=["ref.en"])
    values = finding.values
    assert finding.severity == "warning" and values["kind"] == "cut" and values["unit"] == "words"
    assert values["ratio"] == pytest.approx(sacre.sys_len / sacre.ref_len, abs=0.03)  # words, close to 13a tokens
    assert values["bp"] == pytest.approx(math.exp(1 - 1 / values["ratio"]), abs=1e-3)
    assert values["cut"] > 0.8 * values["lines"] and values["references"] == ["ref.en"]
    assert finding.problem.startswith(f"cut.en is {values['ratio']:.0%} as long as ref.en in words")
    assert "stop mid-sentence" in finding.problem and "cut off" in finding.problem
    for line in finding.lines:  # the examples named stop mid-sentence, far shorter than their reference
        assert not hyps[line - 1].endswith(".") and len(hyps[line - 1].split()) < 0.8 * len(refs[line - 1].split())
    assert "score the whole output again" in finding.fix and "keep it" in finding.fix


def test_a_fifth_of_the_lines_cut_is_found_even_when_the_whole_is_long_enough() -> None:
    """A long tail of lines cut short: the ratio stays above 0.8, the lines still say what happened."""
    _, hyps, refs = realistic_corpus(48, LINES)
    rng = random.Random(48)
    cut = cut_off(hyps, 48)
    mixed = [c if rng.random() < 0.3 else h for h, c in zip(hyps, cut)]
    sacre = sacrebleu.corpus_bleu(mixed, [refs])
    assert sacre.sys_len / sacre.ref_len > 0.75
    assert one("short-output", mixed, [refs]).values["kind"] == "cut"


@pytest.mark.parametrize("seed", [45, 46])
def test_a_terse_output_with_complete_sentences_is_a_note_that_keeps_the_penalty(seed: int) -> None:
    _, _, refs = realistic_corpus(seed, LINES)
    hyps = terse(refs, seed)
    sacre = sacrebleu.corpus_bleu(hyps, [refs])
    assert sacre.bp < 0.75
    finding = one("short-output", hyps, [refs])
    assert finding.severity == "note" and finding.values["kind"] == "terse"
    assert "their sentences complete" in finding.problem and "writes tersely" in finding.problem
    assert finding.values["short"] > 0.5 * finding.values["lines"]
    assert "with its brevity penalty" in finding.fix and "never score without the penalty" in finding.fix


def test_references_without_sentence_endings_cannot_tell_and_say_so() -> None:
    _, _, refs = realistic_corpus(49, LINES)
    bare = [r.rstrip(".") for r in refs]
    finding = one("short-output", cut_off(bare, 49), [bare])
    assert finding.values["kind"] == "short" and finding.severity == "warning"
    assert finding.values["short"] > 0.8 * finding.values["lines"] and "cannot tell" in finding.problem
    assert "cut off" in finding.fix and "keep the brevity penalty" in finding.fix


def test_the_closest_reference_length_is_the_one_compared_as_sacrebleu_takes_r() -> None:
    """Against a long and a short reference, an output as long as the short one is not short (r is the closest)."""
    _, _, refs = realistic_corpus(50, LINES)
    short_refs = cut_off(refs, 50)
    assert found("short-output", short_refs, [refs, short_refs]) == []
    assert one("short-output", short_refs, [refs]).values["kind"] == "cut"


def test_korean_sentences_without_a_full_stop_end_in_their_ending() -> None:
    hyps = ["나는 오늘 아침에 학교에 갔다", "그는 어제 집에 왔다"] * 10
    refs = ["나는 오늘 아침 일찍 버스를 타고 학교에 갔다", "그는 어제 늦게 친구와 함께 집에 왔다"] * 10
    assert one("short-output", hyps, [refs]).values["kind"] == "terse"
    cut = ["나는 오늘 아침", "그는 어제 늦게"] * 10
    assert one("short-output", cut, [refs]).values["kind"] == "cut"


def test_look_alikes_get_nothing() -> None:
    """The clean setups, a realistic system (about 10 % of the words dropped), empty lines (their own finding), too
    few lines, and line counts that differ (the hypothesis cut to fewer lines: line-count-mismatch)."""
    assert found("short-output", HYPS, [REF, REF2]) == []
    assert found("short-output", KO_HYP, [KO_REF], tokenize="ko-mecab") == []
    for seed in (7, 39, 40):
        _, hyps, refs = realistic_corpus(seed, 2000)
        assert found("short-output", hyps, [refs]) == []
    assert found("short-output", HYPS[:20] + [""] * 10, [REF]) == []
    assert found("short-output", cut_off(REF[:9], 1), [REF[:9]]) == []  # nine lines: too few to say
    _, _, refs = realistic_corpus(51, LINES)
    assert found("short-output", cut_off(refs, 51)[:300], [refs]) == []


def test_the_finding_does_not_stop_the_scores_and_the_command_line_prints_it() -> None:
    """A warning, not an error: every tool's score is still shown (the brevity penalty is part of what it says)."""
    _, _, refs = realistic_corpus(52, 200)
    hyps = cut_off(refs, 52)
    report = diagnose(Setup(hyps, [refs]))
    assert report.scored and "short-output" in [f.code for f in report.findings]
    finding = next(f for f in check_setup(Setup(hyps, [refs])) if f.code == "short-output")
    assert finding.text().startswith("[short-output] hypothesis is ")


def test_the_command_line_doctor_names_a_cut_output(tmp_path: Path) -> None:
    _, _, refs = realistic_corpus(53, 200)
    (tmp_path / "ref.en").write_text("\n".join(refs) + "\n", encoding="utf-8")
    (tmp_path / "cut.en").write_text("\n".join(cut_off(refs, 53)) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "bleucore.doctor", str(tmp_path / "ref.en"), "-i", str(tmp_path / "cut.en")]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr  # a warning: the scores are printed, exit 1 is for errors
    assert f"[short-output] {tmp_path / 'cut.en'} is " in run.stdout and "the output looks cut off" in run.stdout
    found_json = json.loads(subprocess.run([*command, "-f", "json"], cwd=ROOT, capture_output=True, text=True).stdout)
    (finding,) = [f for f in found_json["findings"] if f["code"] == "short-output"]
    assert finding["severity"] == "warning" and finding["values"]["kind"] == "cut"
