"""The words of the findings about which lines pair and which file is which (bleucore.doctor's line-count-mismatch,
refs-concatenated, merged-lines, swapped-files and source-copy), from each finding's values, in the session's
language: what is wrong, what it does to the score, the fix."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ui.shell.i18n import N_, _, and_list, ngettext


def _line_counts(v: Mapping[str, Any]) -> tuple[str, str, str]:
    """The counts, then where the files stop pairing: the extra lines are empty, one file is the other cut short,
    or the line where the alignment visibly breaks."""
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
    if "pairs_until" in v:
        output_cut = v["file"] == v["hypothesis"]
        longer = v["reference"] if output_cut else v["hypothesis"]
        total = max(v["hyp_lines"], v["ref_lines"])
        fix = (
            _(
                "give the system's output for all {total:,} lines; a score of the first {pairs_until:,} is not "
                "comparable with scores of the whole test set"
            )
            if output_cut
            else _(
                "give the reference of all {total:,} lines; a score of the first {pairs_until:,} is not comparable "
                "with scores of the whole test set"
            )
        )
        return (
            problem
            + "; "
            + _("the first {pairs_until:,} lines pair, then {file} stops while {longer} goes on").format(
                longer=longer, **v
            ),
            _(
                "sacreBLEU's command line and NLTK refuse files of different lengths; sacreBLEU's Python API pairs "
                "the first {pairs_until:,} lines and drops the rest without a word: a score of part of the test set"
            ).format(**v),
            fix.format(total=total, **v),
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


def _merged_lines(v: Mapping[str, Any]) -> tuple[str, str, str]:
    """The line named (two segments on it, the second half of a line split in two, or a line added), how many lines
    after it pair with the neighbouring reference line, and where the count was made up."""
    kind, line, shifted = v["kind"], v["line"], v["shifted"]
    named = {"line": line, "name": v["name"], "reference": v["reference"], "next": line + 1, "previous": line - 1}
    if kind == "merged":
        holds = _("line {line:,} of {name} holds two segments: lines {line:,} and {next:,} of {reference}")
        after = ngettext(
            "the line counts are equal, but the {shifted:,} line after it resembles the next line of {reference} more "
            "than its own",
            "the line counts are equal, but the {shifted:,} lines after it resemble the next line of {reference} "
            "more than their own",
            shifted,
        )
        mend = _("split line {line:,} into its two segments")
    else:
        holds = (
            _("line {line:,} of {name} is the second half of line {previous:,}, split in two")
            if kind == "split"
            else _("line {line:,} of {name} resembles no reference line near it: a line added")
        )
        after = ngettext(
            "the line counts are equal, but the {shifted:,} line after it resembles the previous line of {reference} "
            "more than its own",
            "the line counts are equal, but the {shifted:,} lines after it resemble the previous line of {reference} "
            "more than their own",
            shifted,
        )
        mend = (
            _("join it to line {previous:,}")
            if kind == "split"
            else _("remove line {line:,} if it is not the system's output")
        )
    # ``until`` is 0-based (where the lines pair again); the line that made up the count is named as the CLI does.
    near = v["until"] + (kind == "merged")
    return (
        holds.format(**named) + "; " + after.format(shifted=shifted, reference=v["reference"]),
        _(
            "each of those lines is scored against another sentence's reference: their matches are lost and the "
            "score is far too low"
        ),
        _(
            "{mend}, and mend the line that made up the count (near line {near:,}): the lines must pair one "
            "segment per line"
        ).format(mend=mend.format(**named), near=near),
    )


#: bleucore.doctor's traits of a system's output (swapped-files' ``signs``) in words.
TRAITS = {
    "chat-wrappers": N_("chat wrappers"),
    "refusals": N_("refusals"),
    "subword-markers": N_("subword markers or unknown-word tokens"),
    "repetition-loops": N_("a word repeated four times in a row"),
    "source-copies": N_("lines copied from the source"),
    "all-lowercase": N_("all lowercase"),
}


def _swapped(v: Mapping[str, Any]) -> tuple[str, str, str]:
    signs = v["signs"]
    named = and_list(
        [
            _("{trait} on {on_reference:,} lines against {on_hypothesis:,}").format(
                trait=_(TRAITS[trait]) if trait in TRAITS else trait,
                on_reference=counts["reference"],
                on_hypothesis=counts["hypothesis"],
            )
            for trait, counts in signs.items()
        ]
    )
    template = (
        _(
            "{reference} reads like a system's output and {hypothesis} like a reference ({signs}: {named}): the "
            "files are likely swapped"
        )
        if v["sure"] == "likely"
        else _(
            "{reference} reads like a system's output and {hypothesis} like a reference ({signs}: {named}): the "
            "files are possibly swapped"
        )
    )
    return (
        template.format(
            reference=v["reference"],
            hypothesis=v["hypothesis"],
            signs=ngettext("{n} sign", "{n} signs", len(signs)).format(n=len(signs)),
            named=named,
        ),
        _(
            "swapped, every tool's number changes (precision and the brevity penalty are not symmetric) and measures "
            "the reference against the output"
        ),
        _("check which file is the system's output: give it as the hypothesis, and the other as the reference"),
    )


def _source_copy(v: Mapping[str, Any]) -> tuple[str, str, str]:
    if v["whole"]:
        return (
            _(
                "{count:,} of the {with_words:,} lines with words among the {lines:,} lines of {name} are lines of "
                "{source}: the source file was given as the hypothesis"
            ).format(**v),
            _("the score measures how much the source shares with the references (names, numbers), not a translation"),
            _("give the system's output as the hypothesis"),
        )
    return (
        ngettext(
            "of the {lines:,} lines of {name}, {with_words:,} have three words or more, and {count:,} of these is "
            "(nearly) the same as its source line in {source}: left untranslated",
            "of the {lines:,} lines of {name}, {with_words:,} have three words or more, and {count:,} of these are "
            "(nearly) the same as their source line in {source}: left untranslated",
            v["count"],
        ).format(**v),
        _(
            "an untranslated line matches its reference only in names and numbers: it scores about 0 (or, between "
            "close languages, more than it deserves)"
        ),
        _(
            "keep them in the scored output (they are what the system produced) and report how many lines were left "
            "untranslated"
        ),
    )


#: Code -> its words: templates whose placeholders are the finding's values, or a function of the values.
PAIRING: dict[str, tuple[str, str, str] | Callable[[Mapping[str, Any]], tuple[str, str, str]]] = {
    "line-count-mismatch": _line_counts,
    "refs-concatenated": (
        N_(
            "{reference} has {k} times as many lines as the hypothesis, and each {lines:,}-line part pairs with it "
            "line for line: {k} references written one after another"
        ),
        N_("read as one file, its lines do not pair with the hypothesis lines and the score is meaningless"),
        N_("split it into {k} files of {lines:,} lines and give each as a reference"),
    ),
    "merged-lines": _merged_lines,
    "refs-tab-separated": (
        N_("{tabbed:,} lines of {reference} hold tabs: up to {fields} references per line"),
        N_("read as one reference, each line is one long sentence and the n-grams across a tab match nothing"),
        N_("split the fields into {fields} files (or give the file with `-nr {fields}` on the command line)"),
    ),
    "hyp-equals-ref": (
        N_("{same:,} of the {lines:,} lines of {hypothesis} are identical to {reference}"),
        N_("the score compares a reference with itself"),
        N_("check that the system output, not a reference, is given as the hypothesis"),
    ),
    "duplicate-refs": (
        N_("{first} and {second} are identical"),
        N_("the same reference counts twice, so `nrefs` in the signature is wrong"),
        N_("give each reference file once"),
    ),
    "swapped-files": _swapped,
    "source-copy": _source_copy,
}
