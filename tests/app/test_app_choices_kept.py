"""Issue 45, item 4 (AppTest through the router): every choice on Compare, Corpus and the Score doctor survives a file
replaced (while the option it names is away, the page shows another and forgets nothing) and a reload or a
restarted server (the page's state in the store and in its link: ``ui.state``, ``ui.shell.held``).

Before, replacing xCOMET's score file switched "Imported metric" back to COMET-22 for good, and after a restart
"Imported metric", "Segments per system" and the other choices below the scores were back at their defaults: they
were no part of the page's state. A restart is the store opened again from its file (``identity._store`` cleared:
the server's memory gone, its folder kept) and the address the browser had (``?s=`` and ``?u=``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.conftest import messages, open_app, restarted, sample_lines, upload
from tests.score_files import comet_json, comet_scores, mqm_scores, xcomet_json
from ui.buckets.section import Slots
from ui.compare import meta
from ui.options import imported as mi
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import doctor as ds

TWO = ("system_a.en", "system_b.en")
COMET, XCOMET, MQM = (mi.keys("compare", f"imported-{k}") for k in (1, 2, 3))
BUCKETS = Slots.for_page("compare")


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def mqm_file(seed: int = 46) -> tuple[str, bytes]:
    return ("mqm.json", comet_json({n: v for n, v in mqm_scores(seed).items() if n in TWO}, key="MQM"))


def with_three_metrics() -> AppTest:
    """Compare on the bundled sample with COMET-22's scores as imported metric 1, xCOMET's as imported metric 2 and
    MQM-like human scores as imported metric 3 (the metric named as human scores leaves the disagreement section,
    so the section's choice is between the other two)."""
    at = open_app("compare")
    upload(at, COMET.slot, [("comet.json", comet_json(comet_scores(TWO), "COMET-22"))]).run()
    upload(at, XCOMET.slot, [("xcomet.json", xcomet_json(comet_scores(TWO, seed=5), "xCOMET-XL"))]).run()
    upload(at, MQM.slot, [mqm_file()]).run()
    return ok(at)


def remove(at: AppTest, slot: str) -> AppTest:
    """Click the remove button of every file kept in ``slot``."""
    buttons = [b for b in at.button if str(b.key).startswith(f"{slot}__remove_")]
    assert buttons, [b.key for b in at.button]
    for button in buttons:
        button.click().run()
    return ok(at)


def values(at: AppTest, read: dict[str, Callable[[AppTest], Any]]) -> dict[str, Any]:
    return {name: get(at) for name, get in read.items()}


COMPARE_CHOICES: dict[str, Callable[[AppTest], Any]] = {
    "Imported metric": lambda at: at.selectbox(key=cps.COMPARE_DISAGREE_IMPORTED).value,
    "Built-in metric": lambda at: at.selectbox(key=cps.COMPARE_DISAGREE_BUILT_IN).value,
    "Segments per system": lambda at: at.number_input(key=cps.COMPARE_DISAGREE_COUNT).value,
    "Human scores": lambda at: at.selectbox(key=meta.HUMAN_KEY).value,
    "Sentence metric": lambda at: at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).value,
    "Examples on each side": lambda at: at.number_input(key=cps.COMPARE_EXAMPLES).value,
    "Order": lambda at: at.segmented_control(key=cps.COMPARE_NGRAM_ORDER).value,
    "Buckets": lambda at: at.segmented_control(key=BUCKETS.kind).value,
    "Show": lambda at: at.segmented_control(key=BUCKETS.metric).value,
    "Line": lambda at: at.number_input(key=cps.COMPARE_OPEN_LINE).value,
}


def chosen_on_compare() -> AppTest:
    """Compare with every choice below the scores set away from its default, as a researcher sets them."""
    at = with_three_metrics()
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf", "imported-1", "imported-2", "imported-3"]).run()
    at.selectbox(key=cps.COMPARE_DISAGREE_IMPORTED).set_value("imported-2").run()
    at.selectbox(key=cps.COMPARE_DISAGREE_BUILT_IN).set_value("chrf").run()
    at.number_input(key=cps.COMPARE_DISAGREE_COUNT).set_value(5).run()
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-3").run()
    at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).set_value("imported-2").run()
    at.number_input(key=cps.COMPARE_EXAMPLES).set_value(4).run()
    at.segmented_control(key=cps.COMPARE_NGRAM_ORDER).set_value(2).run()
    at.segmented_control(key=BUCKETS.metric).set_value("xCOMET-XL").run()  # by reference length
    at.number_input(key=cps.COMPARE_OPEN_LINE).set_value(7).run()
    ok(at)
    assert values(at, COMPARE_CHOICES) == {
        "Imported metric": "imported-2",
        "Built-in metric": "chrf",
        "Segments per system": 5,
        "Human scores": "imported-3",
        "Sentence metric": "imported-2",
        "Examples on each side": 4,
        "Order": 2,
        "Buckets": "length",
        "Show": "xCOMET-XL",
        "Line": 7,
    }
    return at


def test_replacing_xcomets_file_keeps_every_choice_that_names_it() -> None:
    """The issue's case: the file removed, then a corrected one uploaded. While it is away the page shows another
    metric; once it is back every choice is the one made, not COMET-22."""
    at = chosen_on_compare()
    chosen = values(at, COMPARE_CHOICES)
    remove(at, XCOMET.slot)
    assert "imported-2" not in at.pills(key=cps.COMPARE_METRICS).value  # meanwhile: COMET-22 alone
    upload(at, XCOMET.slot, [("xcomet-fixed.json", xcomet_json(comet_scores(TWO, seed=6), "xCOMET-XL"))]).run()
    ok(at)
    assert "imported-2" in at.pills(key=cps.COMPARE_METRICS).value  # picked again, as its first upload was
    assert values(at, COMPARE_CHOICES) == chosen  # before: Imported metric, Sentence metric, ... back to the first
    remove(at, MQM.slot)  # the human scores' file replaced: they stay the human scores
    upload(at, MQM.slot, [mqm_file(seed=47)]).run()
    assert values(ok(at), COMPARE_CHOICES) == chosen


def test_replacing_the_baselines_file_keeps_it_the_baseline() -> None:
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", sample_lines("system_b.en")[::-1])]).run()
    at.selectbox(key=cps.COMPARE_BASELINE).set_value("system_c.en").run()
    at.selectbox(key=cps.COMPARE_OTHER).set_value("system_b.en").run()
    remove(at, cps.COMPARE_EXTRA_UPLOAD)
    assert at.selectbox(key=cps.COMPARE_BASELINE).value == "system_a.en"  # meanwhile, the first system
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", sample_lines("system_a.en")[::-1])]).run()
    ok(at)
    assert at.selectbox(key=cps.COMPARE_BASELINE).value == "system_c.en"
    assert at.selectbox(key=cps.COMPARE_OTHER).value == "system_b.en"


def test_every_choice_on_compare_survives_a_restart() -> None:
    at = chosen_on_compare()
    chosen = values(at, COMPARE_CHOICES)
    again = ok(restarted(at, "compare"))
    assert "upload them again" not in messages(again)
    assert values(again, COMPARE_CHOICES) == chosen  # before: COMET-22 (imported-1), 3 segments, ...


CORPUS_CHOICES: dict[str, Callable[[AppTest], Any]] = {
    "Sentence metric": lambda at: at.segmented_control(key=cs.CORPUS_SENTENCE_METRIC).value,
    "Character n-gram order": lambda at: at.radio(key=cs.CORPUS_CHRF_ORDER).value,
    "Buckets": lambda at: at.segmented_control(key=Slots.for_page("corpus").kind).value,
}


def test_every_choice_on_corpus_survives_a_smaller_order_and_a_restart() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf"]).run()
    at.segmented_control(key=cs.CORPUS_SENTENCE_METRIC).set_value("bleu").run()
    at.segmented_control(key=cs.CORPUS_ORDER).set_value(3).run()
    at.segmented_control(key=Slots.for_page("corpus").kind).set_value("frequency").run()
    at.number_input(key=cs.CORPUS.key("max_order")).set_value(2).run()  # order 3 is not offered ...
    assert ok(at).segmented_control(key=cs.CORPUS_ORDER).value == 1
    at.number_input(key=cs.CORPUS.key("max_order")).set_value(4).run()  # ... and is back
    assert ok(at).segmented_control(key=cs.CORPUS_ORDER).value == 3
    at.segmented_control(key=cs.CORPUS_SENTENCE_METRIC).set_value("chrf").run()
    at.radio(key=cs.CORPUS_CHRF_ORDER).set_value(5).run()
    chosen = values(ok(at), CORPUS_CHOICES)
    assert chosen == {"Sentence metric": "chrf", "Character n-gram order": 5, "Buckets": "frequency"}
    upload(at, mi.keys("corpus", "imported-1").slot, [("comet.json", comet_json(comet_scores(("system_a.en",))))])
    ok(at.run())  # a kept file: the session has a key in the address
    again = ok(restarted(at, "corpus"))
    assert values(again, CORPUS_CHOICES) == chosen
    token = at.query_params["s"]
    state, notes = cs.PAGE.from_link(str(token[0] if isinstance(token, list) else token))
    assert not notes and (state.sentence_metric, state.chrf_order, state.bucket_kind) == ("chrf", 5, "frequency")


def test_the_doctors_choices_survive_a_restart() -> None:
    at = open_app("doctor")
    at.radio(key=ds.METRIC).set_value("chrf").run()
    at.selectbox(key=ds.FROM).set_value("nltk-sentence-mean").run()
    at.selectbox(key=ds.TO).set_value("torchmetrics").run()

    def chosen(page: AppTest) -> tuple[Any, ...]:
        return (page.radio(key=ds.METRIC).value, page.selectbox(key=ds.FROM).value, page.selectbox(key=ds.TO).value)

    assert chosen(ok(at)) == ("chrf", "nltk-sentence-mean", "torchmetrics")
    again = ok(restarted(at, "doctor"))
    assert chosen(again) == ("chrf", "nltk-sentence-mean", "torchmetrics")  # before: BLEU, NLTK's corpus_bleu, ...
    again.radio(key=ds.CHECK).set_value("explore").run()
    twice = ok(restarted(ok(again), "doctor"))
    assert twice.radio(key=ds.CHECK).value == "explore" and twice.radio(key=ds.METRIC).value == "chrf"
