"""``python -m bleucore.report``: the report's command line, ``bleucore.cli.report``."""

import sys

from ..cli.report import main

if __name__ == "__main__":
    sys.exit(main())
