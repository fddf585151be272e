"""python -m tools.sim: the board in a terminal (tools/sim/terminal.py)."""
import sys

from tools.sim.terminal import main

sys.exit(main())
