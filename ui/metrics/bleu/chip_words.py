"""What BLEU's n-gram chips and the captions above them say, in plain text (Papineni et al. 2002, §2.1:
Count, Max_Ref_Count and Count_clip of every candidate n-gram): a chip's title and aria-label, the visible
counts a tap opens, an order's row label, and the captions of one order or all orders."""

from __future__ import annotations

from collections.abc import Sequence

from bleucore import NgramRow, OrderExplanation
from bleucore.metrics.bleu import Occurrence, ReferenceOccurrence
from ui.shell.i18n import N_, _, ngettext

_NAMES = {1: N_("unigram"), 2: N_("bigram"), 3: N_("trigram")}


def ngram_name(n: int, count: int = 1) -> str:
    """ "bigram", "bigrams", "4-grams": the words for ``count`` n-grams of order n."""
    if count == 1:
        return _(_NAMES[n]) if n in _NAMES else _("{n}-gram").format(n=n)
    return _({1: N_("unigrams"), 2: N_("bigrams"), 3: N_("trigrams")}[n]) if n in _NAMES else _("{n}-grams").format(n=n)


#: A status as the chips' titles and counts name it.
_STATUS_WORDS = {
    "matched": N_("matched"),
    "clipped": N_("clipped"),
    "unmatched": N_("unmatched"),
    "used": N_("used"),
    "not used": N_("not used"),
}


def _sources(row: NgramRow) -> str:
    if not row.sources:
        return _("none")
    return ", ".join(_("reference {j}").format(j=j + 1) for j in row.sources)


def _counts(row: NgramRow) -> str:
    where = _("in no reference") if not row.sources else _("source: {sources}").format(sources=_sources(row))
    return _("Count {count}, Max_Ref_Count {max_ref_count}, Count_clip {count_clip}, {where}").format(
        count=row.count, max_ref_count=row.max_ref_count, count_clip=row.count_clip, where=where
    )


def describe_occurrence(occ: Occurrence, index: int, row: NgramRow) -> tuple[str, str]:
    """(label, visible counts) in plain text for the ``index``-th (from 1) occurrence of ``row`` in the
    candidate: 'unmatched 2-gram “a b”: Count 1, Max_Ref_Count 0, Count_clip 0, in no reference'."""
    status = _(_STATUS_WORDS[occ.status])
    which = _(", occurrence {index} of {count}").format(index=index, count=row.count) if row.count > 1 else ""
    counts = _counts(row)
    if occ.status == "clipped":
        counts += _("; only the first {count_clip} count").format(count_clip=row.count_clip)
    label = _("{status} {n}-gram “{ngram}”{which}: {counts}").format(
        status=status, n=len(occ.ngram), ngram=row.text, which=which, counts=counts
    )
    return label, _("{status}{which}: {counts}").format(status=status, which=which, counts=counts)


def describe_reference_occurrence(occ: ReferenceOccurrence, label: str, max_ref_count: int) -> str:
    """Plain text for an occurrence of a candidate n-gram in a reference, and whether this reference
    holds Max_Ref_Count (the count the clip is taken against): 'used 1-gram “the” in Reference 2,
    occurrence 1 of 1: used 1 of 1, below Max_Ref_Count 2'."""
    ref = occ.row
    kind = "used" if occ.used else "not used"
    status = _(_STATUS_WORDS[kind])
    limit = (
        _("the Max_Ref_Count")
        if ref.count == max_ref_count
        else _("below Max_Ref_Count {max_ref_count}").format(max_ref_count=max_ref_count)
    )
    return _(
        "{status} {n}-gram “{ngram}” in {reference}, occurrence {index} of {count}: used {used} of {count}, {limit}"
    ).format(
        status=status,
        n=len(ref.ngram),
        ngram=ref.text,
        reference=label,
        index=occ.index,
        count=ref.count,
        used=ref.used,
        limit=limit,
    )


def order_label(order: OrderExplanation, precision: bool = True) -> str:
    """'2-grams: p2 = 3/4 · 3 matched, 0 clipped, 1 unmatched' (plain text; without p_n when a
    caption above already gives it)."""
    unmatched = order.total - order.unclipped_matches
    counts = _("{matches:,} matched, {clipped:,} clipped, {unmatched:,} unmatched").format(
        matches=order.matches, clipped=order.clipped, unmatched=unmatched
    )
    if precision:
        counts = f"p{order.n} = {order.matches:,}/{order.total:,} · {counts}"
    return _("{n}-grams: {counts}").format(n=order.n, counts=counts)


def order_caption(order: OrderExplanation) -> str:
    """The words above one order's chips: 'p2 = 3/4: 3 of the candidate's 4 bigrams are matched, …'."""
    n, total = order.n, order.total
    if total == 0:
        return _("p{n} = 0/0: the candidate has no {ngram}.").format(n=n, ngram=ngram_name(n))
    unmatched = total - order.unclipped_matches
    return ngettext(
        "p{n} = {matches:,}/{total:,}: {matches:,} of the candidate's {total:,} {ngrams} is matched, "
        "{unmatched:,} unmatched, {clipped:,} clipped. Each chip is one {ngram}; hover over it or tap it to read "
        "its counts.",
        "p{n} = {matches:,}/{total:,}: {matches:,} of the candidate's {total:,} {ngrams} are matched, "
        "{unmatched:,} unmatched, {clipped:,} clipped. Each chip is one {ngram}; hover over it or tap it to read "
        "its counts.",
        order.matches,
    ).format(
        n=n,
        matches=order.matches,
        total=total,
        ngrams=ngram_name(n, total),
        unmatched=unmatched,
        clipped=order.clipped,
        ngram=ngram_name(n),
    )


def orders_caption(orders: Sequence[OrderExplanation]) -> str:
    """The words above the all-orders view."""
    shown = ", ".join(f"p{o.n} = {o.matches}/{o.total}" for o in orders)
    return _(
        "{shown}. One row per order n; each chip is one n-gram of the candidate, so a word can be in "
        "up to n chips of row n. Hover over a chip or tap it to read its counts; choose one order to see the "
        "references' n-grams."
    ).format(shown=shown)
