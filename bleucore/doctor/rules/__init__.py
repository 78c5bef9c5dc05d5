"""One module per check, found here by its file: each defines ``CODE`` and ``check(setup) -> list[Finding]`` (and
may set ``ORDER``, where its findings come among those of the same severity), and has its test in
``tests/core/doctor_rules/test_<module>.py``. Adding a check is adding those two files."""

from __future__ import annotations

import pkgutil

#: The rule modules, by name.
RULES = tuple(sorted(module.name for module in pkgutil.iter_modules(__path__) if not module.name.startswith("_")))
