"""sacreBLEU 2.6's resampling defaults, shared by ``significance`` and the command line (no numpy).

``SEED`` is sacreBLEU's ``SACREBLEU_SEED``: the same seed gives the same draws, hence sacreBLEU's
p-values, means and intervals to the last digit.
"""

from __future__ import annotations

__all__ = ["AR_TRIALS", "BOOTSTRAP_SAMPLES", "SEED"]

SEED = 12345
#: Resamples of the paired bootstrap and of ``--confidence`` (Koehn 2004).
BOOTSTRAP_SAMPLES = 1000
#: Trials of paired approximate randomization (Riezler & Maxwell 2005).
AR_TRIALS = 10000
