"""What sacreBLEU 2.6 prints for the same settings (Post 2018): its signature and the command line that
reproduces a score, or the settings it has no equivalent for, so a paper can cite either tool's number."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

#: The sacreBLEU release whose signatures and command line bleucore reproduces.
SACREBLEU_VERSION = "2.6.0"


@dataclass(frozen=True)
class SacrebleuEquivalent:
    """sacreBLEU's ``signature`` for these settings and the ``flags`` that reproduce the score with ``sacrebleu``;
    ``signature`` is None when some settings (``missing``) have no sacreBLEU equivalent. ``unsigned`` names
    settings sacreBLEU reproduces but leaves out of its signature (chrF's β)."""

    signature: str | None
    flags: tuple[str, ...]
    missing: tuple[str, ...] = ()
    unsigned: tuple[str, ...] = ()

    def command(self, references: Sequence[str], hypothesis: str) -> str | None:
        """``sacrebleu REF... -i HYP FLAGS`` (shell-quoted), or None without an equivalent."""
        if self.signature is None:
            return None
        return shlex.join(["sacrebleu", *references, "-i", hypothesis, *self.flags])


def with_sacrebleu_version(signature: str) -> str:
    """A signature in sacreBLEU's own format with sacreBLEU's version in place of bleucore's."""
    head, _sep, _version = signature.rpartition("|version:")
    return f"{head}|version:{SACREBLEU_VERSION}"
