"""What can be wrong with a meta-evaluation's input, as typed errors: each a ``ValueError`` whose message is the
command line's English and whose fields let a page word it in its own language."""

from __future__ import annotations

__all__ = ["MIN_SYSTEMS", "TooFewSystems", "UnknownHuman", "check_human"]

#: Systems below which a system-level correlation is not computed (two points always lie on a line).
MIN_SYSTEMS = 3


class UnknownHuman(ValueError):
    """``name`` was named as the human judgement but is none of the imported metrics (``given``: their names)."""

    def __init__(self, name: str, given: tuple[str, ...]) -> None:
        held = ", ".join(given) if given else "none is given"
        super().__init__(
            f"--human {name}: the human scores must be one of the --scores entries ({held}); give --scores {name} "
            "FILE..."
        )
        self.name, self.given = name, given


class TooFewSystems(ValueError):
    """System-level correlations with the human judgement ``name`` need ``needed`` systems or more; there are
    ``systems``."""

    def __init__(self, name: str, systems: int, needed: int = MIN_SYSTEMS) -> None:
        super().__init__(
            f"--human {name}: system-level correlations need at least {needed} systems, got {systems} (with so few "
            "systems a correlation says nothing)"
        )
        self.name, self.systems, self.needed = name, systems, needed


def check_human(name: str, imported: tuple[str, ...], systems: int) -> None:
    """UnknownHuman unless ``name`` is one of the ``imported`` metrics' names; TooFewSystems below ``MIN_SYSTEMS``
    systems."""
    if name not in imported:
        raise UnknownHuman(name, imported)
    if systems < MIN_SYSTEMS:
        raise TooFewSystems(name, systems)
