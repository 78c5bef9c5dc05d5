"""refs-tab-separated: several references per line separated by tabs, read as one long reference."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import sacrebleu

from tests.conftest import ROOT
from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one

TABBED = [f"{a}\t{b}" for a, b in zip(REF, REF2)]


def test_tabs_on_every_line_suggest_nr_and_the_score_moves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    finding = one("refs-tab-separated", HYPS, [TABBED], reference_names=["refs.tsv"])
    assert finding.values == {"reference": "refs.tsv", "fields": 2, "tabbed": 30} and finding.lines == (1, 2, 3)
    assert "-nr 2" in finding.fix
    as_one = sacrebleu.corpus_bleu(HYPS, [TABBED]).score
    as_two = sacrebleu.corpus_bleu(HYPS, [REF, REF2]).score
    assert as_one == pytest.approx(22.67867833698928) and as_two == pytest.approx(75.29586373193686)
    # The fix works: bleucore's command line reads the file with -nr 2 as the two references.
    (tmp_path / "refs.tsv").write_text("\n".join(TABBED) + "\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "bleucore", str(tmp_path / "refs.tsv"), "-nr", "2", "-i", str(tmp_path / "hyp.txt")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert json.loads(run.stdout)["score"] == pytest.approx(as_two, abs=1e-9)


def test_a_few_tabs_are_not_references() -> None:
    few = [f"{r}\tnote" if i < 10 else r for i, r in enumerate(REF)]  # a third of the lines
    assert found("refs-tab-separated", HYPS, [few]) == []
    assert (
        one("refs-tab-separated", HYPS, [[f"{r}\tx\ty" if i < 15 else r for i, r in enumerate(REF)]]).values["fields"]
        == 3
    )
