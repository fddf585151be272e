"""The record books off the boards, and into files other programs open
(docs/makers/records.md).

    python -m tools.records pull [--port PORT | --all] [--dir records]
    python -m tools.records export [--dir records] [--out records/export]
    python -m tools.records export --from-sim [simstate] [--out simstate-export]

`pull` copies a board's games.txt and games.1.txt into DIR/<board id>/,
reading only (the board's files are never changed), and says which games are
new; run again, it copies only what was added. `export` writes every pulled
game of every board as SGF (Go, Hex) or plain text, and results.csv and
results.html, into OUT. `export --dir CLUB` on a club's folder (python -m tools.club) exports the
games its recorder stored, the same way. `export --from-sim` takes the simulator's record book
instead: its flash folder (python -m tools.sim --state DIR, default simstate/)
read as one board called `sim`, written by default into DIR-export.
"""
import argparse
import os
import sys

from tools.link import firmware_path
from tools.records import export as records_export
from tools.records import pull as records_pull

DEFAULT_DIR = "records"
SIM_STATE = os.path.join(firmware_path.ROOT, "simstate")   # the simulator's default --state
SIM_BOARD = "sim"                                          # its board id in the export


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
    ex.add_argument("--out", help="where the files go (default: DIR/export; with --from-sim: "
                    "the simulator's folder followed by -export)")
    ex.add_argument("--from-sim", nargs="?", const=SIM_STATE, metavar="STATE",
                    help="export the simulator's record book: its --state folder (default "
                    "simstate/), as one board called %s" % SIM_BOARD)
    a = p.parse_args(argv)
    try:
        if a.command == "pull":
            if a.port and a.all:
                p.error("--port and --all: give one or the other")
            records_pull.pull_all(a.dir, port=a.port, everyone=a.all, reset=not a.no_reset)
        elif a.from_sim is not None:
            return export_sim(a.from_sim, a.out)
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



def export_sim(state, out=None):
    """The simulator's record book (games.txt, games.1.txt in its flash
    folder) exported as one board's."""
    state = os.path.normpath(state)
    books = [n for n in ("games.txt", "games.1.txt") if os.path.isfile(os.path.join(state, n))]
    if not books:
        print("nothing to export: %s holds no record book (games.txt): finish a game in the "
              "simulator (python -m tools.sim --state %s) first" % (state, state), file=sys.stderr)
        return 1
    records_export.export(state, out or state + "-export", board=SIM_BOARD)
    return 0
