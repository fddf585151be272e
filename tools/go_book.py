"""Make Go's opening book (firmware/games/go_book.py) from GNU Go at level 10.

    python -m tools.go_book [--gnugo PATH] [--level 10]

GNU Go (7 x 7, area scoring, komi 0, positional superko) answers every
first stone of Black (the 49 points) and, after Black's d4, every first
stone of White (the other 48): two tables of 49 replies, printed as the
bytes literals go_book.py holds. docs/developers/ai-mcts.md ("Monte-Carlo tree search",
"The opening book") says how they were checked.
"""
import argparse
import subprocess

COLS = "ABCDEFG"


def vertex(c):
    return "%s%d" % (COLS[c % 7], c // 7 + 1)


def cell(v):
    v = v.strip().upper()
    if v in ("PASS", "RESIGN"):
        return 255
    return (int(v[1:]) - 1) * 7 + COLS.index(v[0])


class GTP:
    def __init__(self, path, level):
        self.p = subprocess.Popen([path, "--mode", "gtp", "--boardsize", "7", "--komi", "0",
                                   "--chinese-rules", "--positional-superko", "--level", str(level)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line.strip():
                if out:
                    break
                continue
            out.append(line)
        text = "".join(out).strip()
        if not text.startswith("="):
            raise SystemExit("GNU Go: %s -> %s" % (cmd, text))
        return text[1:].strip()

    def reply(self, moves):
        self.ask("clear_board")
        colour = "black"
        for m in moves:
            self.ask("play %s %s" % (colour, vertex(m)))
            colour = "white" if colour == "black" else "black"
        return cell(self.ask("genmove " + colour))

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--level", type=int, default=10)
    opts = ap.parse_args(argv)
    g = GTP(opts.gnugo, opts.level)
    try:
        first = g.reply([])
        white = bytes(g.reply([c]) for c in range(49))
        black = bytes(255 if c == 24 else g.reply([24, c]) for c in range(49))
    finally:
        g.close()
    print("FIRST = %d  # %s" % (first, vertex(first)))
    print("WHITE = %r" % white)
    print("BLACK = %r" % black)


if __name__ == "__main__":
    main()
