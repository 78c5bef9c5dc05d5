"""The imported metrics' part of Corpus and Compare: for each, a drop zone of score files (kept for the session as every
upload is), its name (typed, else its file's: COMET's JSON key, MetricX for MetricX's JSONL, else "COMET") and its
direction (MetricX: lower is better, ticked when MetricX's JSONL arrives). ``offered`` tells the metric choice which
imported metrics have files (and picks one whose first files just arrived); ``score_uploads`` draws the drop zones
and reads each metric for the page's systems, every problem a message that names the file, with nothing else lost."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from bleucore.metrics.imported import (
    ImportedMetric,
    ImportedOptions,
    ScoreFileTooLarge,
    format_direction,
    parse_scores,
)
from bleucore.reading import ReadingError, TextRules, decode_lines
from ui.inputs.kept import kept_files, kept_in
from ui.inputs.limits import MAX_SCORES_UPLOAD_BYTES, MAX_SCORES_UPLOAD_MB
from ui.inputs.uploads import InputError, TextFile
from ui.metrics.imported import cache
from ui.metrics.imported.files import metric_of_files, scores_digest
from ui.metrics.imported.wording import describe
from ui.options.imported import IMPORTED_IDS, MAX_NAME_CHARS, ImportedKey, imported_key, keys, position
from ui.shell.i18n import _, and_list
from ui.shell.markdown import escape_markdown, show_error

#: Names a metric of the page already has (an imported metric needs its own).
BUILT_IN_LABELS = frozenset({"BLEU", "chrF2", "chrF2++", "TER"})


@dataclass(frozen=True)
class ImportedScores:
    """One imported metric read for every system of the page: its id in the metric choice, the metric (each
    system's segment scores), its cache key and the files its scores came from."""

    metric_id: str
    metric: ImportedMetric
    key: ImportedKey
    files: tuple[str, ...]

    @property
    def label(self) -> str:
        return self.metric.printed_label


def decode_scores(data: bytes, name: str) -> TextFile:
    """The drop zone's reader (``ui.inputs.kept``): an upload kept as its text once bleucore reads scores in it;
    InputError, naming the file and the line, for anything else (the server refuses files past its upload limit)."""
    try:
        if len(data) > MAX_SCORES_UPLOAD_BYTES:
            raise ScoreFileTooLarge(name, len(data), MAX_SCORES_UPLOAD_BYTES)
        lines = decode_lines(data, name, TextRules(refuse_binary=True, refuse_empty=True))
        parse_scores(data, name, None)  # every check bleucore makes before any arithmetic, under the file's name
    except ReadingError as err:
        raise InputError(describe(err)) from None
    return TextFile(name, tuple(lines))


def _direction_note(files: Sequence[TextFile], higher_is_better: bool) -> str:
    """What the page says of MetricX's JSONL, whose direction it ticked (``offered``)."""
    listed = and_list([escape_markdown(file.name) for file in files])
    if higher_is_better:
        return _(
            "{files}: MetricX's JSONL, whose scores are errors (lower is better), yet “Lower is better” is unticked: "
            "higher scores count as better."
        ).format(files=listed)
    return _(
        "{files}: MetricX's JSONL, an error score (0 is a perfect translation), so lower is better, ticked for you; "
        "untick “Lower is better” if these scores are not errors."
    ).format(files=listed)


def _valid(name: str) -> bool:
    try:
        ImportedOptions(name)
    except ValueError:
        return False
    return True


def _typed(prefix: str, metric_id: str) -> str:
    typed = st.session_state.get(keys(prefix, metric_id).name)
    return typed.strip() if isinstance(typed, str) else ""


def metric_name(prefix: str, metric_id: str, files: Sequence[TextFile], taken: Collection[str] = ()) -> str:
    """The name typed for the metric, else its file's (a JSON's key, else COMET), with the metric's number when an
    earlier metric has that name already (two COMET JSON files both score under "COMET": "COMET (2)")."""
    typed = _typed(prefix, metric_id)
    if typed and _valid(typed):
        return typed
    default = cache.default_name(files)
    return default if default not in taken else f"{default} ({position(metric_id)})"


def offered(prefix: str, choice_key: str) -> dict[str, str]:
    """Each imported metric whose drop zone keeps files (id -> its name), for the metric choice drawn above the drop
    zones. A metric whose first files arrived since the last run is picked, as a person who uploads COMET's scores
    expects to see them; one without files any more is unpicked."""
    session = st.session_state
    out: dict[str, str] = {}
    for metric_id in IMPORTED_IDS:
        entry = keys(prefix, metric_id)
        files = kept_in(entry.slot)
        if files:
            out[metric_id] = metric_name(prefix, metric_id, files, {*BUILT_IN_LABELS, *out.values()})
            picked = session.get(choice_key)
            if session.get(entry.had_files) is False and isinstance(picked, list) and metric_id not in picked:
                session[choice_key] = [*picked, metric_id]
            if session.get(entry.had_files) is False and cache.said_direction(files) is False:
                session[entry.lower] = True  # MetricX's JSONL: an error score (the page says so; it may be unticked)
        session[entry.had_files] = bool(files)
    picked = session.get(choice_key)
    if isinstance(picked, list) and any(m in IMPORTED_IDS and m not in out for m in picked):
        session[choice_key] = [m for m in picked if m not in IMPORTED_IDS or m in out]
    return out


def _shown(have_files: Mapping[str, str]) -> list[str]:
    """The metrics whose drop zones are drawn: those with files, and one more while there is room."""
    empty = next((m for m in IMPORTED_IDS if m not in have_files), None)
    return [m for m in IMPORTED_IDS if m in have_files or m == empty]


def score_uploads(
    prefix: str, have_files: Mapping[str, str], systems: Sequence[TextFile], refs: Sequence[TextFile]
) -> dict[str, ImportedScores]:
    """Draw each imported metric's drop zone, name and direction (``have_files``: ``offered``'s answer) and read its
    scores for ``systems`` against ``refs``; id -> the metric, for every metric read without a problem."""
    out: dict[str, ImportedScores] = {}
    names = {s.name: s for s in systems}
    with st.expander(_("Scores from other metrics (COMET, MetricX, human scores)"), expanded=bool(have_files)):
        st.caption(
            _(
                "Segment scores computed elsewhere join the metrics above: plain numbers (one per line), COMET's "
                "printed output (`comet-score > comet.out`), its JSON (`--to_json`) or MetricX's JSONL (a "
                "`prediction` per line, lower is better). Give one file per system, in the order of the systems "
                "({systems}), or one file holding every system, matched to them by path, then by name, then by file "
                "name. At most {mb} MB a file."
            ).format(systems=and_list([escape_markdown(s.name) for s in systems]), mb=MAX_SCORES_UPLOAD_MB)
        )
        used = set(BUILT_IN_LABELS)
        for metric_id in _shown(have_files):
            read = _entry(prefix, metric_id, names, refs, used, have_files.get(metric_id))
            if read is not None:
                out[metric_id] = read
                used.add(read.label)
    return out


def _entry(
    prefix: str,
    metric_id: str,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    used: set[str],
    offered_as: str | None,
) -> ImportedScores | None:
    """One imported metric's drop zone, name and direction, and its scores read (``offered_as``: its name in the
    metric choice, ``offered``'s)."""
    entry = keys(prefix, metric_id)
    left, right = st.columns([3, 2])
    with left:
        files, notes = kept_files(
            entry.slot,
            _("Score files of metric {k}").format(k=position(metric_id)),
            _("score file"),
            _("Plain numbers, COMET's printed output or its JSON, MetricX's JSONL."),
            multiple=True,
            box_mb=MAX_SCORES_UPLOAD_MB,
            held=False,
            decode=decode_scores,
        )
    default = cache.default_name(files) if files else ""
    with right:
        st.text_input(
            _("Name of metric {k}").format(k=position(metric_id)),
            key=entry.name,
            max_chars=MAX_NAME_CHARS,
            placeholder=default or None,
            help=_("As the tables name it; empty: the name in its JSON file, else COMET."),
            persist_state="session",
        )
        st.checkbox(
            _("Lower is better"),
            key=entry.lower,
            help=_("For an error score such as MetricX, where 0 is a perfect translation."),
            persist_state="session",
        )
    for note in notes:
        show_error(note)
    if not files:
        return None
    typed = _typed(prefix, metric_id)
    if typed and not _valid(typed):
        show_error(
            _("The name {name} cannot be a metric's: give at most {n} printable characters, without “|”.").format(
                name=typed, n=MAX_NAME_CHARS
            )
        )
    name = offered_as or metric_name(prefix, metric_id, files, used)
    if name in used:
        show_error(_("Another metric is called {name}: give this one a name of its own.").format(name=name))
        return None
    try:
        json_key = typed if typed and _valid(typed) else default  # a JSON file is read under this key, else COMET
        parsed = [cache.score_file(f, json_key) for f in files]
        metric = metric_of_files(name, not st.session_state.get(entry.lower), parsed, systems, refs)
    except ReadingError as err:
        show_error(describe(err))
        return None
    sources = [f"{system} ← {scores.source}" for system, scores in metric.scores.items()]
    st.caption(escape_markdown(_("{metric}: {sources}.").format(metric=name, sources=and_list(sources))))
    if format_direction(parsed) is False:
        st.caption(_direction_note(files, metric.higher_is_better))
    key = imported_key(name, metric.higher_is_better, scores_digest(metric))
    return ImportedScores(metric_id, metric, key, tuple(f.name for f in files))
