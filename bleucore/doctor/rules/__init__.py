"""One module per check, found here by its file: each defines ``CODE`` and ``check(setup) -> list[Finding]``, and has
its test in ``tests/core/doctor_rules/test_<module>.py``. Adding a check is adding those two files."""

from __future__ import annotations

import pkgutil

#: The rule modules, in the order their findings are listed within one severity.
RULES = tuple(sorted(module.name for module in pkgutil.iter_modules(__path__) if not module.name.startswith("_")))
