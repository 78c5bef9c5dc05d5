"""bleucore.stream: the file rules, chunked scoring equal to in-memory scoring, bounded memory."""

from __future__ import annotations

import io
import itertools
import json
import multiprocessing
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import BleuOptions, compute_bleu, corpus_bleu, corpus_statistics, sentence_bleus
from bleucore.metrics.bleu.stats import Statistics
from bleucore.reading import LineReader, iter_lines, read_lines, split_lines
from bleucore.stream import corpus_bleu_files, iter_statistics, sentence_bleu_files, sum_statistics
from bleucore.tokenizers import missing_package
from tests.conftest import ROOT, write_lines
from tests.generators import random_corpus


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


# --- the file rules --------------------------------------------------------------------------

RULES = [
    (b"", []),
    (b"\n", [""]),
    (b"a", ["a"]),
    (b"a\n", ["a"]),
    (b"a\n\n", ["a", ""]),
    (b"a\n\nb", ["a", "", "b"]),
    (b"\xef\xbb\xbfa\nb\n", ["a", "b"]),  # BOM ignored
    (b"\xef\xbb\xbf", []),
    (b"a\n\xef\xbb\xbfb\n", ["a", "\ufeffb"]),  # only a leading BOM is one
    (b"a\r\nb\r\n", ["a", "b"]),
    (b"a\r\nb\r", ["a", "b"]),
    (b"a\r\r\n", ["a\r"]),  # one "\r" dropped
    (b"a\rb\n", ["a\rb"]),  # a lone "\r" is not a line end
    ("x\u2028y\u2029z\x85w\x0bv\x0cu\x1cq\x1dr\x1es\n".encode(), ["x\u2028y\u2029z\x85w\x0bv\x0cu\x1cq\x1dr\x1es"]),
    ("naïve 日本語 😀\n".encode(), ["naïve 日本語 😀"]),
]


@pytest.mark.parametrize(("data", "expected"), RULES)
@pytest.mark.parametrize("read_bytes", [1, 2, 3, 5, 1 << 20])
def test_file_rules(tmp_path: Path, data: bytes, expected: list[str], read_bytes: int) -> None:
    path = write(tmp_path / "f.txt", data)
    with LineReader(path, read_bytes=read_bytes) as reader:
        assert reader.take(100) == expected
        assert reader.take(1) == []
        assert reader.lines_read == len(expected)
    assert read_lines(path) == expected
    assert list(iter_lines(path)) == expected


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(st.sampled_from(["a", "b", " ", "\n", "\r", "\u2028", "\x85", "é", "😀", "\ufeff"]), max_size=40),
    bom=st.booleans(),
    read_bytes=st.integers(1, 9),
    sizes=st.lists(st.integers(1, 4), min_size=1, max_size=5),
)
def test_block_reads_equal_reading_at_once(
    tmp_path_factory: pytest.TempPathFactory, text: str, bom: bool, read_bytes: int, sizes: list[int]
) -> None:
    path = tmp_path_factory.mktemp("r") / "f.txt"
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    path.write_bytes(data)
    expected = split_lines(data.decode("utf-8-sig"))  # one leading BOM dropped, as Python's utf-8-sig
    got: list[str] = []
    with LineReader(path, read_bytes=read_bytes) as reader:
        i = 0
        while chunk := reader.take(sizes[i % len(sizes)]):
            got.extend(chunk)
            i += 1
    assert got == expected


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(st.sampled_from(["a", "b", " ", "\n", "\r", "\u2028", "\x85", "é", "😀", "\ufeff"]), max_size=40),
    bom=st.booleans(),
    read_bytes=st.integers(1, 9),
    takes=st.lists(st.tuples(st.booleans(), st.integers(1, 12), st.integers(1, 4)), min_size=1, max_size=5),
)
def test_undecoded_takes_equal_reading_at_once(
    tmp_path_factory: pytest.TempPathFactory, text: str, bom: bool, read_bytes: int, takes: list[tuple[bool, int, int]]
) -> None:
    """take_raw (by bytes and lines, or by lines alone), then decode_raw, give the lines of take(), with their count."""
    path = tmp_path_factory.mktemp("r") / "f.txt"
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    path.write_bytes(data)
    expected = split_lines(data.decode("utf-8-sig"))
    got: list[str] = []
    with LineReader(path, read_bytes=read_bytes, rstrip=True) as reader:
        assert reader.at_end() == (not expected)
        for i in range(len(expected) + 1):
            by_bytes, size, lines = takes[i % len(takes)]
            raw, count = reader.take_raw(size if by_bytes else sys.maxsize, lines)
            if not count:
                break
            body = raw[:-1] if raw.endswith(b"\n") else raw
            assert count <= lines and (not by_bytes or body.rfind(b"\n") + 1 < size)  # the last line was needed
            decoded = reader.decode_raw(raw, len(got) + 1)
            assert len(decoded) == count == reader.lines_read - len(got)
            got.extend(decoded)
        assert reader.at_end() and reader.take(1) == []
    assert got == [line.rstrip() for line in expected]


@pytest.mark.parametrize("read_bytes", [1, 4, 1 << 20])
def test_invalid_utf8_names_file_line_and_byte(tmp_path: Path, read_bytes: int) -> None:
    path = write(tmp_path / "hyp.txt", b"good\nline two\nab\xffcd\nmore\n")
    with pytest.raises(ValueError, match=r"hyp\.txt is not UTF-8 text: line 3, byte 3 \(0xff\)"):
        read_lines(path)
    with pytest.raises(ValueError, match="line 3, byte 3"), LineReader(path, read_bytes=read_bytes) as reader:
        reader.take(10)


def test_invalid_utf8_far_into_a_big_file(tmp_path: Path) -> None:
    path = write(tmp_path / "big.txt", b"x y z\n" * 300_000 + b"\xc3(\n")
    with pytest.raises(ValueError, match=r"big\.txt is not UTF-8 text: line 300001, byte 1 \(0xc3\)"):
        for _ in iter_lines(path):
            pass


@pytest.mark.parametrize("chunk_lines", [1, 7, 50_000])
def test_invalid_utf8_in_a_later_chunk_names_its_line(tmp_path: Path, chunk_lines: int) -> None:
    lines = [f"word{i} w{i % 7}, x" for i in range(40)]
    hyp = write(tmp_path / "hyp.txt", "\n".join(lines).encode() + b"\nok ab\xffcd\n" + b"more\n")
    ref = write(tmp_path / "ref.txt", "\n".join(lines).encode() + b"\nok\nmore\n")
    with pytest.raises(ValueError, match=r"hyp\.txt is not UTF-8 text: line 41, byte 6 \(0xff\)"):
        list(iter_statistics(hyp, [ref], BleuOptions(), chunk_lines=chunk_lines))
    with pytest.raises(ValueError, match=r"hyp\.txt is not UTF-8 text: line 41, byte 6 \(0xff\)"):  # as a reference
        list(iter_statistics(ref, [hyp], BleuOptions(), chunk_lines=chunk_lines))


def test_missing_file_is_an_os_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(OSError, match=r"cannot read .*nope\.txt"):
        read_lines(tmp_path / "nope.txt")


def test_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfone\r\ntwo\n")))
    assert read_lines("-") == ["one", "two"]


# --- chunked scoring -------------------------------------------------------------------------


def corpus_files(
    tmp_path: Path, seed: int, segments: int, nrefs: int
) -> tuple[Path, list[Path], list[str], list[list[str]]]:
    hyps, streams = random_corpus(seed, segments, nrefs)
    # The generator's lines may hold "\n" (never) or "\r"-free separators such as U+2028: both kept.
    hyp = write_lines(tmp_path / "hyp.txt", hyps)
    refs = [write_lines(tmp_path / f"ref{j}.txt", s) for j, s in enumerate(streams)]
    return hyp, refs, hyps, streams


@pytest.mark.parametrize(("chunk_lines", "chunk_bytes"), [(1, 1 << 22), (7, 1 << 22), (1000, 300), (50_000, 1)])
def test_chunks_equal_the_in_memory_statistics(tmp_path: Path, chunk_lines: int, chunk_bytes: int) -> None:
    hyp, refs, hyps, streams = corpus_files(tmp_path, 3, 230, 3)
    options = BleuOptions(tokenize="intl", weights=(0.2,) * 5)
    chunks = list(iter_statistics(hyp, refs, options, chunk_lines=chunk_lines, chunk_bytes=chunk_bytes))
    assert len(chunks) > 1
    assert all(c.segments <= chunk_lines for c in chunks)
    whole = corpus_statistics(hyps, streams, options)
    joined = Statistics.concatenate(chunks)
    for field in ("hyp_len", "ref_len", "matches", "totals"):
        assert np.array_equal(getattr(joined, field), getattr(whole, field))
    assert corpus_bleu_files(hyp, refs, options, chunk_lines, chunk_bytes) == corpus_bleu(hyps, streams, options)


def test_a_vocabulary_past_its_bound_is_renewed_between_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MAX_ENCODER_BYTES`` a stream's next chunk starts a new token vocabulary (bounded memory): the same
    statistics as one vocabulary for all."""
    import bleucore.metrics.bleu as bleu

    hyp, refs, hyps, streams = corpus_files(tmp_path, 5, 230, 2)
    renewed: list[bool] = []
    chunk_context = bleu.BLEU.chunk_context

    def counted(self: bleu.BLEU, previous: object = None) -> object:
        context = chunk_context(self, previous)
        renewed.append(previous is not None and context is not previous)
        return context

    monkeypatch.setattr(bleu.BLEU, "chunk_context", counted)
    monkeypatch.setattr(bleu, "MAX_ENCODER_BYTES", 1)
    chunks = list(iter_statistics(hyp, refs, BleuOptions(), chunk_lines=40))
    assert len(chunks) == 6 and len(renewed) >= 6 and renewed == [False] + [True] * (len(renewed) - 1)
    whole = corpus_statistics(hyps, streams, BleuOptions())
    assert np.array_equal(Statistics.concatenate(chunks).matches, whole.matches)


def test_sentence_scores_stream_in_order(tmp_path: Path) -> None:
    hyp, refs, hyps, streams = corpus_files(tmp_path, 4, 120, 2)
    streamed = list(sentence_bleu_files(hyp, refs, chunk_lines=13))
    assert streamed == sentence_bleus(hyps, streams)
    assert streamed[0].options.effective_order


def test_line_count_mismatch_names_both_files(tmp_path: Path) -> None:
    hyp = write_lines(tmp_path / "hyp.txt", ["a"] * 25)
    short = write_lines(tmp_path / "short.txt", ["a"] * 24)
    long = write_lines(tmp_path / "long.txt", ["a"] * 26)
    same = write_lines(tmp_path / "same.txt", ["a"] * 25)
    with pytest.raises(ValueError, match=r"hyp\.txt has 25 lines but \S*short\.txt has 24 lines"):
        corpus_bleu_files(hyp, [same, short], chunk_lines=10)
    with pytest.raises(ValueError, match=r"hyp\.txt has 25 lines but \S*long\.txt has 26 lines"):
        corpus_bleu_files(hyp, [long], chunk_lines=5)
    with pytest.raises(ValueError, match=r"hyp\.txt has 25 lines but \S*long\.txt has 26 lines"):
        corpus_bleu_files(hyp, [long])


def test_empty_hypothesis_and_bad_arguments(tmp_path: Path) -> None:
    empty = write(tmp_path / "empty.txt", b"")
    ref = write_lines(tmp_path / "ref.txt", ["a"])
    with pytest.raises(ValueError, match=r"empty\.txt is empty: there is no segment to score"):
        corpus_bleu_files(empty, [empty])
    with pytest.raises(ValueError, match=r"empty\.txt has 0 lines but \S*ref\.txt has 1 line$"):
        corpus_bleu_files(empty, [ref])
    with pytest.raises(ValueError, match="at least 1 reference file"):
        corpus_bleu_files(ref, [])
    with pytest.raises(ValueError, match="at least 1 reference file"):
        corpus_bleu_files(ref, str(ref))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1 line"):
        corpus_bleu_files(ref, [ref], chunk_lines=0)
    with pytest.raises(ValueError, match="0 parts"):
        sum_statistics([])


# --- partitions: statistics are additive ---------------------------------------------------------


def _partition_statistics(part: tuple[list[str], list[list[str]]]) -> Statistics:
    hyps, streams = part
    return corpus_statistics(hyps, streams, BleuOptions()).total()


def test_partitions_scored_by_worker_processes_sum_to_the_corpus_score() -> None:
    """What a Dask/Spark job does: statistics per partition anywhere, then one sum."""
    hyps, streams = random_corpus(8, 400, 2)
    bounds = [0, 50, 51, 190, 400]
    parts = [(hyps[a:b], [s[a:b] for s in streams]) for a, b in itertools.pairwise(bounds)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        sums = pool.map(_partition_statistics, parts)
    from bleucore import score_statistics

    assert score_statistics(sum_statistics(sums), BleuOptions(), 2) == corpus_bleu(hyps, streams)


# --- 1M lines in bounded memory --------------------------------------------------------------------

MEMORY_SCRIPT = textwrap.dedent(
    """
    import json, resource, sys
    from bleucore.stream import corpus_bleu_files
    hyp, ref, tiny_hyp, tiny_ref = sys.argv[1:]
    corpus_bleu_files(tiny_hyp, [tiny_ref])  # load every lazy module first
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    score = corpus_bleu_files(hyp, [ref])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"growth_kb": after - before, "score": score.score, "sys_len": score.sys_len}))
    """
)


def test_a_million_lines_in_bounded_memory(tmp_path: Path) -> None:
    rng = random.Random(0)
    words = [f"w{i}" for i in range(500)] + list(",.!?")
    block_h, block_r = [], []
    for _ in range(1000):
        ref = [rng.choice(words) for _ in range(rng.randint(0, 8))]
        block_r.append(" ".join(ref))
        block_h.append(" ".join(w if rng.random() < 0.8 else rng.choice(words) for w in ref))
    hyp = write(tmp_path / "hyp.txt", ("\n".join(block_h) + "\n").encode() * 1000)
    ref = write(tmp_path / "ref.txt", ("\n".join(block_r) + "\n").encode() * 1000)
    tiny_hyp = write_lines(tmp_path / "tiny_hyp.txt", block_h[:5])
    tiny_ref = write_lines(tmp_path / "tiny_ref.txt", block_r[:5])
    run = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(hyp), str(ref), str(tiny_hyp), str(tiny_ref)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
        check=True,
    )
    result = json.loads(run.stdout)
    # The corpus is one block of 1,000 segments repeated 1,000 times: 1,000 times its sums.
    block = corpus_statistics(block_h, [block_r], BleuOptions()).total()
    expected = compute_bleu(
        1000 * int(block.hyp_len[0]),
        1000 * float(block.ref_len[0]),
        (1000 * block.matches[0]).tolist(),
        (1000 * block.totals[0]).tolist(),
        BleuOptions(),
    )
    assert result["sys_len"] == expected.sys_len
    assert result["score"] == expected.score
    assert result["growth_kb"] < 100 * 1024


def reference_take_bytes(lines: list[str], at: int, max_bytes: int, max_lines: int) -> tuple[list[str], int]:
    """take_bytes as first written: one line at a time, each counting its length + 1."""
    out: list[str] = []
    size = 0
    while len(out) < max_lines and size < max_bytes and at < len(lines):
        out.append(lines[at])
        size += len(lines[at]) + 1
        at += 1
    return out, at


@settings(max_examples=150, deadline=None)
@given(
    lengths=st.lists(st.sampled_from([0, 1, 2, 5, 40, 300]), max_size=60),
    read_bytes=st.sampled_from([1, 7, 64, 1 << 20]),
    takes=st.lists(
        st.tuples(st.sampled_from([1, 2, 10, 100, 1000]), st.sampled_from([1, 3, 50, 10**6])), min_size=1, max_size=40
    ),
)
def test_take_bytes_takes_lines_until_the_byte_count_is_reached(
    tmp_path_factory: pytest.TempPathFactory, lengths: list[int], read_bytes: int, takes: list[tuple[int, int]]
) -> None:
    lines = ["é" * n for n in lengths]
    path = tmp_path_factory.mktemp("take") / "f.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    at = 0
    with LineReader(path, read_bytes=read_bytes) as reader:
        for max_bytes, max_lines in takes:
            expected, at = reference_take_bytes(lines, at, max_bytes, max_lines)
            assert reader.take_bytes(max_bytes, max_lines) == expected
        assert reader.lines_read == at
        assert reader.at_end() == (at == len(lines))


def test_iter_statistics_takes_open_readers_and_leaves_them_open(tmp_path: Path) -> None:
    hyps, streams = random_corpus(31, 40, 2)
    hyp = write(tmp_path / "hyp.txt", "".join(h + "\n" for h in hyps).encode())
    refs = [write(tmp_path / f"ref{j}.txt", "".join(r + "\n" for r in s).encode()) for j, s in enumerate(streams)]
    readers = [LineReader(hyp), LineReader(refs[0])]
    assert not readers[0].at_end() and readers[0].lines_read == 0
    parts = list(iter_statistics(readers[0], [readers[1], refs[1]], chunk_lines=7))
    assert len(parts) == 6
    expected = corpus_statistics(hyps, streams)
    assert np.array_equal(Statistics.concatenate(parts).matches, expected.matches)
    assert readers[0].at_end() and readers[0].lines_read == 40
    assert not readers[1]._handle.closed  # the caller's to close
    for reader in readers:
        reader.close()


# --- chunks given to a forked copy (bleucore.forking) -------------------------------------------

_FORK_CHECK = textwrap.dedent("""
    import json, sys
    import numpy as np
    from bleucore import BleuOptions
    from bleucore import forking, stream
    from bleucore.metrics.bleu.stats import Statistics

    forks = []
    class Counted(forking.ChunkWorker):
        def submit(self, task):
            forks.append(1)
            return super().submit(task)
    stream.ChunkWorker = Counted
    hyp, refs, chunk_lines, tokenize = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
    options = BleuOptions(tokenize=tokenize)
    def run(processes):
        try:
            chunks = list(stream.iter_statistics(hyp, refs, options, chunk_lines=chunk_lines, processes=processes))
        except ValueError as exc:
            return {"error": str(exc)}
        joined = Statistics.concatenate(chunks)
        return {"stats": [getattr(joined, f).tolist() for f in ("hyp_len", "ref_len", "matches", "totals")]}
    alone = run(1)
    before = len(forks)
    forked = run(2)
    print(json.dumps({"alone": alone, "forked": forked, "forks": len(forks) - before, "forks_alone": before}))
""")


def _fork_check(hyp: Path, refs: list[Path], chunk_lines: int, tokenize: str = "13a") -> dict:
    """Run ``_FORK_CHECK`` in a new Python (one thread, as on the command line): its results alone and forked."""
    done = subprocess.run(
        [sys.executable, "-c", _FORK_CHECK, str(hyp), ",".join(map(str, refs)), str(chunk_lines), tokenize],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(("segments", "chunk_lines"), [(230, 40), (230, 23), (100, 100), (101, 12), (107, 8)])
def test_chunks_scored_by_a_forked_copy_equal_those_scored_alone(
    tmp_path: Path, segments: int, chunk_lines: int
) -> None:
    """After a first chunk of a quarter the size, the lines of each two chunks shared with a forked copy: the
    same statistics, line by line, as one process (even and odd numbers of chunks, a short last chunk, none)."""
    hyp, refs, hyps, streams = corpus_files(tmp_path, 11, segments, 2)
    out = _fork_check(hyp, refs, chunk_lines)
    rest = segments - max(1, chunk_lines // 4)
    assert out["forks_alone"] == 0 and out["forks"] == -(-rest // chunk_lines) // 2
    assert out["forked"] == out["alone"]
    whole = corpus_statistics(hyps, streams, BleuOptions())
    assert out["alone"]["stats"][2] == whole.matches.tolist()


def test_mecab_chunks_are_scored_by_a_forked_copy_too(tmp_path: Path) -> None:
    """MeCab's analysis is most of a ko-mecab score (``Tokenizer.analyser_bound``): half of each two chunks goes to
    the forked copy, which decodes them (no MeCab pool is forked besides), with the same statistics as one process."""
    from devtools.cjk_generators import cjk_corpus

    if missing_package("ko-mecab"):
        pytest.skip("ko-mecab's analyser is not installed")
    hyps, streams = cjk_corpus("ko-mecab", 41, 120, 1)
    hyp, ref = write_lines(tmp_path / "hyp.txt", hyps), write_lines(tmp_path / "ref.txt", streams[0])
    out = _fork_check(hyp, [ref], 20, "ko-mecab")
    assert out["forks"] == 3 and out["forked"] == out["alone"]
    whole = corpus_statistics(hyps, streams, BleuOptions(tokenize="ko-mecab"))
    assert out["alone"]["stats"][2] == whole.matches.tolist()


def test_a_forked_chunk_that_fails_is_reported_as_without_the_copy(tmp_path: Path) -> None:
    """Invalid UTF-8 in the chunk a copy counts: the copy sends nothing, this process decodes the chunk and names
    the file, line and byte as when one process reads it; a tokenizer that is not word-local never forks."""
    lines = [f"word{i} w{i % 7}, x" for i in range(40)]
    hyp = write(
        tmp_path / "hyp.txt", "\n".join(lines[:10]).encode() + b"\nok ab\xffcd\n" + "\n".join(lines).encode() + b"\n"
    )
    ref = write(tmp_path / "ref.txt", "\n".join(lines[:10]).encode() + b"\nok\n" + "\n".join(lines).encode() + b"\n")
    out = _fork_check(hyp, [ref], 20)  # lines 1-5 here, then lines 6-25 to the copy and 26-45 here
    assert out["alone"] == out["forked"] == {"error": f"{hyp} is not UTF-8 text: line 11, byte 6 (0xff)"}
    assert out["forks"] == 1
    # a second bad line in this process's part: the copy's (earlier) line is still the one named
    bad_twice = write(tmp_path / "twice.txt", hyp.read_bytes().replace(b"word30 w2, x", b"word30 w2\xfe x"))
    out = _fork_check(bad_twice, [ref], 20)
    assert out["alone"] == out["forked"] == {"error": f"{bad_twice} is not UTF-8 text: line 11, byte 6 (0xff)"}
    plain = write_lines(tmp_path / "plain.txt", lines)
    out = _fork_check(plain, [plain], 5, "zh")
    assert out["forks"] == 0 and out["forked"] == out["alone"]
