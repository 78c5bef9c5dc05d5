"""The Korean catalog covers every user-visible string of the app (issue 16).

Two checks, both over ``app_pages/`` and ``ui/`` (plus ``app.py``):

(a) **Unmarked text** (an AST scan). A string is user-visible when it is an argument that Streamlit
    shows: the first positional argument (or ``label=``/``body=``) of ``title``, ``header``,
    ``subheader``, ``markdown``, ``caption``, ``info``, ``warning``, ``error``, ``success``, ``toast``,
    ``metric``, ``button``, ``checkbox``, ``toggle``, ``radio``, ``selectbox``, ``multiselect``,
    ``text_area``, ``text_input``, ``number_input``, ``slider``, ``select_slider``,
    ``segmented_control``, ``pills``, ``expander``, ``popover``, ``download_button``,
    ``file_uploader`` and the ``st.column_config.*Column`` headers, every item of a
    ``tabs([...])`` list, and any ``help=``, ``placeholder=`` or ``title=`` keyword of any call, whatever
    object the method is called on (``st``, ``st.sidebar``, a column); also a progress bar's ``text=``, a
    ``format_func=lambda`` (the words of each option), the first argument of the app's own
    ``show_error``/``explore_button`` and of the ``InputError``/``LinkStateError`` a page shows,
    ``errors``/``problems``/``notes.append(...)`` (message lists), and an Altair tooltip field without a
    ``title=`` (a bare ``"fraction"`` or ``alt.Tooltip("fraction:N")`` shows the column's name; metric
    names such as "BLEU" may stay), an Altair axis or legend field without a ``title=`` (``alt.Y("penalty:Q")``,
    ``.encode(y="penalty:Q")``), and the keys of rows written in a ``st.dataframe``/``st.table`` call
    that its ``column_config`` does not label (the header would show the English key). Such an
    argument fails when it
    holds a string literal or f-string with words (two letters or more outside ``$...$`` formulas and
    backtick code) that does not pass through ``_()``/``ngettext()``. The scan follows the argument
    through ``a + b``, ``x if c else y``, ``"...".format(...)`` and plain wrapper calls such as
    ``escape_markdown(...)``, so ``st.caption(plain(f"Too long: {n}"))`` fails and
    ``st.caption(plain(_("Too long: {n}").format(n=n)))`` passes. Text built elsewhere (a variable, a
    function's return value) is not seen here: mark it with ``_()`` or ``N_()`` where it is written.
    A literal may stay unmarked only when the line says ``# i18n: keep`` (a name that is the same in
    every language, such as "BLEU").
(b) **Missing Korean** (Babel's extractor). Every msgid marked with ``_``, ``ngettext`` or ``N_`` in
    those files has a non-empty Korean msgstr in ``locale/ko/LC_MESSAGES/bleu_explorer.po``, with the
    same named placeholders (``{score}``), so ``.format`` never fails in Korean.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from tests.conftest import ROOT

SOURCES = [ROOT / "app.py", *sorted((ROOT / "app_pages").glob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]
PO = ROOT / "locale" / "ko" / "LC_MESSAGES" / "bleu_explorer.po"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
MARKERS = {"_", "ngettext", "N_"}

LABELLED = {
    "title",
    "header",
    "subheader",
    "markdown",
    "caption",
    "info",
    "warning",
    "error",
    "success",
    "toast",
    "metric",
    "button",
    "checkbox",
    "toggle",
    "radio",
    "selectbox",
    "multiselect",
    "text_area",
    "text_input",
    "number_input",
    "slider",
    "select_slider",
    "segmented_control",
    "pills",
    "expander",
    "popover",
    "download_button",
    "file_uploader",
}
VISIBLE_KEYWORDS = {"help", "placeholder", "title"}
#: The app's own calls that put their first argument on the screen: error boxes, hand-off buttons, and the
#: exceptions whose text a page shows (upload errors, link errors).
SHOWN_BY_APP = {"show_error", "_show_error", "explore_button", "InputError", "LinkStateError"}
#: Lists whose items a page shows as messages (``errors.append(f"...")``).
MESSAGE_LISTS = {"errors", "problems", "notes"}
#: Names a chart may show as they are (a tooltip without a title shows its field's name).
CHART_NAMES = {"BLEU", "chrF", "TER", "c/r", "r", "c"}
#: Altair encodings whose axis or legend is titled with the field's name unless given a ``title=``.
CHANNELS = {"X", "Y", "Color", "StrokeDash", "Shape", "Size"}
SHORTHAND_CHANNELS = {"x", "y", "color", "strokeDash", "shape", "size"}
KEEP = "# i18n: keep"


def has_words(text: str) -> bool:
    """Two letters or more outside $...$ formulas and `code`."""
    text = re.sub(r"\$[^$]*\$|`[^`]*`", "", text)
    return re.search(r"[A-Za-z]{2,}", text) is not None


def _unmarked(node: ast.AST) -> Iterator[ast.AST]:
    """The literals with words that reach the screen through ``node`` without a translation call."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if has_words(node.value):
            yield node
    elif isinstance(node, ast.JoinedStr):
        if any(isinstance(v, ast.Constant) and has_words(str(v.value)) for v in node.values):
            yield node
    elif isinstance(node, ast.BinOp):
        yield from _unmarked(node.left)
        yield from _unmarked(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _unmarked(node.body)
        yield from _unmarked(node.orelse)
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in MARKERS:
            return
        if isinstance(func, ast.Attribute) and func.attr == "format":
            yield from _unmarked(func.value)
            return
        if isinstance(func, ast.Name):  # a wrapper such as escape_markdown(...): look inside
            for arg in node.args:
                yield from _unmarked(arg)


def _shown_arguments(call: ast.Call) -> Iterator[ast.AST]:
    """The arguments of ``call`` that Streamlit puts on the screen."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    column = isinstance(func, ast.Attribute) and name.endswith("Column") and "column_config" in ast.unparse(func)
    if name in LABELLED or column or name in SHOWN_BY_APP:
        if call.args:
            yield call.args[0]
        yield from (k.value for k in call.keywords if k.arg in ("label", "body"))
    if name == "tabs" and call.args and isinstance(call.args[0], (ast.List, ast.Tuple)):
        yield from call.args[0].elts
    if name == "progress":  # st.progress(value, text=...) and bar.progress(value, text=...)
        yield from (k.value for k in call.keywords if k.arg == "text")
    if name == "append" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        if func.value.id in MESSAGE_LISTS and call.args:
            yield call.args[0]
    if name == "Tooltip" and not any(k.arg == "title" for k in call.keywords) and call.args:
        field = call.args[0]
        if isinstance(field, ast.Constant) and str(field.value).split(":")[0] not in CHART_NAMES:
            yield field  # without a title, the tooltip shows the data's column name
    if name in CHANNELS and not any(k.arg == "title" for k in call.keywords) and call.args:
        field = call.args[0]  # alt.X("precision:Q") without a title: the axis (or legend) shows the column's name
        if isinstance(field, ast.Constant) and str(field.value).split(":")[0] not in CHART_NAMES:
            yield field
    if name in ("dataframe", "table", "data_editor") and call.args:
        yield from _unlabelled_columns(call)
    for keyword in call.keywords:
        if name == "encode" and keyword.arg in SHORTHAND_CHANNELS and isinstance(keyword.value, ast.Constant):
            if str(keyword.value.value).split(":")[0] not in CHART_NAMES:
                yield keyword.value  # .encode(y="penalty:Q"): an axis titled with the column's name
        if keyword.arg == "tooltip" and isinstance(keyword.value, (ast.List, ast.Tuple)):
            yield from (e for e in keyword.value.elts if isinstance(e, ast.Constant))  # a bare field name
        elif keyword.arg == "format_func" and isinstance(keyword.value, ast.Lambda):
            yield keyword.value.body  # the words of each option
    yield from (k.value for k in call.keywords if k.arg in VISIBLE_KEYWORDS)


def _unlabelled_columns(call: ast.Call) -> Iterator[ast.AST]:
    """The column names of rows written in the call (``[{"change": ..., "BLEU": ...} for f in fixes]``)
    that its ``column_config`` does not label: their header would show the English name."""
    rows = call.args[0]
    if isinstance(rows, (ast.ListComp, ast.GeneratorExp)):
        rows = rows.elt
    elif isinstance(rows, ast.List) and rows.elts:
        rows = rows.elts[0]
    if not isinstance(rows, ast.Dict):
        return
    config = next((k.value for k in call.keywords if k.arg == "column_config"), None)
    labelled = {k.value for k in config.keys if isinstance(k, ast.Constant)} if isinstance(config, ast.Dict) else set()
    for key in rows.keys:
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value not in labelled:
            if key.value not in CHART_NAMES:
                yield key


def unmarked_strings(path: Path) -> list[str]:
    """``file:line: text`` of every unmarked user-visible literal in ``path``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for argument in _shown_arguments(node):
                for literal in _unmarked(argument):
                    line = literal.lineno
                    if KEEP in lines[line - 1]:
                        continue
                    found.append(f"{path.relative_to(ROOT)}:{line}: {ast.unparse(literal)[:80]}")
    return found


def extracted() -> dict[str, tuple[str, int]]:
    """Every marked msgid (plural forms included) -> where it was first found."""
    ids: dict[str, tuple[str, int]] = {}
    for path in SOURCES:
        for lineno, message, _comments, _context in extract_from_file("python", str(path), keywords=KEYWORDS):
            for msgid in message if isinstance(message, tuple) else (message,):
                if msgid:
                    ids.setdefault(msgid, (str(path.relative_to(ROOT)), lineno))
    return ids


def placeholders(text: str) -> set[str]:
    """The named fields of a format string ({score}, {n:,})."""
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}


def test_scanner_sees_what_it_should() -> None:
    """The scan's rules on a small sample (so that a broken scan cannot pass everything)."""
    sample = ast.parse(
        "st.title('Explore BLEU')\n"
        "st.caption(plain(f'Too long: {n}'))\n"
        "col.selectbox(_('System'), names, help='Which system')\n"
        "st.tabs([_('Scores'), 'Lines'])\n"
        "st.metric('BLEU', 1)  # i18n: keep\n"
        "st.markdown(_('p{n} is {p}').format(n=1, p=2))\n"
        "st.caption('$p_n$')\n"
        "st.column_config.NumberColumn('Count', help=_('x'))\n"
        "bar = st.progress(0.0, text=f'Counting n-grams of {n:,} lines')\n"
        "bar.progress(0.5, text=_('Counting n-grams: {done:,}').format(done=1))\n"
        "raise InputError(f'{name} is empty: it needs one segment per line.')\n"
        "raise LinkStateError(_('the link is corrupted'))\n"
        "errors.append(f'The tests cannot be run for {name}')\n"
        "rows.append(f'{name} row')\n"
        "show_error('Add at least two systems to compare.')\n"
        "handoff.explore_button(f'Open line {line} in Explore', state, key)\n"
        "alt.Chart(d).encode(x=alt.X('order:N', title='n-gram order'), tooltip=['fraction', alt.Tooltip('BLEU:Q')])\n"
        "alt.Tooltip('precision:Q', format='.4f')\n"
        "alt.Tooltip('weight:Q', title=_('weight'))\n"
        "st.radio(_('Order'), [1, 0], format_func=lambda k: f'{k}-grams' if k else 'All orders')\n"
        "st.radio(_('Order'), [1, 0], format_func=order_format(N_('{n}-grams')))\n"
        "base.encode(x=alt.X('c/r:Q'), y=alt.Y('penalty:Q'), color=alt.Color('curve:N', title=_('brevity penalty')))\n"
        "base.encode(x='c/r:Q', y='penalty:Q')\n"
        "st.dataframe([{'change': c, 'BLEU': b} for c, b in fixes], column_config={'BLEU': col})\n"
        "st.dataframe([{'change': c, 'BLEU': b} for c, b in fixes], column_config={'change': c, 'BLEU': col})\n"
    )
    calls = [n for n in ast.walk(sample) if isinstance(n, ast.Call)]
    flagged = {ast.unparse(lit) for call in calls for arg in _shown_arguments(call) for lit in _unmarked(arg)}
    assert flagged == {
        "'Explore BLEU'",
        "f'Too long: {n}'",
        "'Which system'",
        "'Lines'",
        "'BLEU'",
        "'Count'",
        "f'Counting n-grams of {n:,} lines'",
        "f'{name} is empty: it needs one segment per line.'",
        "f'The tests cannot be run for {name}'",
        "'Add at least two systems to compare.'",
        "f'Open line {line} in Explore'",
        "'n-gram order'",
        "'fraction'",
        "'precision:Q'",
        "f'{k}-grams'",
        "'All orders'",
        "'penalty:Q'",
        "'change'",
    }


def test_every_visible_string_is_marked() -> None:
    found = [entry for path in SOURCES for entry in unmarked_strings(path)]
    assert not found, "mark these with _() (see this test's docstring):\n" + "\n".join(found)


def test_every_marked_string_has_korean() -> None:
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    missing, mismatched = [], []
    for msgid, (where, line) in sorted(extracted().items()):
        message = catalog.get(msgid)
        if message is None:
            message = next((m for m in catalog if isinstance(m.id, tuple) and msgid in m.id), None)
        strings = message.string if message is not None else ""
        forms = strings if isinstance(strings, tuple) else (strings,)
        if not all(forms):
            missing.append(f"{where}:{line}: {msgid!r}")
        elif any(placeholders(form) != placeholders(msgid) for form in forms):
            mismatched.append(f"{where}:{line}: {msgid!r} -> {forms!r}")
    assert not missing, "no Korean in locale/ko/LC_MESSAGES/bleu_explorer.po for:\n" + "\n".join(missing)
    assert not mismatched, "the Korean has other {placeholders}:\n" + "\n".join(mismatched)


def test_korean_keeps_the_english_markdown_marks() -> None:
    """A translation adds no code or bold marks of its own: many strings are shown as plain text (table cells,
    chart labels, the doctor's tool names), where a mark the English lacks is printed as a raw backtick."""
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    added = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, korean in zip(ids * len(forms), forms):
            if any(korean.count(mark) != english.count(mark) for mark in ("`", "**")):
                added.append(f"{english!r} -> {korean!r}")
    assert not added, "the Korean has other Markdown marks than the English:\n" + "\n".join(added)


#: Placeholders whose Korean value always ends the same way (n-gram names end in 램, token counts in 큰, language
#: names in 어), so a particle written after them is right for every value.
_FIXED_ENDINGS = {"orders", "ngram", "tokens", "language"}
#: A particle after a placeholder, or after a placeholder and a bracket that follows it ("{name}(60줄)를"): the
#: particle must agree with the value, which the bracket does not change.
_PARTICLE_AFTER_VALUE = re.compile(
    r"\{(\w+)[^{}]*\}(?:\([^()]*\))?(\*\*|`|”)?(은|는|이|가|을|를|과|와|으로|로)(?=[\s.,:;!?)\]]|$)"
)
_DUAL_PARTICLE = re.compile(r"\((은|는|이|가|을|를|과|와|으)\)")


def test_korean_particles_never_follow_a_value_whose_pronunciation_varies() -> None:
    """A particle after a number, a file name or a Latin word must match its pronunciation ("50.46를", "none는"
    read wrong): the catalog asks for it in the placeholder's spec (``{name:을}``, filled by ``ui.shell.spoken``) or
    attaches it to a Korean noun (파일은, 값이, 점을), and has no "은(는)" or "(으)로"."""
    from babel.messages.pofile import read_po

    with open(ROOT / "locale" / "ko" / "LC_MESSAGES" / "bleu_explorer.po", "rb") as handle:
        catalog = read_po(handle)
    wrong = []
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            bad = [m.group(0) for m in _PARTICLE_AFTER_VALUE.finditer(text) if m.group(1) not in _FIXED_ENDINGS]
            bad += [m.group(0) for m in _DUAL_PARTICLE.finditer(text)]
            if bad:
                wrong.append(f"{text[:80]!r}: {bad}")
    assert not wrong, "\n".join(wrong)


def _spoken_specs(text: str) -> list[str]:
    """The format specs of ``text`` that ask for a particle or an article (``ui.shell.spoken``)."""
    from ui.shell.spoken import ARTICLE, FORMS

    specs = [spec for _lit, field, spec, _conv in string.Formatter().parse(text) if field and spec]
    return [spec for spec in specs if spec.endswith(FORMS) or spec == ARTICLE]


def filled_spoken() -> set[str]:
    """The msgids passed straight to ``fill_spoken`` (``fill_spoken(_("..."), ...)``) in the app's sources."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "fill_spoken"):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id in ("_", "ngettext"):
                found |= {a.value for a in first.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return found


def test_a_template_that_asks_for_particles_or_articles_is_filled_by_fill_spoken() -> None:
    """A Korean ``{name:을}`` or an English ``{metric:a}`` is a spec ``str.format`` refuses: every msgid whose English
    or Korean asks for one is passed to ``ui.shell.spoken.fill_spoken`` where it is filled, each spec names a particle
    spoken knows after a spec Python accepts, and the article is English's alone."""
    from ui.shell.spoken import ARTICLE, fill_spoken

    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    filled = filled_spoken()
    asking, unfilled = [], []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert ARTICLE not in _spoken_specs(text), f"an English article in Korean: {text!r}"
            if _spoken_specs(text):
                values = {field: 1234 for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}
                assert fill_spoken(text, **values), text  # a number for every value: each spec fills
        for english in ids:
            assert all(spec == ARTICLE for spec in _spoken_specs(english)), f"a Korean particle in English: {english!r}"
        if any(_spoken_specs(t) for t in (*ids, *strings)):
            asking.append(ids[0])
            if ids[0] not in filled:
                unfilled.append(ids[0])
    assert len(asking) >= 5 and not unfilled, f"filled with str.format, which refuses their specs: {unfilled}"
