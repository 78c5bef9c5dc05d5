"""Names a user gives (an imported metric's, from its score file or typed) as the page shows them (issue 45): escaped
exactly where Streamlit reads the text as Markdown (labels, captions, messages, headings, a radio's, pills' or
segmented control's options) and never where it shows text as it is (a selectbox's options, table cells and headers,
chart titles and legends, HTML), so ``COMET-22`` is never shown as ``COMET\\-22``; the English article before a name
as the name is read ("an MQM difference"); tokenizer names as code; the upload box's English said once in Korean."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from tests.app import rendered_text
from tests.conftest import open_app, upload
from tests.score_files import comet_json, comet_scores, plain, xcomet_json
from ui.compare import buckets as compare_buckets
from ui.compare import meta
from ui.options import imported as mi
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps
from ui.state import corpus as cs

TWO = ("system_a.en", "system_b.en")
#: The issue's names, and one whose characters Markdown would read as emphasis if it were not escaped.
NAMES = ("COMET-22", "x*COMET*_XL")
#: Elements that show their text as it is (charts, HTML, st.table): their words, as rendered_text reads them. A
#: dataframe's headers and cells are shown as they are too, but a column's help is Markdown.
_PLAIN_ELEMENTS = {"VegaLiteChart", "Html", "Arrow", "ArrowNamedDataSet", "Table"}
#: Fields of a widget that are not Markdown (Streamlit's docs: a selectbox's and multiselect's options are plain).
_PLAIN_FIELDS = {
    "Selectbox": {"options", "placeholder"},
    "MultiSelect": {"options", "placeholder"},
    "TextInput": {"placeholder"},
    "TextArea": {"placeholder"},
}
_SKIPPED = {*rendered_text._TECHNICAL, "raw_value", "raw_values"}
#: A Markdown escape: a backslash before ASCII punctuation.
_ESCAPE = re.compile(r"\\[!-/:-@\[-`{-~]")


def _strings(message: Message) -> Iterator[tuple[str, str]]:
    """(field name, text) of every string in ``message``, nested messages included."""
    for descriptor, value in message.ListFields():
        if descriptor.name in _SKIPPED:
            continue
        for item in value if isinstance(value, (list, tuple)) or hasattr(value, "append") else [value]:
            if isinstance(item, Message):
                yield from ((f"{descriptor.name}.{name}", text) for name, text in _strings(item))
            elif isinstance(item, str) and item.strip():
                yield descriptor.name, item


def markdown_and_plain(at: AppTest) -> tuple[list[str], list[str]]:
    """Every text the page shows, split into what Streamlit reads as Markdown and what it shows as it is."""
    markdown: list[str] = []
    shown_as_is: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message) and type(node).__name__.lower() not in ("code", "latex"):
            kind = proto.DESCRIPTOR.name
            if kind in _PLAIN_ELEMENTS:
                shown_as_is.extend(rendered_text._element(node))
            elif kind == "Dataframe":
                config = json.loads(proto.columns) if proto.columns else {}
                helps = {settings["help"] for settings in config.values() if settings.get("help")}
                texts = list(rendered_text._dataframe(proto))
                markdown.extend(t for t in texts if t in helps)
                shown_as_is.extend(t for t in texts if t not in helps)
            else:
                for field, text in _strings(proto):
                    plain_fields = _PLAIN_FIELDS.get(kind, set())
                    (shown_as_is if field.split(".")[0] in plain_fields else markdown).append(text)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return markdown, shown_as_is


def _without_code(text: str) -> str:
    return re.sub(r"`[^`]*`", " ", text)


def assert_escaped_only_in_markdown(at: AppTest, names: tuple[str, ...] = NAMES) -> None:
    markdown, shown_as_is = markdown_and_plain(at)
    for name in names:
        assert any(name in text for text in shown_as_is), f"{name} is shown as it is somewhere"
        assert any(escape_markdown(name) in text for text in markdown), f"{name} is in Markdown somewhere"
    escaped = [text for text in shown_as_is if _ESCAPE.search(text)]
    assert not escaped, f"Markdown escapes in text shown as it is: {escaped}"
    raw = [text for text in markdown if any(name in _without_code(text) for name in names)]
    assert not raw, f"names not escaped in Markdown: {raw}"


@pytest.fixture(scope="module")
def compare_with_two_named_metrics() -> AppTest:
    """Compare with COMET-22 and x*COMET*_XL (named in their JSON files), so the disagreement section offers a choice
    of imported metric and the human-score choice lists both."""
    at = open_app("compare")
    upload(at, mi.keys("compare", "imported-1").slot, [("c.json", comet_json(comet_scores(TWO), key=NAMES[0]))])
    at.run()
    upload(at, mi.keys("compare", "imported-2").slot, [("x.json", xcomet_json(comet_scores(TWO, seed=3), NAMES[1]))])
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_imported_metric_and_human_score_choices_show_the_names_as_given(
    compare_with_two_named_metrics: AppTest,
) -> None:
    at = compare_with_two_named_metrics
    picked = at.selectbox(key=cps.COMPARE_DISAGREE_IMPORTED)
    assert picked.label == "Imported metric" and picked.options == list(NAMES)
    assert at.selectbox(key=meta.HUMAN_KEY).options == ["none", *NAMES]


def test_compare_escapes_names_where_markdown_reads_them_and_nowhere_else(
    compare_with_two_named_metrics: AppTest,
) -> None:
    at = compare_with_two_named_metrics
    assert_escaped_only_in_markdown(at)
    at.selectbox(key=cps.COMPARE_DISAGREE_IMPORTED).set_value("imported-2").run()
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-1").run()
    buckets = next(c for c in at.get("segmented_control") if c.key == compare_buckets.SLOTS.metric)
    buckets.set_value(NAMES[0]).run()  # the length buckets' chart, titled by the metric
    assert not at.exception, at.exception
    assert_escaped_only_in_markdown(at)


def test_corpus_escapes_a_typed_name_where_markdown_reads_it_and_nowhere_else() -> None:
    at = open_app("corpus")
    entry = mi.keys("corpus", "imported-1")
    upload(at, entry.slot, [("a.txt", plain(comet_scores(TWO)["system_a.en"]))]).run()
    at.text_input(key=entry.name).input(NAMES[1]).run()
    next(c for c in at.get("segmented_control") if c.key == cs.CORPUS_SENTENCE_METRIC).set_value("imported-1").run()
    assert not at.exception, at.exception
    assert_escaped_only_in_markdown(at, NAMES[1:])


# --- English as it is read: the article a name takes, a tokenizer's name as code ----------------------------------


@pytest.mark.parametrize(
    ("name", "said"), [("MQM", "an MQM"), ("xCOMET-XL", "an xCOMET\\-XL"), ("COMET-22", "a COMET\\-22")]
)
def test_the_p_value_names_the_metrics_difference_with_the_article_it_is_read_with(name: str, said: str) -> None:
    at = open_app("compare")
    upload(at, mi.keys("compare", "imported-1").slot, [("s.json", comet_json(comet_scores(TWO), key=name))]).run()
    captions = [c.value for c in at.caption if "A p-value is the chance of" in c.value]
    assert len(captions) == 2  # BLEU's and the imported metric's
    assert "the chance of a BLEU difference" in captions[0]
    assert f"the chance of {said} difference at least this large" in captions[1], captions[1]


def test_explore_says_a_tokenizers_name_as_code() -> None:
    """A Korean candidate scored with ``none``: "none splits it only at spaces" read ``none`` as a word."""
    from ui.metrics.bleu import examples as ex
    from ui.options.sidebar import tokenizer_label
    from ui.state import explore as es

    at = open_app()
    at.selectbox(key=es.TOKENIZE).set_value("none")
    at.text_area(key=es.CANDIDATE).set_value(ex.KO_CAND).run()
    said = " ".join(i.value for i in at.info)
    assert "The candidate is Korean, and `none` splits it only at spaces." in said, said
    assert "sacreBLEU scores Korean with `ko-mecab` (its choice for `-l xx-ko`)" in said
    installed = tokenizer_label("ko-mecab") == "ko-mecab"
    expected = "Use `ko-mecab`" if installed else tokenizer_label("ko-mecab")  # a missing MeCab says what to install
    assert [b.label for b in at.button if b.key == "tokenizer_advice_use"] == [expected]


# --- the upload box's English, said once in Korean ----------------------------------------------------------------


@pytest.mark.parametrize(("page", "source"), [("corpus", cs.CORPUS_SOURCE), ("compare", cps.COMPARE_SOURCE)])
def test_the_upload_boxs_english_is_said_once_in_korean_beside_its_limits(page: str, source: str) -> None:
    """Streamlit draws "Upload", "Drag and drop files here" and "2MB per file" in English in every language (its docs:
    the file uploader's text cannot be translated): a Korean page says what they mean, once, with the box's limits."""
    from ui.inputs.limits import MAX_UPLOAD_MB

    for lang in ("ko", "en"):
        at = open_app(page, **({"lang": lang} if lang == "ko" else {}))
        at.radio(key=source).set_value("upload").run()
        assert len(at.get("file_uploader")) >= 2  # the references' box and the outputs'
        said = [c.value for c in at.caption if "`Upload`" in c.value]
        if lang == "en":
            assert not said  # the box already speaks the page's language
            continue
        assert len(said) == 1, said
        assert (
            f"`{MAX_UPLOAD_MB}MB per file`은 파일 하나의 크기 한도입니다" in said[0]
            and "`Upload`는 파일 고르기" in said[0]
        )
        assert f"{MAX_UPLOAD_MB} MB보다 큰 파일은 업로드 상자가" in said[0]  # beside the limits it explains
