"""ui.metrics.bleu.highlight: one chip per n-gram occurrence, statuses and counts in words, reference usage, escaping.

Expected numbers come from ../shared/golden.md or are counted by hand in the comments, never from
the code under test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from bleucore import BleuOptions
from bleucore.metrics.bleu.explanation import explain
from tests.conftest import PAYLOADS
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2
from ui.metrics.bleu.chip_words import order_caption, orders_caption
from ui.metrics.bleu.highlight import (
    STYLES,
    STYLESHEET,
    legend_html,
    order_html,
    orders_html,
    reference_html,
)
from ui.shell.titles import WORD_JOINER

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
KO_CAND = "나는 오늘 아침에 학교에 갔다"
KO_REFS = ("나는 오늘 아침 학교에 갔다", "오늘 아침에 나는 학교로 갔다")
ALLOWED_TAGS = {"style", "div", "span", "strong", "details", "summary", "mark"}
ALLOWED_ATTRS = {"class", "title", "aria-label"}


@dataclass
class Unit:
    """One n-gram unit: a candidate chip's summary or a reference's mark."""

    tag: str
    status: str
    title: str | None
    label: str | None
    text: str = ""
    counts: str = ""  # the chip's body, shown when tapped


@dataclass
class Collector(HTMLParser):
    """Every start tag with its attributes; the units of each block (candidate rows, references)."""

    tags: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    blocks: list[tuple[str, list[Unit]]] = field(default_factory=list)  # (bleu-candidate/bleu-used, units)
    rows: list[str] = field(default_factory=list)  # the order rows' labels
    _stack: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        classes = (attributes.get("class") or "").split()
        kind = "other"
        if "bleu-candidate" in classes or "bleu-used" in classes:
            self.blocks.append((classes[-1], []))
        elif "bleu-tok" in classes:
            self.blocks[-1][1].append(Unit(tag, classes[-1], attributes.get("title"), attributes.get("aria-label")))
            kind = "unit"
        elif "bleu-counts" in classes:
            kind = "counts"
        elif "bleu-order-label" in classes:
            self.rows.append("")
            kind = "row"
        self._stack.append(kind)

    def handle_endtag(self, tag: str) -> None:
        self._stack.pop()

    def handle_data(self, data: str) -> None:
        kind = next((k for k in reversed(self._stack) if k != "other"), None)
        if kind == "unit":
            self.blocks[-1][1][-1].text += data
        elif kind == "counts":
            self.blocks[-1][1][-1].counts += data
        elif kind == "row":
            self.rows[-1] += data


def parse(markup: str) -> Collector:
    collector = Collector()
    collector.feed(markup)
    collector.close()
    return collector


def chips(markup: str) -> list[Unit]:
    """The candidate's units of every candidate block, in order."""
    return [u for kind, units in parse(markup).blocks if kind == "bleu-candidate" for u in units]


def marks(markup: str) -> list[list[Unit]]:
    """The units of each reference block."""
    return [units for kind, units in parse(markup).blocks if kind == "bleu-used"]


# --- the candidate: one chip per n-gram occurrence ------------------------------------------


def test_korean_bigrams_are_four_chips_and_only_the_unmatched_one_says_so():
    result = explain(KO_CAND, KO_REFS, TUTORIAL)
    found = chips(order_html(result.candidate, result.order(2), result.references))
    # by hand: 나는 오늘 (ref 1), 오늘 아침에 (ref 2), 아침에 학교에 (neither), 학교에 갔다 (ref 1)
    assert [c.text for c in found] == ["나는 오늘", "오늘 아침에", "아침에 학교에", "학교에 갔다"]
    assert [c.status for c in found] == ["matched", "matched", "unmatched", "matched"]
    assert all(c.tag == "summary" and c.title == c.label for c in found)
    unmatched = found[2]
    assert unmatched.label == (
        "unmatched 2-gram “아침에 학교에”: Count 1, Max_Ref_Count 0, Count_clip 0, in no reference"
    )
    assert unmatched.counts == "unmatched: Count 1, Max_Ref_Count 0, Count_clip 0, in no reference"
    assert found[1].label == "matched 2-gram “오늘 아침에”: Count 1, Max_Ref_Count 1, Count_clip 1, source: reference 2"


def test_korean_caption_agrees_with_the_chips():
    order = explain(KO_CAND, KO_REFS, TUTORIAL).order(2)
    caption = order_caption(order)
    assert caption.startswith("p2 = 3/4: 3 of the candidate's 4 bigrams are matched, 1 unmatched, 0 clipped.")
    assert "tap" in caption and "Hover a token" not in caption


def test_example_1_has_exactly_four_matched_4grams_of_fifteen():
    result = explain(CA1, REFS_1, TUTORIAL)
    found = chips(order_html(result.candidate, result.order(4), result.references))
    assert len(found) == 15  # 18 tokens: 15 4-grams; golden.md: p4 = 4/15
    matched = [c.text for c in found if c.status == "matched"]
    # by hand, all from reference 1: "It is a guide to action …" and "… ensures that the military …"
    assert matched == ["It is a guide", "is a guide to", "a guide to action", "ensures that the military"]
    assert [c.status for c in found].count("unmatched") == 11
    assert "“It is a guide”" in (found[0].label or "") and "source: reference 1" in (found[0].label or "")


def test_example_2_unigrams_two_matched_then_five_clipped_with_counts():
    result = explain(CAND_2, REFS_2, TUTORIAL)
    found = chips(order_html(result.candidate, result.order(1), result.references))
    assert [c.status for c in found] == ["matched"] * 2 + ["clipped"] * 5
    assert [c.text for c in found] == ["the"] * 7
    first, third = found[0], found[2]
    # golden.md: Count 7, Count_clip 2; "the" is twice in reference 1, once in reference 2
    assert first.label == (
        "matched 1-gram “the”, occurrence 1 of 7: Count 7, Max_Ref_Count 2, Count_clip 2, source: reference 1"
    )
    assert third.label == (
        "clipped 1-gram “the”, occurrence 3 of 7: Count 7, Max_Ref_Count 2, Count_clip 2, "
        "source: reference 1; only the first 2 count"
    )
    assert third.counts.startswith("clipped, occurrence 3 of 7: Count 7")


def test_ca1_unigrams_only_obeys_unmatched():
    result = explain(CA1, REFS_1, TUTORIAL)
    found = chips(order_html(result.candidate, result.order(1), result.references))
    assert [c.text for c in found] == CA1.split()
    assert [c.text for c in found if c.status == "unmatched"] == ["obeys"]
    assert [c.status for c in found].count("matched") == 17  # golden.md: p1 = 17/18


def test_overlapping_ngrams_each_have_a_chip():
    result = explain("a b a b a", ["a b a"], TUTORIAL)
    found = chips(order_html(result.candidate, result.order(3), result.references))
    # 3-grams "a b a", "b a b", "a b a": the reference has "a b a" once, no "b a b"
    assert [(c.text, c.status) for c in found] == [("a b a", "matched"), ("b a b", "unmatched"), ("a b a", "clipped")]


def test_candidate_shorter_than_the_order_says_so_in_words():
    result = explain("cat", ["the cat"], TUTORIAL)
    markup = order_html(result.candidate, result.order(2), result.references)
    assert chips(markup) == []
    assert "no bigram: the candidate has 1 token(s)" in markup
    assert order_caption(result.order(2)) == "p2 = 0/0: the candidate has no bigram."


# --- the references: which of their occurrences were used -------------------------------------


def test_example_2_references_mark_the_occurrences_used_for_the_clip():
    result = explain(CAND_2, REFS_2, TUTORIAL)
    refs = marks(order_html(result.candidate, result.order(1), result.references))
    # reference 1 "the cat is on the mat": both "the" pair with the 2 matched, and 2 is Max_Ref_Count;
    # reference 2 "there is a cat on the mat" has one "the", below it
    assert [(m.tag, m.text, m.status) for m in refs[0]] == [("mark", "the", "used")] * 2
    assert refs[0][1].label == "used 1-gram “the” in Reference 1, occurrence 2 of 2: used 2 of 2, the Max_Ref_Count"
    assert [m.label for m in refs[1]] == [
        "used 1-gram “the” in Reference 2, occurrence 1 of 1: used 1 of 1, below Max_Ref_Count 2"
    ]
    assert all(m.title == m.label for m in refs[0] + refs[1])


def test_reference_occurrences_beyond_count_clip_are_not_marked():
    result = explain("the cat", ["the the the cat"], TUTORIAL)
    [ref] = marks(reference_html(result.references[0], result.order(1), 0))
    # Count_clip("the") = 1: only the first of the reference's three "the" is used, and "cat"
    assert [m.text for m in ref] == ["the", "cat"]
    assert ref[0].label == "used 1-gram “the” in Reference 1, occurrence 1 of 3: used 1 of 3, the Max_Ref_Count"


def test_korean_references_mark_their_used_bigrams():
    result = explain(KO_CAND, KO_REFS, TUTORIAL)
    refs = marks(order_html(result.candidate, result.order(2), result.references))
    assert [[m.text for m in ref] for ref in refs] == [["나는 오늘", "학교에 갔다"], ["오늘 아침에"]]
    assert "나는 오늘 아침 학교에 갔다" in order_html(result.candidate, result.order(2), result.references)


def test_a_reference_with_nothing_used_says_so():
    result = explain("a b", ["a b", "x y"], TUTORIAL)
    markup = reference_html(result.references[1], result.order(2), 1)
    assert marks(markup) == [[]] and "no bigram used by a match" in markup


# --- views: one order, all orders -----------------------------------------------------------


def test_order_html_is_candidate_row_legend_and_references_in_one_block():
    result = explain(CAND_2, list(REFS_2), TUTORIAL)
    order = result.order(1)
    markup = order_html(result.candidate, order, result.references)
    assert markup.count(STYLESHEET) == 1 and markup.startswith(STYLESHEET)
    blocks = re.findall(r'<div class="(bleu-legend|bleu-text [a-z-]+|bleu-order)">', markup)
    assert blocks == [  # the legend under the candidate's chips, so they come first on a phone
        "bleu-text bleu-sentence",
        "bleu-order",
        "bleu-text bleu-candidate",
        "bleu-legend",
        "bleu-text bleu-reference",
        "bleu-text bleu-used",
        "bleu-text bleu-reference",
        "bleu-text bleu-used",
    ]
    assert chips(markup) == chips(orders_html(result.candidate, [order]))  # one chip row, as All orders draws it
    assert parse(markup).rows == ["1-grams: 2 matched, 5 clipped, 0 unmatched"]  # p1 = 2/7 is in the caption


def test_all_orders_has_one_row_per_order_with_p_n():
    result = explain(CA1, REFS_1, TUTORIAL)
    markup = orders_html(result.candidate, result.orders)
    assert markup.count(STYLESHEET) == 1
    collector = parse(markup)
    # golden.md: p1..p4 = 17/18, 10/17, 7/16, 4/15
    assert [row.split(" · ")[0] for row in collector.rows] == [
        "1-grams: p1 = 17/18",
        "2-grams: p2 = 10/17",
        "3-grams: p3 = 7/16",
        "4-grams: p4 = 4/15",
    ]
    assert collector.rows[1] == "2-grams: p2 = 10/17 · 10 matched, 0 clipped, 7 unmatched"
    rows = [units for kind, units in collector.blocks if kind == "bleu-candidate"]
    assert [len(units) for units in rows] == [18, 17, 16, 15]
    assert [sum(u.status == "matched" for u in units) for units in rows] == [17, 10, 7, 4]
    assert orders_caption(result.orders).startswith("p1 = 17/18, p2 = 10/17, p3 = 7/16, p4 = 4/15.")


def test_legend_entries_are_not_ngram_units():
    markup = legend_html()
    assert chips(markup) == [] and "bleu-tok" not in markup.removeprefix(STYLESHEET)
    assert all(s in markup for s in ("matched", "clipped", "unmatched"))


def test_each_status_has_its_own_colour_and_non_colour_cue():
    matched, clipped, unmatched = (STYLES[s] for s in ("matched", "clipped", "unmatched"))
    assert "#0072B2" in matched.css and "#E69F00" in clipped.css
    assert "solid" in matched.css and "dashed" in clipped.css and "dotted" in unmatched.css
    assert "repeating-linear-gradient" in unmatched.css
    assert len({matched.marker, clipped.marker, unmatched.marker}) == 3
    for style in (matched, clipped, unmatched):
        assert f'content:"{style.marker}"' in STYLESHEET


# --- escaping -------------------------------------------------------------------------------


@pytest.mark.parametrize("payload", PAYLOADS)
def test_injection_payloads_stay_text(payload):
    candidate = f"a {payload} b"
    result = explain(candidate, [payload, "a b"], TUTORIAL)
    for n in (1, 2):
        order = result.order(n)
        pieces = [
            legend_html(),
            order_html(result.candidate, order, result.references),
            orders_html(result.candidate, result.orders),
            reference_html(result.references[0], order, 0, f"Reference 1 {payload}"),
        ]
        for markup in pieces:
            collector = parse(markup)
            for tag, attrs in collector.tags:
                assert tag in ALLOWED_TAGS, (tag, markup)
                assert set(attrs) <= ALLOWED_ATTRS, (attrs, markup)
            assert "<b>" not in markup and "<script" not in markup and "<img" not in markup and "<svg" not in markup
        found = chips(pieces[1])  # order_html: the candidate's chips, then each reference's marks
        expected = [" ".join(result.candidate[i : i + n]) for i in range(len(result.candidate) - n + 1)]
        assert [c.text for c in found] == expected  # every n-gram's text comes back unchanged
        assert all(c.title and c.label for c in found)
        labels = " ".join((c.label or "").replace(WORD_JOINER, "") for c in found)
        assert f"“{payload.split()[0]}" in labels
        [ref, _] = marks(pieces[1])
        assert [m.text for m in ref] == [" ".join(result.references[0][i : i + n]) for i in range(len(ref))]
        assert all(f"“{m.text}”" in (m.label or "").replace(WORD_JOINER, "") for m in ref)


def test_attributes_escape_quotes():
    result = explain("say \"hi\" 'x'", ['say "hi"'], TUTORIAL)
    markup = order_html(result.candidate, result.order(1), result.references)
    assert "&quot;hi&quot;" in markup and "&#x27;x&#x27;" in markup
    found = chips(markup)
    assert '“"hi"”' in (found[1].title or "") and '“"hi"”' in (found[1].label or "")
    assert marks(markup)[0][1].text == '"hi"'


@pytest.mark.parametrize("token", ["</script>", "a</STYLE>", "x-->", "y--!>", "z]>", "</textarea>"])
def test_titles_and_labels_survive_dompurify_rules_with_an_invisible_joiner(token):
    result = explain(token, [token], TUTORIAL)
    markup = order_html(result.candidate, result.order(1), result.references)
    [chip] = chips(markup)
    [[mark], *_] = marks(markup)
    for text in (chip.title, chip.label, mark.title, mark.label):
        assert text and "</" not in text and not re.search(r"(--!?|\])>", text)
    assert (chip.label or "").replace(WORD_JOINER, "") == (
        f"matched 1-gram “{token}”: Count 1, Max_Ref_Count 1, Count_clip 1, source: reference 1"
    )
    assert (mark.label or "").replace(WORD_JOINER, "") == (
        f"used 1-gram “{token}” in Reference 1, occurrence 1 of 1: used 1 of 1, the Max_Ref_Count"
    )
    assert chip.text == token and mark.text == token  # the visible text is escaped, not joined
