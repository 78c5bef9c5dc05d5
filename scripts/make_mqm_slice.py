"""Write tests/data/mqm_ted_ende/: a small slice of Google's MQM ratings of the WMT21 TED talks, English-German
(google/wmt-mqm-human-evaluation, Apache-2.0), and mt-metrics-eval's SPA and acc_eq of BLEU and chrF against it,
which tests/core/test_mqm_slice.py checks bleucore against.

    python scripts/make_mqm_slice.py --mqm DIR --mtme DIR

The slice: the first SEGMENTS rated segments of SYSTEMS, the human translation ref-A as the reference, each system's
translation and MQM score per line (one plain file each, the report's --scores format), and expected.json holding
mt-metrics-eval's numbers (``scripts/check_mt_metrics_eval.py`` runs it the same way).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from check_mt_metrics_eval import load_stats, theirs

from bleucore.meta_evaluation import metric_values
from bleucore.metrics import get_metric
from devtools.mqm import read_mqm

SYSTEMS = ("Facebook-AI", "Online-W", "VolcTrans-GLAT", "Nemo", "metricsystem4")
SEGMENTS = 80
FOLDER = ROOT / "tests" / "data" / "mqm_ted_ende"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mqm", type=Path, required=True)
    parser.add_argument("--mtme", type=Path, required=True)
    args = parser.parse_args()
    data = read_mqm(args.mqm)
    FOLDER.mkdir(parents=True, exist_ok=True)
    reference = list(data.reference[:SEGMENTS])
    (FOLDER / "ref.de").write_text("\n".join(reference) + "\n", encoding="utf-8")
    systems = {name: list(data.lines[name][:SEGMENTS]) for name in SYSTEMS}
    for name in SYSTEMS:
        (FOLDER / f"{name}.de").write_text("\n".join(systems[name]) + "\n", encoding="utf-8")
        scores = [f"{v:g}" for v in data.scores[name][:SEGMENTS]]
        (FOLDER / f"{name}.mqm").write_text("\n".join(scores) + "\n", encoding="utf-8")
    human = np.array([data.scores[name][:SEGMENTS] for name in SYSTEMS])
    expected: dict[str, object] = {"systems": list(SYSTEMS), "segments": list(data.segments[:SEGMENTS])}
    with tempfile.TemporaryDirectory() as scratch:
        stats = load_stats(args.mtme, Path(scratch))
        for metric in (get_metric("bleu"), get_metric("chrf")):
            values = metric_values(metric, systems, [reference])
            scores = np.array([values.segments[name] for name in SYSTEMS])
            spa, acc, epsilon = theirs(stats, human, scores)
            expected[values.label] = {"spa": spa, "acc_eq": acc, "tie_threshold": epsilon}
    (FOLDER / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(expected, indent=1))


if __name__ == "__main__":
    main()
