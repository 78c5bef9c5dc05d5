"""Score files of the bundled sample's systems for the pages' tests (AppTest and the browser): the sample's two
systems and two made of their halves, with seeded made-up COMET scores written in every format that
``bleucore.metrics.imported`` reads, as Unbabel/COMET's ``comet-score`` writes them (paths as it was given them:
``outputs/<file>``, so the pages match them to uploads by file name)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence

from tests.conftest import sample_lines

#: Four systems of the sample's 60 lines: system_c.en is close to system_a.en, system_d.en to system_b.en.
SYSTEMS = ("system_a.en", "system_b.en", "system_c.en", "system_d.en")
#: Each system's mean COMET score: two pairs of near-ties, far apart (two clusters of two, by Wilcoxon's test).
MEANS = {"system_a.en": 0.80, "system_b.en": 0.64, "system_c.en": 0.795, "system_d.en": 0.645}
PREFIX = "outputs/"


def system_lines() -> dict[str, list[str]]:
    """The four systems' lines."""
    a, b = sample_lines("system_a.en"), sample_lines("system_b.en")
    half = len(a) // 2
    return {"system_a.en": a, "system_b.en": b, "system_c.en": a[:half] + b[half:], "system_d.en": b[:half] + a[half:]}


def comet_scores(names: Sequence[str] = SYSTEMS, seed: int = 37) -> dict[str, list[float]]:
    """Each system's score of every segment (four decimals, as comet-score prints them)."""
    rng = random.Random(seed)
    segments = len(sample_lines("ref.en"))
    return {
        name: [round(min(1.0, max(0.0, rng.gauss(MEANS[name], 0.06))), 4) for _ in range(segments)] for name in names
    }


def comet_json(scores: Mapping[str, Sequence[float]], key: str = "COMET") -> bytes:
    """``comet-score --to_json``'s file of ``scores``: a list of segments per system path."""
    refs = sample_lines("ref.en")
    lines = system_lines()
    data = {
        PREFIX + name: [
            {"src": f"source {i + 1}", "mt": lines[name][i], "ref": refs[i], key: value}
            for i, value in enumerate(values)
        ]
        for name, values in scores.items()
    }
    return json.dumps(data, ensure_ascii=False, indent=4).encode("utf-8")


def comet_printed(scores: Mapping[str, Sequence[float]]) -> bytes:
    """``comet-score``'s printed output of ``scores``: segment lines, then one summary line per system."""
    lines = [
        f"{PREFIX}{name}\tSegment {i}\tscore: {value:.4f}"
        for i in range(len(next(iter(scores.values()))))
        for name, values in scores.items()
        for value in (values[i],)
    ]
    lines += [f"{PREFIX}{name}\tscore: {sum(values) / len(values):.4f}" for name, values in scores.items()]
    return ("\n".join(lines) + "\n").encode("utf-8")


def plain(values: Sequence[float]) -> bytes:
    """One system's scores as plain numbers, one per line."""
    return "".join(f"{value}\n" for value in values).encode("utf-8")


#: xCOMET's severities in the order ``xcomet_json`` gives them to a system's segments.
SEVERITY_CYCLE = ("minor", "major", "critical")


def error_spans(line: str, segment: int, severities: Sequence[str] = SEVERITY_CYCLE) -> list[dict[str, object]]:
    """xCOMET's ``errors`` of one translation, as its JSON writes them: a span on the line's last word (its offsets
    taking in the space before it, as xCOMET's often do), its severity cycling through ``severities``."""
    word = line.split()[-1] if line.split() else ""
    start = line.rfind(word)
    return [
        {
            "text": line[max(0, start - 1) : start + len(word)],
            "confidence": 0.9,
            "severity": severities[segment % len(severities)],
            "start": max(0, start - 1),
            "end": start + len(word),
        }
    ]


def xcomet_json(
    scores: Mapping[str, Sequence[float]], key: str = "xCOMET", severities: Sequence[str] = SEVERITY_CYCLE
) -> bytes:
    """``comet-score --to_json``'s file of ``scores`` from an xCOMET model: each segment with its ``errors`` spans
    (``error_spans``, of ``severities`` in turn)."""
    data = json.loads(comet_json(scores, key))
    for segments in data.values():
        for i, segment in enumerate(segments):
            segment["errors"] = error_spans(segment["mt"], i, severities)
    return json.dumps(data, ensure_ascii=False, indent=4).encode("utf-8")


#: The share of each system's segments with an error in ``mqm_scores`` (system_a.en and system_c.en the better).
ERROR_RATES = {"system_a.en": 0.25, "system_b.en": 0.6, "system_c.en": 0.3, "system_d.en": 0.55}


def mqm_scores(seed: int = 46) -> dict[str, list[float]]:
    """MQM-like human scores, higher better: 0 for a segment without an error (most of them, so people tie often, as
    MQM's raters do), -1 for a minor and -5 for a major error, seeded."""
    rng = random.Random(seed)
    segments = len(sample_lines("ref.en"))
    return {
        name: [-float(rng.choice((1, 5))) if rng.random() < rate else 0.0 for _ in range(segments)]
        for name, rate in ERROR_RATES.items()
    }


def metricx_jsonl(scores: Mapping[str, Sequence[float]], system_ids: bool = False) -> bytes:
    """MetricX-24's ``predict.py`` output for ``scores`` (google-research/metricx ``metricx24/predict.py``): the input's
    objects, one a line (``source``, ``hypothesis``, ``reference``; with ``system_ids``, a ``system_id`` each, as
    MetricX's ``evaluate.py`` reads them, and every system in one file), each written back by ``json.dumps`` with its
    ``prediction`` added. Without ``system_ids``, ``scores`` must hold one system."""
    assert system_ids or len(scores) == 1
    refs = sample_lines("ref.en")
    lines = system_lines()
    out = []
    for name, values in scores.items():
        for i, value in enumerate(values):
            example: dict[str, object] = {
                "source": f"source {i + 1}",
                "hypothesis": lines[name][i],
                "reference": refs[i],
            }
            if system_ids:
                example["system_id"] = name
            example["prediction"] = float(value)
            out.append(json.dumps(example) + "\n")
    return "".join(out).encode("utf-8")
