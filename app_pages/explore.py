"""Explore: one candidate against its references, with every number of BLEU explained."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

import streamlit as st

from bleucore import BleuOptions, BLEUScore, SentenceExplanation
from ui.explore.summary import other_metrics, result_summary
from ui.explore.tokenizer_view import tokenizer_advice, tokenizer_tab
from ui.links.share_box import share_link, share_url
from ui.metrics.bleu import charts, chip_words, formula, headline, highlight, ngram_table, variants, wording
from ui.metrics.bleu.cache import explain_text, variants_text
from ui.metrics.bleu.fixes import show_fixes
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import view as ter_view
from ui.options.bleu import describe
from ui.options.sidebar import options_sidebar
from ui.options.tokenizer_needs import needs_message
from ui.shell import i18n
from ui.shell.i18n import N_, _
from ui.shell.markdown import escape_markdown as plain  # the one Markdown escaper: messages may quote user text
from ui.shell.plain_code import code_html
from ui.shell.session import session_state
from ui.state import explore as es
from ui.state import handoff
from ui.state.on_page import mirror_state, open_state_page


def input_column(session: MutableMapping[str, Any]) -> None:
    """The candidate and its references, each with a button that removes it, and one that adds a reference."""
    # persist_state: a run started before the text area's code reached the browser (a tab clicked at once) would
    # otherwise draw it empty and the next run would score the empty text (Streamlit >= 1.66.1 sends the value).
    st.text_area(_("Candidate"), key=es.CANDIDATE, height=90, persist_state="session")
    ref_ids = list(session[es.REF_IDS])
    for position, ref_id in enumerate(ref_ids, start=1):
        # A horizontal container never stacks: the ✕ stays beside the reference it removes, even on a phone.
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            st.text_area(
                _("Reference {position}").format(position=position),
                key=es.ref_key(ref_id),
                height=75,
                persist_state="session",
            )
            st.button(  # a close icon on screen; its name, for screen readers, says which reference it removes
                "*" + _("Remove reference {position}").format(position=position) + "*",
                icon=":material/close:",
                key=es.remove_key(ref_id),
                help=_("Remove reference {position}").format(position=position),
                on_click=es.remove_reference,
                args=(session, ref_id),
                disabled=len(ref_ids) == 1,
            )
    st.button(
        _("Add a reference"), on_click=es.add_reference, args=(session,), disabled=len(ref_ids) >= es.MAX_REFERENCES
    )


def explain_input(
    state: es.ExploreState, result_box: Any, details: Any
) -> tuple[BleuOptions, Sequence[str], SentenceExplanation] | None:
    """The options, the non-empty references and BLEU's explanation, or None when there is nothing to explain
    (each problem said where the score would be)."""
    problems = es.input_problems(state)
    options: BleuOptions | None = None
    try:
        options = es.to_options(state)
    except ValueError as err:
        problems.append(_("Check the options: {err}.").format(err=err))
    if options is not None and (needs := needs_message(options.tokenize)) is not None:
        problems.append(needs)  # a link may name a tokenizer whose analyser or model this server lacks
    for problem in problems:
        result_box.warning(plain(problem))
    if problems or options is None:
        return None
    references = es.scored_references(state)
    if len(references) < len(state.references):
        details.caption(
            _("{n} empty reference(s) are ignored; reference numbers below count only the others.").format(
                n=len(state.references) - len(references)
            )
        )
    try:
        return options, references, explain_text(state.candidate, references, options)
    except ValueError as err:
        result_box.error(
            plain(
                _("BLEU is not defined for this input with these options: {err}.").format(err=wording.error_text(err))
            )
        )
        return None


def show_details(
    state: es.ExploreState, references: Sequence[str], options: BleuOptions, result: SentenceExplanation
) -> None:
    """Beside the inputs: chrF and TER, the tokenizer's advice, the score's notes and why a score is 0 or tiny."""
    score = result.score
    other_metrics(state.candidate, references)  # chrF2, chrF2++ and TER beside BLEU
    tokenizer_advice(state.candidate, options, es.TOKENIZE)
    for note in score.notes:
        st.info(wording.describe(note))
    diagnosis = result.diagnosis
    if diagnosis is None:
        return
    title = _("Why is it zero?") if diagnosis.bleu.score == 0 else _("Why is it so low?")
    extra = ""
    if score.zero_reason and not diagnosis.nothing_matches:
        extra = f"\n\n{wording.sentence(score.zero_reason)}"
    st.warning(f"**{title}** {wording.describe_all(diagnosis.reasons)}{extra}")
    if diagnosis.fixes:
        st.caption(_("Options that would give a non-zero score for this input:"))
        show_fixes(diagnosis)


def show_matches(session: MutableMapping[str, Any], options: BleuOptions, result: SentenceExplanation) -> None:
    """The n-gram chips of one order (or all), with that order's table and its CSV."""
    es.clamp_order(session, options.max_order)
    orders = [*range(1, options.max_order + 1), 0]
    n = st.radio(
        _("Order n"),
        orders,
        key=es.ORDER,
        horizontal=True,
        format_func=i18n.keep_choice(es.ORDER, orders, wording.order_label(N_("{n}-grams"), N_("All orders"))),
        label_visibility="collapsed",  # read by screen readers; its choices say what it is ("2-grams")
        persist_state="session",
    )
    if n == 0:
        st.markdown(chip_words.orders_caption(result.orders))
        st.html(highlight.orders_html(result.candidate, result.orders))
        return
    order = result.order(n)
    st.markdown(chip_words.order_caption(order))
    st.html(highlight.order_html(result.candidate, order, result.references))
    if order.total == 0:
        st.info(
            _("The candidate has {tokens} token(s), so it has no {n}-gram.").format(tokens=len(result.candidate), n=n)
        )
        return
    st.html(ngram_table.order_html(order))  # a plain table: no data grid code before the first view
    st.download_button(
        _("Download the {n}-gram table (CSV)").format(n=n),
        lambda: ngram_table.order_csv(order),
        file_name=f"bleu-{n}-grams.csv",
        mime="text/csv",
    )


def show_formula(score: BLEUScore) -> None:
    """The formula, step by step, with this input's numbers."""
    if score.sys_len == 0:
        st.caption(_("The candidate is empty: every p_n is 0/0 (counted as 0) and c = 0 makes BP = 0."))
    for caption, latex in formula.formula_steps(score):
        st.markdown(f"**{caption}**")
        st.latex(latex)


def show_charts(score: BLEUScore) -> None:
    """The precisions and the brevity penalty, each a chart with its caption."""
    st.altair_chart(charts.precision_chart(score), width="stretch")
    st.caption(charts.precision_caption(score))
    st.altair_chart(charts.brevity_chart(score), width="stretch")
    st.caption(charts.brevity_caption(score))


def show_variants(state: es.ExploreState, references: Sequence[str], options: BleuOptions, score: BLEUScore) -> None:
    """Every variant and smoothing on this input, as a chart and a table."""
    rows = variants_text(state.candidate, references, options)
    st.altair_chart(variants.variants_chart(rows, options), width="stretch")
    st.caption(_(variants.VARIANTS_CAPTION))
    st.markdown(
        _("Headline: **{score}**. Every row below says which variant and options it uses.").format(
            score=headline.headline(score)
        )
    )
    st.html(variants.variants_html(rows, options))


def show_export(state: es.ExploreState, result: SentenceExplanation, token: str | None) -> None:
    """sacreBLEU's line, the signature and the link, each with a copy button, and the full result as JSON."""
    score = result.score
    st.caption(_("sacreBLEU's line, the signature and the link to this view, each with a copy button:"))
    st.code(score.format(), language=None, wrap_lines=True)  # unwrapped, a phone scrolled it sideways
    st.code(score.signature, language=None, wrap_lines=True)
    if token is not None:
        st.code(share_url(token), language=None, wrap_lines=True)
    st.download_button(
        _("Download the full result (JSON)"),
        lambda: ngram_table.result_json(result, es.as_dict(state)),
        file_name="bleu-result.json",
        mime="application/json",
    )


def main() -> None:
    """Draw the page: the score first, the inputs and the details beside each other, then the tabs."""
    session = session_state()
    handoff.arrived()  # a hand-off that brought us here is done
    open_state_page(
        es.PAGE_STATE,
        lambda: (
            _("Explore BLEU"),
            _(
                "Score one candidate translation against its references and see where every number comes from: "
                "clipped n-gram matches, modified precisions, the brevity penalty and the geometric mean."
            ),
        ),
    )
    with st.sidebar:
        options_sidebar(es.OPTIONS, es.START_PRESET)
    # The result comes first: on a phone the score is on the first screen, above the inputs it depends on.
    result_box = st.container(key="explore_result")
    inputs, summary = st.columns([3, 2], gap="large")
    with inputs:
        input_column(session)
    state = es.read(session)
    token, link_note = mirror_state(session, es.PAGE_STATE, state, uploads=False)
    details, share_spot = summary.container(), summary.container()
    explained = explain_input(state, result_box, details)
    if explained is None:  # nothing to explain: the share link beside the inputs, where the page ends
        with share_spot:  # in the page, not the sidebar: a phone hides the sidebar behind its button
            share_link(token, link_note)
        return
    options, references, result = explained
    score = result.score
    with result_box:
        result_summary(score)
    with details:
        show_details(state, references, options, result)
    # Lazy tabs: only the open tab's content runs, so an edit redraws only what is on screen.
    es.show_tab_in_language(session)
    matches_tab, formula_tab, charts_tab, variants_tab, tokens_tab, export_tab, metrics_tab = st.tabs(
        es.tab_labels(), key=es.TAB, on_change="rerun"
    )
    # Under the tabs (a container made after them), drawn before their contents run: sacreBLEU's line, the
    # signature and the share link. On a phone the columns stack, and above the tabs these pushed the first n-gram
    # chip two screens down.
    with st.container(key="explore_bottom"):
        st.caption(_("Options: {options}").format(options=describe(state.options)))
        st.caption(_("sacreBLEU's line (score, p_1/…/p_N in % as scored, lengths) and the signature of every option:"))
        # not st.code, whose highlighter's code slowed the first view; the Export tab has the three as st.code
        st.html(code_html(score.format(), score.signature, copy=(_("sacreBLEU's line"), _("the signature"))))
        share_link(token, link_note)
    if matches_tab.open:
        with matches_tab:
            show_matches(session, options, result)
    if formula_tab.open:
        with formula_tab:
            show_formula(score)
    if charts_tab.open:
        with charts_tab:
            show_charts(score)
    if variants_tab.open:
        with variants_tab:
            show_variants(state, references, options, score)
    if tokens_tab.open:
        with tokens_tab:
            tokenizer_tab(state.candidate, references, options)
    if export_tab.open:
        with export_tab:
            show_export(state, result, token)
    if metrics_tab.open:
        with metrics_tab:
            misses = [row.text for row in result.order(1).rows if row.count_clip == 0]  # BLEU's own unmatched words
            chrf_view.render(state.candidate, references, score.score, misses, es.CHRF_ORDER)
            ter_view.render(state.candidate, references)


main()
