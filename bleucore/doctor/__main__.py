"""``python -m bleucore.doctor``: the doctor's command line, ``bleucore.cli.doctor``."""

import sys

from ..cli.doctor import main

if __name__ == "__main__":
    sys.exit(main())
