"""Every link codec lists its fields once, in one style (``LINK_FIELDS``: state field -> LinkField): short keys
that never collide within a link, names that are the state's own fields, labels translated in every language."""

from __future__ import annotations

from dataclasses import fields

import pytest

from ui.compare import state as cps
from ui.corpus import state as cs
from ui.explore import state as es
from ui.links.share import LinkField
from ui.metrics import options as mo
from ui.metrics.bleu import options as om
from ui.shell.i18n import LANGUAGES, translations

CODECS = {
    "explore": (es.LINK_FIELDS, es.ExploreState),
    "corpus": (cs.LINK_FIELDS, cs.CorpusState),
    "compare": (cps.LINK_FIELDS, cps.CompareState),
    "BLEU options": (om.LINK_FIELDS, om.Choices),
    "chrF and TER options": (mo.LINK_FIELDS, mo.MetricSettings),
}


@pytest.mark.parametrize("name", CODECS)
def test_link_fields_are_the_states_fields_with_distinct_keys(name: str) -> None:
    link_fields, state_type = CODECS[name]
    assert all(isinstance(f, LinkField) for f in link_fields.values())
    assert set(link_fields) == {f.name for f in fields(state_type)}, name
    keys = [f.key for f in link_fields.values()]
    assert len(keys) == len(set(keys)) and "page" not in keys and "v" not in keys, keys  # make_link stamps page and v


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_link_field_labels_are_translated(lang: str) -> None:
    catalog = translations(lang)
    for link_fields, _state in CODECS.values():
        for field in link_fields.values():
            assert catalog.gettext(field.label) != field.label or field.label in {"N"}, (lang, field.label)
