"""python -m tools.deploy: put the firmware on a board (tools/deploy/cli.py)."""
import sys

from tools.deploy.cli import main

sys.exit(main())
