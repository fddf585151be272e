"""Make Go's opening book (firmware/games/go_book.py) from GNU Go at level 10.

    python -m tools.play.go_book [--gnugo PATH] [--level 10]

GNU Go (7 x 7, area scoring, komi 0, positional superko) answers every
first stone of Black (the 49 points) and, after Black's d4, every first
stone of White (the other 48): two tables of 49 replies, printed as the
bytes literals go_book.py holds. docs/developers/ai-mcts.md ("Monte-Carlo tree search",
"The opening book") says how they were checked.
"""
import argparse
import sys

from tools.play.gtp_client import Engine, GTPError, find_gnugo, gnugo_argv

COLS = "ABCDEFG"


def vertex(c):
    return "%s%d" % (COLS[c % 7], c // 7 + 1)


def cell(v):
    v = v.strip().upper()
    if v in ("PASS", "RESIGN"):
        return 255
    return (int(v[1:]) - 1) * 7 + COLS.index(v[0])


class Book:
    """GNU Go asked for its reply to each opening."""

    def __init__(self, path, level):
        self.engine = Engine(gnugo_argv(path, level))

    def reply(self, moves):
        e = self.engine
        e.ask("clear_board")
        colour = "black"
        for m in moves:
            e.ask("play %s %s" % (colour, vertex(m)))
            colour = "white" if colour == "black" else "black"
        return cell(e.ask("genmove " + colour))

    def close(self):
        self.engine.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gnugo", default=None, help="the GNU Go binary (default /usr/games/gnugo or PATH)")
    ap.add_argument("--level", type=int, default=10)
    opts = ap.parse_args(argv)
    try:
        g = Book(find_gnugo(opts.gnugo), opts.level)
        try:
            first = g.reply([])
            white = bytes(g.reply([c]) for c in range(49))
            black = bytes(255 if c == 24 else g.reply([24, c]) for c in range(49))
        finally:
            g.close()
    except GTPError as e:
        print("go_book: %s" % e, file=sys.stderr)
        return 1
    print("FIRST = %d  # %s" % (first, vertex(first)))
    print("WHITE = %r" % white)
    print("BLACK = %r" % black)
    return 0


if __name__ == "__main__":
    sys.exit(main())
