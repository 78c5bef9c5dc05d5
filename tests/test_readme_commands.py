"""The README's own commands, run as a newcomer runs them: the "Run the app" block in a copy of the repository with
the ``python3`` found on PATH (a fresh venv, ``pip install -r requirements.txt``, ``streamlit run app.py``) ends
with the app answering; the "Command line" block runs on the sample corpus and prints the scores its comments show;
the Python of docs/python-api.md runs. CI (``.ci/run``) runs the "Tests" block itself. Every block is read from the
page that shows it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from devtools.readme import block, code_blocks
from devtools.server import free_port, health_ok, stop_server
from tests.conftest import ROOT

#: pip may download the app's wheels into the new venv: minutes on a busy machine, a state (health) ends the wait.
INSTALL_AND_START_S = 1500


def test_ci_runs_the_readmes_test_block() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m devtools.readme Tests" in ci and 'bash -euo pipefail -c "$command"' in ci
    assert block("Tests").strip() == "./scripts/test.sh"


def test_the_readmes_command_line_block_runs_on_the_sample(tmp_path: Path) -> None:
    """Each line after ``pip install .`` as shown, ``bleucore`` being ``python -m bleucore`` of this tree (the install
    itself is tests/cli/test_cli_wheel.py's); a score a comment shows (``= 23.09 74.4/41.3/19.1/7.6``) is printed."""
    install, commands = block("Command line").split("\n", 1)
    assert install.split("#")[0].strip() == "pip install ."
    assert commands.startswith("cd data/sample\n") and "bleucore " in commands
    shutil.copytree(ROOT / "data" / "sample", tmp_path / "data" / "sample")
    shims = 'bleucore() { "$PYTHON" -m bleucore "$@"; }\npython() { "$PYTHON" "$@"; }\n'
    env = {**os.environ, "PYTHON": sys.executable, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", shims + commands],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shown = re.findall(r"#[^=\n]* = (\d+\.\d+ \d[\d./]*)", commands)
    assert shown and all(score in done.stdout for score in shown), (shown, done.stdout[-3000:])


def test_the_python_api_pages_code_runs(tmp_path: Path) -> None:
    code = "\n".join(code_blocks(ROOT / "docs" / "python-api.md", "python"))
    assert "from bleucore import" in code
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "BLEU = " in done.stdout  # the corpus score in sacreBLEU's layout


@pytest.mark.timeout(INSTALL_AND_START_S + 120)
def test_the_readmes_run_command_starts_the_app(tmp_path: Path) -> None:
    commands = block("Run the app")
    assert commands.startswith("python3 -m venv .venv") and "streamlit run app.py" in commands
    repo = tmp_path / "clone"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in tracked:
        if name.startswith(("tests/", "docs/", "bench/")):
            continue
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, repo / name)
    port = free_port()
    # Streamlit reads its options from STREAMLIT_* variables: headless on a free loopback port, as tests start it.
    env = {
        **os.environ,
        "STREAMLIT_SERVER_HEADLESS": "true",
        "STREAMLIT_SERVER_PORT": str(port),
        "STREAMLIT_SERVER_ADDRESS": "127.0.0.1",
        "STREAMLIT_SERVER_FILE_WATCHER_TYPE": "none",
        "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("VIRTUAL_ENV", None)
    with (tmp_path / "log.txt").open("w+b") as log:
        proc = subprocess.Popen(
            ["bash", "-euo", "pipefail", "-c", commands],
            cwd=repo,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + INSTALL_AND_START_S
            while not health_ok(f"{base}/_stcore/health"):
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(
                        f"the README's commands ended ({proc.returncode}) before the app answered:\n"
                        f"{log.read().decode(errors='replace')[-3000:]}"
                    )
                time.sleep(1)
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            with opener.open(base + "/", timeout=30) as page:
                assert page.status == 200 and b'<div id="root">' in page.read()
        finally:
            stop_server(proc)  # by its PID and process group
    assert (repo / ".venv" / "bin" / "streamlit").exists()  # the app ran from the README's venv, not the system
