"""Explore's tokenizer view and its advice for Korean, Japanese and Chinese candidates (drawn here,
computed by ``ui.explore.tokenizer_rows`` through ``ui.explore.cache``)."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

import streamlit as st

from bleucore import BleuOptions
from ui.explore import tokenizer_rows as tr
from ui.explore.cache import tokenizer_rows
from ui.options.sidebar import tokenizer_label
from ui.shell.i18n import _
from ui.shell.session import session_state

USE_BUTTON_KEY = "tokenizer_advice_use"


def _use(session: MutableMapping[str, Any], key: str, name: str) -> None:
    session[key] = name


def tokenizer_advice(candidate: str, options: BleuOptions, tokenizer_key: str) -> None:
    """When the candidate is Korean, Japanese or Chinese and the tokenizer is 13a or none: say so,
    with one button that switches to the language's tokenizer (``tokenizer_key``: the widget's key)."""
    language = tr.cjk_language(candidate)
    message = tr.advice(language, options.tokenize)
    if language is None or message is None:
        return
    better = tr.language_tokenizer(language)
    st.info(message)
    label = tokenizer_label(better)
    session = session_state()
    st.button(
        _("Use `{tokenizer}`").format(tokenizer=better) if label == better else label,
        key=USE_BUTTON_KEY,
        on_click=_use,
        args=(session, tokenizer_key, better),
        disabled=label != better,
    )


def _precisions(row: tr.TokenizerRow) -> str:
    return " · ".join(f"p{k} {m}/{t}" for k, (m, t) in enumerate(row.counts, start=1))


def tokenizer_tab(candidate: str, references: Sequence[str], options: BleuOptions) -> None:
    """Side by side: the candidate's tokens, p_1..p_N and BLEU under whitespace, char and the
    language's tokenizer (CJK text) or under every general tokenizer; then a table of all."""
    rows = tokenizer_rows(candidate, references, options)
    language = tr.cjk_language(candidate)
    by_name = {row.tokenizer: row for row in rows}
    shown = [by_name[name] for name in tr.comparison_tokenizers(language) if name in by_name]
    if language is not None:
        st.markdown(
            "**"
            + _("{language}: whitespace, characters and `{tokenizer}`").format(
                language=_(tr.LANGUAGE_NAMES[language]), tokenizer=tr.language_tokenizer(language)
            )
            + "**"
        )
        st.caption(_(tr.WHY_THEY_DIFFER[language]))
    for col, row in zip(st.columns(len(shown)), shown):
        with col:
            st.markdown(f"**{row.tokenizer}**" + (" " + _("(whitespace)") if row.tokenizer == "none" else ""))
            st.metric(f"BLEU, {row.tokenizer}", _("undefined") if row.bleu is None else f"{row.bleu:.2f}")  # i18n: keep
            st.caption(_("{n:,} tokens; {precisions}").format(n=len(row.tokens), precisions=_precisions(row)))
            st.code(
                " · ".join(row.tokens),
                language=None,
                wrap_lines=True,
                height="content" if len(row.tokens) < 120 else 320,
            )
    st.caption(_("Every tokenizer, with the other options of the sidebar:"))
    st.dataframe(
        [
            {
                "tokenizer": r.tokenizer,
                "tokens": len(r.tokens),
                **{f"p{k}": f"{m}/{t}" for k, (m, t) in enumerate(r.counts, start=1)},
                "BLEU": r.bleu,
            }
            for r in rows
        ],
        hide_index=True,
        column_config={
            "tokenizer": st.column_config.TextColumn(_("tokenizer")),
            "tokens": st.column_config.NumberColumn(_("tokens")),
            "BLEU": st.column_config.NumberColumn(_("BLEU (0–100)"), format="%.2f"),
        },
    )
