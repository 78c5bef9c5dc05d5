"""bleucore.tools' chrF and TER implementations in the session's language: each rule's name and values, why a rule
moves the score, what each tool does that no rule says, and what a step changed in these files' counts (bleucore's
English words are the command line's)."""

from __future__ import annotations

from bleucore.tools import ChrfConventions, ChrfScorer, MetricTool, TerConventions, TerScorer
from ui.shell.i18n import N_, _, ngettext

#: Metric -> (field, value) -> its words; chrF's beta and TER's longest shift are worded by ``value_words``.
_VALUES: dict[str, dict[tuple[str, object], str]] = {
    "chrf": {
        ("word_order", 0): N_("chrF (characters only)"),
        ("word_order", 2): N_("chrF++ (characters and words)"),
        ("whitespace", "removed"): N_("all whitespace left out"),
        ("whitespace", "ascii-space"): N_("only spaces left out"),
        ("case", "cased"): N_("cased"),
        ("case", "lower"): N_("lowercased"),
        ("references", "all"): N_("every reference"),
        ("references", "first"): N_("the first reference only"),
        ("empty_orders", "skipped"): N_("orders the reference lacks skipped"),
        ("empty_orders", "counted"): N_("orders the reference lacks counted"),
        ("zero_overlap", "kept"): N_("references of unmatched lines kept"),
        ("zero_overlap", "dropped"): N_("references of unmatched lines dropped"),
        ("averaging", "effective-order"): N_("F of the averaged P and R"),
        ("averaging", "mean-f"): N_("mean of the orders' F"),
        ("averaging", "mean-f-eps"): N_("mean of the orders' F (1e-16 for an empty order)"),
        ("aggregate", "corpus"): N_("corpus F"),
        ("aggregate", "sentence-mean"): N_("mean of sentence F"),
    },
    "ter": {
        ("case", "lower"): N_("lowercased"),
        ("case", "cased"): N_("cased"),
        ("shifted", "hypothesis"): N_("the hypothesis' words shifted"),
        ("shifted", "reference"): N_("the reference's words shifted"),
    },
}

#: Metric -> field -> why changing it moves the score, one sentence (a msgid: show it as ``_(...)``).
WHY: dict[str, dict[str, str]] = {
    "chrf": {
        "word_order": N_(
            "Word unigrams and bigrams are two more orders in the average, and words match less often than characters."
        ),
        "whitespace": N_("A tab or no-break space left in the character n-grams matches only the same character."),
        "case": N_("Lowercasing both sides lets a capitalized word match the same word in lowercase."),
        "references": N_("With every reference, each line keeps the one it scores best against."),
        "empty_orders": N_(
            "Where a reference is too short for an order, counting the hypothesis' n-grams of that order anyway "
            "lowers precision."
        ),
        "zero_overlap": N_(
            "A line that matches nothing but adds no reference n-grams raises recall: the bug of "
            "https://github.com/Lightning-AI/torchmetrics/issues/3480."
        ),
        "averaging": N_("The F of averaged precision and recall is not the average of the orders' F."),
        "beta": N_("A larger beta weighs recall more against precision."),
        "aggregate": N_("The mean of the lines' scores weighs a short line as much as a long one."),
    },
    "ter": {
        "case": N_("Lowercasing both sides lets a capitalized word match the same word in lowercase."),
        "shifted": N_(
            "The greedy shift search is not symmetric: moving the reference's words finds other shifts, and an empty "
            "hypothesis then costs no edit."
        ),
        "longest_shift": N_(
            "A span of 10 words out of place is one shift when a shift may move 10 words, and several edits when it "
            "may move 9."
        ),
    },
}

#: Metric -> field -> the rule's name, for the order the waterfall changes them in.
RULES: dict[str, dict[str, str]] = {
    "chrf": {
        "word_order": N_("word n-grams"),
        "whitespace": N_("whitespace"),
        "case": N_("case"),
        "references": N_("references"),
        "empty_orders": N_("orders the reference lacks"),
        "zero_overlap": N_("the dropped references"),
        "averaging": N_("averaging"),
        "beta": N_("beta"),
        "aggregate": N_("corpus or mean of sentences"),
    },
    "ter": {"case": N_("case"), "shifted": N_("the shifted side"), "longest_shift": N_("the longest shift")},
}

#: (metric, tool key) -> what the tool does that no rule says.
_QUIRKS: dict[tuple[str, str], str] = {
    ("chrf", "nltk-corpus"): N_(
        "The mean of the sentence scores (a macro average), not F of summed counts; one reference; beta 3; an order "
        "without n-grams scores 1e-16."
    ),
    ("chrf", "nltk-sentence-mean"): N_("The same number as corpus_chrf, to the last digits of rounding."),
    ("chrf", "torchmetrics"): N_(
        "chrF++ by default (n_word_order=2); a line sharing no n-gram with any reference adds its hypothesis n-grams "
        "but not its reference's (https://github.com/Lightning-AI/torchmetrics/issues/3480, fixed after 1.9.0), so "
        "the score is too high; computes in 32-bit floats."
    ),
    ("chrf", "hf-evaluate"): N_("sacreBLEU's CHRF inside; every line needs the same number of references."),
    ("ter", "torchmetrics"): N_(
        "Lowercases by default (lowercase=True), as sacreBLEU's TER does; shifts the reference's words toward the "
        "hypothesis (its arguments are swapped), so an empty hypothesis costs no edit; a shift moves at most 9 words, "
        "not Tercom's 10; computes in 32-bit floats."
    ),
}


def value_words(metric: str, field: str, value: object) -> str:
    """A chrF or TER rule's value in the session's language."""
    words = _VALUES.get(metric, {}).get((field, value))
    if words:
        return _(words)
    if field == "beta":
        return _("beta {beta}").format(beta=value)
    if field == "longest_shift":
        return _("shifts of up to {n} words").format(n=value)
    return str(value)


def tool_name(tool: MetricTool) -> str:
    """The tool's name (NLTK's averaged sentence_chrf in the session's language)."""
    return _("NLTK 3.10 sentence_chrf, averaged") if tool.key == "nltk-sentence-mean" else tool.name


def quirks(metric: str, tool: MetricTool) -> str:
    """What the tool does beyond its rules, or an empty string."""
    words = _QUIRKS.get((metric, tool.key))
    return _(words) if words else ""


def measured(scorer: object, before: object, after: object) -> str:
    """What one rule changed in these files' counts, from the scorer's rows under the rules before and after it:
    chrF's n-grams counted and matched (and the orders averaged, the lines without a match), TER's edits."""
    if isinstance(scorer, ChrfScorer) and isinstance(before, ChrfConventions) and isinstance(after, ChrfConventions):
        return _chrf_measured(scorer, before, after)
    if isinstance(scorer, TerScorer) and isinstance(before, TerConventions) and isinstance(after, TerConventions):
        edits_before, edits_after = scorer.rows(before)[:, 0], scorer.rows(after)[:, 0]
        changed = int((edits_before != edits_after).sum())
        if not changed:
            return _("{edits:,.0f} edits either way: no line's edits change").format(edits=edits_before.sum())
        return ngettext(
            "{e0:,.0f} → {e1:,.0f} edits, {n:,} line's edits changed",
            "{e0:,.0f} → {e1:,.0f} edits, {n:,} lines' edits changed",
            changed,
        ).format(e0=edits_before.sum(), e1=edits_after.sum(), n=changed)
    return ""


def _chrf_measured(scorer: ChrfScorer, before: ChrfConventions, after: ChrfConventions) -> str:
    rows_before, rows_after = scorer.rows(before), scorer.rows(after)
    parts = []
    if before.word_order != after.word_order:
        orders = _("{o0} → {o1} orders averaged").format(o0=6 + before.word_order, o1=6 + after.word_order)
        parts.append(orders)
    counted = (
        (0, N_("{c0:,} → {c1:,} n-grams of the output counted")),
        (1, N_("{c0:,} → {c1:,} n-grams of the references counted")),
        (2, N_("{c0:,} → {c1:,} n-grams matched")),
    )
    for column, words in counted:
        c0, c1 = int(rows_before[:, column::3].sum()), int(rows_after[:, column::3].sum())
        if c0 != c1:
            parts.append(_(words).format(c0=c0, c1=c1))
    if before.zero_overlap != after.zero_overlap:
        unmatched = int((rows_after[:, 2::3].sum(axis=1) == 0).sum())
        parts.append(
            ngettext(
                "{n:,} line shares no n-gram with its references",
                "{n:,} lines share no n-gram with their references",
                unmatched,
            ).format(n=unmatched)
            if unmatched
            else _("every line shares an n-gram with a reference")
        )
    return ", ".join(parts) if parts else _("the same counts, combined by another formula")
