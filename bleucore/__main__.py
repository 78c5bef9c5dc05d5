"""``python -m bleucore``: the command line of bleucore.cli."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
