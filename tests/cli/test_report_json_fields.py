"""docs/report.md documents every JSON record the report writes: each kind of record (``analysis``) has the keys, in
the order, that its table lists, and every key is explained in the table of keys."""

from __future__ import annotations

import re

import numpy as np

from bleucore.buckets import BucketSettings
from bleucore.metrics import get_metric, imported_metric
from bleucore.report import build_report
from devtools.corpora import tokenized_corpus
from tests.conftest import ROOT

DOCS = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")


def documented() -> tuple[dict[str, list[str]], set[str]]:
    """(analysis -> its keys in order, every key the key table explains), read from the JSON section's two tables."""
    section = DOCS[DOCS.index("## The JSON records") : DOCS.index("## How each number is computed")]
    kinds_table, keys_table = section.split("| analysis | keys, in order |")[1].split("| key | what it holds |")

    def rows(table: str) -> list[tuple[list[str], list[str]]]:
        cells = [line.strip().strip("|").split("|") for line in table.splitlines() if line.startswith("| `")]
        return [(re.findall(r"`([a-z_]+)`", c[0]), re.findall(r"`([a-z_]+)`", c[1])) for c in cells]

    kinds = {name: keys for names, keys in rows(kinds_table) for name in names}
    explained = {name for names, _words in rows(keys_table) for name in names}
    return kinds, explained


def records() -> list[dict[str, object]]:
    outs, ref = tokenized_corpus(3, 30, 3)
    names = ["A", "B", "C"]
    rng = np.random.default_rng(3)
    scores = {n: list(rng.uniform(0.3, 0.9, 30)) for n in names}
    human = {n: list(rng.uniform(0, 100, 30)) for n in names}
    metrics = [get_metric("bleu"), imported_metric("MetricX", scores), imported_metric("DA", human)]
    report = build_report(dict(zip(names, outs)), [ref], metrics, settings=BucketSettings(50), rank=True, human="DA")
    return report.records()


def test_every_record_kind_has_the_documented_keys_in_order() -> None:
    kinds, explained = documented()
    assert {"corpus", "length", "rank", "pair", "agreement", "meta", "warning"} <= set(kinds)
    seen: dict[str, set[tuple[str, ...]]] = {}
    made = records()
    assert "lower-is-better-name" in {r["code"] for r in made if r["analysis"] == "warning"}
    for record in made:
        seen.setdefault(str(record["analysis"]), set()).add(tuple(record))
    for analysis, shapes in seen.items():
        assert analysis in kinds, analysis
        for keys in shapes:
            documented_keys = kinds[analysis]
            assert [k for k in documented_keys if k in keys] == list(keys), (analysis, keys, documented_keys)
            assert set(keys) <= set(documented_keys), (analysis, keys)
    every = {key for shapes in seen.values() for keys in shapes for key in keys}
    assert every <= explained, every - explained
