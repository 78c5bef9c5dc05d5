"""Compare's examples that tell the story (AppTest through the router): BLEU's legend is drawn once above them, and
each hypothesis shows its line as plain text and one order of chips (the unigrams, p1), the other orders in a closed
``<details>`` (ui/compare/pictures.py, ui/metrics/bleu/highlight.one_order_html); with every order and a legend on
both sides of every example, ten examples made a phone's page some 78,000 px tall (issue 45, item 6)."""

from __future__ import annotations

import re
from html import escape

from tests.conftest import open_app, sample_lines


def test_the_examples_draw_one_legend_and_one_order_each_with_the_line() -> None:
    at = open_app("compare")
    assert not at.exception
    bodies = [h.proto.body for h in at.get("html")]
    pictures = [b for b in bodies if 'class="bleu-chip"' in b]
    assert len(pictures) == 2 * 6  # three examples on each side, both hypotheses
    assert sum('class="bleu-legend"' in b for b in bodies) == 1 and not any(
        'class="bleu-legend"' in b for b in pictures
    )
    for body in pictures:
        shown, hidden = body.split('<details class="bleu-more">', 1)
        assert re.findall(r"\d+-grams: p(\d+) = ", shown) == ["1"]  # the unigrams, then the others a click away
        assert re.findall(r"\d+-grams: p(\d+) = ", hidden) == ["2", "3", "4"]
        assert "The other orders: bigrams, trigrams and 4-grams" in hidden
    lines = {escape(line) for name in ("system_a.en", "system_b.en") for line in sample_lines(name)}
    plain = re.findall(r'<div class="hyp-line">(.*?)</div>', " ".join(bodies))
    assert len(plain) == 12 and set(plain) <= lines  # each hypothesis's own line, as text
