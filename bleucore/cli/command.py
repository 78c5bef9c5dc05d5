"""The command line, ``bleucore REF [REF ...] -i HYP`` (or ``python -m bleucore``), with sacreBLEU 2.6's flag names.

Corpus mode prints one JSON object (the default, as sacreBLEU) or sacreBLEU's text line;
``-sl`` scores every hypothesis line (text lines by default, as sacreBLEU; ``-f json`` gives
JSON Lines). Unlike sacreBLEU's JSON, ``score`` and every other number keep full float precision.
Several systems (``-i sys1 sys2 ...``) without a paired test give sacreBLEU's table of every metric (``systems``).
Flags are never abbreviated (``allow_abbrev=False``); sacreBLEU's test-set flags, which bleucore
does not have, end with an error that says what to do instead.

Corpus mode, ``-sl`` and the significance tests read the files a chunk of lines at a time (``inputs``; the file
rules and their errors are ``bleucore.reading``'s); the significance tests keep every segment's statistics.

Bad input ends with one line on stderr, ``bleucore: error: ...``, and exit status 2. Only light
modules are imported at start-up; tokenizers, statistics and numpy are imported by the run
functions, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from ..limits import MAX_REFERENCES
from ..metrics import DEFAULT_METRIC, METRICS, Metric, Score
from ..reading.decode import check_encoding
from ..reading.errors import LineCountMismatch
from ..reading.lines import STDIN, count_lines
from .copy_parts import Written, can_write_from_copy, part_sums, written_by_copy
from .formats import join_outputs, score_dict, short_signature, text_line
from .inputs import iter_chunk_statistics
from .own_process import keep_freed_memory, spare_blas_threads
from .parser import FORMAT_ENV, FORMATS, MAX_WIDTH, build_parser
from .significance import run_significance
from .systems import run_systems, sacrebleu_pair_line
from .usage import PROG, UsageError

__all__ = ["PROG", "UsageError", "build_parser", "main", "run"]


def render(score: Score, args: argparse.Namespace, json_format: bool, indent: int | None) -> str:
    """One score as the command line prints it (without the final newline)."""
    if args.score_only:
        return f"{score.score:.{args.width}f}"
    if json_format:
        return json.dumps(score_dict(score, args.width), indent=indent)
    return text_line(score, args.width, args.short)


def nrefs_of(args: argparse.Namespace) -> int:
    """References per segment: -nr N, else the number of reference files."""
    return int(args.num_refs) if args.num_refs > 1 else len(args.refs)


def corpus_score(args: argparse.Namespace, hypothesis_path: str, metric: Metric) -> Score:
    """The corpus score of one system: statistics summed chunk by chunk (bounded memory), then scored."""
    from ..forking import chunk_processes  # lazy: with the stream module, out of start-up (--help imports none)
    from ..stream import sum_statistics  # lazy: numpy, kept out of start-up (--help imports none)

    # A forked copy takes half the lines and sends back their sums (bleucore.forking, copy_parts).
    chunks = iter_chunk_statistics(
        args.refs, hypothesis_path, metric, args.num_refs, args.encoding, chunk_processes(), part_sums
    )
    return metric.score_from_statistics(sum_statistics(chunks), nrefs_of(args))


def run_corpus(args: argparse.Namespace, hypothesis_path: str, metric: Metric) -> str:
    """The corpus score of the one system, as JSON (the default; with the signature sacreBLEU 2.6 gives these
    settings, null and the settings it lacks where it has none) or sacreBLEU's text line."""
    score = corpus_score(args, hypothesis_path, metric)
    if args.format in (None, "json") and not args.score_only:
        data = score_dict(score, args.width)
        equivalent = metric.sacrebleu_equivalent(nrefs_of(args))  # the signature sacreBLEU 2.6 prints for them
        data["sacrebleu_signature"] = equivalent.signature
        if equivalent.missing:
            data["sacrebleu_missing"] = list(equivalent.missing)
        return json.dumps(data, indent=1) + "\n"
    return render(score, args, args.format in (None, "json"), indent=1) + "\n"


def run_sentences(args: argparse.Namespace, hypothesis_path: str, metric: Metric, out: TextIO) -> None:
    """The score of every line of the one system, in order (JSON Lines with -f json), written to
    ``out`` chunk by chunk as the chunks are scored (bounded memory)."""
    from ..metrics.bleu.score import SegmentError  # lazy: numpy, kept out of start-up (--help imports none)

    nrefs = nrefs_of(args)
    _check_line_counts([hypothesis_path, *args.refs])
    from ..forking import chunk_processes  # lazy: with the stream module, out of start-up (--help imports none)

    json_format = args.format == "json"
    done = 0
    vectorized = getattr(metric, "sentence_lines", None)  # all of a chunk's lines at once, if the metric can
    shorten = (lambda sig: short_signature(sig, metric.label)) if args.short else None

    def lines(stats: Any) -> Iterator[str] | None:
        return vectorized(stats, nrefs, json_format, args.width, args.score_only, shorten) if vectorized else None

    forked = vectorized is not None and can_write_from_copy(out)  # a forked copy writes half the lines (copy_parts)
    finish = written_by_copy(lines) if forked else None
    processes = chunk_processes() if forked else 1
    for stats in iter_chunk_statistics(
        args.refs, hypothesis_path, metric, args.num_refs, args.encoding, processes, finish
    ):
        if isinstance(stats, Written):
            done += stats.count()
            continue
        batches = lines(stats)
        if batches is None:
            try:
                scores = metric.sentence_scores(stats, nrefs)
            except SegmentError as exc:
                raise UsageError(f"line {done + 1 + exc.index}: {exc}") from None
            batches = iter(["".join([render(score, args, json_format, indent=None) + "\n" for score in scores])])
        for text in batches:
            out.write(text)
        if forked:
            out.flush()
        done += stats.segments


def _check_line_counts(paths: list[str]) -> None:
    """Before any score is printed, as sacreBLEU: files of different line counts are an error (regular files;
    standard input and pipes are checked as they are read)."""
    if any(p == STDIN or not os.path.isfile(p) for p in paths):
        return
    counts = [count_lines(p) for p in paths]
    for path, count in zip(paths[1:], counts[1:]):
        if count != counts[0]:
            raise LineCountMismatch(paths[0], counts[0], path, count)


def metrics_from_args(args: argparse.Namespace) -> list[Metric]:
    """The metrics of -m/--metrics (default: BLEU), in sacreBLEU's order (by name), each once."""
    names = sorted(set(getattr(args, "metrics", None) or [DEFAULT_METRIC]), key=str.upper)
    return [METRICS.load(name).from_args(args) for name in names]


def _check(args: argparse.Namespace) -> None:
    if not 0 <= args.width <= MAX_WIDTH:
        raise UsageError(f"--width must be between 0 and {MAX_WIDTH}, got {args.width}")
    if not args.refs:
        raise UsageError(f"no reference file given: {PROG} REF [REF ...] -i HYP (references before -i)")
    if not 1 <= args.num_refs <= MAX_REFERENCES:
        raise UsageError(f"--num-refs must be between 1 and {MAX_REFERENCES:,}, got {args.num_refs:,}")
    if len(args.refs) > MAX_REFERENCES:
        raise UsageError(f"{len(args.refs):,} reference files; at most {MAX_REFERENCES:,} are allowed")
    if args.num_refs > 1 and len(args.refs) != 1:
        raise UsageError(
            f"--num-refs {args.num_refs} takes one reference file of tab-separated references, "
            f"got {len(args.refs)} files"
        )
    if args.human_agreement and not (args.paired_bs or args.paired_ar):
        raise UsageError("--human-agreement goes with a paired test: --paired-bs or --paired-ar")
    args.encoding = check_encoding(args.encoding)
    env_format = os.environ.get(FORMAT_ENV, "").lower()
    if env_format in FORMATS:  # sacreBLEU: the variable overrides -f
        args.format = env_format


def run(args: argparse.Namespace, out: TextIO | None = None) -> str:
    """Everything the command prints for ``args``; UsageError/ValueError/OSError on bad input.
    With ``out``, sentence scores (-sl) are written there chunk by chunk and "" is returned."""
    _check(args)
    metrics = metrics_from_args(args)
    hypothesis_paths: list[str] = args.input or [STDIN]
    if args.paired_bs or args.paired_ar or args.confidence:
        if args.format == "latex":  # bleucore's paired tables are text only (README)
            args.format = "text"
        return run_significance(args, hypothesis_paths, metrics)
    if len(hypothesis_paths) > 1:
        if args.sentence_level:
            raise UsageError("-sl scores one system: give one hypothesis file with -i")
        return run_systems(
            args, hypothesis_paths, metrics, lambda path, metric: corpus_score(args, path, metric), nrefs_of(args)
        )
    if args.sentence_level:
        if len(metrics) > 1:
            raise UsageError("-sl scores one metric at a time (as sacreBLEU): give one name to -m")
        if out is not None:
            run_sentences(args, hypothesis_paths[0], metrics[0], out)
            return ""
        buffer = io.StringIO()
        run_sentences(args, hypothesis_paths[0], metrics[0], buffer)
        return buffer.getvalue()
    json_format = args.format in (None, "json")
    text = join_outputs([run_corpus(args, hypothesis_paths[0], m) for m in metrics], args, json_format)
    if args.format == "text" and not args.score_only:
        text += "".join(sacrebleu_pair_line(m, nrefs_of(args)) for m in metrics)
    return text


def _write(text: str) -> None:
    """Write to standard output and flush; an OSError that says it was standard output that failed."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        raise OSError(f"cannot write to standard output: {err.strerror or err}") from None


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {' '.join(message.split())}\n")
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: sys.argv[1:]); returns the exit status.

    Python's cycle collector is paused for the run (10-15 ms of 0.48 s on 100k lines: the run makes no reference
    cycles worth collecting, and its memory is bounded by the chunks), and resumed after it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv)
    finally:
        if collecting:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    stderr = sys.stderr
    try:
        args = parser.parse_args(argv)
        keep_freed_memory()
        spare_blas_threads()
        if args.quiet:  # -q: warnings go nowhere; errors are still reported below
            sys.stderr = io.StringIO()
        output = run(args, sys.stdout)
        _write(output)
    except SystemExit as exc:  # --help and --version
        code = exc.code if isinstance(exc.code, int) else 0
        try:
            _write("")
        except OSError as err:
            return _fail(str(err))
        return code
    except (ValueError, OSError) as exc:  # UsageError and bleucore's own checks
        if isinstance(exc, BrokenPipeError):  # e.g. piped into head: stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        sys.stderr = stderr
        return _fail(str(exc) or type(exc).__name__)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stderr = stderr
    return 0
