"""Every page in Korean, read as a student would (issue 16): no English sentence is left.

Each test opens a page (or a state of it: every Explore tab, an error, a bad link) with ``?lang=ko``
and reads every text it shows (tests/app/rendered_text.py: labels, help, captions, messages, HTML
titles, table headers and cells, chart titles, axes, legends and tooltips). A Latin word may stay
only when it is a name or notation that the Korean tutorials keep as it is (``ALLOWED``, a short
list), or a word of the user's text (the inputs, the tutorials' example sentences, the sample files
and their names; a whole word, so a word glued into a sentence in English is found even where it is a piece of a
user's word: "and" in "commands"; issue 36). Korean glosses in parentheses after Hangul
("보정된 정밀도(modified precision)") and command-line flags (``-lc``) are fine. Numbers must be the same as in
English.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions
from tests.app.html_views import html_tables, variants_tables
from tests.app.rendered_text import shown_texts, words
from tests.conftest import SAMPLE, drop_zone, messages, open_app, sample_lines, upload
from tests.golden_examples import CA2, CA4, REFS_1
from tests.score_files import comet_json, comet_scores, mqm_scores, plain, system_lines, xcomet_json
from ui.compare import buckets as compare_buckets
from ui.compare import meta as compare_meta
from ui.links.share import encode_state
from ui.metrics.bleu import examples as ex
from ui.options import imported as mi
from ui.shell import i18n
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

#: Names and notation kept in Korean text: metrics, tools, the tutorials' own terms (Count_clip ...), the
#: option values of sacreBLEU's command line (tokenizers, smoothing methods, reference-length rules,
#: variants), file formats and units.
ALLOWED = {
    "BLEU",
    "chrF",
    "chrF2",
    "chrF2++",
    "chrF++",
    "TER",
    "sacreBLEU",
    "SACREBLEU_SEED",
    "NLTK",
    "MeCab",
    "Tercom",
    "bleucore",
    "python",
    "pip",
    "install",
    "Papineni",
    "et",
    "al",
    "Koehn",
    "Riezler",
    "Maxwell",
    "Chen",
    "Cherry",
    "wikidocs",
    "donghwa-kim",
    "github",
    "io",
    "torchtext",
    "Candidate",
    "Reference",
    "Count",
    "Count_clip",
    "Max_Ref_Count",
    "n-gram",
    "gram",
    "BP",
    "log",
    "exp",
    "min",
    "max",
    "ln",
    "alpha",
    "epsilon",
    "F-beta",
    "NIST",
    "mteval-v13a",
    "Unicode",
    "UTF-8",
    "UTF-16",
    "NUL",
    "none",
    "13a",
    "intl",
    "char",
    "zh",
    "ja-mecab",
    "ko-mecab",
    "flores",  # sacreBLEU's SentencePiece tokenizers flores101 and flores200, spBLEU-1K and their model (issue 46)
    "spBLEU",
    "SentencePiece",
    "floor",
    "add-k",
    "nltk-method",
    "method",
    "closest",
    "shortest",
    "average",
    "standard",
    "simplified",
    "tutorial",
    "CSV",
    "JSON",
    "JSONL",  # MetricX's output format (issue 46), named as its README names it
    "XML",
    "HTML",
    "LaTeX",
    "MB",
    "UTF",
    "Ctrl+Enter",
    "English",
    # issue 37: the learned metrics and human scores a researcher imports, and WMT25's ranking test
    "COMET",
    "MetricX",
    # issue 38: xCOMET's name, the human evaluation protocols a human score comes from, and the correlations' glosses
    "xCOMET",
    "DA",
    "ESA",
    "MQM",
    "WMT",
    "Wilcoxon",
    "AR",
    "CI",
    "MT",
    "Ca",
    "eojeol",
    "net",
    "float",
    # the clitic the Score doctor quotes as tokenizers split it ('don't' against 'do n't')
    "don't",
    "n't",
    # the detokenizer the Score doctor names (sacremoses)
    "sacremoses",
    # issue 45: the framework whose upload box stays in English, named where its words are said in Korean
    "Streamlit",
    # issue 46: WMT25's measures and AutoRank by their names, and the papers' first authors
    "SPA",
    "PCE",
    "AutoRank",
    "Kocmi",
    "Thompson",
    "Deutsch",
}
#: The tutorials' sentences (Explore's default, Learn's examples): the user's text, never translated.
EXAMPLES = (
    *(v for k, v in vars(ex).items() if isinstance(v, str) and not k.startswith("__")),  # not the module's docstring
    *(t for v in vars(ex).values() if isinstance(v, tuple) for t in v if isinstance(t, str)),
)
#: The bundled samples and their file names (Corpus and Compare show their lines).
SAMPLES = (*(path.read_text(encoding="utf-8") for path in SAMPLE.glob("*.en")), *(p.name for p in SAMPLE.iterdir()))
#: A Markdown escape (``ui.shell.markdown.escape_markdown``): the page shows the character after the backslash.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_GLOSS = re.compile(r"(?<=[\uac00-\ud7a3])\([^()]*\)")  # 보정된 정밀도(modified precision)
_FLAG = re.compile(r"(^|[\s(])--?[a-z][a-z-]*")
#: Code written in plain text (a table cell cannot show `code`): an argument set to a value (smooth=True), an
#: exception's name (ZeroDivisionError) and a character range (A-Z).
_CODE = re.compile(r"(?<![A-Za-z_])(?:[A-Za-z_]\w*=\w+|(?:[A-Z][a-z]+)+Error|[A-Za-z]-[A-Za-z])(?![A-Za-z_])")


def english_words(text: str, user_text: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` that are neither allowed names nor words of the user's text (``user_text`` and
    the tutorials' sentences). A text that is itself a piece of the user's text is the user's (a chrF highlight cuts
    "party" into "p" + "arty"); inside a sentence, a word must be one of the user's words, not a piece of one: "and"
    glued into a Korean sentence is English even where a reference says "commands"."""
    own_texts = [t.lower() for t in (*user_text, *EXAMPLES)]
    text = _ESCAPED.sub(r"\1", text)  # as the page shows it: "system\\_a\\.en" is the file system_a.en
    head, colon, rest = text.partition(": ")
    if colon and head.strip() and any(head.strip().lower() in own for own in own_texts):
        text = rest  # a piece of the user's text, then what it is (a chrF highlight's title: "arty: matched")
    piece = text.strip().lower()
    if piece and any(piece in own for own in own_texts):
        return []
    own_words = {w.lower() for t in own_texts for w in words(t)}
    text = _CODE.sub(" ", _FLAG.sub(" ", _GLOSS.sub(" ", text)))
    return [
        w
        for w in words(text)
        if w not in ALLOWED
        and w.lower() not in own_words
        and not re.fullmatch(r"Ca\d|p\d*|[A-Za-z]_\w+|\w+_\w+|nltk-method\d", w)
    ]


def untranslated(at: AppTest, *user_text: str) -> list[str]:
    """Every shown text with an English word left, with the words."""
    assert not at.exception, [e.value for e in at.exception]
    found = []
    for text in dict.fromkeys(shown_texts(at)):
        left = english_words(text, user_text)
        if left:
            found.append(f"{text[:160]!r}: {left}")
    return found


def test_the_reader_finds_english_and_lets_names_and_user_text_pass() -> None:
    """The check itself: an English sentence fails, a Korean one with names, formulas and user text passes."""
    assert english_words("Why is it zero?") == ["Why", "zero"]  # "is" and "it" are words of the tutorials' sentences
    assert english_words("Counting n-grams of 60 lines") == ["Counting", "n-grams", "lines"]
    assert english_words("브레버티 패널티(brevity penalty): BP = exp(1 − r/c), sacreBLEU의 -lc") == []
    assert english_words("후보 번역 “obeys”는 Count 1, Max_Ref_Count 0") == []
    assert english_words("“xyzzy plugh” 불일치", ("xyzzy plugh",)) == []
    assert english_words("arty", ("the party",)) == [] and english_words("p", ("the party",)) == []  # pieces of it
    assert english_words("arty: 일치한 3-gram 안", ("the party",)) == []  # a piece, then what it is
    assert english_words("설정 점검\\: system\\_a\\.en에서", ("system_a.en",)) == []  # Markdown escapes, as shown
    assert english_words("참조 번역이 9 and 11 토큰일 때", ("the commands",)) == ["and"]  # a word, not a piece
    assert english_words("smooth=True 설정, ZeroDivisionError 오류, 대문자 A-Z만") == []
    assert english_words("smooth 설정, Division 오류, 대문자 AZ") == ["smooth", "Division", "AZ"]


def _walk(at: AppTest, state: str, *user_text: str) -> list[str]:
    return [f"[{state}] {entry}" for entry in untranslated(at, *user_text)]


def test_explore_every_tab_in_korean() -> None:
    at = open_app(lang="ko")
    found = []
    for key in es.TABS:
        at.session_state[es.TAB] = key  # the stable English key, as a link or another test sets it
        at.run()
        found += _walk(at, key)
        if key == "Variants":  # issue 45: the headline is 대표 점수, not a calque
            tables = variants_tables(at)  # the variants table is HTML (cards on a phone)
            assert any("= 대표 점수" in t.columns for t in tables), [list(t.columns) for t in tables]
            assert "헤드라인" not in " ".join(shown_texts(at))
    at.session_state[es.TAB] = es.TABS[0]
    at.session_state[es.ORDER] = 0  # all orders
    at.run()
    found += _walk(at, "all orders")
    assert not found, "\n".join(found)


#: A note of every kind the Formula tab writes inside its math (ui/metrics/bleu/formula.py), for Example 1's
#: references: each case's candidate, options and the Korean words its formula holds.
_TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
_FORMULA_NOTES = {
    "log-zero": (CA2, _TUTORIAL, "이므로"),
    "left-out": (CA2, _TUTORIAL.with_changes(variant="tutorial"), "합에서 뺌"),
    "smoothed": (CA2, _TUTORIAL.with_changes(smooth_method="exp"), "(스무딩됨)"),
    "effective-order": (CA4, _TUTORIAL.with_changes(effective_order=True, smooth_method="floor"), "유효 차수 밖"),
}


@pytest.mark.parametrize("case", list(_FORMULA_NOTES))
def test_the_formulas_words_are_korean(case: str) -> None:
    """Issue 45: the words inside the Formula tab's math (``\\text{...}``) were English on a Korean page."""
    candidate, options, korean = _FORMULA_NOTES[case]
    at = open_app(
        lang="ko", s=es.PAGE_STATE.to_link(es.with_changes(es.from_options(candidate, REFS_1, options), tab="Formula"))
    )
    inside = [w for e in at.latex for w in re.findall(r"\\text\{([^{}]*)\}", e.value)]
    assert any(korean in w for w in inside), inside
    assert not [w for w in inside if english_words(w)], inside


def test_explore_zero_score_and_its_fixes_in_korean() -> None:
    at = open_app(lang="ko")
    at.text_area(key=es.CANDIDATE).set_value("xyzzy plugh").run()
    assert any("0" in w.value for w in at.warning)
    found = _walk(at, "zero", "xyzzy plugh")
    at.session_state[es.TAB] = "Variants"
    at.run()
    found += _walk(at, "zero variants", "xyzzy plugh")
    assert not found, "\n".join(found)


def test_explore_korean_candidate_and_its_tokenizers_in_korean() -> None:
    at = open_app(lang="ko")
    at.text_area(key=es.CANDIDATE).set_value(ex.KO_CAND)
    for ref_id in at.session_state[es.REF_IDS]:
        at.text_area(key=es.ref_key(ref_id)).set_value(ex.KO_REF)
    at.session_state[es.TAB] = "Tokenizers"
    at.run()
    found = _walk(at, "Korean candidate")
    assert not found, "\n".join(found)


def test_explore_input_and_option_problems_in_korean() -> None:
    at = open_app(lang="ko")
    at.text_area(key=es.CANDIDATE).set_value("").run()  # scored: c = 0, with the reason
    found = _walk(at, "empty candidate")
    at = open_app(lang="ko")
    for ref_id in at.session_state[es.REF_IDS]:
        at.text_area(key=es.ref_key(ref_id)).set_value("")
    at.run()
    found += _walk(at, "empty references")
    at = open_app(lang="ko")
    at.checkbox(key=es.CUSTOM_WEIGHTS).check().run()
    at.text_input(key=es.WEIGHTS).set_value("0.5, abc").run()
    assert at.warning
    found += _walk(at, "bad weights", "0.5, abc")
    at = open_app(lang="ko")
    at.number_input(key=es.MAX_ORDER).set_value(2)
    at.selectbox(key=es.SMOOTH_METHOD).set_value("nltk-method6").run()  # NLTK's method 6 needs N >= 3
    assert at.error
    found += _walk(at, "undefined score")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("page", ["explore", "corpus", "compare"])
def test_a_bad_link_is_explained_in_korean(page: str) -> None:
    at = open_app(page, lang="ko", s="not-a-link")
    found = _walk(at, f"{page} bad link", *(SAMPLES if page != "explore" else ()))  # the page then opens its sample
    assert "링크" in messages(at)
    assert not found, "\n".join(found)


def test_a_partly_readable_link_is_explained_in_korean() -> None:
    token = encode_state({"page": "explore", "v": es.LINK_VERSION, "c": "a b", "r": ["a b"], "o": 99, "tab": "Secrets"})
    at = open_app(lang="ko", s=token)
    found = _walk(at, "partly readable link", "a b", "Secrets")
    assert "링크" in messages(at)
    assert not found, "\n".join(found)


def test_learn_in_korean() -> None:
    at = open_app("learn", lang="ko")
    found = _walk(at, "learn")
    assert not found, "\n".join(found)
    text = " ".join(shown_texts(at))  # issue 45's wording: a number's digits, a tie in length, what is returned
    assert "반올림하지 않은 값: 2/7 = 0.2857142857142857." in text and "전체 정밀도" not in text
    assert "탐색에서 열기: 두 참조 길이가 똑같이 가까운 10토큰 후보 번역" in text and "동점" not in text
    assert "바이그램 정밀도를 보면 단어를 늘어놓기만 했다는 것이 드러납니다(p2 = 2/4)" in text
    assert "참조 번역이 네 단어보다 짧으면 BLEU 대신 차수별 정밀도 p1 = p2 = 1.0을 돌려줍니다." in text


@pytest.mark.parametrize(("page", "source"), [("corpus", cs.CORPUS_SOURCE), ("compare", cps.COMPARE_SOURCE)])
def test_corpus_and_compare_with_both_samples_in_korean(page: str, source: str) -> None:
    at = open_app(page, lang="ko")
    found = _walk(at, f"{page} sample", *SAMPLES)
    said = {  # issue 45: the particle after a file name is the one its last sound ("en") takes
        "corpus": "내장 예제: 약한 시스템이 낸 60줄짜리 출력 system_a.en을 ref.en 및 ref2.en에 대해 채점했습니다.",
        "compare": "내장 예제: 각 60줄인 system_a.en 및 system_b.en을 ref.en 및 ref2.en과 비교합니다.",
    }
    assert said[page] in " ".join(shown_texts(at)).replace("\\", "")
    assert "sacreBLEU 기본값으로 되돌리기" in [b.label for b in at.sidebar.button]  # not a literal "(으)로"
    assert "반올림하지 않은 코퍼스 BLEU: " in " ".join(c.value for c in at.caption) or page == "compare"
    at.radio(key=source).set_value("sample-ko").run()
    found += _walk(at, f"{page} Korean sample", *SAMPLES)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("page", "key"), [("corpus", cs.CORPUS_METRICS), ("compare", cps.COMPARE_METRICS)])
def test_corpus_and_compare_with_every_metric_in_korean(page: str, key: str) -> None:
    at = open_app(page, lang="ko")
    at.pills(key=key).set_value(["bleu", "chrf", "chrf++", "ter"]).run()
    found = _walk(at, f"{page} every metric", *SAMPLES)
    at.pills(key=key).set_value([]).run()
    found += _walk(at, f"{page} no metric", *SAMPLES)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("page", "options"), [("corpus", cs.CORPUS), ("compare", cps.COMPARE)])
def test_an_undefined_corpus_score_is_explained_in_korean(page: str, options) -> None:
    """NLTK's method 6 with N = 2: the corpus score's reason is worded from its code, not bleucore's English."""
    at = open_app(page, lang="ko")
    at.selectbox(key=options.key("smooth_method")).set_value("nltk-method6").run()
    at.number_input(key=options.key("max_order")).set_value(2).run()
    assert "nltk-method6" in messages(at) and "N ≥ 3" in messages(at).replace(">=", "≥"), messages(at)
    found = _walk(at, f"{page} undefined", *SAMPLES)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("page", "options"), [("corpus", cs.CORPUS), ("compare", cps.COMPARE)])
def test_settings_sacrebleu_has_no_equivalent_for_are_named_in_korean(page: str, options) -> None:
    """NLTK's smoothing and N = 3: sacreBLEU 2.6 has no equivalent for either, and the page names both in Korean,
    as one list (bleucore gives their codes; its English phrases are the command line's)."""
    at = open_app(page, lang="ko")
    at.selectbox(key=options.key("smooth_method")).set_value("nltk-method1").run()
    at.number_input(key=options.key("max_order")).set_value(3).run()
    captions = " ".join(c.value for c in at.caption).replace("\\", "")
    assert "최대 n-gram 차수 N = 3 및 스무딩 nltk-method1" in captions, captions
    found = _walk(at, f"{page} without a sacreBLEU equivalent", *SAMPLES)
    assert not found, "\n".join(found)


def test_corpus_mismatched_line_counts_in_korean() -> None:
    at = open_app("corpus", lang="ko")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("one line\ntwo lines")
    at.text_area(key=cs.corpus_ref_key(0)).set_value("one line")
    at.run()
    assert "줄 수가 다릅니다" in messages(at)
    found = _walk(at, "corpus mismatch", "one line\ntwo lines")
    assert not found, "\n".join(found)


def test_compare_errors_in_korean() -> None:
    at = open_app("compare", lang="ko")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).set_value("a b\nc d")
    at.text_area(key=cps.compare_sys_key(0)).set_value("a b\nc d")
    at.text_area(key=cps.compare_sys_key(1)).set_value("a b")
    at.run()
    assert "비교에서 빠집니다" in messages(at) and "참조 번역과 줄 수가 같은 시스템이 둘보다 적습니다" in messages(at)
    found = _walk(at, "compare mismatch", "a b c d")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("data", "needle"),
    [(b"\xff\xfeA\x00", "UTF-16"), (b"caf\xe9\n", "UTF-8"), (b"a\x00b", "NUL"), (b"", "비어")],
)
def test_upload_errors_in_korean(data: bytes, needle: str) -> None:
    """The upload errors' words (AppTest cannot upload a file: the decoder is called in a Korean run's place)."""
    from ui.inputs.uploads import InputError, decode_bytes

    i18n.use("ko")
    try:
        with pytest.raises(InputError) as caught:
            decode_bytes(data, "hyp.txt")
    finally:
        i18n.use("en")
    message = str(caught.value)
    assert needle in message and "hyp.txt" in message
    assert english_words(message, ("hyp.txt",)) == [], message


# --- the tabs: stable keys in links and state, labels in the session's language ---------------------------


def _charts_tab_open(at: AppTest) -> bool:
    return len(at.get("vega_lite_chart")) == 2  # the precision and brevity penalty charts


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_link_to_a_tab_opens_it_in_either_language(lang: str) -> None:
    """Links hold the English key ("Charts"), old links included; the Korean page shows its label 차트."""
    token = es.PAGE_STATE.to_link(es.with_changes(es.DEFAULT, tab="Charts"))
    at = open_app(s=token, **({"lang": lang} if lang == "ko" else {}))
    assert _charts_tab_open(at)
    assert at.session_state[es.TAB] == ("차트" if lang == "ko" else "Charts")
    assert (
        es.PAGE_STATE.from_link(
            at.query_params["s"][0] if isinstance(at.query_params["s"], list) else at.query_params["s"]
        )[0].tab
        == "Charts"
    )


def test_a_korean_tab_click_keeps_the_english_key_in_the_link_and_survives_a_language_switch() -> None:
    at = open_app(lang="ko")
    at.session_state[es.TAB] = "변형"  # the tab widget holds the label the user clicked
    at.run()
    assert len(at.get("vega_lite_chart")) == 1 and variants_tables(at)  # the Variants tab
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    assert es.PAGE_STATE.from_link(token)[0].tab == "Variants"
    at.sidebar.segmented_control[0].set_value("en").run()
    assert not at.exception
    assert at.session_state[es.TAB] == "Variants" and variants_tables(at)  # still the Variants tab, now in English


# --- translating never changes a number --------------------------------------------------------------------


def _numbers(at: AppTest) -> list[object]:
    """Every metric value, then every numeric cell of every table (data grids, st.table, HTML tables)."""
    found: list[object] = [m.value for m in at.metric]
    for value in [*(f.value for f in at.dataframe), *(t.value for t in at.table), *html_tables(at)]:
        numeric = value.select_dtypes("number")
        found += [round(float(v), 9) for v in numeric.to_numpy().ravel().tolist() if v == v]
    return found


@pytest.mark.parametrize("page", ["explore", "corpus", "compare"])
def test_numbers_are_the_same_in_both_languages(page: str) -> None:
    english, korean = open_app(page), open_app(page, lang="ko")
    assert _numbers(english) and _numbers(korean) == _numbers(english)


@pytest.mark.parametrize("tab", ["Charts", "Variants", "Tokenizers", "chrF & TER"])
def test_explore_tab_numbers_are_the_same_in_both_languages(tab: str) -> None:
    english, korean = open_app(), open_app(lang="ko")
    for at in (english, korean):
        at.session_state[es.TAB] = tab
        at.run()
    assert _numbers(korean) == _numbers(english)


def test_the_score_doctor_in_korean() -> None:
    """Tool names and the code that calls each tool are names and code, not sentences: they stay as written (but
    the averaged tools' names, which the page words)."""
    from bleucore.tools import FAMILIES, TOOLS
    from ui.doctor import inputs as di
    from ui.doctor import scores as ds

    worded = ("nltk-sentence-mean", "tutorial", "tutorial-simplified")
    tools = [*TOOLS, *(t for family in FAMILIES.values() for t in family.tools)]
    names = tuple(text for t in tools for text in ((t.call,) if t.key in worded else (t.name, t.call)))
    at = open_app("doctor", lang="ko")
    found = _walk(at, "doctor", *names, *SAMPLES)
    for start in ("nltk-sentence-mean", "tutorial-simplified", "multi-bleu-lc", "torchmetrics"):
        at.selectbox(key=ds.FROM).set_value(start).run()
        found += _walk(at, f"from {start}", *names, *SAMPLES)
    # chrF's and TER's implementations, each waterfall's steps.
    for metric, starts in (("chrf", [t.key for t in FAMILIES["chrf"].tools[1:]]), ("ter", ["torchmetrics"])):
        at.radio(key=ds.METRIC).set_value(metric).run()
        for start in starts:
            at.selectbox(key=ds.FROM).set_value(start).run()
            found += _walk(at, f"{metric} from {start}", *names, *SAMPLES)
    at.radio(key=ds.METRIC).set_value("bleu").run()
    names += ("sacreBLEU 2.6 -tok ko-mecab", "sacrebleu REF -i HYP -tok ko-mecab")
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()  # the ko-mecab row and its waterfall
    found += _walk(at, "Korean sample", *names, *SAMPLES)
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("13a").run()  # Korean scored with 13a: a finding
    found += _walk(at, "Korean with 13a", *names, *SAMPLES)
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    drop_zone(at, cs.CORPUS_HYP_UPLOAD).set_value([("out.bin", b"\x00binary", "application/octet-stream")])
    at.run()
    found += _walk(at, "refused upload", *names, "out.bin")
    said = [c.value for c in at.caption if "`Upload`는 파일 고르기" in c.value]  # the box's English, said once
    assert len(said) == 1 and "MB per file`은 파일 하나의 크기 한도입니다" in said[0], said
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("the cat sat on the mat .\nit rains").run()
    at.text_area(key=cs.corpus_ref_key(0)).set_value("The cat sat on the mat.\nIt rains.\nAn extra line.").run()
    found += _walk(
        at,
        "pasted, one line too many",
        *names,
        "the cat sat on the mat .",
        "it rains",
        "The cat sat on the mat.",
        "It rains.",
        "An extra line.",
    )
    for state, (hyp, ref, source) in _DOCTOR_FINDINGS.items():  # issue 39's findings, with the source pasted
        at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join(hyp))
        at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ref))
        at.text_area(key="doctor_source_paste").set_value("\n".join(source))
        at.run()
        assert [*at.warning, *at.error], messages(at)  # each state shows its findings
        found += _walk(at, state, *names, *hyp, *ref, *source)
        if state == "an output cut off in every line":  # issue 45's finding, in a teacher's Korean
            assert "문장 중간에서 끝납니다: 출력이 잘린 것으로 보입니다" in messages(at), messages(at)
    at.radio(key=di.CHECK).set_value("explore").run()
    found += _walk(at, "explore", *names, *SAMPLES)
    assert not found, "\n".join(found)


def _doctor_findings() -> dict[str, tuple[list[str], list[str], list[str]]]:
    """(hypothesis, reference, source) lines that make issue 39's findings: a chat model's output (wrappers, a
    refusal, lines in German, Slovak and Korean, lines left in the German source), the files swapped, a merged line,
    an output cut short, one cut off in every line, mostly short lines, tokenized references."""
    from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, KOREAN, SLOVAK, SYSTEM
    from tests.generators import cut_off

    llm = list(SYSTEM)
    llm[1], llm[2] = "Here is the translation: " + llm[1], f'"{llm[2]}"'
    llm[4], llm[5] = llm[4] + " (Note: a free translation.)", "I'm sorry, but I can't help with that request."
    llm[6], llm[8], llm[9], llm[10], llm[11] = GERMAN[6], SLOVAK[8], GERMAN[9], KOREAN[10], KOREAN[11]
    llm[13] = "죄송하지만 번역해 드릴 수 없습니다."
    hyp, ref = sample_lines("system_a.en"), sample_lines("ref.en")
    return {
        "a chat model's output": (llm, ENGLISH, GERMAN),
        "the source as the output": (GERMAN, ENGLISH, GERMAN),
        "swapped files": (ENGLISH, llm, GERMAN),
        "a merged line": ([*hyp[:20], hyp[20] + " " + hyp[21], *hyp[22:], "A closing line."], ref, ref),
        "an output cut short": (hyp[:30], ref, hyp),
        "an output cut off in every line": (cut_off(ref, 45), ref, ref),
        "short lines, tokenized references": (
            ["a cat"] * 16 + SYSTEM[:8],
            ["a cat ."] * 16 + [line[:-1] + " ." for line in ENGLISH[:8]],
            ["eine Katze"] * 16 + GERMAN[:8],
        ),
    }


_DOCTOR_FINDINGS = _doctor_findings()


def _bucket_control(at: AppTest, key: str):  # type: ignore[no-untyped-def]
    return next(c for c in at.get("segmented_control") if c.key == key)


def test_compare_buckets_examples_and_report_in_korean() -> None:
    """Issue 24's sections in Korean: every bucket analysis and word measure, a labels file (and one of the wrong
    length), a training corpus (and a binary one), a system identical to the baseline, the examples and the report."""

    refs = sample_lines("ref.en")
    labels = "\n".join("뉴스" if i % 2 else "talks" for i in range(len(refs))) + "\n"
    at = open_app("compare", lang="ko")
    found = []
    upload(at, compare_buckets.SLOTS.labels, [("short.txt", b"news\n")])
    upload(at, compare_buckets.SLOTS.training, [("train.bin", b"\x00\x01\n")])
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("copy.en", (SAMPLE / "system_a.en").read_bytes())]).run()
    assert "short.txt" in messages(at) and "train.bin" in messages(at) and "copy.en" in messages(at), messages(at)
    found += _walk(at, "bad labels and training", *SAMPLES, "short.txt", "train.bin", "copy.en")
    upload(at, compare_buckets.SLOTS.labels, [("labels.txt", labels.encode())])
    upload(at, compare_buckets.SLOTS.training, [("train.en", (SAMPLE / "ref2.en").read_bytes())]).run()
    assert _bucket_control(at, compare_buckets.SLOTS.kind).options == ["참조 번역 길이별", "단어 빈도별", "레이블별"]
    for kind, metrics in (("length", ["BLEU"]), ("frequency", ["fmeas", "prec", "rec"]), ("label", ["BLEU"])):
        _bucket_control(at, compare_buckets.SLOTS.kind).set_value(kind).run()
        for metric in metrics:
            _bucket_control(at, compare_buckets.SLOTS.metric).set_value(metric).run()
            found += _walk(at, f"buckets {kind} {metric}", *SAMPLES, "labels.txt", "train.en", "copy.en", labels)
            size = "참조 단어 수" if kind == "frequency" else "줄 수"
            assert any(list(f.value.columns[:2]) == ["구간", size] for f in at.dataframe), (kind, metric)
    assert "뉴스" in " ".join(shown_texts(at)), "the label buckets were drawn"
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    assert len(at.get("download_button")) >= 3 + 2
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf++", "ter"]).run()
    for metric in ("chrf++", "ter"):  # the examples drawn as Explore draws each metric
        _bucket_control(at, cps.COMPARE_SENTENCE_METRIC).set_value(metric).run()
        assert any(("chrf-text" if metric != "ter" else "ter-seq") in h.proto.body for h in at.get("html"))
        found += _walk(at, f"examples by {metric}", *SAMPLES, "labels.txt", "train.en", "copy.en", labels)
    found += _walk(at, "report", *SAMPLES, "labels.txt", "train.en", "copy.en", labels)
    assert not found, "\n".join(found)


def _bucket_lines_app() -> None:
    """A picked bucket's lines (the chart's selection, which AppTest cannot click), drawn in Korean."""
    from bleucore.buckets import BucketSettings, frequency_buckets, length_buckets
    from bleucore.metrics import get_metric
    from tests.conftest import sample_lines
    from ui.buckets.views import show_bucket_lines
    from ui.inputs.uploads import TextFile
    from ui.options.bleu import SACREBLEU
    from ui.shell import i18n as lang
    from ui.state import handoff

    lang.use("ko")
    systems = {n: TextFile(n, tuple(sample_lines(n))) for n in ("system_a.en", "system_b.en")}
    refs = [TextFile("ref.en", tuple(sample_lines("ref.en")))]
    scores = {n: __import__("numpy").linspace(0, 100, 60) for n in systems}
    lines = {n: list(f.lines) for n, f in systems.items()}
    length = length_buckets(lines, [list(refs[0].lines)], [get_metric("bleu")], settings=BucketSettings(10))
    words = frequency_buckets(lines, [list(refs[0].lines)], settings=BucketSettings(10))
    for analysis, bucket, shown, key in (
        (length, "<10", list(systems), "two"),
        (length, "<10", ["system_a.en"], "one"),
        (words, "1", list(systems), "words"),
    ):
        line = show_bucket_lines(analysis, bucket, shown, systems, refs, "BLEU", scores, key)
        assert line is not None
        handoff.line_buttons(line, shown, systems, refs, SACREBLEU, f"{key}_open")  # what Corpus and Compare add


def test_a_picked_buckets_lines_in_korean() -> None:
    at = AppTest.from_function(_bucket_lines_app, default_timeout=120)
    at.run()
    assert len(at.dataframe) == 3 and len(at.button) == 5
    found = _walk(at, "bucket lines", *SAMPLES)
    assert not found, "\n".join(found)


def test_compare_and_corpus_with_comet_and_a_ranking_in_korean() -> None:
    """Issue 37's sections in Korean: four systems and one COMET JSON (COMET's significance section, the ranking
    with its clusters, the examples and length buckets by COMET, the word-frequency note, the report), every bad
    score file's message, and Corpus with a plain score file (its corpus COMET, the line explained)."""
    lines = system_lines()
    names = ("system_c.en", "system_d.en", "comet.json", "a.txt", "b.txt", "outputs/system_a.en")
    at = open_app("compare", lang="ko")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in ("system_c.en", "system_d.en")]).run()
    upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", comet_json(comet_scores()))]).run()
    assert "순위" in [s.value for s in at.subheader] and "COMET" in " ".join(s.value for s in at.subheader)
    found = _walk(at, "compare with COMET", *SAMPLES, *names)
    _bucket_control(at, cps.COMPARE_SENTENCE_METRIC).set_value("imported-1").run()
    _bucket_control(at, compare_buckets.SLOTS.metric).set_value("COMET").run()
    found += _walk(at, "examples and buckets by COMET", *SAMPLES, *names)
    _bucket_control(at, compare_buckets.SLOTS.kind).set_value("frequency").run()
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    found += _walk(at, "word frequency and the report", *SAMPLES, *names)
    scores = comet_scores()
    bad = {
        "line count": [("a.txt", plain(scores["system_a.en"][:-1]))] + [("b.txt", plain(scores["system_b.en"]))] * 3,
        "file count": [("a.txt", plain(scores["system_a.en"])), ("b.txt", plain(scores["system_b.en"]))],
        "missing system": [("comet.json", comet_json({"system_a.en": scores["system_a.en"]}))],
        "not a number": [("a.txt", b"0.5\nnan\n")],
    }
    for case, files in bad.items():
        at = open_app("compare", lang="ko")
        upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in ("system_c.en", "system_d.en")]).run()
        upload(at, mi.keys("compare", "imported-1").slot, files).run()
        assert at.error, case
        found += _walk(at, f"bad scores: {case}", *SAMPLES, *names, "nan")  # the line it quotes
    at = open_app("corpus", lang="ko")
    upload(at, mi.keys("corpus", "imported-1").slot, [("a.txt", plain(scores["system_a.en"]))]).run()
    _bucket_control(at, cs.CORPUS_SENTENCE_METRIC).set_value("imported-1").run()
    assert any("COMET" in m.label for m in at.metric)
    found += _walk(at, "corpus with COMET", *SAMPLES, *names)
    assert not found, "\n".join(found)


def test_compare_disagreement_and_metrics_against_people_in_korean() -> None:
    """Issue 38's sections in Korean: the agreement shares, the disagreement examples with xCOMET's error spans
    (severities, hover titles), the human-score choice, the too-few-systems message, then with four systems the
    correlations' table and scatter."""
    lines = system_lines()
    two = ("system_a.en", "system_b.en")
    names = ("system_c.en", "system_d.en", "xcomet.json", "esa.json", "outputs/system_a.en")
    at = open_app("compare", lang="ko")
    upload(at, mi.keys("compare", "imported-1").slot, [("xcomet.json", xcomet_json(comet_scores(two)))]).run()
    assert "평가 지표가 엇갈리는 곳" in [s.value for s in at.subheader]
    assert any('class="xspan-label sev-major">주요<' in h.proto.body for h in at.get("html"))
    found = _walk(at, "disagreement", *SAMPLES, *names)
    at.selectbox(key=compare_meta.HUMAN_KEY).set_value("imported-1").run()
    assert at.info
    found += _walk(at, "too few systems", *SAMPLES, *names)
    at = open_app("compare", lang="ko")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in ("system_c.en", "system_d.en")]).run()
    upload(at, mi.keys("compare", "imported-1").slot, [("xcomet.json", xcomet_json(comet_scores()))]).run()
    upload(at, mi.keys("compare", "imported-2").slot, [("esa.json", comet_json(comet_scores(seed=38), "ESA"))]).run()
    at.selectbox(key=compare_meta.HUMAN_KEY).set_value("imported-2").run()
    assert any("segment_kendall" in f.value.columns for f in at.dataframe)
    found += _walk(at, "metrics against people", *SAMPLES, *names)
    assert not found, "\n".join(found)


def test_compare_wmt25_measures_autorank_and_estimates_in_korean() -> None:
    """Issue 46's words in Korean: every delta's estimate of human agreement (a covered metric, TER, the human scores,
    a name that says no model), SPA and acc_eq in the table and in words (a threshold that ties every pair), the pairs
    furthest from the people, AutoRank, the human scores left out of the disagreement section, the report."""
    lines = system_lines()
    names = ("system_c.en", "system_d.en", "comet.json", "mqm.json", "outputs/system_a.en")
    found = []
    for key in ("COMET-22", "COMET"):
        at = open_app("compare", lang="ko")
        upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in ("system_c.en", "system_d.en")]).run()
        upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", comet_json(comet_scores(), key))]).run()
        upload(at, mi.keys("compare", "imported-2").slot, [("mqm.json", comet_json(mqm_scores(), "MQM"))]).run()
        at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "ter", "imported-1", "imported-2"]).run()
        at.selectbox(key=compare_meta.HUMAN_KEY).set_value("imported-2").run()
        assert any("spa" in f.value.columns for f in at.dataframe) and any(
            "autorank" in f.value.columns for f in at.dataframe
        )
        found += _walk(at, f"WMT25 with {key}", *SAMPLES, *names, key)
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    found += _walk(at, "report with human scores", *SAMPLES, *names)
    assert not found, "\n".join(found)
