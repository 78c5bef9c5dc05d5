"""bleucore's version comes from the package metadata when this tree is the installed package, else from the
source tree (a checkout run in place, or another bleucore installed elsewhere)."""

from __future__ import annotations

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


def test_the_installed_metadata_names_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    here = Path(version.__file__).resolve().parents[1]
    monkeypatch.setattr(metadata, "distribution", lambda name: FakeDistribution(here, "9.9.9"))
    assert version.package_version() == "9.9.9"


def test_another_installed_bleucore_or_none_gives_the_source_version(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(metadata, "distribution", lambda name: FakeDistribution(tmp_path, "9.9.9"))
    assert version.package_version() == version.SOURCE_VERSION

    def missing(name: str) -> None:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    assert version.package_version() == version.SOURCE_VERSION


def test_signatures_carry_the_version() -> None:
    assert bleucore.__version__ == version.__version__
    assert bleucore.corpus_bleu(["a b c d"], [["a b c d"]]).signature.endswith(f"|version:{bleucore.__version__}")
