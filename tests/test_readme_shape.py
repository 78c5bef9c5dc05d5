"""README.md is the front door and docs/ the manual (issue 36): the README stays under 300 lines with its prose in
paragraphs of at most 80 words, every relative link of README.md and docs/*.md reaches a file (and a heading, when it
names one), and the Python version the README and docs state is pyproject's ``requires-python``."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

MAX_README_LINES = 300
MAX_PARAGRAPH_WORDS = 80
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^\s*(```|~~~)")
_NOT_PROSE = re.compile(r"^\s*(\||[-*+] |\d+[.)] |#|!\[|<!--)")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _without_code(text: str) -> list[str]:
    """The lines outside fenced code blocks (a fence's lines become blank), inline code spans removed."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else re.sub(r"`[^`]*`", "code", line))
    return lines


def prose_paragraphs(text: str) -> list[str]:
    """Runs of lines between blank lines that are prose: not a code block, a table, a list item, a heading or an
    image (a list item's continuation lines belong to the item)."""
    paragraphs, block = [], []
    for line in [*_without_code(text), ""]:
        if line.strip():
            block.append(line)
            continue
        if block and not _NOT_PROSE.match(block[0]):
            paragraphs.append(" ".join(block))
        block = []
    return paragraphs


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (letters of any script kept), spaces to '-'."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in _without_code(page.read_text(encoding="utf-8")) if line.startswith("#")}


def test_the_readme_is_a_front_door_of_at_most_300_lines() -> None:
    count = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert count <= MAX_README_LINES, f"README.md has {count} lines: move the manual's part to docs/"


def test_no_readme_paragraph_passes_80_words() -> None:
    long = [p for p in prose_paragraphs((ROOT / "README.md").read_text(encoding="utf-8")) if len(p.split()) > 80]
    assert not long, "paragraphs over 80 words (split them, or make a list):\n" + "\n\n".join(
        f"({len(p.split())} words) {p[:200]}..." for p in long
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_its_heading(page: Path) -> None:
    broken = []
    for line in _without_code(page.read_text(encoding="utf-8")):
        for target in _LINK.findall(line):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{target}: no file {file}")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_python_version_stated_is_pyprojects() -> None:
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    minimum = re.fullmatch(r">=\s*(\d+\.\d+)", requires)
    assert minimum, requires
    stated = {
        (page.relative_to(ROOT).as_posix(), version)
        for page in PAGES
        for version in re.findall(r"Python (\d+\.\d+)", page.read_text(encoding="utf-8"))
    }
    assert ("README.md", minimum.group(1)) in stated, "the README says which Python the app needs"
    assert {version for _, version in stated} == {minimum.group(1)}, sorted(stated)
