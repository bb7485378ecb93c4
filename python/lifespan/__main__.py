"""`python -m lifespan`: play in the terminal, or let agents play each other."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
