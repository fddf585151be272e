"""Matches of the board's AI against other players, on CPython: one game, a match.

    python -m tools.bench match --game G --against OPP --games N [--level 5] [--seed S]
                                [--workers W] [--max-plies P] [--opening K] [--mhz M] [--gnugo PATH]
                                [--their-swap own|always|never] [--write]

OPP is one of:

- `gnugo:L`  GNU Go at level L (1..10) over GTP (Go only), started as
  `gnugo --mode gtp --boardsize 7 --komi 0 --chinese-rules --positional-superko --level L`
  (`--gnugo PATH` names another binary);
- `uct:N`    a generic UCT (Monte-Carlo tree search with uniformly random
  playouts) over the game interface, N playouts a decision, seeded; every game;
- `mcts:N`   OpenSpiel's MCTSBot algorithm, N simulations a move (tools/play/mcts_ref.py);
- `openspiel:N` OpenSpiel's own MCTSBot (its C++ code) on its own copy of the
  game, where the rules are ours (Amazonas; tools/play/spiel_ref.py);
- `ab:L`     the board's alpha-beta search at level L, on our clock (tools/play/mcts_ref.py);
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
import random
import time

from tools.link import firmware_path  # noqa: F401  (puts firmware/ on sys.path)
from tools.play.gtp_client import GTPError, gnugo_argv
from tools.play.players import RESIGN, AIPlayer, GTPPlayer, MatchError, RandomPlayer, UCTPlayer
from tools.play.report import game_line

MAX_WORKERS = 2
THEIR_SWAP = ("own", "always", "never")
OPENING_WIDTH = 3            # an opening ply is picked among at least this many best moves


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
        from tools.play.spiel_ref import GAMES
        if gid not in GAMES:
            raise MatchError("--against %r: OpenSpiel's copy of the rules is ours only in %s, not %s"
                             % (spec, ", ".join(sorted(GAMES)), gid))
    return kind, int(arg)



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
        return GTPPlayer(gnugo_argv(gnugo, arg, w), w, seed)
    if kind == "uct":
        return UCTPlayer(arg, seed)
    if kind in ("mcts", "ab"):             # tools/play/mcts_ref.py
        from tools.play import mcts_ref
        return mcts_ref.MCTSPlayer(arg, seed) if kind == "mcts" else mcts_ref.ABPlayer(arg, seed, mhz)
    if kind == "openspiel":
        from tools.play import spiel_ref
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
    except (MatchError, GTPError) as e:
        out["error"] = str(e)
    finally:
        if them is not None:
            them.close()
    out["plies"] = g.ply
    out["secs"] = time.time() - t0
    return out


# --------------------------------------------------------------------------
# The match

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
