"""Compare's Ranking section, for three systems or more: every picked metric ranks all systems the way WMT25 does
(bleucore's ``rank_systems``: sorted best first by the metric's direction, each system's rank range extended past
every system no test tells apart from it, clusters ending where no range crosses). Each ranking is a table in WMT's
style, a rule between clusters and each row's cluster in words (never by the rule alone), then one sentence per
cluster; the tests are those of the significance tables above (the paired bootstrap on the same draws for BLEU,
chrF and TER; WMT25's one-sided Wilcoxon signed-rank test for an imported metric's segment scores)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import streamlit as st

from bleucore.significance import Ranking, rank_systems
from ui.options.metrics import MetricKey, metric_of
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS
from ui.shell.i18n import _, and_list
from ui.shell.markdown import escape_markdown
from ui.shell.palette import DARK_TEXT, LIGHT_GREY

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric
    from ui.state import compare as cps

#: Systems a ranking needs (with two, the significance table says all there is).
MIN_SYSTEMS = 3
STYLESHEET = (
    "<style>"
    ".rank-table{border-collapse:collapse;font-size:14px;line-height:20px;margin-bottom:0.25rem;}"
    f".rank-table th,.rank-table td{{padding:4px 12px;border-bottom:1px solid {LIGHT_GREY};text-align:left;"
    "vertical-align:top;}"
    ".rank-table thead th{background:#F2F4F7;font-weight:600;}"
    ".rank-table .num{text-align:right;font-variant-numeric:tabular-nums;}"
    # where a cluster ends: a thick rule, as WMT's tables draw it (the cluster column says it in words too)
    f".rank-table tr.cluster-start td,.rank-table tr.cluster-start th{{border-top:3px solid {DARK_TEXT};}}"
    ".rank-table tbody th{font-weight:400;overflow-wrap:anywhere;max-width:20rem;}"
    "</style>"
)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _ranking(
    key: MetricKey,
    digests: tuple[tuple[str, str], ...],
    nrefs: int,
    tests: tuple[int, int],
    _systems: Mapping[str, Any],
) -> Ranking:

    return rank_systems(metric_of(key), _systems, nrefs=nrefs, n_samples=tests[0], seed=tests[1])


def ranking(scored: ScoredMetric, nrefs: int, settings: cps.CompareState) -> Ranking:
    """bleucore's ranking of every system under ``scored``'s metric with the page's resamples and seed, cached per
    metric, texts and settings."""
    digests = tuple((name, d) for name, (d, _stats) in scored.statistics.items())
    systems = {name: stats for name, (_d, stats) in scored.statistics.items()}
    return _ranking(scored.key, digests, nrefs, (settings.n_samples, settings.seed), systems)


def rank_words(rank: tuple[int, int]) -> str:
    """A rank range as WMT25 and the report print it: ``1-2``, ``3-3``."""
    return f"{rank[0]}-{rank[1]}"


def table_html(ranking: Ranking, digits: int) -> str:
    """The ranking as an HTML table (every name escaped): rank range, system, value and cluster, a thick rule above
    the first system of each cluster after the first."""
    head = "".join(
        f'<th scope="col"{css}>{escape(text)}</th>'
        for text, css in (
            (_("rank"), ""),
            (_("system"), ""),
            (ranking.metric, ' class="num"'),
            (_("cluster"), ""),
        )
    )
    rows = []
    for k, row in enumerate(ranking.rows):
        start = k > 0 and ranking.rows[k - 1].cluster != row.cluster
        css = ' class="cluster-start"' if start else ""
        cluster = _("cluster {n}").format(n=row.cluster)
        rows.append(
            f"<tr{css}>"
            f"<td>{escape(rank_words(row.rank))}</td>"
            f'<th scope="row">{escape(row.system)}</th>'
            f'<td class="num">{row.value:.{digits}f}</td>'
            f"<td>{escape(cluster)}</td></tr>"
        )
    return f'<table class="rank-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def cluster_sentences(ranking: Ranking) -> list[str]:
    """One sentence per cluster, best first: its systems, which no test told apart (Markdown, names escaped)."""
    out = []
    for cluster in range(1, ranking.clusters + 1):
        names = [escape_markdown(r.system) for r in ranking.rows if r.cluster == cluster]
        out.append(_("**Cluster {n}**: {systems}.").format(n=cluster, systems=and_list(names)))
    return out


def test_words(ranking: Ranking) -> str:
    """How "significantly better" was decided for this ranking."""
    if ranking.test == "wilcoxon":
        return _(
            "A system is significantly better than another when WMT25's one-sided Wilcoxon signed-rank test on their "
            "paired segment scores gives p < {alpha}."
        ).format(alpha=ranking.alpha)
    return _(
        "A system is significantly better than another when its value is better and the paired bootstrap gives "
        "p < {alpha} ({n:,} resamples, seed {seed:d}: the draws of the table above)."
    ).format(alpha=ranking.alpha, n=ranking.n_samples or 0, seed=ranking.seed)


def show_one(scored: ScoredMetric, nrefs: int, settings: cps.CompareState) -> None:
    """One metric's ranking: its table, its clusters in words and its test."""
    label = escape_markdown(scored.label) if scored.from_file else scored.label
    direction = _("higher is better") if scored.higher_is_better else _("lower is better")
    st.markdown(f"**{label}** ({direction})")
    if not scored.complete:
        st.caption(
            _("{metric} cannot rank the systems: {systems} have no score with these options.").format(
                metric=label, systems=escape_markdown(and_list(list(scored.undefined)))
            )
        )
        return
    result = ranking(scored, nrefs, settings)
    st.html(STYLESHEET + table_html(result, scored.digits))
    count = result.clusters
    sentences = cluster_sentences(result)
    if count == 1:
        st.markdown(_("One cluster: no test tells any two of these systems apart.") + " " + sentences[0])
    else:
        st.markdown(" ".join(sentences))
    st.caption(test_words(result))


def show_rankings(metrics: Sequence[ScoredMetric], nrefs: int, settings: cps.CompareState) -> None:
    """The Ranking section: every picked metric's ranking of the systems (three or more; nothing with fewer)."""
    if not metrics or len(next(iter(metrics)).statistics) < MIN_SYSTEMS:
        return
    st.subheader(_("Ranking"))
    st.caption(
        _(
            "As WMT25 ranks systems: sorted by the metric, best first; a system's rank range extends up past each "
            "better-placed system until one is significantly better than it, and down until it is significantly "
            "better than one; a cluster ends where no range crosses. Systems in one cluster are not told apart by "
            "the tests; a rule and the cluster column mark where a cluster ends."
        )
    )
    for scored in metrics:
        show_one(scored, nrefs, settings)
