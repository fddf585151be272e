"""Matches of the board's AI against other players, on CPython.

    python -m tools.bench match --game G --against OPP --games N [--level 5] [--seed S]
                                [--workers W] [--max-plies P] [--opening K] [--mhz M] [--gnugo PATH]
                                [--their-swap own|always|never] [--write]

OPP is one of:

- `gnugo:L`  GNU Go at level L (1..10) over GTP (Go only), started as
  `gnugo --mode gtp --boardsize 7 --komi 0 --chinese-rules --positional-superko --level L`
  (`--gnugo PATH` names another binary);
- `uct:N`    a generic UCT (Monte-Carlo tree search with uniformly random
  playouts) over the game interface, N playouts a decision, seeded; every game;
- `mcts:N`   OpenSpiel's MCTSBot algorithm, N simulations a move (tools/mcts_ref.py);
- `openspiel:N` OpenSpiel's own MCTSBot (its C++ code) on its own copy of the
  game, where the rules are ours (Amazonas; tools/spiel_ref.py);
- `ab:L`     the board's alpha-beta search at level L, on our clock (tools/mcts_ref.py);
- `level:L`  the board's AI at another level (1..5);
- `random`   a uniformly random legal move.

Our AI plays at the node budget of its level (the game's NODES, as on the
Pico, scaled to `--mhz`, default 200: the club boards' clock), half the games
on each seat. The games differ: the first K plies with a
choice (`--opening`, default 2; where the game offers one move only, as Go's d4
on the empty board, the players play it) are picked among the few most
promising moves (the game's candidates(), else any legal move; at least three,
more when the pairs of games need them), a different seeded choice for every
pair of games, and
each opening is played twice, once with our AI on each seat (GNU Go 3.8 is
deterministic: `set_random_seed` changes little). Every game is bounded (`--max-plies`, an unfinished game
counts as a draw). In Go the dead stones are those GNU Go lists
(`final_status_list dead`) once both pass, then the game's own count decides
(area, no komi, White wins ties: docs/rules/go.md); against the other players
nothing is marked dead. GTP cannot say `swap`, so against GNU Go neither side
may swap.

`--their-swap` (games with a `swap` move: Hex, Go) sets what the opponent
does with seat 1's first move when it is theirs: `always` swap, `never` swap
(it picks among the other moves), or its `own` choice (default). A forced
swap comes before the opening's picks and is none of them. Our AI always
decides its own swap. The table's notes say `they swap` / `they never swap`.

It prints one line a game and a table; `--write` puts the table in
docs/reports/ai-strength.md, section "Against other engines" (a row per game, level,
opponent and the settings its notes name, replaced when measured again). Games
run in parallel processes (at most two).
"""
import math
import os
import random
import re
import select
import shutil
import subprocess
import sys
import time

from tools import firmware_path  # noqa: F401  (puts firmware/ on sys.path)

ROOT = firmware_path.ROOT
MAX_WORKERS = 2
GNUGO = "/usr/games/gnugo"
THEIR_SWAP = ("own", "always", "never")
GNUGO_INSTALL = ("GNU Go is not installed (looked for %s and gnugo on PATH). Install it with "
                 "`sudo apt-get install gnugo` (Debian, Ubuntu), `brew install gnu-go` (macOS), "
                 "or name the binary with --gnugo PATH.")
GTP_TIMEOUT = 120.0          # seconds an engine may take to answer one command
OPENING_WIDTH = 3            # an opening ply is picked among at least this many best moves
ROLLOUT_CAP = 400            # a playout this long counts as a draw
SECTION = "## Against other engines"


class MatchError(Exception):
    """A bad argument or a missing engine, said as the user should read it."""


# --------------------------------------------------------------------------
# Opponent specs

def parse_opponent(spec, gid):
    """(kind, number) from an --against text, or MatchError saying why not."""
    text = (spec or "").strip().lower()
    if text == "random":
        return "random", 0
    kind, sep, arg = text.partition(":")
    ranges = {"gnugo": (1, 10, "GNU Go's level"), "uct": (1, 10 ** 6, "playouts a move"),
              "level": (1, 5, "our AI's level"),
              "mcts": (1, 10 ** 6, "simulations a move"), "ab": (1, 5, "the alpha-beta search's level"),
              "openspiel": (1, 10 ** 6, "simulations a decision")}
    if not sep or kind not in ranges:
        raise MatchError("--against %r: say gnugo:L (GNU Go level 1-10), uct:N (N playouts a move), "
                         "mcts:N (OpenSpiel's MCTSBot, N simulations), openspiel:N (OpenSpiel's own, "
                         "Amazonas), level:L (our AI at level 1-5), "
                         "ab:L (our alpha-beta search at level 1-5) or random" % spec)
    lo, hi, what = ranges[kind]
    if not arg.isdigit() or not lo <= int(arg) <= hi:
        raise MatchError("--against %r: %s must be a whole number from %d to %d" % (spec, what, lo, hi))
    if kind == "gnugo" and gid != "go":
        raise MatchError("--against %r: GNU Go plays only Go (--game go), not %s" % (spec, gid))
    if kind == "openspiel":
        from tools.spiel_ref import GAMES
        if gid not in GAMES:
            raise MatchError("--against %r: OpenSpiel's copy of the rules is ours only in %s, not %s"
                             % (spec, ", ".join(sorted(GAMES)), gid))
    return kind, int(arg)


def find_gnugo(path=None):
    """The GNU Go binary to run, or MatchError saying how to install it."""
    for p in ([path] if path else [GNUGO, shutil.which("gnugo")]):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    raise MatchError(GNUGO_INSTALL % (path or GNUGO))


# --------------------------------------------------------------------------
# Players: move(game) -> a move of game.moves(), or RESIGN; observe(game, m)
# after the other side's move m has been played.

RESIGN = -1


class AIPlayer:
    """The board's AI at a level, at that level's node budget (the game's NODES)."""

    def __init__(self, level, seed, mhz=None):
        self.level = level
        self.seed = seed
        self.mhz = mhz

    def start(self, game):
        pass

    def move(self, game):
        import ai
        return ai.choose(game, level=self.level, seed=self.seed, mhz=self.mhz or ai.BENCH_MHZ)

    def observe(self, game, m):
        pass

    def close(self):
        pass


class RandomPlayer(AIPlayer):
    """A uniformly random legal move, from a seeded generator of small
    integers: the same games on every Python (bench's strength table plays
    it too)."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 12345) & 0x7FFFFFFF or 1

    def move(self, game):
        ms = game.moves()
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return ms[(self.x >> 8) % len(ms)]


class _Node:
    __slots__ = ("move", "seat", "untried", "children", "visits", "wins")

    def __init__(self, move, seat, untried):
        self.move = move          # the move that led here
        self.seat = seat          # the seat that made it (wins are counted for it)
        self.untried = untried    # moves not expanded yet, in a seeded random order
        self.children = []
        self.visits = 0
        self.wins = 0.0


class UCTPlayer(AIPlayer):
    """UCT over the game interface: `sims` playouts a decision, each one a
    descent by UCB1 (c = sqrt 2) to a new node, then uniformly random moves to
    the end of the game (draw after ROLLOUT_CAP plies). The move played is
    the most visited. A move that wins at once is played at once. Works for
    every game: a node's seat is game.turn there, so a turn of several
    actions (the same seat moving again) is several decisions, each of them
    one atomic action."""

    def __init__(self, sims, seed, rollout_cap=ROLLOUT_CAP):
        self.sims = sims
        self.rng = random.Random(seed)
        self.cap = rollout_cap

    def _untried(self, game):
        if game.result() is not None:
            return []
        ms = game.moves()
        self.rng.shuffle(ms)
        return ms

    def move(self, game):
        ms = game.moves()
        me = game.turn
        for m in ms:
            game.play(m)
            won = game.result() == me
            game.undo()
            if won:
                return m
        if len(ms) == 1:
            return ms[0]
        root = _Node(None, None, self._untried(game))
        for _ in range(self.sims):
            self._playout(game, root)
        best = max(root.children, key=lambda c: (c.visits, c.wins))
        return best.move

    def _playout(self, game, root):
        rng = self.rng
        node = root
        path = []
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.wins / c.visits
                       + 1.4142 * math.sqrt(log_n / c.visits))
            game.play(node.move)
            path.append(node)
        if node.untried:
            m = node.untried.pop()
            seat = game.turn
            game.play(m)
            child = _Node(m, seat, self._untried(game))
            node.children.append(child)
            path.append(child)
        k = 0
        r = game.result()
        while r is None and k < self.cap:
            ms = game.moves()
            if not ms:
                break
            game.play(ms[int(rng.random() * len(ms))])
            k += 1
            r = game.result()
        for _ in range(k + len(path)):
            game.undo()
        root.visits += 1
        for n in path:
            n.visits += 1
            if r == n.seat:
                n.wins += 1.0
            elif r is None or r not in (0, 1):
                n.wins += 0.5


class GTPEngine:
    """A GTP engine in a child process: ask(command) -> the answer's text, or
    MatchError on a `?` answer, a dead engine or GTP_TIMEOUT seconds of silence."""

    def __init__(self, argv, timeout=GTP_TIMEOUT):
        self.argv = argv
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
        except OSError as e:
            raise MatchError("cannot start %s: %s" % (argv[0], e))
        self.buf = b""

    def _line(self):
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise MatchError("%s did not answer within %d s" % (self.argv[0], self.timeout))
            chunk = os.read(fd, 4096)
            if not chunk:
                raise MatchError("%s ended (exit code %s)" % (self.argv[0], self.proc.poll()))
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").replace("\r", "")

    def ask(self, command):
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except OSError as e:
            raise MatchError("%s: cannot send %r: %s" % (self.argv[0], command, e))
        line = self._line()
        while not line.strip():             # stray blank lines before an answer
            line = self._line()
        out = [line]
        while True:
            line = self._line()
            if not line.strip():
                break
            out.append(line)
        text = "\n".join(out)
        if text.startswith("?"):
            raise MatchError("%s refused %r: %s" % (self.argv[0], command, text[1:].strip()))
        if not text.startswith("="):
            raise MatchError("%s answered %r with %r, not GTP" % (self.argv[0], command, text))
        return text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except MatchError:
            pass
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def _colour(game, seat):
    return "black" if seat == game.black_seat() else "white"


class GTPPlayer(AIPlayer):
    """A Go engine over GTP. The engine's board follows ours move by move; a
    move the engine makes that our rules refuse (its 26th stone, say) is
    taken back and played as a pass (counted in `refused`)."""

    def __init__(self, argv, size, seed=None):
        self.engine = GTPEngine(argv)
        self.size = size
        self.seed = seed
        self.refused = 0

    def start(self, game):
        e = self.engine
        e.ask("boardsize %d" % self.size)
        e.ask("clear_board")
        e.ask("komi 0")
        if self.seed is not None and e.ask("known_command set_random_seed") == "true":
            e.ask("set_random_seed %d" % self.seed)

    def move(self, game):
        colour = _colour(game, game.turn)
        v = self.engine.ask("genmove " + colour).lower()
        if v == "resign":
            return RESIGN
        try:
            return game.parse(v)
        except Exception:
            self.refused += 1
            self.engine.ask("undo")
            self.engine.ask("play %s pass" % colour)
            return game.parse("pass")

    def observe(self, game, m):
        # m has been played: the seat that made it is the one not to move now.
        self.engine.ask("play %s %s" % (_colour(game, 1 - game.turn), game.move_text(m)))

    def dead(self, game):
        """The stones the engine lists as dead, as cells of our board (a point
        our board has empty is left out: the boards are kept equal, so only
        a broken engine names one)."""
        text = self.engine.ask("final_status_list dead")
        return [c for c in (_point(game, v) for v in text.split()) if game.board[c]]

    def version(self):
        try:
            return "%s %s" % (self.engine.ask("name"), self.engine.ask("version"))
        except MatchError:
            return ""

    def close(self):
        self.engine.close()


def _point(game, vertex):
    """A GTP vertex (D4) as a cell index of our board (rank 1 at the bottom)."""
    from games.common import parse_cell
    w, h = game.layout()
    xy = parse_cell(vertex.lower(), w, h)
    if xy is None:
        raise MatchError("the engine named %r, not a point of the board" % vertex)
    return xy[1] * w + xy[0]


# --------------------------------------------------------------------------
# One game

def no_swap_class(mod):
    """mod.Game without the `swap` move (GTP has no word for it). The swap is
    only ever a game's second move, so only the first two plies pay the check."""
    base = mod.Game

    def moves(self):
        ms = base.moves(self)
        if self.ply > 1:
            return ms
        return [m for m in ms if self.move_text(m) != "swap"]

    # The module the AI reads NODES and CANDIDATES from is the game's own.
    return type("Game", (base,), {"moves": moves, "__module__": mod.__name__})


def swap_move(game):
    """The `swap` move if it is legal now, else None."""
    return next((m for m in game.moves() if game.move_text(m) == "swap"), None)


def has_swap(mod):
    """Does the game offer `swap` at seat 1's first move (first legal moves up to there)?"""
    g = mod.Game()
    while g.turn == 0 and g.result() is None and g.ply < 8:
        g.play(g.moves()[0])
    return g.turn == 1 and swap_move(g) is not None


def their_first(game, mod, played, their_swap):
    """Seat 1's first move when --their-swap forces it: (`swap` or None, the
    game the opponent chooses in: for `never` a copy of this position with
    `swap` taken out of the legal moves)."""
    sw = swap_move(game)
    if sw is None or their_swap == "own":
        return None, game
    if their_swap == "always":
        return sw, game
    g = no_swap_class(mod)()
    for m in played:
        g.play(m)
    return None, g


def opening_move(game, pick, width):
    """The `pick`-th of the `width` most promising moves (no pass or swap):
    candidates() where the game ranks them, else the legal moves. None where
    there is no choice (a game that knows its one best move, Go's d4 on the
    empty board): that ply is the players' own and no opening ply."""
    if hasattr(game, "candidates"):
        ms = game.candidates(width + 2)
    else:
        ms = game.moves()
    ms = [m for m in ms if game.move_text(m) not in ("pass", "swap")][:width]
    return ms[pick % len(ms)] if len(ms) > 1 else None


def openings(pairs, plies, seed):
    """(width, one tuple of picks per pair of games): every pair a different
    opening while there are enough, in a seeded order."""
    width = OPENING_WIDTH
    while plies and width ** plies < pairs:
        width += 1
    import itertools
    every = list(itertools.product(range(width), repeat=plies))
    random.Random(seed).shuffle(every)
    return width, [every[k % len(every)] for k in range(pairs)]


def make_player(kind, arg, seed, gid, gnugo=None, mhz=None):
    if kind == "gnugo":
        import games
        w, _ = games.load(gid).layout()
        argv = [gnugo, "--mode", "gtp", "--boardsize", str(w), "--komi", "0", "--chinese-rules",
                "--positional-superko", "--level", str(arg)]
        return GTPPlayer(argv, w, seed)
    if kind == "uct":
        return UCTPlayer(arg, seed)
    if kind in ("mcts", "ab"):             # tools/mcts_ref.py
        from tools import mcts_ref
        return mcts_ref.MCTSPlayer(arg, seed) if kind == "mcts" else mcts_ref.ABPlayer(arg, seed, mhz)
    if kind == "openspiel":
        from tools import spiel_ref
        return spiel_ref.SpielMCTSPlayer(arg, seed, gid)
    if kind == "level":
        return AIPlayer(arg, seed)
    return RandomPlayer(seed)


def play_game(task):
    """Worker: one game; task is a dict (see run_match). Returns a dict."""
    import games
    gid, index, our_seat = task["gid"], task["index"], task["our_seat"]
    mod = games.load(gid)
    gtp = task["kind"] == "gnugo"
    g = (no_swap_class(mod) if gtp else mod.Game)()
    t0 = time.time()
    out = {"index": index, "our_seat": our_seat, "result": None, "how": "", "score": None,
           "plies": 0, "record": [], "refused": 0, "error": None}
    us = AIPlayer(task["level"], task["seed"] + index, task.get("mhz"))
    them = None
    try:
        them = make_player(task["kind"], task["arg"], task.get("their_seed", 1000 * task["seed"] + index),
                           gid, task.get("gnugo"), task.get("mhz"))
        players = [us, them] if our_seat == 0 else [them, us]
        for p in players:
            p.start(g)
        opened_plies = 0
        played = []
        seat1_first = True
        while g.result() is None and g.ply < task["max_plies"]:
            seat = g.turn
            m = None
            view = g                      # the game the mover chooses in
            if seat == 1 and seat1_first:
                seat1_first = False
                if our_seat == 0:
                    m, view = their_first(g, mod, played, task.get("their_swap", "own"))
            opened = m is not None        # then the mover is told of it too
            if m is None and opened_plies < len(task["picks"]) and g.ply < 4 * len(task["picks"]):
                m = opening_move(g, task["picks"][opened_plies], task["width"])
                opened = m is not None
                opened_plies += opened
            if m is None:
                m = players[seat].move(view)
            if m == RESIGN:
                out["result"] = 1 - seat
                out["how"] = "resigned"
                break
            out["record"].append(g.move_text(m))
            g.play(m)
            played.append(m)
            for p in players:
                if opened or p is not players[seat]:
                    p.observe(g, m)
        if out["result"] is None:
            if g.result() is None:
                out["how"] = "move cap"
            else:
                if gtp and hasattr(g, "set_dead"):
                    g.set_dead(them.dead(g))
                    out["dead"] = len(g.dead)
                out["result"] = g.result()
                out["score"] = g.score()
        if gtp:
            out["refused"] = them.refused
            out["engine"] = them.version()
    except MatchError as e:
        out["error"] = str(e)
    finally:
        if them is not None:
            them.close()
    out["plies"] = g.ply
    out["secs"] = time.time() - t0
    return out


# --------------------------------------------------------------------------
# The match

def outcome(r):
    """'W', 'L' or 'D' for our AI."""
    if r["result"] is None or r["result"] not in (0, 1):
        return "D"
    return "W" if r["result"] == r["our_seat"] else "L"


def run_match(gid, kind, arg, n, level=5, seed=0, workers=MAX_WORKERS, max_plies=300, opening=2,
              gnugo=None, log=print, mhz=None, their_swap="own"):
    """Play n games; returns the list of per-game dicts, in game order."""
    width, picks = openings((n + 1) // 2, opening, seed)
    tasks = [{"gid": gid, "kind": kind, "arg": arg, "index": i, "our_seat": i % 2, "level": level,
              "seed": seed, "max_plies": max_plies, "picks": picks[i // 2], "width": width,
              "gnugo": gnugo, "mhz": mhz, "their_swap": their_swap} for i in range(n)]
    results = []
    if workers <= 1 or n <= 1:
        it = map(play_game, tasks)
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(min(workers, n))
        it = pool.imap_unordered(play_game, tasks)
    try:
        for r in it:
            results.append(r)
            log(game_line(r))
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    results.sort(key=lambda r: r["index"])
    return results


def game_line(r):
    if r["error"]:
        return "game %d: ERROR %s" % (r["index"] + 1, r["error"])
    s = r["score"]
    score = "" if s is None else " %d-%d" % (s[r["our_seat"]], s[1 - r["our_seat"]])
    extra = (" (%s)" % r["how"]) if r["how"] else ""
    if r.get("dead"):
        extra += " dead %d" % r["dead"]
    if r.get("refused"):
        extra += " engine moves refused %d" % r["refused"]
    return "game %d: us seat %d, %s%s%s in %d plies, %.0f s: %s" % (
        r["index"] + 1, r["our_seat"], {"W": "won", "L": "lost", "D": "drawn"}[outcome(r)], score,
        extra, r["plies"], r["secs"], " ".join(r["record"]))


TABLE_HEAD = ("| game | us | opponent | games | won | lost | drawn | won as seat 0 | won as seat 1 "
              "| mean margin | notes |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")


def summary(gid, level, against, results, mhz=None, their_swap="own", opening=2):
    """(table row, list of notes) for a finished match. The notes name a
    setting other than the default first (`--opening K`, they swap): the
    row's key in write_section."""
    played = [r for r in results if not r["error"]]
    tally = {"W": 0, "L": 0, "D": 0}
    seat_wins = [0, 0]
    seat_games = [0, 0]
    margins = []
    for r in played:
        o = outcome(r)
        tally[o] += 1
        seat_games[r["our_seat"]] += 1
        if o == "W":
            seat_wins[r["our_seat"]] += 1
        if r["score"] is not None:
            margins.append(r["score"][r["our_seat"]] - r["score"][1 - r["our_seat"]])
    notes = []
    if opening == 0:
        notes.append("the players make their own first moves (`--opening 0`)")
    elif opening != 2:
        plies = "ply" if opening == 1 else "plies"
        notes.append("the first %d %s picked (`--opening %d`)" % (opening, plies, opening))
    if their_swap != "own":
        notes.append("they %s" % ("swap" if their_swap == "always" else "never swap"))
    errors = len(results) - len(played)
    if errors:
        notes.append("%d games failed" % errors)
    capped = sum(1 for r in played if r["how"] == "move cap")
    if capped:
        notes.append("%d at the move cap" % capped)
    resigned = sum(1 for r in played if r["how"] == "resigned")
    if resigned:
        notes.append("%d resigned" % resigned)
    refused = sum(r["refused"] for r in played)
    if refused:
        notes.append("%d engine moves refused" % refused)
    engine = next((r["engine"] for r in played if r.get("engine")), "")
    if engine:
        notes.append(engine)
    us = "level %d" % level
    if mhz and level >= 3:          # levels 1-2 search a fixed depth, whatever the clock
        us += " at %d MHz" % mhz
    row = "| %s | %s | %s | %d | %d | %d | %d | %d/%d | %d/%d | %s | %s |" % (
        gid, us, against, len(played), tally["W"], tally["L"], tally["D"], seat_wins[0],
        seat_games[0], seat_wins[1], seat_games[1],
        "%+.1f" % (sum(margins) / len(margins)) if margins else "-", "; ".join(notes))
    return row, notes


SECTION_TEXT = """%s

Written by `python -m tools.bench match ... --write` on CPython: our AI at the
node budget of its level (the game's NODES, what a Pico move affords at
125 MHz, scaled to the clock in the "us" column: club boards run at 200 MHz; a
row without one was measured at 125 MHz), half the games on each seat; the
first two plies with a choice (Go's d4 is none) of each pair of games picked
among the few most promising moves, a different opening for every pair. GNU Go
plays over GTP with `--chinese-rules --positional-superko --komi 0` and marks
the dead stones at the end (`final_status_list dead`); the game's own count
decides (area, no komi, White wins ties). `uct:N`: UCT with N random playouts a
move (tools/match.py). Margin: our points minus theirs, where the game counts
points. The notes name any other setting: `--opening K` plies picked (0: the
players' own first moves), and `they swap` / `they never swap` (`--their-swap`:
what the opponent does with seat 1's first move when it is theirs).

%s
"""


def kept_section(path):
    """The "Against other engines" section of `path` ("" if none), for a tool
    that rewrites the rest of the file (bench strength --write)."""
    text = open(path).read() if os.path.exists(path) else ""
    if SECTION not in text:
        return ""
    return "\n" + SECTION + text.split(SECTION, 1)[1]


def row_key(row):
    """What a row measured: its game, level and opponent, and the settings
    its notes name (`--opening K`, they swap, they never swap)."""
    cells = row.split("|")
    notes = cells[-2] if len(cells) > 11 else ""
    return cells[1:4] + re.findall(r"`--opening \d+`|\bthey (?:never )?swap\b", notes)


def write_section(path, row):
    """Put `row` into the "Against other engines" table of `path`, replacing the
    row that measured the same (row_key); the rest of the file stays."""
    text = open(path).read() if os.path.exists(path) else ""
    key = row_key(row)
    head, rows, tail = text, [], ""
    if SECTION in text:
        head, rest = text.split(SECTION, 1)
        nxt = rest.find("\n## ")
        if nxt >= 0:
            rest, tail = rest[:nxt], rest[nxt + 1:]
        rows = [ln for ln in rest.split("\n") if ln.startswith("| ") and not ln.startswith("| game |")]
    rows = [r for r in rows if row_key(r) != key] + [row]
    out = head.rstrip("\n") + "\n\n" + SECTION_TEXT % (SECTION, TABLE_HEAD + "\n" + "\n".join(rows))
    if tail:
        out += "\n" + tail
    with open(path, "w") as f:
        f.write(out)


# --------------------------------------------------------------------------
# The command line (registered by tools/bench.py)

def club_mhz():
    """The reference club board's clock (boards/club9.py's cpu_mhz): what
    our AI's budget is scaled to unless --mhz says otherwise."""
    from tools.hwbench import load_board
    return load_board(os.path.join(ROOT, "boards", "club9.py"))["cpu_mhz"]


def add_parser(sub):
    m = sub.add_parser("match", help="our AI against GNU Go, UCT, another level or random (CPython)")
    m.add_argument("--game", required=True, help="a game id, e.g. go")
    m.add_argument("--against", required=True,
                   help="gnugo:L, uct:N, mcts:N, openspiel:N, ab:L, level:L or random")
    m.add_argument("--games", type=int, default=20, help="games to play (half on each seat)")
    m.add_argument("--level", type=int, default=5, help="our AI's level, 1-5 (default 5)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--workers", type=int, default=MAX_WORKERS)
    m.add_argument("--max-plies", type=int, default=300, help="a game this long counts as a draw")
    m.add_argument("--opening", type=int, default=2, help="plies picked among the best few moves (2)")
    m.add_argument("--mhz", type=int, default=None,
                   help="the board clock our AI's node budget is scaled to "
                   "(default: the club boards', cpu_mhz in boards/club9.py)")
    m.add_argument("--gnugo", default=None, help="the GNU Go binary (default /usr/games/gnugo or PATH)")
    m.add_argument("--their-swap", default="own", choices=THEIR_SWAP,
                   help="the opponent at seat 1's first move: its own choice (default), always or never swap")
    m.add_argument("--write", action="store_true", help="add the result to docs/reports/ai-strength.md")
    return m


def check_args(opts):
    """(kind, arg, gnugo path) from the options, or MatchError."""
    import games
    if opts.game not in games.BOARD_GAMES:   # an entry with no moves (the race timer) plays no match
        raise MatchError("--game %r: no such game; the games are %s"
                         % (opts.game, ", ".join(games.BOARD_GAMES)))
    kind, arg = parse_opponent(opts.against, opts.game)
    if opts.games < 1:
        raise MatchError("--games %d: play at least one game" % opts.games)
    if not 1 <= opts.level <= 5:
        raise MatchError("--level %d: our AI's levels are 1 to 5" % opts.level)
    if opts.mhz is None:
        opts.mhz = club_mhz()      # read here: only a match needs the board file
    if not 50 <= opts.mhz <= 300:
        raise MatchError("--mhz %d: a board clock from 50 to 300 MHz" % opts.mhz)
    if opts.max_plies < 1 or opts.opening < 0:
        raise MatchError("--max-plies must be at least 1 and --opening at least 0")
    their_swap = opts.their_swap
    if their_swap != "own":
        if kind == "gnugo":
            raise MatchError("--their-swap %s: GNU Go never swaps (GTP has no word for it)" % their_swap)
        if not has_swap(games.load(opts.game)):
            raise MatchError("--their-swap %s: %s has no swap move; leave --their-swap at own"
                             % (their_swap, opts.game))
    gnugo = find_gnugo(opts.gnugo) if kind == "gnugo" else None
    return kind, arg, gnugo


def cmd_match(opts):
    try:
        kind, arg, gnugo = check_args(opts)
    except MatchError as e:
        print("match: " + str(e), file=sys.stderr)
        return 2
    workers = max(1, min(MAX_WORKERS, opts.workers))
    t0 = time.time()
    results = run_match(opts.game, kind, arg, opts.games, opts.level, opts.seed, workers,
                        opts.max_plies, opts.opening, gnugo, mhz=opts.mhz, their_swap=opts.their_swap)
    against = opts.against.strip().lower()
    row, notes = summary(opts.game, opts.level, against, results, opts.mhz, opts.their_swap, opts.opening)
    print()
    print(TABLE_HEAD)
    print(row)
    print("(%.0f s)" % (time.time() - t0))
    if opts.write:
        path = os.path.join(ROOT, "docs", "reports", "ai-strength.md")
        write_section(path, row)
        print("wrote " + os.path.relpath(path, ROOT))
    return 1 if any(r["error"] for r in results) else 0
