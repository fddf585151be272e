"""python -m tools.records: pull and export record books (tools/records/cli.py)."""
import sys

from tools.records.cli import main

sys.exit(main())
