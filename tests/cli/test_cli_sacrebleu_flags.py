"""sacreBLEU 2.6's flags on bleucore's command line, against the sacrebleu command where it applies:
-nr, -e, -q, -sh, -f latex/text for several systems, -b with -w, SACREBLEU_FORMAT, no abbreviations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU

from tests.cli.commands import run_main, run_sacrebleu
from tests.cli.text_output import score_lines

WORDS = [
    "the",
    "cat",
    "sat",
    "on",
    "a",
    "mat",
    "dog",
    "Straße",
    "café",
    "학교에",
    "갔다",
    ",",
    ".",
    "!",
    "1,000",
    "co-op",
    "naïve",
    "😀",
]


def _plain_lines(seed: int, count: int = 60) -> list[str]:
    """Lines any line reader splits the same way (random_corpus has \\r, \\x85 and tabs, which
    sacreBLEU's text-mode reading and -nr treat differently)."""
    rng = random.Random(seed)
    return [" ".join(rng.choices(WORDS, k=rng.randint(1, 14))) for _ in range(count)]


def write(path: Path, lines: list[str], encoding: str = "utf-8") -> Path:
    path.write_bytes("".join(line + "\n" for line in lines).encode(encoding))
    return path


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """sys1.txt, sys2.txt against ref1.txt, ref2.txt and refs.tsv (the two, tab-separated); cwd = tmp_path."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)
    hyps, ref1, ref2, other = (_plain_lines(seed) for seed in (5, 6, 7, 8))
    write(tmp_path / "sys1.txt", hyps)
    write(tmp_path / "sys2.txt", other)
    write(tmp_path / "ref1.txt", ref1)
    write(tmp_path / "ref2.txt", ref2)
    write(tmp_path / "refs.tsv", [f"{a}\t{b}" for a, b in zip(ref1, ref2)])
    return tmp_path


def test_num_refs_2_equals_two_files_and_sacrebleu(corpus, capsys):
    _, two_files, _ = run_main(["ref1.txt", "ref2.txt", "-i", "sys1.txt"], capsys)
    code, tabbed, _ = run_main(["refs.tsv", "-nr", "2", "-i", "sys1.txt"], capsys)
    assert code == 0 and json.loads(tabbed) == json.loads(two_files)
    assert json.loads(tabbed)["signature"].startswith("nrefs:2|")
    theirs = json.loads(run_sacrebleu(["refs.tsv", "--num-refs", "2", "-i", "sys1.txt"], corpus))
    assert f"{json.loads(tabbed)['score']:.1f}" == f"{theirs['score']:.1f}"
    _, sentences, _ = run_main(["refs.tsv", "-nr", "2", "-i", "sys1.txt", "-sl"], capsys)
    _, sentences_two, _ = run_main(["ref1.txt", "ref2.txt", "-i", "sys1.txt", "-sl"], capsys)
    assert sentences == sentences_two and len(sentences.splitlines()) == 60


def test_num_refs_errors(corpus, capsys):
    write(corpus / "short.tsv", ["a\tb"] * 59 + ["only one"])
    code, out, err = run_main(["short.tsv", "-nr", "2", "-i", "sys1.txt"], capsys)
    assert (code, out) == (2, "") and "short.tsv line 60: expected 2 tab-separated references, found 1" in err
    code, _, err = run_main(["ref1.txt", "ref2.txt", "-nr", "2", "-i", "sys1.txt"], capsys)
    assert code == 2 and "one reference file" in err


def test_encoding_latin1_equals_sacrebleu(corpus, capsys):
    hyps = ["le café est très bon", "à bientôt, François"]
    refs = ["le café est bon", "à bientôt François"]
    write(corpus / "h.txt", hyps, "latin-1")
    write(corpus / "r.txt", refs, "latin-1")
    code, out, _ = run_main(["r.txt", "-i", "h.txt", "-e", "latin-1", "-f", "text"], capsys)
    assert code == 0
    assert (
        score_lines(out).split(" = ", 1)[1]
        == run_sacrebleu(["r.txt", "-i", "h.txt", "-e", "latin-1", "-f", "text"], corpus).split(" = ", 1)[1]
    )
    assert json.loads(run_main(["r.txt", "-i", "h.txt", "--encoding", "latin-1"], capsys)[1])["score"] == pytest.approx(
        BLEU().corpus_score(hyps, [refs]).score, abs=1e-9
    )
    code, _, err = run_main(["r.txt", "-i", "h.txt"], capsys)  # read as UTF-8: a clear error
    assert code == 2 and "not UTF-8" in err
    code, _, err = run_main(["r.txt", "-i", "h.txt", "-e", "utf-16"], capsys)
    assert code == 2 and "convert the files to UTF-8" in err
    code, _, err = run_main(["r.txt", "-i", "h.txt", "-e", "klingon"], capsys)
    assert code == 2 and "unknown encoding 'klingon'" in err


def test_quiet_silences_warnings_not_errors(corpus, capsys):
    argv = ["ref1.txt", "-i", "sys1.txt", "-s", "exp", "-sv", "0.3"]
    code, out, err = run_main(argv, capsys)
    assert code == 0 and "warning" in err
    code, quiet_out, quiet_err = run_main([*argv, "-q"], capsys)
    assert (code, quiet_out, quiet_err) == (0, out, "")
    code, _, err = run_main(["missing.txt", "-i", "sys1.txt", "--quiet"], capsys)
    assert code == 2 and err.startswith("bleucore: error: ")


def test_short_signature_as_sacrebleu(corpus, capsys):
    _code, out, _ = run_main(["ref1.txt", "-i", "sys1.txt", "-f", "text", "-sh"], capsys)
    theirs = run_sacrebleu(["ref1.txt", "-i", "sys1.txt", "-f", "text", "-sh"], corpus)
    ours_sig, ours_rest = score_lines(out).split(" = ", 1)
    their_sig, their_rest = theirs.split(" = ", 1)
    assert ours_rest == their_rest
    assert ours_sig.startswith(their_sig.split("|v:")[0] + "|")  # BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|
    assert ours_sig.endswith("|N:4|w:uniform|rl:closest|var:standard|v:0.1.0")
    _, sentence, _ = run_main(["ref1.txt", "-i", "sys1.txt", "-sl", "--short"], capsys)
    assert all(line.startswith("BLEU|#:1|c:mixed|e:yes|") for line in sentence.splitlines())
    _, as_json, _ = run_main(["ref1.txt", "-i", "sys1.txt", "-sh"], capsys)
    assert json.loads(as_json)["signature"].startswith("nrefs:1|")  # sacreBLEU's JSON keeps the long one


def test_short_is_not_smooth_method_h(corpus, capsys):
    code, out, _err = run_main(["ref1.txt", "-i", "sys1.txt", "-sh", "-f", "text"], capsys)
    assert code == 0 and "s:exp" in out


@pytest.mark.parametrize("fmt", ["latex", "text"])
@pytest.mark.parametrize("width", [1, 2])
def test_several_systems_table_equals_sacrebleu(corpus, capsys, fmt, width):
    argv = ["ref1.txt", "ref2.txt", "-i", "sys1.txt", "sys2.txt", "-f", fmt, "-w", str(width)]
    code, out, _ = run_main(argv, capsys)
    theirs = run_sacrebleu(argv, corpus)
    assert code == 0
    ours_table, ours_sigs = out.split("\n\n")
    their_table, their_sigs = theirs.split("\n\n")
    assert ours_table == their_table
    assert ours_sigs.split("nrefs:2")[0] == their_sigs.split("nrefs:2")[0]


def test_several_systems_json_list(corpus, capsys):
    argv = ["ref1.txt", "-i", "sys1.txt", "sys2.txt", "-w", "2"]
    code, out, _ = run_main(argv, capsys)
    ours, theirs = json.loads(out), json.loads(run_sacrebleu(argv, corpus))
    assert code == 0 and [{k: r[k] for k in ("system", "BLEU")} for r in ours] == theirs
    single = [json.loads(run_main(["ref1.txt", "-i", name], capsys)[1]) for name in ("sys1.txt", "sys2.txt")]
    assert [r["scores"]["BLEU"]["score"] for r in ours] == [s["score"] for s in single]


def test_score_only_with_width_equals_sacrebleu(corpus, capsys):
    for width in (0, 1, 3):
        argv = ["ref1.txt", "-i", "sys1.txt", "-b", "-w", str(width)]
        assert run_main(argv, capsys)[1] == run_sacrebleu(argv, corpus)


def test_sacrebleu_format_variable_overrides_f(corpus, capsys, monkeypatch):
    text = run_main(["ref1.txt", "-i", "sys1.txt", "-f", "text"], capsys)[1]
    monkeypatch.setenv("SACREBLEU_FORMAT", "TEXT")
    assert run_main(["ref1.txt", "-i", "sys1.txt"], capsys)[1] == text
    assert run_main(["ref1.txt", "-i", "sys1.txt", "-f", "json"], capsys)[1] == text
    monkeypatch.setenv("SACREBLEU_FORMAT", "latex")
    out = run_main(["ref1.txt", "-i", "sys1.txt", "sys2.txt"], capsys)[1]
    assert out.startswith("\\begin{tabular}{rc}")
    monkeypatch.setenv("SACREBLEU_FORMAT", "nonsense")  # ignored, as sacreBLEU
    assert json.loads(run_main(["ref1.txt", "-i", "sys1.txt"], capsys)[1])["name"] == "BLEU"


UNSUPPORTED = [
    (["-t", "wmt17", "-l", "en-de"], "-t is not supported", "--echo ref"),
    (["--test-set", "wmt17"], "--test-set is not supported", "before -i"),
    (["--echo", "src"], "--echo is not supported", "sacrebleu -t SET"),
    (["--list"], "--list is not supported", "sacrebleu --list"),
    (["-ls"], "-ls is not supported", "sacrebleu --list"),
    (["--download", "wmt17"], "--download is not supported", "sacrebleu --download"),
    (["--cite"], "--cite is not supported", "--citation"),
    (["-ol", "en"], "-ol is not supported", "select the lines"),
    (["--subset", "x"], "--subset is not supported", "select the lines"),
    (["-d"], "-d is not supported", "score the subsets"),
]


@pytest.mark.parametrize(("extra", "what", "instead"), UNSUPPORTED, ids=[" ".join(u[0]) for u in UNSUPPORTED])
def test_unsupported_sacrebleu_flags_are_clear_errors(corpus, capsys, extra, what, instead):
    code, out, err = run_main(["ref1.txt", "-i", "sys1.txt", *extra], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("bleucore: error: ") and err.count("\n") == 1
    assert what in err and instead in err


@pytest.mark.parametrize("abbreviation", ["--tokeniz", "--smooth", "--sentence", "--form"])
def test_no_abbreviations(corpus, capsys, abbreviation):
    code, _, err = run_main(["ref1.txt", "-i", "sys1.txt", abbreviation, "13a"], capsys)
    assert code == 2 and "unrecognized arguments" in err


def test_compatibility_flags_change_nothing(corpus, capsys):
    plain = run_main(["ref1.txt", "-i", "sys1.txt"], capsys)[1]
    assert run_main(["ref1.txt", "-i", "sys1.txt", "-nc", "-j", "2"], capsys)[1] == plain


def test_latex_single_system_is_the_text_line_as_sacrebleu(corpus, capsys):
    argv = ["ref1.txt", "-i", "sys1.txt", "-f", "latex"]
    assert run_main(argv, capsys)[1].split(" = ", 1)[1] == run_sacrebleu(argv, corpus).split(" = ", 1)[1]


def test_sentence_level_several_systems_is_an_error(corpus, capsys):
    code, _, err = run_main(["ref1.txt", "-i", "sys1.txt", "sys2.txt", "-sl"], capsys)
    assert code == 2 and "one system" in err


@pytest.mark.parametrize("ref_length", ["closest", "average"])
@pytest.mark.parametrize("variant", ["standard", "tutorial"])
@pytest.mark.parametrize("method", ["exp", "floor", "add-k", "none"])
def test_vectorized_sentence_lines_equal_per_score_rendering(ref_length, variant, method):
    """-sl's chunk-at-once lines (``SentenceRows.lines``) equal formatting each BLEUScore."""
    import argparse

    from bleucore import BleuOptions, corpus_statistics
    from bleucore.cli import render
    from bleucore.cli.formats import short_signature
    from bleucore.metrics.bleu.sentence_rows import sentence_rows, sentence_scores_from_statistics
    from tests.generators import random_corpus

    hyps, refs = random_corpus(11, 200, 2)
    hyps[:2] = ["", "zzz"]  # an empty candidate, a candidate with no match
    options = BleuOptions(smooth_method=method, variant=variant, ref_length=ref_length, effective_order=True)
    stats = corpus_statistics(hyps, refs, options)
    rows = sentence_rows(stats, options, 2)
    scores = sentence_scores_from_statistics(stats, options, 2)
    for width, json_format, score_only, short in [
        (1, False, False, False),
        (3, True, False, False),
        (2, False, True, False),
        (0, False, False, True),
    ]:
        args = argparse.Namespace(width=width, score_only=score_only, short=short)
        expected = "".join(render(score, args, json_format, indent=None) + "\n" for score in scores)
        text_signature = short_signature(rows.signature, "BLEU") if short else None
        assert rows.lines(json_format, width, score_only, text_signature) == expected
        assert "".join(rows.iter_lines(json_format, width, score_only, text_signature, batch=37)) == expected
