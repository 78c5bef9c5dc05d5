"""Tables of one explanation: the per-order n-gram rows, their CSV, and the JSON of the whole result."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

from bleucore import NgramRow, OrderExplanation, SentenceExplanation
from ui.metrics.bleu.wording import describe, describe_all

COLUMNS = ("n-gram", "Count", "Max_Ref_Count", "Count_clip", "source reference", "clipped away", "positions")


def _row(row: NgramRow) -> dict[str, Any]:
    return {
        "n-gram": row.text,
        "Count": row.count,
        "Max_Ref_Count": row.max_ref_count,
        "Count_clip": row.count_clip,
        "source reference": ", ".join(str(j + 1) for j in row.sources) or "none",
        "clipped away": row.count - row.count_clip if row.max_ref_count else 0,
        "positions": ", ".join(str(p + 1) for p in row.positions),
    }


def order_frame(order: OrderExplanation) -> pd.DataFrame:
    """One row per distinct candidate n-gram of order n, in order of first occurrence."""
    return pd.DataFrame([_row(r) for r in order.rows], columns=list(COLUMNS))


def order_csv(order: OrderExplanation) -> str:
    """The table of order n as CSV text (n-grams are data, never markup)."""
    return str(order_frame(order).to_csv(index=False))


def result_json(result: SentenceExplanation, inputs: dict[str, Any]) -> str:
    """The full result: the inputs, ``score.to_dict()``, lengths, the diagnosis and every order's rows."""
    data: dict[str, Any] = {
        "inputs": inputs,
        "score": result.score.to_dict(),
        "candidate_tokens": list(result.candidate),
        "reference_lengths": list(result.reference_lengths),
        "orders": [
            {
                "n": o.n,
                "matches": o.matches,
                "total": o.total,
                "unclipped_matches": o.unclipped_matches,
                "rows": [_row(r) for r in o.rows],
            }
            for o in result.orders
        ],
        "diagnosis": None,
    }
    if result.diagnosis is not None:
        data["diagnosis"] = {
            "reason": describe_all(result.diagnosis.reasons),
            "fixes": [{"change": describe(f.change), "score": f.score} for f in result.diagnosis.fixes],
        }
    return json.dumps(data, ensure_ascii=False, indent=2)
