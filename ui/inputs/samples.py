"""The bundled test sets (data/sample) Corpus and Compare open with: their systems and references, decoded once
per process, and the tokenizer each is scored with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from ui.inputs.uploads import TextFile, decode_bytes
from ui.shell.cache_limits import TTL_SECONDS
from ui.shell.i18n import N_

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "data" / "sample"


@dataclass(frozen=True)
class Sample:
    """A bundled test set (data/sample): systems (the first is Corpus's hypothesis), references,
    and the tokenizer it is scored with when chosen (None: the page's preset)."""

    systems: tuple[str, ...]
    references: tuple[str, ...]
    tokenizer: str | None = None
    note: str = ""


#: Input source -> bundled test set (the sources are ``ui.inputs.sources.SOURCES``).
SAMPLES = {
    "sample": Sample(("system_a.en", "system_b.en"), ("ref.en", "ref2.en")),
    "sample-ko": Sample(
        ("system_a.ko", "system_b.ko"),
        ("ref.ko", "ref2.ko"),
        "ko-mecab",
        N_(
            "Scored with `ko-mecab`, sacreBLEU's tokenizer for Korean: choose `13a` or `none` in the sidebar to "
            "see how much whole-eojeol matching lowers the score."
        ),
    ),
}


@st.cache_data(max_entries=4, ttl=TTL_SECONDS, show_spinner=False)
def text_files(paths: tuple[str, ...]) -> tuple[TextFile, ...]:
    """Files on the server (the bundled sample), decoded once, named by their file names."""
    return tuple(decode_bytes(Path(path).read_bytes(), Path(path).name) for path in paths)


def sample_files(names: tuple[str, ...]) -> tuple[TextFile, ...]:
    """Files of the bundled sample (data/sample), decoded once (``text_files``)."""
    return text_files(tuple(str(SAMPLE_DIR / name) for name in names))


def sample_corpus(source: str) -> tuple[TextFile, list[TextFile]]:
    """The bundled sample of ``source`` as Corpus scores it: its first (weak) system and its references."""
    sample = SAMPLES[source]
    hyp, *refs = sample_files((sample.systems[0], *sample.references))
    return hyp, list(refs)
