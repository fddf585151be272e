"""The record books off the boards, and into files other programs open
(docs/makers/records.md).

    python -m tools.records pull [--port PORT | --all] [--dir records]
    python -m tools.records export [--dir records] [--out records/export]

`pull` copies a board's games.txt and games.1.txt into DIR/<board id>/,
reading only (the board's files are never changed), and says which games are
new; run again, it copies only what was added. `export` writes every pulled
game of every board as SGF (Go, Hex) or plain text, and results.csv and
results.html, into OUT.
"""
import argparse
import os
import sys

from tools.records import export as records_export
from tools.records import pull as records_pull

DEFAULT_DIR = "records"


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.records", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("pull", help="copy the record books off a board (reads only)")
    pl.add_argument("--port", help="the board's serial port, e.g. /dev/ttyACM0 or COM3 "
                    "(default: the one board plugged in)")
    pl.add_argument("--all", action="store_true", help="pull from every board plugged in")
    pl.add_argument("--dir", default=DEFAULT_DIR, help="where the books go (default: records)")
    pl.add_argument("--no-reset", action="store_true",
                    help="leave the board at its prompt afterwards instead of restarting its app")
    ex = sub.add_parser("export", help="SGF, text and a results table from the pulled books")
    ex.add_argument("--dir", default=DEFAULT_DIR, help="the pulled books (default: records)")
    ex.add_argument("--out", help="where the files go (default: DIR/export)")
    a = p.parse_args(argv)
    try:
        if a.command == "pull":
            if a.port and a.all:
                p.error("--port and --all: give one or the other")
            records_pull.pull_all(a.dir, port=a.port, everyone=a.all, reset=not a.no_reset)
        else:
            if not os.path.isdir(a.dir):
                print("nothing to export: %s does not exist (python -m tools.records pull first)"
                      % a.dir, file=sys.stderr)
                return 1
            records_export.export(a.dir, a.out or os.path.join(a.dir, "export"))
    except records_pull.PullError as e:
        print("records: %s" % e, file=sys.stderr)
        return 1
    return 0

