"""Metrics whose segment scores were computed elsewhere (COMET, xCOMET, MetricX, human scores) on Corpus and Compare,
described once as data: up to ``MAX_ENTRIES`` per page, each a metric id of the pills (``IMPORTED_IDS``), a name
(typed, or else taken from its file: ``ui.metrics.imported``), a direction (MetricX: lower is better), the session
keys of its widgets and its score files' drop zone, its link fields and its cache key. Nothing here imports Streamlit.

The files themselves are kept in the session store as every upload is, never in a link; a link keeps the names, the
directions, whether each metric is picked (``ui.options.metrics.CHOICE_IDS``) and which one holds human judgements
(Compare's meta-evaluation: ``human``, an id of ``IMPORTED_IDS`` or "" for none).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bleucore.metrics.imported import MAX_NAME_CHARS
from ui.links.codec import FLAG, TEXT, LinkField, choice, link_data, linked, read_state, section
from ui.options.metrics import IMPORTED_IDS
from ui.shell import held
from ui.shell.i18n import N_

MAX_ENTRIES = len(IMPORTED_IDS)
__all__ = [
    "IMPORTED_IDS",
    "MAX_ENTRIES",
    "MAX_NAME_CHARS",
    "SECTION",
    "ImportedKey",
    "ImportedSettings",
    "human_key",
    "imported_key",
    "is_imported",
    "keys",
    "position",
    "read",
    "widget_values",
]


def _name(position: int) -> Any:
    """A field holding the typed name of imported metric ``position`` ("": its file's), left out of links while
    empty."""
    return linked("", LinkField(f"n{position}", N_("imported metric name")), TEXT, omit_default=True)


def _lower(position: int) -> Any:
    """A field holding whether lower is better for imported metric ``position``, left out of links while False."""
    return linked(False, LinkField(f"l{position}", N_("lower is better")), FLAG, omit_default=True)


@dataclass(frozen=True)
class ImportedSettings:
    """Each imported metric's typed name ("": its file's) and direction (True: lower is better, as MetricX), and the
    one that holds human judgements (``human``: its id, "" for none)."""

    name_1: str = _name(1)
    lower_1: bool = _lower(1)
    name_2: str = _name(2)
    lower_2: bool = _lower(2)
    name_3: str = _name(3)
    lower_3: bool = _lower(3)
    human: str = linked("", LinkField("h", N_("human scores")), choice(("", *IMPORTED_IDS)), omit_default=True)

    def name(self, metric_id: str) -> str:
        return str(getattr(self, f"name_{position(metric_id)}"))

    def lower_is_better(self, metric_id: str) -> bool:
        return bool(getattr(self, f"lower_{position(metric_id)}"))


DEFAULT_SETTINGS = ImportedSettings()
#: How a page's link holds the settings: the names and directions that differ from the defaults.
SECTION = section(read_state, link_data)


def is_imported(metric_id: str) -> bool:
    return metric_id in IMPORTED_IDS


def position(metric_id: str) -> int:
    """1 for ``imported-1``."""
    return IMPORTED_IDS.index(metric_id) + 1


@dataclass(frozen=True)
class EntryKeys:
    """The session keys of one imported metric on one page: its name's text box, its direction's checkbox, its
    score files' drop zone (a slot of ``ui.inputs.kept``) and whether that slot held files in the last run."""

    name: str
    lower: str
    slot: str
    had_files: str


def keys(prefix: str, metric_id: str) -> EntryKeys:
    """``<prefix>_imported_name_1``, ``..._lower_1``, ``..._scores_1`` and ``..._had_1`` for ``imported-1``."""
    k = position(metric_id)
    return EntryKeys(*(f"{prefix}_imported_{part}_{k}" for part in ("name", "lower", "scores", "had")))


def human_key(prefix: str) -> str:
    """The session key of the choice of the imported metric holding human judgements (``<prefix>_imported_human``)."""
    return f"{prefix}_imported_human"


def widget_values(prefix: str, settings: ImportedSettings) -> dict[str, object]:
    """Widget key -> value that shows ``settings``."""
    values: dict[str, object] = held.wish_values(human_key(prefix), settings.human)
    for metric_id in IMPORTED_IDS:
        entry = keys(prefix, metric_id)
        values[entry.name] = settings.name(metric_id)
        values[entry.lower] = settings.lower_is_better(metric_id)
    return values


def read(session: Mapping[str, object], prefix: str) -> ImportedSettings:
    """The settings the widgets hold now (defaults for those not drawn yet)."""
    entries = [keys(prefix, metric_id) for metric_id in IMPORTED_IDS]
    names = [session.get(entry.name) for entry in entries]
    (n1, n2, n3) = (name[:MAX_NAME_CHARS] if isinstance(name, str) else "" for name in names)
    (l1, l2, l3) = (bool(session.get(entry.lower)) for entry in entries)
    human = held.wish(session, human_key(prefix), "")  # the one chosen last, kept while its scores are replaced
    return ImportedSettings(n1, l1, n2, l2, n3, l3, human if isinstance(human, str) and human in IMPORTED_IDS else "")


#: An imported metric's cache key: ("imported", (name, higher is better, digest of its scores)).
ImportedKey = tuple[str, tuple[str, bool, str]]


def imported_key(name: str, higher_is_better: bool, scores_digest: str) -> ImportedKey:
    """The key the caches know an imported metric by: its name, direction and the digest of its scores (new files
    under the same name are another metric; ``ui.options.metrics.metric_of`` makes the metric of a key)."""
    return "imported", (name, higher_is_better, scores_digest)
