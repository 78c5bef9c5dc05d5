"""bleucore's version comes from the package metadata when this tree is the installed package, else from the
source tree (a checkout run in place, or another bleucore installed elsewhere)."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path, PurePosixPath

import pytest

import bleucore
from bleucore import version


class FakeDistribution:
    def __init__(self, root: Path, number: str) -> None:
        self.root, self.version = root, number
        self.files = [PurePosixPath("bleucore/__init__.py"), PurePosixPath("bleucore/version.py")]

    def locate_file(self, path: PurePosixPath) -> Path:
        return self.root / path


def test_the_installed_metadata_names_the_version(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    here = Path(version.__file__).resolve().parents[1]
    monkeypatch.setattr(metadata, "distribution", lambda name: FakeDistribution(here, "9.9.9"))
    (tmp_path / "bleucore-9.9.9.dist-info").mkdir()  # where an installed bleucore's metadata lies
    monkeypatch.syspath_prepend(str(tmp_path))
    assert version.package_version() == "9.9.9"


@pytest.mark.parametrize(
    ("entry", "may_exist"),
    [
        ("bleucore-0.1.0.dist-info", True),
        ("bleucore.egg-info", True),
        ("bleucore-0.1.0-py3.11.egg", True),
        ("BleuCore-0.1.0.dist-info", True),
        ("bleucore_tools-1.0.dist-info", False),
        ("bleucore", False),
        (None, False),
    ],
)
def test_metadata_is_looked_up_only_where_it_can_be(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, entry: str | None, may_exist: bool
) -> None:
    """importlib.metadata (15 ms to import) is left alone when no sys.path directory holds bleucore's metadata."""
    if entry:
        (tmp_path / entry).mkdir()
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing")])
    assert version._metadata_may_exist() is may_exist
    archive = tmp_path / "bundle.zip"
    archive.write_bytes(b"PK")
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(archive)])
    assert version._metadata_may_exist()  # a zip archive on the path may hold it
    if not may_exist:
        monkeypatch.setattr(sys, "path", [str(tmp_path)])
        monkeypatch.setattr(metadata, "distribution", lambda name: pytest.fail("metadata looked up"))
        assert version.package_version() == version.SOURCE_VERSION


def test_another_installed_bleucore_or_none_gives_the_source_version(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(metadata, "distribution", lambda name: FakeDistribution(tmp_path, "9.9.9"))
    assert version.package_version() == version.SOURCE_VERSION

    def missing(name: str) -> None:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    assert version.package_version() == version.SOURCE_VERSION


def test_signatures_carry_the_version() -> None:
    assert bleucore.__version__ == version.__version__
    assert bleucore.corpus_bleu(["a b c d"], [["a b c d"]]).signature.endswith(f"|version:{bleucore.__version__}")
