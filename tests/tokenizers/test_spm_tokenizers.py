"""flores101, flores200 and spBLEU-1K (spBLEU) against sacreBLEU 2.6's ``TokenizerSPM``, both reading the small models
the tests train (``tests/spm_models.py``, placed where sacreBLEU looks by ``tests/conftest.py``'s ``spm_home``):
identical tokens, counts and scores on mixed scripts, empty lines and odd spaces; where the model is looked for, a
file named instead, and what a missing model, a missing package or a bad file says."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU
from sacrebleu.tokenizers.tokenizer_spm import TokenizerSPM as SacreSPM

from bleucore import BleuOptions, corpus_bleu, limits, sentence_bleus
from bleucore.metrics.bleu.signatures import sacrebleu_equivalent
from bleucore.tokenizers import (
    TOKENIZERS,
    available_tokenizers,
    get_tokenizer,
    missing_model,
    missing_package,
    tokenize,
    tokenize_lines,
    use_model_file,
)
from bleucore.tokenizers import registry as tokenizer_registry
from tests.conftest import ROOT
from tests.spm_models import ODD_LINES, SETTINGS, mixed_corpus

SPM = tuple(SETTINGS)  # flores101, flores200, spBLEU-1K
EPSILON = 1e-9
URLS = {
    "flores101": "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model",
    "flores200": "https://tinyurl.com/flores200sacrebleuspm",
    "spBLEU-1K": "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model",
}


def sacre_tokens(tokenizer: SacreSPM, line: str, lowercase: bool) -> tuple[str, ...]:
    """sacreBLEU's BLEU: lowercase if asked, ``rstrip``, the tokenizer, ``str.split``."""
    return tuple(tokenizer((line.lower() if lowercase else line).rstrip()).split())


@pytest.fixture
def empty_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """sacreBLEU's folder with no model in it (bleucore reads SACREBLEU when it looks)."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path / "home"))
    return tmp_path / "home"


# --- tokens -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SPM)
@pytest.mark.parametrize("lowercase", [False, True])
def test_tokens_equal_sacrebleu_on_mixed_scripts_empty_lines_and_odd_spaces(name: str, lowercase: bool) -> None:
    lines = list(ODD_LINES)
    for seed in range(3):
        hyps, refs = mixed_corpus(seed, 700, 2)
        lines += hyps + refs[0] + refs[1]
    assert len(set(lines)) > 2500 and "" in lines
    sacre = SacreSPM(name)
    expected = [sacre_tokens(sacre, line, lowercase) for line in lines]
    assert tokenize_lines(lines, name, lowercase) == expected  # the batch: one encode of the new distinct lines
    assert [tokenize(line, name, lowercase) for line in lines[:500]] == expected[:500]
    assert get_tokenizer(name).signature() == sacre.signature() == name


ODD_ALPHABET = [*"ab Zé가나中文。,.-'!?\t\x1c\x1f\x85\xa0\u2009\u3000\u200b\u200d\u2028\ufeff\u0301", "😀", "𝔘"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.text(st.sampled_from(ODD_ALPHABET), max_size=25), max_size=6), lowercase=st.booleans())
def test_property_tokens_equal_sacrebleu(lines: list[str], lowercase: bool) -> None:
    for name in SPM:
        sacre = SacreSPM(name)
        assert tokenize_lines(lines, name, lowercase) == [sacre_tokens(sacre, line, lowercase) for line in lines]


def test_each_distinct_line_is_encoded_once_in_one_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    tok = get_tokenizer("flores200")
    real = tok._processor  # type: ignore[attr-defined]
    calls: list[list[str]] = []

    class Spy:
        def encode(self, lines: list[str], **kwargs: object) -> object:
            calls.append(list(lines))
            return real.encode(lines, **kwargs)

    monkeypatch.setattr(tok, "_processor", Spy())
    monkeypatch.setattr(tok, "_cache", {})
    lines = ["the cat sat", "", "the cat sat", "학교에 갔다", " the cat sat"] * 30
    sacre = SacreSPM("flores200")
    assert tokenize_lines(lines, "flores200") == [sacre_tokens(sacre, line, False) for line in lines]
    assert tokenize_lines(lines[:2], "flores200")[0] == sacre_tokens(sacre, "the cat sat", False)  # remembered
    assert calls == [["the cat sat", "", "학교에 갔다", " the cat sat"]]


# --- scores -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "seed", "nrefs", "lowercase", "smooth"),
    [
        ("flores101", 11, 1, False, "exp"),
        ("flores200", 12, 2, True, "floor"),
        ("flores200", 13, 3, False, "none"),
        ("spBLEU-1K", 14, 2, False, "add-k"),
    ],
)
def test_corpus_and_sentence_scores_equal_sacrebleu(
    name: str, seed: int, nrefs: int, lowercase: bool, smooth: str
) -> None:
    hyps, refs = mixed_corpus(seed, 300, nrefs)
    theirs = BLEU(tokenize=name, lowercase=lowercase, smooth_method=smooth).corpus_score(hyps, refs)
    ours = corpus_bleu(hyps, refs, BleuOptions(tokenize=name, lowercase=lowercase, smooth_method=smooth))
    counts, totals = list(theirs.counts), list(theirs.totals)
    if smooth == "add-k":  # sacreBLEU reports k added to the counts of n > 1, bleucore the raw counts (README)
        counts, totals = counts[:1] + [c - 1 for c in counts[1:]], totals[:1] + [t - 1 for t in totals[1:]]
    assert (list(ours.counts), list(ours.totals)) == (counts, totals)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert abs(ours.score - theirs.score) <= EPSILON
    sentence = BLEU(tokenize=name, lowercase=lowercase, smooth_method=smooth, effective_order=True)
    options = BleuOptions(tokenize=name, lowercase=lowercase, smooth_method=smooth, effective_order=True)
    for i, score in enumerate(sentence_bleus(hyps, refs, options)):
        assert abs(score.score - sentence.sentence_score(hyps[i], [r[i] for r in refs]).score) <= EPSILON


@pytest.mark.parametrize("name", SPM)
def test_signatures_name_the_tokenizer_as_sacrebleu(name: str) -> None:
    hyps, refs = mixed_corpus(3, 40, 1)
    ours = corpus_bleu(hyps, refs, BleuOptions(tokenize=name))
    assert f"|tok:{name}|" in ours.signature
    theirs = BLEU(tokenize=name)
    theirs.corpus_score(hyps, refs)
    assert sacrebleu_equivalent(BleuOptions(tokenize=name)).signature == str(theirs.get_signature())


# --- where the model is found -------------------------------------------------------------------


@pytest.mark.parametrize("name", SPM)
def test_a_missing_model_says_where_to_put_it_and_where_sacrebleu_gets_it(name: str, empty_home: Path) -> None:
    file = URLS[name].rsplit("/", 1)[1]
    missing = missing_model(name)
    assert missing is not None and not missing.named
    assert (missing.path, missing.folder, missing.file, missing.url) == (
        str(empty_home / "models" / file),
        str(empty_home / "models"),
        file,
        URLS[name],
    )
    assert name in TOKENIZERS and name not in available_tokenizers() and "13a" in available_tokenizers()
    assert missing_package(name) is None
    for call in (lambda: get_tokenizer(name), lambda: corpus_bleu(["a"], [["a"]], BleuOptions(tokenize=name))):
        with pytest.raises(ValueError) as err:
            call()
        message = str(err.value)
        assert f"tokenizer {name!r} needs sacreBLEU's SentencePiece model {missing.path}, which is not there" in message
        assert f"download it from {URLS[name]} into {missing.folder}" in message
        assert "bleucore downloads nothing" in message and "\n" not in message


def test_sacrebleus_default_folder_is_in_the_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SACREBLEU")
    monkeypatch.setenv("HOME", str(tmp_path))
    missing = missing_model("flores200")
    assert missing is not None and missing.path == str(tmp_path / ".sacrebleu" / "models" / "flores200sacrebleuspm")


def test_a_model_put_in_place_is_read_and_a_new_folder_is_followed(
    spm_home: Path, empty_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The instance made from one folder's model is not reused once SACREBLEU names another (``Tokenizer.current``)."""
    line = "the cat sat on the mat 학교에 갔다"
    expected = sacre_tokens(SacreSPM("flores101"), line, False)  # sacreBLEU's module still reads spm_home
    with pytest.raises(ValueError, match="which is not there"):
        tokenize(line, "flores101")
    (empty_home / "models").mkdir(parents=True)
    shutil.copy(spm_home / "models" / "sacrebleu_tokenizer_spm.model", empty_home / "models")
    assert missing_model("flores101") is None and "flores101" in available_tokenizers()
    assert tokenize(line, "flores101") == expected
    other = get_tokenizer("flores101")
    # another model under the same name: flores200's, in a third folder
    third = empty_home.parent / "third" / "models"
    third.mkdir(parents=True)
    shutil.copy(spm_home / "models" / "flores200sacrebleuspm", third / "sacrebleu_tokenizer_spm.model")
    monkeypatch.setenv("SACREBLEU", str(third.parent))
    assert get_tokenizer("flores101") is not other
    assert tokenize(line, "flores101") == sacre_tokens(SacreSPM("flores200"), line, False) != expected


def test_a_named_file_is_read_instead(spm_home: Path, empty_home: Path, tmp_path: Path) -> None:
    named = tmp_path / "my models" / "flores200.model"
    named.parent.mkdir()
    shutil.copy(spm_home / "models" / "flores200sacrebleuspm", named)
    hyps, refs = mixed_corpus(8, 120, 1)
    try:
        use_model_file("flores200", named)
        assert missing_model("flores200") is None
        ours = corpus_bleu(hyps, refs, BleuOptions(tokenize="flores200"))
        assert abs(ours.score - BLEU(tokenize="flores200").corpus_score(hyps, refs).score) <= EPSILON
        assert "|tok:flores200|" in ours.signature  # the signature names the tokenizer, as sacreBLEU's
        use_model_file("flores200", tmp_path / "nowhere.model")
        missing = missing_model("flores200")
        assert missing is not None and missing.named
        with pytest.raises(ValueError, match=r"the model file named for it, .*nowhere\.model, does not exist"):
            get_tokenizer("flores200")
    finally:
        use_model_file("flores200", None)
    assert missing_model("flores200") is not None  # back to sacreBLEU's (empty) folder
    with pytest.raises(ValueError, match=r"tokenizer '13a' reads no model file \(these do: flores101, flores200"):
        use_model_file("13a", named)


def test_a_file_past_the_limit_or_not_a_model_is_a_value_error(
    empty_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = empty_home / "models"
    folder.mkdir(parents=True)
    (folder / "flores200sacrebleuspm").write_bytes(b"<html>not found</html>")
    with pytest.raises(ValueError, match=r"flores200sacrebleuspm is not a SentencePiece model \("):
        get_tokenizer("flores200")
    monkeypatch.setattr(limits, "MAX_MODEL_FILE_BYTES", 10)
    with pytest.raises(ValueError, match=r"has 22 bytes, past the limit of 10 \(bleucore.limits.MAX_MODEL_FILE_BYTES"):
        get_tokenizer("flores200")


def test_a_missing_package_is_named_before_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda m, *a: None if m == "sentencepiece" else real(m, *a))
    monkeypatch.setattr(tokenizer_registry, "_INSTANCES", {})
    for name in SPM:
        assert missing_package(name) == "sentencepiece" and name not in available_tokenizers()
        with pytest.raises(ValueError, match=f"tokenizer '{name}' needs the sentencepiece package: pip install"):
            corpus_bleu(["a b"], [["a b"]], BleuOptions(tokenize=name))


def test_importing_bleucore_and_help_do_not_import_sentencepiece() -> None:
    code = (
        "import runpy, sys\n"
        "import bleucore\n"
        "from bleucore.tokenizers import available_tokenizers\n"
        "assert 'flores200' in available_tokenizers()\n"
        "sys.argv = ['bleucore', '--help']\n"
        "try:\n    runpy.run_module('bleucore', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr('sentencepiece' in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "flores200" in done.stdout and "--spm-model" in done.stdout
    assert done.stderr.strip().endswith("False")
