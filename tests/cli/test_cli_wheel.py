"""The package installs like one: build the wheel, install it into a fresh venv, run ``bleucore`` outside the
repository."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU

from tests.conftest import ROOT


def _run(argv: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources (no build/ or egg-info left in the repository)."""
    src = tmp_path_factory.mktemp("src")
    shutil.copy(ROOT / "pyproject.toml", src)
    shutil.copy(ROOT / "README.md", src)
    shutil.copytree(ROOT / "bleucore", src / "bleucore", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    done = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", out, src], src)
    assert done.returncode == 0, done.stderr
    (path,) = out.glob("bleucore-*.whl")
    return path


def test_wheel_holds_the_bleucore_package_only(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"bleucore"}
    assert "bleucore/py.typed" in names and "bleucore/cli/__init__.py" in names
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    from bleucore import __version__

    assert f"Version: {__version__}" in meta and "Requires-Python: >=3.11" in meta
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert requires == ["Requires-Dist: numpy<3,>=1.26"]
    for extra in ("ja", "ko", "app", "dask", "report", "spm"):
        assert f"Provides-Extra: {extra}" in meta
    assert 'Requires-Dist: sentencepiece<0.3,>=0.2; extra == "spm"' in meta
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "bleucore = bleucore.cli:main" in entry_points
    assert "bleucore-report = bleucore.cli.report:main" in entry_points
    assert "bleucore-doctor = bleucore.cli.doctor:main" in entry_points
    assert {"bleucore/buckets/analyses.py", "bleucore/report/html.py", "bleucore/tools/compare_mt.py"} <= set(names)


def _site_folders() -> list[str]:
    """The folders this interpreter imports installed packages from (a venv's, the base's, the user's), in order."""
    folders = set(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.add(site.getusersitepackages())
    return [entry for entry in sys.path if entry in folders]


def test_installed_command_works_outside_the_repository(wheel, tmp_path):
    """The wheel's dependencies come from this interpreter's folders, named by a .pth file, not from the system's:
    run from a venv, the system's interpreter lacks them."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    inner = _run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp_path).stdout.strip()
    (Path(inner) / "outer.pth").write_text("".join(f"{folder}\n" for folder in _site_folders()), encoding="utf-8")
    done = _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel], tmp_path
    )
    if done.returncode != 0 and "no such option: --python" in done.stderr:
        pytest.skip("pip too old for --python")
    assert done.returncode == 0, done.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = _run([python, "-c", "import bleucore; print(bleucore.__file__)"], work)
    assert where.stdout.startswith(str(env_dir)), where.stdout + where.stderr

    command = env_dir / "bin" / "bleucore"
    helped = _run([command, "--help"], work)
    assert helped.returncode == 0 and "usage: bleucore" in helped.stdout

    hyps = ["the cat sat on the mat", "there is a dog in the garden today"]
    refs = ["the cat sat on a mat", "a dog is in the garden today"]
    (work / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (work / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    scored = _run([command, "ref.txt", "-i", "hyp.txt"], work)
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["score"] == pytest.approx(BLEU().corpus_score(hyps, [refs]).score, abs=1e-9)
    # The installed package reads its version from its own metadata, and the signature carries it.
    installed = _run(
        [python, "-c", "from importlib.metadata import version; print(version('bleucore'))"], work
    ).stdout.strip()
    assert json.loads(scored.stdout)["signature"].endswith(f"|version:{installed}")
    assert _run([command, "--version"], work).stdout == f"bleucore {installed}\n"

    # The report's console script, from the installed wheel: every output written, the numbers sacreBLEU's.
    other = ["the cat sat on the mat", "a dog is in a garden today"]
    (work / "hyp2.txt").write_text("\n".join(other) + "\n", encoding="utf-8")
    reported = _run(
        [
            env_dir / "bin" / "bleucore-report",
            "ref.txt",
            "-i",
            "hyp.txt",
            "hyp2.txt",
            "-m",
            "bleu",
            "--n-samples",
            "50",
            "--html",
            "r.html",
            "--latex",
            "t.tex",
            "--json",
            "r.json",
        ],
        work,
    )
    assert reported.returncode == 0 and reported.stderr == "", reported.stderr
    corpus = {r["system"]: r["value"] for r in json.loads((work / "r.json").read_text()) if r["analysis"] == "corpus"}
    assert corpus == pytest.approx(
        {"hyp.txt": BLEU().corpus_score(hyps, [refs]).score, "hyp2.txt": BLEU().corpus_score(other, [refs]).score},
        abs=1e-9,
    )
    assert "<svg" in (work / "r.html").read_text() and "\\toprule" in (work / "t.tex").read_text()
    (work / "labels.txt").write_text("news\n", encoding="utf-8")
    bad = _run([env_dir / "bin" / "bleucore-report", "ref.txt", "-i", "hyp.txt", "--labels", "labels.txt"], work)
    assert bad.returncode == 2 and bad.stdout == "", bad.stderr
    assert bad.stderr == "bleucore: error: the labels file has 1 line but the references have 2: one label per line\n"
    # The doctor's console script: findings and every tool's number, the first sacreBLEU's, unrounded.
    doctor = _run([env_dir / "bin" / "bleucore-doctor", "ref.txt", "-i", "hyp.txt", "--json"], work)
    assert doctor.returncode == 0, doctor.stderr
    report = json.loads(doctor.stdout)
    assert [s["implementation"] for s in report["scores"]][:2] == ["sacrebleu", "nltk-corpus"] and len(
        report["scores"]
    ) == 10
    assert report["scores"][0]["score"] == pytest.approx(BLEU().corpus_score(hyps, [refs]).score, abs=1e-9)
    assert "all-short" not in [f["code"] for f in report["findings"]]
    bad = _run([env_dir / "bin" / "bleucore-doctor", "ref.txt"], work)
    assert bad.returncode == 2 and bad.stderr.startswith("bleucore: error: the following arguments are required: -i")
