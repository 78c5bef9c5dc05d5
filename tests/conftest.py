"""What the test groups share: the repository's paths, the bundled sample's lines, and the AppTest helpers every
page test uses (open a page, read a metric, a caption's number, a chart's rows, drop files on an upload).

Test modules import these names (``from tests.conftest import open_app, metric``); the browser
group's own fixtures live in tests/browser/conftest.py, its helpers in tests/browser/widgets.py and charts.py.
"""

from __future__ import annotations

import base64
import logging
import os
import re
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app.py"
#: The bundled sample (data/sample): two English systems and two references, and their Korean counterparts.
SAMPLE = ROOT / "data" / "sample"

#: The app's store of uploaded files (``ui.inputs.identity``) lives in a folder of this test run, never in the
#: repository's data/store/: set before any test imports the app, and inherited by the servers browser tests start.
os.environ["BLEU_EXPLORER_STORE"] = tempfile.mkdtemp(prefix="bleu-explorer-store-")

__all__ = [
    "APP",
    "PAYLOADS",
    "ROOT",
    "SAMPLE",
    "chart_rows",
    "corpus_score",
    "drop_zone",
    "exact",
    "file_bytes",
    "link_token",
    "messages",
    "metric",
    "open_app",
    "restarted",
    "sample_lines",
    "sentence_table",
    "spm_home",
    "upload",
    "write_lines",
]

# Streamlit warns "missing ScriptRunContext ... can be ignored when running in bare mode" when a
# thread without a session touches it; AppTest's leftover handlers then write that warning to a
# stream pytest has already closed, and a later test reading stderr (the CLI's) would see a
# "--- Logging error --- Traceback". The warning says nothing about the app: drop it.
logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
    lambda record: "missing ScriptRunContext" not in record.getMessage()
)

#: Markup and Markdown that must show as text wherever user text is drawn (never run or render).
PAYLOADS = [
    "<script>window.__x=1</script>",
    "<img src=x onerror=window.__x=1>",
    "<svg/onload=window.__x=1>",
    '"><b>bold</b>',
    "[x](javascript:alert(1))",
    "![x](http://example.com/a.png)",
    "&lt;b&gt;",
    "' onmouseover='window.__x=1",
]


@pytest.fixture
def sacrebleu_seed() -> Iterator[None]:
    """sacreBLEU reads its seed from SACREBLEU_SEED: no outer setting changes it, and a test's own
    is undone (monkeypatch.delenv of an absent variable would not undo a later assignment)."""
    saved = os.environ.pop("SACREBLEU_SEED", None)
    yield
    os.environ.pop("SACREBLEU_SEED", None)
    if saved is not None:
        os.environ["SACREBLEU_SEED"] = saved


@pytest.fixture(scope="session", autouse=True)
def spm_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """sacreBLEU's folder for the whole run (``SACREBLEU``), holding the small SentencePiece models of flores101,
    flores200 and spBLEU-1K the tests train (``tests/spm_models.py``): bleucore and sacreBLEU, in this process and in
    the commands and servers it starts, read the same models where sacreBLEU looks, and never the machine's own
    ``~/.sacrebleu``. sacreBLEU read the variable when it was imported, so its module's copy is set too."""
    from sacrebleu.tokenizers import tokenizer_spm

    from tests.spm_models import write_models

    home = write_models(tmp_path_factory.mktemp("sacrebleu"))
    saved = os.environ.get("SACREBLEU"), tokenizer_spm.SACREBLEU_DIR
    os.environ["SACREBLEU"] = tokenizer_spm.SACREBLEU_DIR = str(home)
    yield home
    tokenizer_spm.SACREBLEU_DIR = saved[1]
    if saved[0] is None:
        os.environ.pop("SACREBLEU", None)
    else:
        os.environ["SACREBLEU"] = saved[0]


# Generous: CI runs on a busy machine, and a timeout only bounds a hung script.
APP_TIMEOUT = 120


def link_token(raw: bytes) -> str:
    """A share-link token of any bytes, made as ``ui.links.share.encode_state`` makes one but with no check (a
    hand-made, older or hostile link)."""
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def open_app(page: str | None = None, link: str | None = None, *, check: bool = True, **query: str) -> AppTest:
    """The app through its router on ``app_pages/<page>.py`` (default Explore), optionally opened with
    ``?s=link`` and other query parameters; ``check`` asserts the script raised nothing."""
    at = AppTest.from_file(str(APP), default_timeout=APP_TIMEOUT)
    if link is not None:
        query = {**query, "s": link}
    if page is None or page == "explore":
        at.query_params.update(query)
        at.run()
    else:
        at.run()
        at.switch_page(f"app_pages/{page}.py")
        at.query_params.update(query)
        at.run()
    if check:
        assert not at.exception, [e.value for e in at.exception]
    return at


def restarted(at: AppTest, page: str) -> AppTest:
    """The address ``at``'s browser had (``?s=`` and ``?u=``), opened on ``page`` of a restarted server: the store
    read again from its folder (the server's memory gone, its database kept), as a reload also finds it."""
    from ui.inputs import identity  # the app's modules load after the store's folder is set above

    address = {key: at.query_params[key] for key in ("s", identity.PARAM) if key in at.query_params}
    address = {key: value[0] if isinstance(value, list) else value for key, value in address.items()}
    assert identity.PARAM in address, dict(at.query_params)
    identity._store.clear()
    return open_app(page, address.pop("s", None), **address)


def sentence_table(at: AppTest):  # type: ignore[no-untyped-def]
    """The Corpus page's sentence table (the dataframe with a "line" column) as a DataFrame."""
    return next(frame.value for frame in at.dataframe if "line" in frame.value.columns)


def messages(at: AppTest) -> str:
    """Every alert's text, Markdown's backslash escapes removed."""
    return " | ".join(str(e.value) for e in [*at.error, *at.warning, *at.info]).replace("\\", "")


def metric(at: AppTest, label: str) -> str:
    """The value of the ``st.metric`` labelled ``label``."""
    values = [m.value for m in at.metric if m.label == label]
    assert values, (label, [m.label for m in at.metric], messages(at))
    return values[0]


def exact(at: AppTest, pattern: str) -> float:
    """The number captured by ``pattern`` in the first caption that matches it."""
    for caption in at.caption:
        found = re.search(pattern, caption.value)
        if found:
            return float(found.group(1))
    raise AssertionError(f"no caption matches {pattern!r}: {messages(at)}")


def corpus_score(at: AppTest) -> float:
    """Corpus BLEU to full precision, from the Corpus page's caption."""
    return exact(at, r"Corpus BLEU to full precision: ([0-9.e+-]+)\.")


def write_lines(path: Path, lines: list[str]) -> Path:
    """``lines`` as a UTF-8 file, each ending in a newline (no platform newline translation)."""
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8", newline="")
    return path


def drop_zone(at: AppTest, slot: str):  # type: ignore[no-untyped-def]
    """The slot's upload drop zone as it is now: ``ui.inputs.kept`` gives it a new key after every upload."""
    version_key = f"{slot}__version"
    version = at.session_state.get(version_key, 0)
    return at.file_uploader(key=slot if not version else f"{slot}_{version}")


#: An uploaded file as a test gives it: its name, and its lines or its bytes.
Upload = tuple[str, Sequence[str] | bytes]


def upload(at: AppTest, slot: str, files: list[Upload] | Upload) -> AppTest:
    """Drop a list of ``files`` on the slot's drop zone (one file, not in a list, for a single-file slot); the next
    ``at.run()`` reads them. Returns ``at``, so that ``upload(...).run()`` drops and runs."""
    if isinstance(files, tuple):
        name, data = files
        drop_zone(at, slot).set_value((name, _bytes(data), "text/plain"))
    else:
        drop_zone(at, slot).set_value([(name, _bytes(data), "text/plain") for name, data in files])
    return at


def _bytes(data: Sequence[str] | bytes) -> bytes:
    return data if isinstance(data, bytes) else file_bytes(data)


def file_bytes(lines: Sequence[str]) -> bytes:
    """``lines`` as the UTF-8 bytes of a text file: joined by newlines, with a final newline."""
    return ("\n".join(lines) + "\n").encode("utf-8")


def sample_lines(name: str) -> list[str]:
    """A file of the bundled sample (``data/sample/<name>``), as lines."""
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def chart_rows(at: AppTest, field: str) -> list[dict[str, object]]:
    """The data rows of the first chart whose rows have ``field``."""
    from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df

    for chart in at.get("vega_lite_chart"):
        for dataset in chart.proto.datasets:
            frame = convert_arrow_bytes_to_pandas_df(dataset.data.data)
            if field in frame.columns:
                return frame.to_dict(orient="records")  # type: ignore[no-any-return]
    raise AssertionError(f"no chart with {field!r}")
