"""Limits that keep a shared deployment bounded: caches, upload size, link length.

* every ``st.cache_data`` in ui/ and app_pages/ passes ``max_entries`` and ``ttl`` (found by parsing the
  sources, so removing either from any decorator fails here);
* ``.streamlit/config.toml`` caps uploads (``server.maxUploadSize``) at the largest upload box, every box's size
  agrees with the held limits and docs/limits.md, and the upload widgets set and name it;
* link state is capped at ``ui.links.share.MAX_LINK_STATE`` characters: a state just over the cap is
  refused with a message when the link is written and when it is read, one at the cap is not.
"""

from __future__ import annotations

import ast
import json
import random
import tomllib

import pytest
from streamlit.testing.v1 import AppTest

from bleucore import MAX_HELD_CHARS, MAX_HELD_LINES
from bleucore.limits import MAX_TRAINING_BYTES
from tests.conftest import ROOT, link_token
from ui.inputs.limits import MAX_PASTE_CHARS, MAX_TRAINING_UPLOAD_MB, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB
from ui.links.share import MAX_LINK_STATE, LinkStateError, decode_state, encode_state
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

APP = str(ROOT / "app.py")
SOURCES = sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").glob("*.py")])


# --------------------------------------------------------------------------- caches


def _is_cache_data(node: ast.expr) -> bool:
    """``st.cache_data`` or ``streamlit.cache_data`` (bare or called)."""
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.Attribute) and target.attr == "cache_data"


def cache_decorators(source: str) -> list[tuple[str, int, set[str]]]:
    """(function name, line, keyword names) of every st.cache_data decorator in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if _is_cache_data(decorator):
                    keywords = {k.arg for k in decorator.keywords} if isinstance(decorator, ast.Call) else set()
                    found.append((node.name, decorator.lineno, {k for k in keywords if k}))
        elif isinstance(node, ast.Call) and _is_cache_data(node.func) and node.args:
            # st.cache_data(...)(function) used as a call rather than a decorator
            found.append((ast.unparse(node.args[0]), node.lineno, {k.arg for k in node.func.keywords if k.arg}))  # type: ignore[union-attr]
    return found


def test_the_scan_finds_caches_and_their_missing_limits() -> None:
    source = (
        "import streamlit as st\n"
        "@st.cache_data(max_entries=4, ttl=60)\ndef ok(): ...\n"
        "@st.cache_data(max_entries=4)\ndef no_ttl(): ...\n"
        "@st.cache_data\ndef bare(): ...\n"
        "wrapped = st.cache_data(ttl=5)(len)\n"
    )
    assert cache_decorators(source) == [
        ("ok", 2, {"max_entries", "ttl"}),
        ("no_ttl", 4, {"max_entries"}),
        ("bare", 6, set()),
        ("len", 8, {"ttl"}),
    ]


def test_every_cache_has_max_entries_and_ttl() -> None:
    caches = {path.relative_to(ROOT).as_posix(): cache_decorators(path.read_text("utf-8")) for path in SOURCES}
    assert sum(len(found) for found in caches.values()) >= 10, caches  # the scan sees the app's caches
    missing = [
        f"{path}:{line} {name} lacks {', '.join(sorted({'max_entries', 'ttl'} - keywords))}"
        for path, found in caches.items()
        for name, line, keywords in found
        if not {"max_entries", "ttl"} <= keywords
    ]
    assert not missing, "\n".join(missing)


# --------------------------------------------------------------------------- uploads


def test_config_caps_uploads_at_the_largest_box_and_the_boxes_agree_with_the_held_limits() -> None:
    """One limit per box, stated once (issue 40: a 9.9 MB file passed the 10 MB box and was then refused at
    1,000,000 characters): the server's cap is the largest box, a box's bytes are never more than the characters a
    file may hold, a paste holds what a file may, and the training corpus's box is the report's limit."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text("utf-8"))
    assert config["server"]["maxUploadSize"] == MAX_TRAINING_UPLOAD_MB == max(MAX_UPLOAD_MB, MAX_TRAINING_UPLOAD_MB)
    assert MAX_UPLOAD_BYTES == MAX_UPLOAD_MB * 2**20 <= MAX_HELD_CHARS < (MAX_UPLOAD_MB + 1) * 2**20
    assert MAX_PASTE_CHARS == MAX_HELD_CHARS and MAX_TRAINING_UPLOAD_MB * 2**20 == MAX_TRAINING_BYTES


def test_docs_state_every_app_limit_once() -> None:
    from ui.inputs import limits

    docs = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for stated in (
        f"| {MAX_UPLOAD_MB} MB and {MAX_HELD_LINES:,} lines (`ui.inputs.limits.MAX_UPLOAD_MB`",
        f"| {MAX_TRAINING_UPLOAD_MB} MB (`MAX_TRAINING_UPLOAD_MB`",
        f"| {MAX_PASTE_CHARS:,} characters (`MAX_PASTE_CHARS`",
        f"| {limits.MAX_SESSION_FILES} files and {limits.MAX_SESSION_BYTES // 2**20} MB (`MAX_SESSION_FILES`",
        f"| {limits.MAX_STORE_BYTES // 2**20} MB (`MAX_STORE_BYTES`)",
        f"| {limits.MAX_DECODED_BYTES // 2**20} MB (`MAX_DECODED_BYTES`)",
        f"| {limits.IDLE_SECONDS // 3600} hours / {limits.GONE_SECONDS // 86400} days (`IDLE_SECONDS`, `GONE_SECONDS`)",
        f"Limit {MAX_UPLOAD_MB}MB per file",
    ):
        assert stated in docs, stated
    named = [name for name in vars(limits) if name.startswith("MAX_") or name.endswith("_SECONDS")]
    assert [name for name in named if docs.count(f"`{name}") + docs.count(f".{name}`") != 1] == []


@pytest.mark.parametrize(
    ("page", "source", "boxes"),
    [
        ("corpus", cs.CORPUS_SOURCE, {cs.CORPUS_HYP_UPLOAD: MAX_UPLOAD_MB, cs.CORPUS_REF_UPLOAD: MAX_UPLOAD_MB}),
        ("compare", cps.COMPARE_SOURCE, {cps.COMPARE_REF_UPLOAD: MAX_UPLOAD_MB, cps.COMPARE_SYS_UPLOAD: MAX_UPLOAD_MB}),
        (
            "compare",
            None,  # the sample, with its bucket section's labels file and training corpus
            {
                cps.COMPARE_EXTRA_UPLOAD: MAX_UPLOAD_MB,
                "compare_labels_upload": MAX_UPLOAD_MB,
                "compare_train_upload": MAX_TRAINING_UPLOAD_MB,
            },
        ),
    ],
)
def test_upload_widgets_name_the_limit(page: str, source: str | None, boxes: dict[str, int]) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(f"app_pages/{page}.py").run()
    if source is not None:
        at.radio(key=source).set_value("upload").run()
    assert not at.exception
    drawn = {w.key: w for w in at.get("file_uploader")}
    for key, mb in boxes.items():
        assert drawn[key].proto.max_upload_size_mb == mb, key  # the box refuses a larger file itself
        lines = f" and {MAX_HELD_LINES:,} lines" if mb == MAX_UPLOAD_MB else ""
        assert f"At most {mb} MB{lines} a file." in (drawn[key].help or ""), key
    if source is not None:
        assert any(f"larger than {MAX_UPLOAD_MB} MB are refused" in c.value for c in at.caption)


def test_compare_scores_more_lines_than_the_other_pages_and_its_caches_hold_every_system() -> None:
    """Compare's totals (40 systems of a WMT test set) are past bleucore's held totals, which Corpus keeps; its
    per-system caches hold a page of that many systems, and docs/limits.md says why."""
    from bleucore import MAX_HELD_TOTAL_CHARS, MAX_HELD_TOTAL_LINES
    from ui.inputs import limits
    from ui.shell.cache_limits import MAX_SYSTEM_ENTRIES

    assert limits.MAX_COMPARE_LINES >= 40 * 2_500 + 2_500 > MAX_HELD_TOTAL_LINES
    assert limits.MAX_COMPARE_CHARS >= (40 * 2_500 + 2_500) * 110 and limits.MAX_COMPARE_CHARS > MAX_HELD_TOTAL_CHARS
    assert (limits.COMPARE_HELD.total_lines, limits.COMPARE_HELD.total_chars) == (
        limits.MAX_COMPARE_LINES,
        limits.MAX_COMPARE_CHARS,
    )
    assert (limits.COMPARE_HELD.lines, limits.COMPARE_HELD.chars) == (MAX_HELD_LINES, MAX_HELD_CHARS)
    assert MAX_SYSTEM_ENTRIES > 40
    docs = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    stated = f"| {limits.MAX_COMPARE_LINES:,} lines and {limits.MAX_COMPARE_CHARS:,} characters (`MAX_COMPARE_LINES`"
    assert stated in docs and f"`ui.shell.cache_limits.MAX_SYSTEM_ENTRIES`,\n{MAX_SYSTEM_ENTRIES})" in docs


def test_compare_scores_past_bleucores_held_total_that_corpus_refuses() -> None:
    """Nine files of 9,000 lines (81,000 lines together): Compare compares its eight systems; Corpus refuses a
    hypothesis and references of as many lines (its total is bleucore's)."""
    from bleucore import MAX_HELD_TOTAL_LINES
    from tests.conftest import file_bytes, messages, open_app, upload

    lines = [f"w{i % 97} w{i % 89} w{i % 83} end" for i in range(9_000)]
    assert 9 * len(lines) > MAX_HELD_TOTAL_LINES
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [("ref.txt", file_bytes(lines))])
    systems = [
        (f"s{k}.txt", file_bytes([line if i % 9 != k else "x" for i, line in enumerate(lines)])) for k in range(8)
    ]
    upload(at, cps.COMPARE_SYS_UPLOAD, systems).run(timeout=600)
    assert not at.exception
    assert "a page scores at most" not in messages(at)
    table = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns)
    assert len(table) == 8
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    refs = [(f"r{k}.txt", file_bytes(lines)) for k in range(8)]
    upload(at, cs.CORPUS_REF_UPLOAD, refs)
    upload(at, cs.CORPUS_HYP_UPLOAD, [("hyp.txt", file_bytes(lines))]).run(timeout=600)
    assert f"a page scores at most {MAX_HELD_TOTAL_LINES:,} lines" in messages(at)


# --------------------------------------------------------------------------- link state


def _token_length(state: dict[str, object]) -> int:
    raw = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return len(link_token(raw))


def _raw_token(state: dict[str, object]) -> str:
    """encode_state without its cap: what a hand-made (or older) link could hold."""
    raw = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return link_token(raw)


def _states_around_the_cap() -> tuple[dict[str, object], dict[str, object]]:
    """Two Explore link states whose encodings are the longest within and the shortest beyond the cap."""
    rng = random.Random(2)
    noise = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(3 * MAX_LINK_STATE))

    def state(size: int) -> dict[str, object]:
        return {"v": es.LINK_VERSION, "c": noise[:size], "r": ["a reference"]}

    low, high = 1, len(noise)  # _token_length(state(low)) <= cap < _token_length(state(high))
    assert _token_length(state(high)) > MAX_LINK_STATE
    while high - low > 1:
        middle = (low + high) // 2
        if _token_length(state(middle)) > MAX_LINK_STATE:
            high = middle
        else:
            low = middle
    return state(low), state(high)


def test_state_just_over_the_cap_is_refused_on_write_and_on_read() -> None:
    within, beyond = _states_around_the_cap()
    token = encode_state(within)
    assert MAX_LINK_STATE - 8 <= len(token) <= MAX_LINK_STATE
    assert decode_state(token) == within
    over = _raw_token(beyond)
    assert MAX_LINK_STATE < len(over) <= MAX_LINK_STATE + 8
    with pytest.raises(LinkStateError, match=f"too long to fit in a link .*limit {MAX_LINK_STATE:,}"):
        encode_state(beyond)
    with pytest.raises(LinkStateError, match=f"{len(over):,} characters long, limit {MAX_LINK_STATE:,}"):
        decode_state(over)


def test_explore_page_explains_a_refused_link_on_write_and_on_read() -> None:
    within, beyond = _states_around_the_cap()
    # write: typing the text just beyond the cap leaves the address bar without a link, and says why
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.text_area(key=es.CANDIDATE).input(str(beyond["c"]))
    at.text_area(key=es.ref_key(0)).input("a reference")
    at.run()
    at.button(key=es.remove_key(2)).click().run()
    at.button(key=es.remove_key(1)).click().run()
    assert not at.exception
    assert "s" not in at.query_params
    assert any("too long to fit in a link" in i.value and "limit 8" in i.value for i in at.info)
    assert [m for m in at.metric if m.label == "BLEU (0–100)"]  # the text itself is still scored
    # read: a link just over the cap is refused with a message; one at the cap opens
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["s"] = _raw_token(beyond)
    at.run()
    assert not at.exception
    shown = [w.value.replace("\\", "") for w in at.warning]  # Markdown escapes removed
    assert any("This link could not be opened" in w and "limit 8" in w for w in shown), shown
    assert at.text_area(key=es.CANDIDATE).value == es.DEFAULT.candidate
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["s"] = encode_state(within)
    at.run()
    assert not at.error and not any("link" in w.value for w in at.warning)
    assert at.text_area(key=es.CANDIDATE).value == within["c"]
