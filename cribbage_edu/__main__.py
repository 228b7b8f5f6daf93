"""``python -m cribbage_edu`` runs the ``cribbage-edu`` command line."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
