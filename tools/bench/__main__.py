"""python -m tools.bench: the AI bench (tools/bench/cli.py)."""
from tools.bench.cli import main
from tools.link.firmware_path import exit_now

exit_now(main())
