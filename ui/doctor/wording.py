"""A setup finding in words, by its rule's code: what is wrong, what it does to the score, the fix
(bleucore.doctor's English texts are for the command line; these are the app's, in the session's language)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bleucore.doctor import Finding
from ui.shell import i18n
from ui.shell.i18n import N_, _, ngettext

#: (problem, effect, fix)
Words = tuple[str, str, str]


def _names(values: Any) -> str:
    return ", ".join(values) if isinstance(values, (list, tuple)) else str(values)


def _line_counts(v: Mapping[str, Any]) -> Words:
    """The line-count finding: the counts, then where the lines stop pairing (or that the extra lines are empty)."""
    problem = _("{hypothesis} has {hyp_lines:,} lines but {reference} has {ref_lines:,}").format(**v)
    if "trailing_empty" in v:
        return (
            problem
            + "; "
            + ngettext(
                "the {trailing_empty:,} extra line at the end of {file} is empty",
                "the {trailing_empty:,} extra lines at the end of {file} are empty",
                v["trailing_empty"],
            ).format(**v),
            _(
                "sacreBLEU's command line and NLTK refuse files of different lengths; the lines still pair, so "
                "sacreBLEU's "
                "Python API, which pairs the first lines, gives the right number"
            ),
            _("remove the empty lines at the end of {file}").format(**v),
        )
    if "breaks_at" in v:
        problem += "; " + _(
            "the alignment visibly breaks at line {breaks_at:,}, which resembles line {resembles:,} of {reference}"
        ).format(**v)
    return (
        problem,
        _("every line after the first missing or extra one is scored against another sentence's reference"),
        _(
            "make both files one segment per line in the same order (a line lost or split in two, or a line with an "
            "embedded line break, is the usual cause)"
        ),
    )


#: What an invisible character does, by bleucore's kind of it.
_INVISIBLE_EFFECTS = {
    "joins": N_("no tool reads it as a space: a word with it does not match the same word without it"),
    "space": N_(
        "sacreBLEU, NLTK and torchmetrics split at it, but multi-bleu.perl and split(' ') do not: there it "
        "joins two words into one that matches nothing, and their numbers drop"
    ),
    "line-end": N_("every tool splits at it except split(' ') (the donghwa-kim formula), which keeps an empty token"),
}
#: bleucore.doctor's names of invisible characters and scripts, translated where they are shown.
_CHARACTERS = (
    N_("byte-order mark U+FEFF"),
    N_("carriage return"),
    N_("no-break space U+00A0"),
    N_("zero-width space U+200B"),
    N_("zero-width non-joiner U+200C"),
    N_("zero-width joiner U+200D"),
    N_("word joiner U+2060"),
    N_("soft hyphen U+00AD"),
    N_("narrow no-break space U+202F"),
)
_SCRIPTS = (N_("Korean"), N_("Japanese"), N_("Chinese"))


def _translated(name: str, names: tuple[str, ...]) -> str:
    """bleucore.doctor's English ``name`` in the session's language when it is one of ``names`` (else as it is)."""
    return _(name) if name in names else name


def _invisible(v: Mapping[str, Any]) -> Words:
    return (
        ngettext(
            "{name} holds a {character} on {count:,} line", "{name} holds a {character} on {count:,} lines", v["count"]
        ).format(name=v["name"], character=_translated(v["character"], _CHARACTERS), count=v["count"]),
        i18n.fill(_INVISIBLE_EFFECTS[v["kind"]], v),
        _("remove it on every side (UTF-8 without BOM, Unix line ends, ordinary spaces)"),
    )


def _pre_tokenized(v: Mapping[str, Any]) -> Words:
    if v.get("everywhere"):
        return (
            _("every file looks already tokenized (spaces before punctuation or split clitics)"),
            _(
                "sacreBLEU's numbers are defined on detokenized text, so this one is not comparable with published "
                "scores"
            ),
            _("score detokenized text with sacreBLEU's tokenizer, or report the tokenization"),
        )
    return (
        _("already tokenized (spaces before punctuation or split clitics): {tokenized}; not tokenized: {plain}").format(
            tokenized=_names(v["tokenized"]), plain=_names(v["plain"])
        ),
        _(
            "tools that split at spaces (NLTK, torchmetrics, multi-bleu.perl, the tutorials) see 'mat.' and 'mat .' as "
            "different words; sacreBLEU's 13a splits punctuation off on both sides, but not clitics ('don't' against "
            "'do n't')"
        ),
        _("score detokenized output against the original references"),
    )


def _normalizations(v: Mapping[str, Any]) -> Words:
    return (
        _("the files use different Unicode normalizations: {forms}").format(
            forms=", ".join(f"{name} {form}" for name, form in v["forms"].items())
        ),
        _("the same letters are different characters on each side (Korean in NFD against NFC matches nothing)"),
        _("normalize every file to NFC"),
    )


def _case_sides(v: Mapping[str, Any]) -> Words:
    return (
        _("all lowercase: {lower}; with capitals: {mixed}").format(lower=_names(v["lower"]), mixed=_names(v["mixed"])),
        _("every capitalized word (sentence starts, names) fails to match"),
        _("score the cased output, or lowercase both sides and say so"),
    )


def _cjk_with_13a(v: Mapping[str, Any]) -> Words:
    return (
        _("the text is {script} but it is scored with the {used} tokenizer").format(
            script=_translated(v["script"], _SCRIPTS), used=v["used"]
        ),
        _(
            "whole words with their particles are single tokens, so near misses count as misses and the score is far "
            "lower"
        )
        + _cjk_scores(v),
        i18n.fill(
            N_("choose the {tokenizer} tokenizer in the sidebar (sacreBLEU's for this language) and report it"), v
        ),
    )


def _cjk_scores(values: Mapping[str, Any]) -> str:
    """The score with each tokenizer, as the finding measured it (none when the lines could not be scored)."""
    scores = values.get("scores") or {}
    if not scores:
        return ""
    shown = "; ".join(
        f"{name} {score:.2f}" if score is not None else _("{name}: not installed").format(name=name)
        for name, score in scores.items()
    )
    return " " + _("(BLEU of the first {lines:,} lines with each tokenizer: {scores})").format(
        lines=values["lines"], scores=shown
    )


#: Code -> its (problem, effect, fix): templates whose placeholders are the finding's values (``describe`` fills
#: them), or a function of the values where the words are computed (plurals, lists, names of characters).
_CATALOG: dict[str, Words | Callable[[Mapping[str, Any]], Words]] = {
    "line-count-mismatch": _line_counts,
    "refs-concatenated": (
        N_(
            "{reference} has {k} times as many lines as the hypothesis: it looks like {k} references written one "
            "after another"
        ),
        N_("its lines do not pair with the hypothesis lines, so the score is meaningless"),
        N_("split it into {k} files of {lines:,} lines and give each as a reference"),
    ),
    "refs-tab-separated": (
        N_("{tabbed:,} lines of {reference} hold tabs: up to {fields} references per line"),
        N_("read as one reference, each line is one long sentence and the n-grams across a tab match nothing"),
        N_("split the fields into {fields} files (or give the file with -nr {fields} on the command line)"),
    ),
    "hyp-equals-ref": (
        N_("{same:,} of the {lines:,} lines of {hypothesis} are identical to {reference}"),
        N_("the score compares a reference with itself"),
        N_("check that the system output, not a reference, is given as the hypothesis"),
    ),
    "duplicate-refs": (
        N_("{first} and {second} are identical"),
        N_("the same reference counts twice, so nrefs in the signature is wrong"),
        N_("give each reference file once"),
    ),
    "empty-lines": (
        N_("{name} has {count:,} empty lines"),
        N_("an empty line has no n-grams and lowers the corpus score"),
        N_("check that no output is missing and the lines are aligned; keep them only if they are real"),
    ),
    "invisible-characters": _invisible,
    "unicode-normalization": _normalizations,
    "pre-tokenized": _pre_tokenized,
    "subword-markers": (
        N_("{name} holds {kind} subword markers on {count:,} lines"),
        N_("pieces of words are scored as words, so the score is not comparable with published ones"),
        N_("undo the subword segmentation before scoring"),
    ),
    "case-mismatch": _case_sides,
    "cjk-with-13a": _cjk_with_13a,
    "all-short": (
        N_("every line of {name} has fewer than 4 {tokenizer} tokens (the longest has {longest})"),
        N_("BLEU's 4-gram precision has no n-grams at all: the score is 0 or decided by smoothing alone"),
        N_("use chrF for short segments, or a lower N (and report it)"),
    ),
    "binary-file": (
        N_("{name} holds NUL bytes: it looks like a binary file, not text"),
        N_("its bytes are not sentences"),
        N_("give the plain-text file, one segment per line"),
    ),
    "empty-file": (N_("{name} is empty"), N_("there is nothing to score"), N_("give the file that holds the text")),
    "not-utf8": (
        N_("{name} is not UTF-8 ({count:,} lines hold invalid bytes)"),
        N_("the scorers refuse it, or read other characters than the ones written"),
        N_("convert it to UTF-8 (iconv -f euc-kr -t utf-8, for example)"),
    ),
    "line-too-long": (
        N_("{name} has {count:,} lines over {limit:,} characters"),
        N_("a line that long is not one sentence (a missing line break, or a whole document)"),
        N_("put one segment per line"),
    ),
    "file-too-large": (
        N_("{name} is over {megabytes} MB"),
        N_("the doctor reads at most that much of a file"),
        N_("check a part of it (head -n 100000)"),
    ),
    "unreadable-file": (
        N_("{name} cannot be read"),
        N_("nothing can be checked or scored"),
        N_("check the path and its permissions"),
    ),
    "tokenizer-missing": (
        N_("the {tokenizer} tokenizer needs the {package} package, which is not installed here"),
        N_("sacreBLEU's score with this tokenizer is not shown"),
        N_("pip install {package}"),
    ),
    "cannot-score": (
        N_("the files cannot be scored: {reason}"),
        N_("no tool's score is shown"),
        N_("fix what the message names"),
    ),
}

#: A finding's severity and confidence in words (translate with ``_()`` where shown).
SEVERITY = {"error": N_("Error"), "warning": N_("Warning"), "note": N_("Note")}
CONFIDENCE = {"certain": N_("certain"), "likely": N_("likely")}


def describe(finding: Finding) -> Words:
    """(problem, effect, fix) of a finding in the session's language (bleucore's English for an unknown code)."""
    words = _CATALOG.get(finding.code)
    if words is None:
        return finding.problem, finding.effect, finding.fix
    if callable(words):
        return words(finding.values)
    problem, effect, fix = (i18n.fill(template, finding.values) for template in words)
    return problem, effect, fix
