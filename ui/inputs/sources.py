"""The inputs Corpus and Compare offer (the bundled samples, uploads, pasted text) and the keys of their widgets,
named by the page's prefix (``corpus_source``, ``compare_ref_paste_0``): the one list of both, read by the page
states (``ui.state``) and drawn by the input widgets (``ui.inputs.widgets``, ``ui.inputs.hypothesis``)."""

from __future__ import annotations

from ui.shell.i18n import N_

SOURCES = ("sample", "sample-ko", "upload", "paste")
SOURCE_LABELS = {
    "sample": N_("Bundled sample"),
    "sample-ko": N_("Korean sample"),
    "upload": N_("Upload files"),
    "paste": N_("Paste text"),
}
MAX_PASTED_REFERENCES = 4


def source_key(prefix: str) -> str:
    """The key of the input source radio of Corpus or Compare (``prefix``)."""
    return f"{prefix}_source"


def ref_count_key(prefix: str) -> str:
    """The key of the number of pasted reference text areas of Corpus or Compare (``prefix``)."""
    return f"{prefix}_ref_count"


def pasted_reference_key(prefix: str, index: int) -> str:
    """The key of the pasted reference text area ``index`` (0-based) of Corpus or Compare (``prefix``)."""
    return f"{prefix}_ref_paste_{index}"


def hypothesis_paste_key(prefix: str) -> str:
    """The key of the pasted hypothesis text area of Corpus (``prefix``)."""
    return f"{prefix}_hyp_paste"


def hypothesis_upload_key(prefix: str) -> str:
    """The key of the hypothesis drop zone of Corpus (``prefix``)."""
    return f"{prefix}_hyp_upload"


def hypothesis_file_key(prefix: str) -> str:
    """The key of Corpus's choice of the output it scores among those uploaded (here or on Compare)."""
    return f"{prefix}_hyp_file"


def references_upload_key(prefix: str) -> str:
    """The key of the reference files' drop zone of Corpus or Compare (``prefix``)."""
    return f"{prefix}_ref_upload"


#: The bucket section's kinds of buckets (labels: only once a labels file is given).
BUCKET_KINDS = ("length", "frequency", "label")


#: Compare's drop zone of system outputs.
SYSTEMS_UPLOAD = "compare_sys_upload"


def bucket_kind_key(prefix: str) -> str:
    """The key of the bucket section's choice of buckets (length, word frequency, labels) on Corpus or Compare; the
    section's other keys are ``ui.buckets.section.Slots``."""
    return f"{prefix}_buckets"


def bucket_metric_key(prefix: str) -> str:
    """The key of the bucket section's choice of the metric shown (its label) on Corpus or Compare."""
    return f"{prefix}_bucket_metric"


#: Drop zones that share their files with another page's (``ui.inputs.shared``) -> the store slot they share: every
#: page's references, and the outputs scored (Compare's systems, Corpus's hypothesis), in the order their files are
#: listed once a session's files kept under the drop zones' own keys are moved there.
STORE_SLOTS = {
    references_upload_key("compare"): "shared_references",
    references_upload_key("corpus"): "shared_references",
    SYSTEMS_UPLOAD: "shared_outputs",
    hypothesis_upload_key("corpus"): "shared_outputs",
}
