"""The metrics Corpus and Compare score with (BLEU, chrF, chrF++ and TER, sacreBLEU 2.6's) and the options of chrF,
chrF++ and TER beside BLEU's: one frozen model with sacreBLEU 2.6's defaults, its widget keys, link fields and the
cache key of each metric. Nothing here imports Streamlit (the widgets are in ``ui.options.choice``).

A choice is a tuple of metric ids in ``CHOICE_IDS`` order: the built-in ones (``METRIC_IDS``), then the imported ones
(``ui.options.imported``: COMET's scores and others read from files; ``imported`` lists them). BLEU keeps the page's
own options (the sidebar), chrF, chrF++ and TER take ``MetricSettings``. TER counts edits, so a lower TER is better
(``LOWER_IS_BETTER``, from bleucore's ``Metric.higher_is_better``). chrF (Popović 2015) and chrF++ (Popović 2017)
share the character order, β, whitespace and case; chrF++ adds word n-grams up to ``word_order``. TER (Snover et al.
2006) takes Tercom's normalization, punctuation, Asian-script and case flags. A metric's cache key is its registry
name and its options as a tuple of plain values (``MetricKey``), which fixes its numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, fields
from typing import Any

from bleucore.metrics import METRICS, Metric, get_metric
from bleucore.metrics.chrf import MAX_CHAR_ORDER, MAX_WORD_ORDER, ChrfOptions
from bleucore.metrics.imported import ImportedMetric, ImportedOptions
from bleucore.metrics.ter import TerOptions
from ui.links.codec import FLAG, LinkField, link_data, linked, read_state, section, whole
from ui.shell.i18n import N_

METRIC_IDS = ("bleu", "chrf", "chrf++", "ter")
#: The imported metrics' ids (COMET's scores and others read from files: ``ui.options.imported``), in the order their
#: upload boxes are drawn.
IMPORTED_IDS = ("imported-1", "imported-2", "imported-3")
#: Every id a choice may hold: the built-in metrics, then the imported ones.
CHOICE_IDS = METRIC_IDS + IMPORTED_IDS
#: What a pill shows: the metrics' own names, the same in every language.
LABELS = {"bleu": "BLEU", "chrf": "chrF", "chrf++": "chrF++", "ter": "TER"}
DEFAULT: tuple[str, ...] = ("bleu",)
#: The character n-gram order a sentence's chrF explanation shows first (or chrF's highest order below it).
CHRF_FIRST_ORDER = 3
#: bleucore's metric behind each id (chrF++ is chrF with word n-grams).
BLEUCORE_NAMES = {"bleu": "bleu", "chrf": "chrf", "chrf++": "chrf", "ter": "ter"}
LOWER_IS_BETTER = frozenset(m for m in METRIC_IDS if not METRICS[BLEUCORE_NAMES[m]].higher_is_better)
#: (bleucore metric name, its options as plain values): what a metric's numbers depend on.
MetricKey = tuple[str, tuple[Any, ...]]
MAX_BETA = 10
CHRF_FAMILY = ("chrf", "chrf++")
_SETTING = "setting"


@dataclass(frozen=True)
class Setting:
    """How the pages offer one setting (MATEO's metric options as data): its widget's label and help (msgids,
    naming sacreBLEU's flag), its link field, the picked metrics that show it (``group``) and that use it
    (``metrics``: disabled otherwise), and the range of a whole number (None: a checkbox)."""

    label: str
    help: str
    link: LinkField
    group: tuple[str, ...]
    metrics: tuple[str, ...]
    bounds: tuple[int, int] | None = None


def _offered(default: int | bool, setting: Setting) -> Any:
    """A ``MetricSettings`` field holding ``default``, offered as ``setting`` and linked under its link field (a whole
    number within its bounds, or true or false), left out of links while it is the default."""
    kind = FLAG if setting.bounds is None else whole(*setting.bounds)
    return linked(default, setting.link, kind, omit_default=True, metadata={_SETTING: setting})


@dataclass(frozen=True)
class MetricSettings:
    """chrF/chrF++ and TER options, each declared once: its default (sacreBLEU's: chrF2, chrF2++ with word order 2,
    TER), how the pages offer it and its link field; in the order drawn: whole numbers side by side, then the
    checkboxes."""

    char_order: int = _offered(
        6,
        Setting(
            N_("Character order"),
            N_("Longest character n-gram (sacreBLEU's --chrf-char-order, default 6)."),
            LinkField("nc", N_("char order")),
            CHRF_FAMILY,
            CHRF_FAMILY,
            (1, MAX_CHAR_ORDER),
        ),
    )
    word_order: int = _offered(
        2,
        Setting(
            N_("chrF++ word order"),
            N_("Longest word n-gram of chrF++ (sacreBLEU's --chrf-word-order, 2 for chrF++); chrF has none."),
            LinkField("nw", N_("word order")),
            CHRF_FAMILY,
            ("chrf++",),
            (1, MAX_WORD_ORDER),
        ),
    )
    beta: int = _offered(
        2,
        Setting(
            N_("β"),
            N_("Recall counts β times as much as precision (sacreBLEU's --chrf-beta, default 2)."),
            LinkField("b", N_("chrF beta")),
            CHRF_FAMILY,
            CHRF_FAMILY,
            (0, MAX_BETA),
        ),
    )
    whitespace: bool = _offered(
        False,
        Setting(
            N_("Spaces count as characters"),
            N_("sacreBLEU's --chrf-whitespace (off by default: spaces are removed first)."),
            LinkField("ws", N_("chrF whitespace")),
            CHRF_FAMILY,
            CHRF_FAMILY,
        ),
    )
    chrf_lowercase: bool = _offered(
        False,
        Setting(
            N_("chrF ignores case"),
            N_("sacreBLEU's --chrf-lowercase."),
            LinkField("lc", N_("chrF lowercase")),
            CHRF_FAMILY,
            CHRF_FAMILY,
        ),
    )
    ter_normalized: bool = _offered(
        False,
        Setting(
            N_("TER: normalize"),
            N_("Tokenize punctuation and unescape XML entities (sacreBLEU's --ter-normalized)."),
            LinkField("tn", N_("TER normalized")),
            ("ter",),
            ("ter",),
        ),
    )
    ter_no_punct: bool = _offered(
        False,
        Setting(
            N_("TER: remove punctuation"),
            N_("sacreBLEU's --ter-no-punct."),
            LinkField("tp", N_("TER no punctuation")),
            ("ter",),
            ("ter",),
        ),
    )
    ter_asian_support: bool = _offered(
        False,
        Setting(
            N_("TER: Asian support"),
            N_(
                "With normalize or remove punctuation: split Chinese, Japanese and Korean characters and their "
                "punctuation (sacreBLEU's --ter-asian-support)."
            ),
            LinkField("ta", N_("TER Asian support")),
            ("ter",),
            ("ter",),
        ),
    )
    ter_case_sensitive: bool = _offered(
        False,
        Setting(
            N_("TER: case-sensitive"),
            N_("Keep case (sacreBLEU's --ter-case-sensitive; TER lowercases by default)."),
            LinkField("tc", N_("TER case-sensitive")),
            ("ter",),
            ("ter",),
        ),
    )


DEFAULT_SETTINGS = MetricSettings()
NAMES = tuple(f.name for f in fields(MetricSettings))
#: Every setting once, in the order drawn.
SETTINGS: dict[str, Setting] = {f.name: f.metadata[_SETTING] for f in fields(MetricSettings)}
#: Range of each whole-number setting.
RANGES = {name: setting.bounds for name, setting in SETTINGS.items() if setting.bounds is not None}


def normalize(value: Any) -> tuple[str, ...]:
    """A widget's or link's value as a choice: known ids only, in ``CHOICE_IDS`` order, no repeats."""
    picked = set(value) if isinstance(value, (list, tuple)) else set()
    return tuple(m for m in CHOICE_IDS if m in picked)


def others(choice: Sequence[str]) -> list[str]:
    """The picked built-in metrics other than BLEU (chrF, chrF++, TER), in order."""
    return [m for m in choice if m in METRIC_IDS and m != "bleu"]


def imported(choice: Sequence[str]) -> list[str]:
    """The picked imported metrics (``ui.options.imported``), in order."""
    return [m for m in choice if m in IMPORTED_IDS]


def metric_key(metric_id: str, settings: MetricSettings) -> MetricKey:
    """The cache key of a picked metric other than BLEU (``METRIC_IDS``) under ``settings``."""
    s = settings
    if metric_id in ("chrf", "chrf++"):
        words = s.word_order if metric_id == "chrf++" else 0
        chrf = ChrfOptions(s.char_order, words, s.beta, s.chrf_lowercase, s.whitespace)
        return "chrf", astuple(chrf)
    if metric_id == "ter":
        ter = TerOptions(s.ter_normalized, s.ter_no_punct, s.ter_asian_support, s.ter_case_sensitive)
        return "ter", astuple(ter)
    raise ValueError(f"no metric {metric_id!r} besides BLEU; choose from chrf, chrf++, ter")


def metric_of(key: MetricKey) -> Metric:
    """The bleucore metric a key names, with its options (BLEU's key: ``("bleu", options_key(options))``; an imported
    metric's, ``ui.options.imported.imported_key``, names it without its scores)."""
    name, values = key
    if name == "imported":  # ("imported", (name, higher is better, digest of its scores)): enough to score statistics
        return ImportedMetric(ImportedOptions(str(values[0]), bool(values[1])), {})  # made from its scores already
    return get_metric(name, METRICS[name].options_type(*values))


# --- widgets and links -------------------------------------------------------------------------


def keys(prefix: str) -> dict[str, str]:
    """Setting -> widget key on one page (``<prefix>_mo_<setting>``)."""
    return {name: f"{prefix}_mo_{name}" for name in NAMES}


def widget_values(prefix: str, settings: MetricSettings) -> dict[str, Any]:
    """Widget key -> value that shows ``settings``."""
    return {key: getattr(settings, name) for name, key in keys(prefix).items()}


def read(session: Mapping[str, Any], prefix: str) -> MetricSettings:
    """The settings the widgets hold now (defaults for keys not drawn yet)."""
    values: dict[str, Any] = {}
    for name, key in keys(prefix).items():
        value = session.get(key)
        if value is None:
            values[name] = getattr(DEFAULT_SETTINGS, name)
        else:
            values[name] = int(value) if name in RANGES else bool(value)
    return MetricSettings(**values)


#: How a page's link holds the settings: a nested set of fields (those that differ from sacreBLEU's defaults).
SECTION = section(read_state, link_data)
