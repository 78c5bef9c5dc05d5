"""What every bucket analysis runs with and on: its settings (``BucketSettings``: sacreBLEU 2.6's resampling
defaults and the words counted), the checks of its systems, references, labels and training corpus, and the
baseline the other systems are compared with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..limits import MAX_RESAMPLES
from ..reading.checks import check_line_lengths
from ..significance.defaults import BOOTSTRAP_SAMPLES, SEED

__all__ = ["BucketSettings", "TooManyLabels", "check_inputs", "check_text", "chosen_baseline"]


@dataclass(frozen=True)
class BucketSettings:
    """What every bucket analysis is run with: ``n_samples`` paired-bootstrap resamples drawn with ``seed`` (None:
    OS entropy); and the words that the length and frequency buckets count: ``tokenize``'s tokens, lowercased
    first with ``lowercase``."""

    n_samples: int = BOOTSTRAP_SAMPLES
    seed: int | None = SEED
    tokenize: str = "13a"
    lowercase: bool = False


class TooManyLabels(ValueError):
    """A labels file of ``count`` distinct labels, past ``limit`` (``limits.MAX_LABELS``)."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"the labels file has {count:,} distinct labels; at most {limit} are allowed")
        self.count, self.limit = count, limit


def check_inputs(systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]], n_samples: int) -> int:
    """The number of segments, once there is a system and a reference, every stream has as many lines as reference 1,
    no line is too long and ``n_samples`` is from 1 to ``MAX_RESAMPLES``; else a ValueError that says which."""
    if not systems:
        raise ValueError("no system to analyse: give at least one")
    if not references:
        raise ValueError("no reference: give at least one reference stream")
    segments = len(references[0])
    for j, stream in enumerate(references):
        if len(stream) != segments:
            raise ValueError(f"reference 1 has {segments:,} lines but reference {j + 1} has {len(stream):,}")
        check_line_lengths(stream, f"reference {j + 1}")
    for name, lines in systems.items():
        if len(lines) != segments:
            raise ValueError(
                f"system {name} has {len(lines):,} line{'' if len(lines) == 1 else 's'} but the references have "
                f"{segments:,}"
            )
        check_line_lengths(lines, f"system {name}")
    if segments == 0:
        raise ValueError("the references are empty: a bucket analysis needs at least 1 segment")
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or not 1 <= n_samples <= MAX_RESAMPLES:
        raise ValueError(
            f"the number of bootstrap resamples must be an integer from 1 to {MAX_RESAMPLES:,}, got {n_samples!r}"
        )
    return segments


def check_text(lines: Sequence[str], name: str, first_line: int = 1) -> None:
    """A labels file or training corpus must be text: a NUL character means a binary file (or UTF-16); ``first_line``:
    the number of ``lines[0]`` in the file."""
    check_line_lengths(lines, name, first_line)
    for number, line in enumerate(lines, start=first_line):
        if "\x00" in line:
            raise ValueError(f"{name} looks like a binary file (a NUL character on line {number:,}), not text")


def chosen_baseline(system_names: Sequence[str], baseline: str | None) -> str:
    """``baseline``, or the first system when it is None; a ValueError when it is not one of ``system_names``."""
    if baseline is None:
        return system_names[0]
    if baseline not in system_names:
        raise ValueError(f"the baseline {baseline!r} is not one of the systems ({', '.join(system_names)})")
    return baseline
