"""The interface language: one place that chooses it per session and translates through gettext.

``?lang=ko`` opens any page in Korean; without it a new session is in English. The choice lives in
the session (kept across sidebar navigation, which drops the address's query) and is written back
to the address on every run, so a reload or a copied address keeps it. Catalogs are GNU gettext
``.po`` files in ``locale/<lang>/LC_MESSAGES/bleu_explorer.po``, compiled in memory with Babel once
per process. Text is marked with ``_()`` (``ngettext`` for plurals, ``N_`` for module-level
constants translated where they are shown); a sentence built from parts is one msgid with named
placeholders, ``_("BLEU is {score}").format(score=...)``, so each language keeps its word order. A particle or
article that depends on how a value is read goes in the placeholder's format spec (``{name:을}`` in Korean,
``{metric:a}`` in English), and such a template is filled by ``ui.shell.spoken.fill_spoken``, not
``str.format``.
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

import streamlit as st

DOMAIN = "bleu_explorer"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
PARAM = "lang"
DEFAULT = "en"
#: Language code -> its name as the switch shows it (in its own language).
LANGUAGES = {"en": "English", "ko": "한국어"}
SESSION_KEY = "ui_language"
WIDGET_KEY = "ui_language_switch"

_current = threading.local()


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``, its .po compiled in memory (English: the msgids themselves)."""
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not po.exists():
        return gettext.NullTranslations()
    from babel.messages import mofile, pofile  # lazy: Babel is needed only for a catalog other than English

    with po.open("rb") as handle:
        catalog = pofile.read_po(handle, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    mofile.write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _active() -> gettext.NullTranslations:
    """This run's catalog; a run that did not pass through ``setup`` (a fragment) reads the session's."""
    active = getattr(_current, "translations", None)
    return translations(current()) if active is None else active


def _(message: str) -> str:
    """``message`` in the session's language."""
    return _active().gettext(message)


def bound() -> Callable[[str], str]:
    """``_`` bound to this run's language, for a widget's ``format_func`` (Streamlit and AppTest may call it
    outside the run, where the session's language is not known)."""
    return _active().gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the session's language."""
    return _active().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a module-level constant for the catalog; translate it with ``_()`` where it is shown."""
    return message


def fill(template: str, values: Mapping[str, Any]) -> str:
    """A catalog's template (a msgid marked with ``N_``) in the session's language, its named placeholders filled
    from ``values``: a code's words, whose placeholders are named like the code's fields (``{max_order}``)."""
    return _(template).format_map(values)


def and_list(items: Sequence[str]) -> str:
    """Items as a reader lists them, in the session's language: "a", "a and b", "a, b and c" ("a, b 및 c"): every
    list a sentence names in words is joined here, never with an English "and" of its own."""
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def current() -> str:
    """The session's language code."""
    lang = st.session_state.get(SESSION_KEY, DEFAULT)
    return lang if lang in LANGUAGES else DEFAULT


def use(lang: str) -> None:
    """Translate this run (thread) into ``lang``."""
    _current.translations = translations(lang if lang in LANGUAGES else DEFAULT)


def link_suffix() -> str:
    """What a share link adds after its state so that it opens in this language (``&lang=ko``; nothing in English)."""
    lang = current()
    return "" if lang == DEFAULT else f"&{PARAM}={lang}"


def query() -> dict[str, str]:
    """The language's query parameter for ``st.switch_page`` (empty in English)."""
    lang = current()
    return {} if lang == DEFAULT else {PARAM: lang}


def keep_choice(
    key: str, options: Sequence[Any], label: Callable[[Any, Callable[[str], str]], str]
) -> Callable[[Any], str]:
    """Call before drawing a choice widget (radio, selectbox, segmented control, pills) whose option labels are
    translated or may change (a metric's name): ``label(option, gettext)`` is an option's label in a language.
    Returns the widget's ``format_func`` (``label`` in this run's language, ``bound``).

    Streamlit keeps such a widget's value in the browser as its label, and the browser updates it only when the
    script sets it. So, first: after a switch to English and back, the browser sends the label it showed before,
    which the other language's widget does not know, and Streamlit hands the bare label to the script (Corpus then
    fell back to the bundled sample, losing the pasted texts); a label in any language is mapped back to its
    option. Second: when the chosen option's label is not the one drawn last (a language switch, a renamed metric),
    the value is set again, so the browser is sent its new label; else a radio or a selectbox showed no option
    chosen (Corpus's and Compare's "Input" after a switch, issue 45) while the script still used it.
    """
    session = st.session_state
    gettext = bound()

    def shown(option: Any) -> str:
        return label(option, gettext)

    if key not in session:
        return shown
    if session[key] not in options:
        value = session[key]
        for lang in LANGUAGES:
            other = translations(lang).gettext
            match = next((option for option in options if label(option, other) == value), None)
            if match is not None:
                session[key] = match
                break
    drawn = f"{key}__label"
    if session[key] in options:
        now = shown(session[key])
        if session.get(drawn, now) != now:
            session[key] = session[key]  # a value set by the script: Streamlit sends its label to the browser
        session[drawn] = now
    return shown


def named(names: Mapping[Any, str]) -> Callable[[Any, Callable[[str], str]], str]:
    """``keep_choice``'s labels for options named already, in this run's language or in none (a metric's name)."""
    return lambda option, _gettext: names[option]


def _switched() -> None:
    """The switch's callback: the new language becomes the session's."""
    session = st.session_state
    chosen = session.get(WIDGET_KEY)
    if chosen in LANGUAGES:
        session[SESSION_KEY] = chosen


def setup() -> str:
    """Choose this run's language (a new ``?lang=`` wins, then the session's, then English), mirror it
    in the address and draw the switch at the top of the sidebar. Call first in the router."""
    session = st.session_state
    asked = st.query_params.get(PARAM)
    if asked in LANGUAGES and asked != session.get("ui_language_seen_param"):
        session[SESSION_KEY] = asked
    session["ui_language_seen_param"] = asked
    lang = current()
    session[SESSION_KEY] = lang
    if lang == DEFAULT:
        st.query_params.pop(PARAM, None)
    else:
        st.query_params[PARAM] = lang
    session["ui_language_seen_param"] = st.query_params.get(PARAM)
    use(lang)
    session[WIDGET_KEY] = lang
    st.sidebar.segmented_control(
        _("Language"),
        list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=WIDGET_KEY,
        on_change=_switched,
        label_visibility="collapsed",
        persist_state="session",
    )
    return lang
