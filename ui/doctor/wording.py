"""A setup finding in words, by its rule's code: what is wrong, what it does to the score, the fix
(bleucore.doctor's English texts are for the command line; these are the app's, in the session's language)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bleucore.doctor import Finding
from ui.shell.i18n import _, ngettext


def _names(values: Any) -> str:
    return ", ".join(values) if isinstance(values, (list, tuple)) else str(values)


#: Code -> (problem, effect, fix) from the finding's values.
_CATALOG: dict[str, Callable[[Mapping[str, Any]], tuple[str, str, str]]] = {
    "line-count-mismatch": lambda v: _line_counts(v),
    "refs-concatenated": lambda v: (
        _("{reference} has {k} times as many lines as the hypothesis: it looks like {k} references written one after another").format(**v),
        _("its lines do not pair with the hypothesis lines, so the score is meaningless"),
        _("split it into {k} files of {lines:,} lines and give each as a reference").format(**v),
    ),
    "refs-tab-separated": lambda v: (
        _("{tabbed:,} lines of {reference} hold tabs: up to {fields} references per line").format(**v),
        _("read as one reference, each line is one long sentence and the n-grams across a tab match nothing"),
        _("split the fields into {fields} files (or give the file with -nr {fields} on the command line)").format(**v),
    ),
    "hyp-equals-ref": lambda v: (
        _("{same:,} of the {lines:,} lines of {hypothesis} are identical to {reference}").format(**v),
        _("the score compares a reference with itself"),
        _("check that the system output, not a reference, is given as the hypothesis"),
    ),
    "duplicate-refs": lambda v: (
        _("{first} and {second} are identical").format(**v),
        _("the same reference counts twice, so nrefs in the signature is wrong"),
        _("give each reference file once"),
    ),
    "empty-lines": lambda v: (
        _("{name} has {count:,} empty lines").format(**v),
        _("an empty line has no n-grams and lowers the corpus score"),
        _("check that no output is missing and the lines are aligned; keep them only if they are real"),
    ),
    "invisible-characters": lambda v: (
        ngettext("{name} holds a {character} on {count:,} line", "{name} holds a {character} on {count:,} lines", v["count"]).format(
            name=v["name"], character=_character(v["character"]), count=v["count"]),
        _INVISIBLE_EFFECTS.get(v.get("kind", "joins"), _INVISIBLE_EFFECTS["joins"])(),
        _("remove it on every side (UTF-8 without BOM, Unix line ends, ordinary spaces)"),
    ),
    "unicode-normalization": lambda v: (
        _("the files use different Unicode normalizations: {forms}").format(
            forms=", ".join(f"{name} {form}" for name, form in v["forms"].items())),
        _("the same letters are different characters on each side (Korean in NFD against NFC matches nothing)"),
        _("normalize every file to NFC"),
    ),
    "pre-tokenized": lambda v: (
        _("every file looks already tokenized (spaces before punctuation or split clitics)"),
        _("sacreBLEU's numbers are defined on detokenized text, so this one is not comparable with published scores"),
        _("score detokenized text with sacreBLEU's tokenizer, or report the tokenization"),
    ) if v.get("everywhere") else (
        _("{tokenized} look already tokenized (spaces before punctuation or split clitics) but {plain} do not").format(
            tokenized=_names(v["tokenized"]), plain=_names(v["plain"])),
        _("tools that split at spaces (NLTK, torchmetrics, multi-bleu.perl, the tutorials) see 'mat.' and 'mat .' as "
          "different words; sacreBLEU's 13a splits punctuation off on both sides, but not clitics ('don't' against 'do n't')"),
        _("score detokenized output against the original references"),
    ),
    "subword-markers": lambda v: (
        _("{name} holds {kind} subword markers on {count:,} lines").format(**v),
        _("pieces of words are scored as words, so the score is not comparable with published ones"),
        _("undo the subword segmentation before scoring"),
    ),
    "case-mismatch": lambda v: (
        _("{lower} are all lowercase but {mixed} have capitals").format(lower=_names(v["lower"]), mixed=_names(v["mixed"])),
        _("every capitalized word (sentence starts, names) fails to match"),
        _("score the cased output, or lowercase both sides and say so"),
    ),
    "cjk-with-13a": lambda v: (
        _("the text is {script} but it is scored with the {used} tokenizer").format(script=_script(v["script"]), used=v["used"]),
        _("whole words with their particles are single tokens, so near misses count as misses and the score is far lower")
        + _cjk_scores(v),
        _("choose the {tokenizer} tokenizer in the sidebar (sacreBLEU's for this language) and report it").format(**v),
    ),
    "all-short": lambda v: (
        _("every line of {name} has fewer than 4 {tokenizer} tokens (the longest has {longest})").format(
            name=v["name"], longest=v["longest"], tokenizer=v.get("tokenizer", "13a")),
        _("BLEU's 4-gram precision has no n-grams at all: the score is 0 or decided by smoothing alone"),
        _("use chrF for short segments, or a lower N (and report it)"),
    ),
    "binary-file": lambda v: (
        _("{name} holds NUL bytes: it looks like a binary file, not text").format(**v),
        _("its bytes are not sentences"), _("give the plain-text file, one segment per line"),
    ),
    "empty-file": lambda v: (_("{name} is empty").format(**v), _("there is nothing to score"), _("give the file that holds the text")),
    "not-utf8": lambda v: (
        _("{name} is not UTF-8 ({count:,} lines hold invalid bytes)").format(**v),
        _("the scorers refuse it, or read other characters than the ones written"),
        _("convert it to UTF-8 (iconv -f euc-kr -t utf-8, for example)"),
    ),
    "line-too-long": lambda v: (
        _("{name} has {count:,} lines over {limit:,} characters").format(**v),
        _("a line that long is not one sentence (a missing line break, or a whole document)"), _("put one segment per line"),
    ),
    "file-too-large": lambda v: (
        _("{name} is over {megabytes} MB").format(**v), _("the doctor reads at most that much of a file"),
        _("check a part of it (head -n 100000)"),
    ),
    "unreadable-file": lambda v: (
        _("{name} cannot be read").format(**v), _("nothing can be checked or scored"), _("check the path and its permissions"),
    ),
    "tokenizer-missing": lambda v: (
        _("the {tokenizer} tokenizer needs the {package} package, which is not installed here").format(**v),
        _("sacreBLEU's score with this tokenizer is not shown"), _("pip install {package}").format(**v),
    ),
    "cannot-score": lambda v: (
        _("the files cannot be scored: {reason}").format(**v), _("no tool's score is shown"), _("fix what the message names"),
    ),
}


def _line_counts(v: Mapping[str, Any]) -> tuple[str, str, str]:
    """The line-count finding: the counts, then where the lines stop pairing (or that the extra lines are empty)."""
    problem = _("{hypothesis} has {hyp_lines:,} lines but {reference} has {ref_lines:,}").format(**v)
    if "trailing_empty" in v:
        return (
            problem + "; " + ngettext("the {trailing_empty:,} extra line at the end of {file} is empty",
                                      "the {trailing_empty:,} extra lines at the end of {file} are empty", v["trailing_empty"]).format(**v),
            _("sacreBLEU's command line and NLTK refuse files of different lengths; the lines still pair, so sacreBLEU's "
              "Python API, which pairs the first lines, gives the right number"),
            _("remove the empty lines at the end of {file}").format(**v),
        )
    if "breaks_at" in v:
        problem += "; " + _("the alignment visibly breaks at line {breaks_at:,}, which resembles line {resembles:,} of {reference}").format(**v)
    return (
        problem,
        _("every line after the first missing or extra one is scored against another sentence's reference"),
        _("make both files one segment per line in the same order (a line lost or split in two, or a line with an embedded line break, is the usual cause)"),
    )


def _cjk_scores(values: Mapping[str, Any]) -> str:
    """The score with each tokenizer, as the finding measured it (none when the lines could not be scored)."""
    scores = values.get("scores") or {}
    if not scores:
        return ""
    shown = "; ".join(f"{name} {score:.2f}" if score is not None else _("{name}: not installed").format(name=name)
                      for name, score in scores.items())  # fmt: skip
    return " " + _("(BLEU of the first {lines:,} lines with each tokenizer: {scores})").format(lines=values["lines"], scores=shown)


_INVISIBLE_EFFECTS: dict[str, Callable[[], str]] = {
    "joins": lambda: _("no tool reads it as a space: a word with it does not match the same word without it"),
    "space": lambda: _("sacreBLEU, NLTK and torchmetrics split at it, but multi-bleu.perl and split(' ') do not: there it "
                       "joins two words into one that matches nothing, and their numbers drop"),
    "line-end": lambda: _("every tool splits at it except split(' ') (the donghwa-kim formula), which keeps an empty token"),
}


def _character(name: str) -> str:
    """bleucore.doctor's name of an invisible character, in the session's language."""
    return {
        "byte-order mark U+FEFF": _("byte-order mark U+FEFF"), "carriage return": _("carriage return"),
        "no-break space U+00A0": _("no-break space U+00A0"), "zero-width space U+200B": _("zero-width space U+200B"),
        "zero-width non-joiner U+200C": _("zero-width non-joiner U+200C"),
        "zero-width joiner U+200D": _("zero-width joiner U+200D"), "word joiner U+2060": _("word joiner U+2060"),
        "soft hyphen U+00AD": _("soft hyphen U+00AD"), "narrow no-break space U+202F": _("narrow no-break space U+202F"),
    }.get(name, name)  # fmt: skip


def _script(name: str) -> str:
    return {"Korean": _("Korean"), "Japanese": _("Japanese"), "Chinese": _("Chinese")}.get(name, name)


SEVERITY = {"error": lambda: _("Error"), "warning": lambda: _("Warning"), "note": lambda: _("Note")}
CONFIDENCE = {"certain": lambda: _("certain"), "likely": lambda: _("likely")}


def describe(finding: Finding) -> tuple[str, str, str]:
    """(problem, effect, fix) of a finding in the session's language (bleucore's English for an unknown code)."""
    words = _CATALOG.get(finding.code)
    return words(finding.values) if words else (finding.problem, finding.effect, finding.fix)
