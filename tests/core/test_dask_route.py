"""bleucore.dask on a real dask.distributed LocalCluster with 2 workers equals corpus_bleu."""

from __future__ import annotations

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402

from bleucore import BleuOptions, corpus_bleu  # noqa: E402
from bleucore.partitions import corpus_bleu_bag, corpus_bleu_dataframe  # noqa: E402
from tests.generators import random_corpus  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.mark.parametrize(
    "options",
    [
        BleuOptions(),
        BleuOptions(tokenize="char", smooth_method="floor"),
        BleuOptions(tokenize="none", lowercase=True, smooth_method="add-k"),
    ],
    ids=str,
)
def test_bag_on_two_workers_equals_corpus_bleu(client, options):
    hyps, (ref1, ref2) = random_corpus(21, 400, 2)
    rows = db.from_sequence(list(zip(hyps, ref1, ref2)), npartitions=7)
    ours = corpus_bleu_bag(rows, options)
    expected = corpus_bleu(hyps, [ref1, ref2], options)
    assert ours == expected  # every field, the signature included
    assert len(client.scheduler_info()["workers"]) == 2


def test_dataframe_with_missing_references_equals_corpus_bleu(client):
    hyps, (ref1, ref2) = random_corpus(22, 300, 2)
    ref2 = [None if i % 3 == 0 else r for i, r in enumerate(ref2)]
    frame = dd.from_pandas(pd.DataFrame({"hyp": hyps, "r1": ref1, "r2": ref2}, dtype=object), npartitions=5)
    ours = corpus_bleu_dataframe(frame, "hyp", ["r1", "r2"])
    expected = corpus_bleu(hyps, [ref1, ref2])  # type: ignore[list-item]
    assert ours.score == expected.score and ours.counts == expected.counts and ours.ref_len == expected.ref_len
    assert ours.signature.startswith("nrefs:var|")


def test_empty_bag_is_a_clear_error(client):
    with pytest.raises(ValueError, match="every partition is empty"):
        corpus_bleu_bag(db.from_sequence([], npartitions=1))
