"""A setup finding in words, by its rule's code: what is wrong, what it does to the score, the fix
(bleucore.doctor's English texts are for the command line; these are the app's, in the session's language). The
words are Markdown: each of the user's values (``USER_TEXT``: file names, a line's words) is escaped where it is
filled in, so the sentence around it can write tokenizer names, flags and commands as code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bleucore.doctor import Finding
from ui.doctor.chat_wording import CHAT
from ui.doctor.length_wording import LENGTH
from ui.doctor.pairing_wording import PAIRING
from ui.metrics.error_wording import ter_pairs
from ui.shell import i18n
from ui.shell.i18n import N_, _, and_list, ngettext
from ui.shell.markdown import escape_markdown

#: (problem, effect, fix)
Words = tuple[str, str, str]
#: The finding values that are the user's text (file names, words of a line), escaped before any is filled in; the
#: others are numbers, codes looked up here, or names written as code (``tokenizer``, ``used``, ``package``).
USER_TEXT = frozenset(
    {"name", "hypothesis", "reference", "references", "file", "first", "second", "source", "example"}
    | {"lower", "mixed", "plain", "tokenized"}
)


def _names(values: Any) -> str:
    """File names listed in a sentence ("a.txt and b.txt")."""
    return and_list(list(values)) if isinstance(values, (list, tuple)) else str(values)


#: What an invisible character does, by bleucore's kind of it.
_INVISIBLE_EFFECTS = {
    "joins": N_("no tool reads it as a space: a word with it does not match the same word without it"),
    "space": N_(
        "sacreBLEU, NLTK and torchmetrics split at it, but multi-bleu.perl and `split(' ')` do not: there it "
        "joins two words into one that matches nothing, and their numbers drop"
    ),
    "line-end": N_("every tool splits at it except `split(' ')` (the donghwa-kim formula), which keeps an empty token"),
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
            _(
                "score detokenized text (sacremoses can detokenize it) with sacreBLEU's tokenizer, or report the "
                "tokenization"
            ),
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
        # The side that differs is the one to mend: detokenizing output that is already plain changes nothing.
        _(
            "score against the original, detokenized references (sacreBLEU's test sets, or detokenize them with "
            "sacremoses); if only tokenized references exist, tokenize the output the same way and say so"
        )
        if v.get("hypothesis_plain")
        else _("score detokenized output (sacremoses can detokenize it) against the original references"),
    )


def _normalizations(v: Mapping[str, Any]) -> Words:
    return (
        _("the files use different Unicode normalizations: {forms}").format(
            forms=", ".join(f"{escape_markdown(name)} {form}" for name, form in v["forms"].items())
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
        _("the text is {script} but it is scored with the `{used}` tokenizer").format(
            script=_translated(v["script"], _SCRIPTS), used=v["used"]
        ),
        _(
            "whole words with their particles are single tokens, so near misses count as misses and the score is far "
            "lower"
        )
        + _cjk_scores(v),
        i18n.fill(
            N_("choose the `{tokenizer}` tokenizer in the sidebar (sacreBLEU's for this language) and report it"), v
        ),
    )


def _cjk_scores(values: Mapping[str, Any]) -> str:
    """The score with each tokenizer, as the finding measured it (none when the lines could not be scored)."""
    scores = values.get("scores") or {}
    if not scores:
        return ""
    shown = "; ".join(
        f"`{name}` {score:.2f}" if score is not None else _("`{name}`: not installed").format(name=name)
        for name, score in scores.items()
    )
    return " " + _("(BLEU of the first {lines:,} lines with each tokenizer: {scores})").format(
        lines=values["lines"], scores=shown
    )


def _short_lines(v: Mapping[str, Any]) -> Words:
    """Most lines under 4 tokens (``short`` of ``lines``), or every line."""
    fix = _("report chrF beside BLEU; a lower max order is another number (say so if you report it)")
    if "short" in v:
        return (
            ngettext(
                "{short:,} of the {lines:,} lines of {name} has fewer than 4 `{tokenizer}` tokens (the longest line "
                "has {longest:,})",
                "{short:,} of the {lines:,} lines of {name} have fewer than 4 `{tokenizer}` tokens (the longest line "
                "has {longest:,})",
                v["short"],
            ).format(**v),
            _(
                "they have no 4-grams: BLEU's 4-gram precision rests on the few longer lines, tools without smoothing "
                "(NLTK's default, torchmetrics, multi-bleu.perl) give 0 on most lines, and the tools' numbers drift "
                "far apart"
            ),
            fix,
        )
    return (
        _("every line of {name} has fewer than 4 `{tokenizer}` tokens (the longest has {longest:,})").format(**v),
        _("BLEU's 4-gram precision has no n-grams at all: the score is 0 or decided by smoothing alone"),
        fix,
    )


def _cannot_score(v: Mapping[str, Any]) -> Words:
    """A limit or a tokenizer's refusal: worded from its fields where bleucore gives them (``error``)."""
    if v.get("error") == "ter-word-pairs":
        problem = _("line {line:,} cannot be scored: {reason}").format(
            line=v["line"], reason=ter_pairs(v["hypothesis_words"], v["reference_words"], v["limit"])
        )
        fix = _("split the line, or check the files with another metric")
    else:
        problem = _("the files cannot be scored: {reason}").format(reason=escape_markdown(v["reason"]))
        fix = _("fix what the message names")
    return problem, _("no tool's score is shown"), fix


#: Code -> its (problem, effect, fix): templates whose placeholders are the finding's values (``describe`` fills
#: them), or a function of the values where the words are computed (plurals, lists, names of characters).
_CATALOG: dict[str, Words | Callable[[Mapping[str, Any]], Words]] = {
    **PAIRING,
    **CHAT,
    **LENGTH,
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
    "all-short": _short_lines,
    "binary-file": (
        N_("{name} holds NUL bytes: it looks like a binary file, not text"),
        N_("its bytes are not sentences"),
        N_("give the plain-text file, one segment per line"),
    ),
    "empty-file": (N_("{name} is empty"), N_("there is nothing to score"), N_("give the file that holds the text")),
    "not-utf8": (
        N_("{name} is not UTF-8 ({count:,} lines hold invalid bytes)"),
        N_("the scorers refuse it, or read other characters than the ones written"),
        N_("convert it to UTF-8 (`iconv -f euc-kr -t utf-8`, for example)"),
    ),
    "line-too-long": (
        N_("{name} has {count:,} lines over {limit:,} characters"),
        N_("a line that long is not one sentence (a missing line break, or a whole document)"),
        N_("put one segment per line"),
    ),
    "file-too-large": (
        N_("{name} is over {megabytes} MB"),
        N_("the doctor reads at most that much of a file"),
        N_("check a part of it (`head -n 100000`)"),
    ),
    "unreadable-file": (
        N_("{name} cannot be read"),
        N_("nothing can be checked or scored"),
        N_("check the path and its permissions"),
    ),
    "tokenizer-missing": (
        N_("the `{tokenizer}` tokenizer needs the `{package}` package, which is not installed here"),
        N_("sacreBLEU's score with this tokenizer is not shown"),
        N_("`pip install {package}`"),
    ),
    "cannot-score": _cannot_score,
}

#: A finding's severity and confidence in words (translate with ``_()`` where shown).
SEVERITY = {"error": N_("Error"), "warning": N_("Warning"), "note": N_("Note")}
CONFIDENCE = {"certain": N_("certain"), "likely": N_("likely")}


def describe(finding: Finding) -> Words:
    """(problem, effect, fix) of a finding as Markdown in the session's language, the user's values escaped
    (bleucore's English, escaped whole, for an unknown code)."""
    words = _CATALOG.get(finding.code)
    if words is None:
        return escape_markdown(finding.problem), escape_markdown(finding.effect), escape_markdown(finding.fix)
    values = {key: _escaped(value) if key in USER_TEXT else value for key, value in finding.values.items()}
    if callable(words):
        return words(values)
    problem, effect, fix = (i18n.fill(template, values) for template in words)
    return problem, effect, fix


def _escaped(value: Any) -> Any:
    """The user's text (a name, or a list of names) escaped for Markdown."""
    if isinstance(value, str):
        return escape_markdown(value)
    if isinstance(value, (list, tuple)):
        return [_escaped(item) for item in value]
    return value
