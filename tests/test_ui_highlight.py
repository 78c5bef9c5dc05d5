"""ui.highlight: statuses, hover titles and escaping of every piece of user text."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from bleucore import BleuOptions
from bleucore.bleu import explain
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2
from ui.highlight import (
    STYLES,
    STYLESHEET,
    WORD_JOINER,
    candidate_html,
    legend_html,
    order_html,
    reference_html,
)

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
ALLOWED_TAGS = {"style", "div", "span", "strong"}
ALLOWED_ATTRS = {"class", "title", "aria-hidden"}
PAYLOADS = [
    "<script>window.__x=1</script>",
    "<img src=x onerror=window.__x=1>",
    "<svg/onload=window.__x=1>",
    '"><b>bold</b>',
    "[x](javascript:alert(1))",
    "![x](http://example.com/a.png)",
    "&lt;b&gt;",
    "' onmouseover='window.__x=1",
]


class Collector(HTMLParser):
    """Every start tag with its attributes, and the text of each token span (markers left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.tokens: list[str] = []
        self._stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        classes = (attributes.get("class") or "").split()
        self._stack.append("token" if "bleu-tok" in classes else "other")
        if "bleu-tok" in classes:
            self.tokens.append("")

    def handle_endtag(self, tag: str) -> None:
        self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._stack and self._stack[-1] == "token":
            self.tokens[-1] += data


def parse(markup: str) -> Collector:
    collector = Collector()
    collector.feed(markup)
    collector.close()
    return collector


def spans(markup: str) -> list[dict[str, str | None]]:
    return [attrs for tag, attrs in parse(markup).tags if "bleu-tok" in (attrs.get("class") or "")]


def test_example_2_marks_two_matched_and_five_clipped_with_counts_in_titles():
    result = explain(CAND_2, REFS_2, TUTORIAL)
    found = spans(candidate_html(result.candidate, result.order(1)))
    assert [s["class"] for s in found] == ["bleu-tok matched"] * 2 + ["bleu-tok clipped"] * 5
    title = found[0]["title"] or ""
    assert "“the”" in title and "Count 7" in title and "Max_Ref_Count 2" in title and "Count_clip 2" in title
    assert "reference 1" in title and "reference 2" not in title


def test_ca1_unigrams_only_obeys_unmatched():
    result = explain(CA1, REFS_1, TUTORIAL)
    markup = candidate_html(result.candidate, result.order(1))
    collector = parse(markup)
    statuses = [a["class"] for a in spans(markup)]
    assert collector.tokens == list(result.candidate)
    assert statuses.count("bleu-tok unmatched") == 1
    assert statuses[result.candidate.index("obeys")] == "bleu-tok unmatched"
    assert statuses.count("bleu-tok matched") == 17


def test_bigram_title_lists_every_covering_bigram():
    result = explain(CA1, REFS_1, TUTORIAL)
    found = spans(candidate_html(result.candidate, result.order(2)))
    second = found[1]["title"] or ""  # "is" is covered by "It is" and "is a"
    assert "“It is”" in second and "“is a”" in second
    assert second.count("\n") == 1


def test_token_shorter_than_order_has_neutral_status():
    result = explain("cat", ["the cat"], TUTORIAL)
    found = spans(candidate_html(result.candidate, result.order(2)))
    assert found[0]["class"] == "bleu-tok none"
    assert found[0]["title"] == "the candidate has no 2-gram"


def test_reference_marks_only_matched_tokens():
    result = explain(CAND_2, REFS_2, TUTORIAL)
    order = result.order(1)
    markup = reference_html(result.references[0], order.reference_matched[0], "Reference 1")
    classes = [a["class"] for a in spans(markup)]
    # "the cat is on the mat": both "the" are matched (Count_clip 2), nothing else is.
    assert classes == [
        "bleu-tok matched",
        "bleu-tok plain",
        "bleu-tok plain",
        "bleu-tok plain",
        "bleu-tok matched",
        "bleu-tok plain",
    ]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_injection_payloads_stay_text(payload):
    candidate = f"a {payload} b"
    result = explain(candidate, [payload, "a b"], TUTORIAL)
    for n in (1, 2):
        order = result.order(n)
        pieces = [candidate_html(result.candidate, order), legend_html()]
        pieces.append(order_html(result.candidate, order, result.references))
        pieces += [
            reference_html(t, m, f"Reference {j} {payload}")
            for j, (t, m) in enumerate(zip(result.references, order.reference_matched), 1)
        ]
        for markup in pieces:
            collector = parse(markup)
            for tag, attrs in collector.tags:
                assert tag in ALLOWED_TAGS, (tag, markup)
                assert set(attrs) <= ALLOWED_ATTRS, (attrs, markup)
            assert "<b>" not in markup and "<script" not in markup and "<img" not in markup and "<svg" not in markup
        tokens = parse(pieces[0]).tokens
        if n == 1:
            assert tokens == list(result.candidate)  # every token's text comes back unchanged


def test_title_attribute_escapes_quotes():
    result = explain("say \"hi\" 'x'", ['say "hi"'], TUTORIAL)
    markup = candidate_html(result.candidate, result.order(1))
    assert "&quot;hi&quot;" in markup and "&#x27;x&#x27;" in markup
    titles = [a["title"] for a in spans(markup)]
    assert '“"hi"”' in (titles[1] or "")


def test_each_status_has_its_own_colour_and_non_colour_cue():
    matched, clipped, unmatched = (STYLES[s] for s in ("matched", "clipped", "unmatched"))
    assert "#0072B2" in matched.css and "#E69F00" in clipped.css
    assert "solid" in matched.css and "dashed" in clipped.css and "dotted" in unmatched.css
    assert "repeating-linear-gradient" in unmatched.css
    assert len({matched.marker, clipped.marker, unmatched.marker}) == 3
    assert all(s in legend_html() for s in ("matched", "clipped", "unmatched"))


@pytest.mark.parametrize("token", ["</script>", "a</STYLE>", "x-->", "y--!>", "z]>", "</textarea>"])
def test_titles_survive_dompurify_rules_with_an_invisible_joiner(token):
    result = explain(token, [token], TUTORIAL)
    title = spans(candidate_html(result.candidate, result.order(1)))[0]["title"] or ""
    assert "</" not in title and not re.search(r"(--!?|\])>", title)
    assert (
        title.replace(WORD_JOINER, "")
        == f"matched “{token}”: Count 1, Max_Ref_Count 1, Count_clip 1, source: reference 1"
    )


def test_order_html_is_legend_candidate_and_references_in_one_block():
    result = explain(CAND_2, list(REFS_2), TUTORIAL)
    order = result.order(1)
    markup = order_html(result.candidate, order, result.references)
    assert markup.count(STYLESHEET) == 1 and markup.startswith(STYLESHEET)
    blocks = re.findall(r'<div class="(bleu-legend|bleu-text bleu-candidate|bleu-text bleu-reference)">', markup)
    assert blocks == ["bleu-legend", "bleu-text bleu-candidate"] + ["bleu-text bleu-reference"] * len(REFS_2)
    # the same spans as the separate pieces, references numbered from 1 in their order
    assert candidate_html(result.candidate, order).removeprefix(STYLESHEET) in markup
    for j, (tokens, mask) in enumerate(zip(result.references, order.reference_matched), start=1):
        assert reference_html(tokens, mask, f"Reference {j}").removeprefix(STYLESHEET) in markup
