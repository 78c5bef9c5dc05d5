"""The README's own command blocks, read from the README itself: CI (``.ci/run``) runs the "Tests" block and
``tests/test_readme_commands.py`` the "Run the app" and "Command line" blocks and the Python of docs/python-api.md, so
none can drift from what a newcomer copies.

    python3 -m devtools.readme Tests      # prints the block under "## Tests"
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def block(section: str, readme: Path = README) -> str:
    """The first ```bash block under the heading ``## <section>`` (ValueError naming what is missing)."""
    text = readme.read_text(encoding="utf-8")
    heading = re.search(rf"^## {re.escape(section)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if heading is None:
        raise ValueError(f"{readme.name} has no section '## {section}'")
    code = re.search(r"```bash\n(.*?)```", heading.group(1), re.S)
    if code is None:
        raise ValueError(f"{readme.name}'s section '## {section}' has no bash block")
    return code.group(1)


def code_blocks(page: Path, language: str) -> list[str]:
    """Every ```<language> block of a Markdown page, in order."""
    return re.findall(rf"^```{re.escape(language)}\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)


if __name__ == "__main__":
    sys.stdout.write(block(" ".join(sys.argv[1:]) or "Tests"))
