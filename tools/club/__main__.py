"""python -m tools.club: a whole club on one laptop (tools/club/cli.py)."""
import sys

from tools.club.cli import main

sys.exit(main())
