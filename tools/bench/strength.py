"""`python -m tools.bench strength` and `match`: the AI's playing strength
on CPython (level 3 against random, level 5 against level 1) and matches
against other players (tools/play/match.py), with their tables in
docs/reports/ai-strength.md."""
import os
import sys
import time

from tools.bench.cost import PLY_CAP, chosen_games, pool_map, write_doc
from tools.link.firmware_path import ROOT
from tools.play import match, report
from tools.play.gtp_client import GTPError, find_gnugo
from tools.play.players import MatchError

def play_match(task):
    """Worker: one game. task = (gid, kind, index); returns (gid, kind, outcome):
    'W' the stronger side won, 'L' it lost, 'D' a draw (or the ply cap).
    The game is tools/play/match.py's: its players, its loop."""
    gid, kind, index = task
    if kind == "l3_random":
        level, against, arg, their_seed = 3, "random", 0, 1000 + index
    else:
        level, against, arg, their_seed = 5, "level", 1, 7919 * index + 17
    r = match.play_game({"gid": gid, "kind": against, "arg": arg, "index": index,
                         "our_seat": index % 2, "level": level, "seed": 0, "their_seed": their_seed,
                         "max_plies": PLY_CAP, "picks": (), "width": 1})
    if r["error"]:
        raise RuntimeError("%s game %d: %s" % (gid, index, r["error"]))
    return gid, kind, report.outcome(r)


STRENGTH_HEAD = """# AI strength (generated)

Written by `%(cmd)s` on CPython (the firmware's
code, deterministic per seed). Level 3 plays a uniformly random player, level 5
plays level 1; each pairing plays half its games on each side. Targets: level 3
wins >= 95%% against random, level 5 wins >= 80%% against level 1.

| game | L3 vs random win %% | L5 vs L1 win %% | draws (L3/L5) | games (per pairing) |
|---|---:|---:|---:|---:|
"""


def cmd_strength(opts):
    gids = chosen_games(opts)
    n = opts.games_per_pair
    tasks = []
    for gid in gids:
        for kind in ("l3_random", "l5_l1"):
            for i in range(n):
                tasks.append((gid, kind, i))
    t0 = time.time()
    res = pool_map(play_match, tasks, opts.workers)
    tally = {}
    for gid, kind, out in res:
        t = tally.setdefault((gid, kind), {"W": 0, "L": 0, "D": 0})
        t[out] += 1
    rows = []
    misses = []
    for gid in gids:
        a = tally[(gid, "l3_random")]
        b = tally[(gid, "l5_l1")]
        pa = 100.0 * a["W"] / n
        pb = 100.0 * b["W"] / n
        if pa < 95:
            misses.append("%s: level 3 beats random in %.0f%%" % (gid, pa))
        if pb < 80:
            misses.append("%s: level 5 beats level 1 in %.0f%%" % (gid, pb))
        rows.append("| %s | %.0f | %.0f | %d/%d | %d |" % (gid, pa, pb, a["D"], b["D"], n))
    text = "\n".join(rows)
    print("| game | L3 vs random win % | L5 vs L1 win % | draws (L3/L5) | games |")
    print("|---|---:|---:|---:|---:|")
    print(text)
    print("(%.0f s)" % (time.time() - t0))
    if misses:
        print("BELOW TARGET:")
        for m in misses:
            print("  " + m)
    if opts.write:
        doc = STRENGTH_HEAD % {"cmd": " ".join(["python -m tools.bench"] + opts.argv)} + text + "\n"
        if misses:
            doc += "\nBelow target:\n\n" + "\n".join("- " + m for m in misses) + "\n"
            doc += report.kept_section(os.path.join(ROOT, "docs", "reports", "ai-strength.md"))
        write_doc("ai-strength.md", doc)
    return 1 if misses else 0


def club_mhz():
    """The reference club board's clock (boards/club9.py's cpu_mhz): what
    our AI's budget is scaled to unless --mhz says otherwise."""
    from tools.link import boardfile
    return boardfile.load("club9")["cpu_mhz"]


def add_parser(sub):
    m = sub.add_parser("match", help="our AI against GNU Go, UCT, another level or random (CPython)")
    m.add_argument("--game", required=True, help="a game id, e.g. go")
    m.add_argument("--against", required=True,
                   help="gnugo:L, uct:N, mcts:N, openspiel:N, ab:L, level:L or random")
    m.add_argument("--games", type=int, default=20, help="games to play (half on each seat)")
    m.add_argument("--level", type=int, default=5, help="our AI's level, 1-5 (default 5)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--workers", type=int, default=match.MAX_WORKERS)
    m.add_argument("--max-plies", type=int, default=300, help="a game this long counts as a draw")
    m.add_argument("--opening", type=int, default=2, help="plies picked among the best few moves (2)")
    m.add_argument("--mhz", type=int, default=None,
                   help="the board clock our AI's node budget is scaled to "
                   "(default: the club boards', cpu_mhz in boards/club9.py)")
    m.add_argument("--gnugo", default=None, help="the GNU Go binary (default /usr/games/gnugo or PATH)")
    m.add_argument("--their-swap", default="own", choices=match.THEIR_SWAP,
                   help="the opponent at seat 1's first move: its own choice (default), always or never swap")
    m.add_argument("--write", action="store_true", help="add the result to docs/reports/ai-strength.md")
    return m


def check_args(opts):
    """(kind, arg, gnugo path) from the options, or MatchError."""
    import games
    if opts.game not in games.BOARD_GAMES:   # an entry with no moves (the race timer) plays no match
        raise MatchError("--game %r: no such game; the games are %s"
                         % (opts.game, ", ".join(games.BOARD_GAMES)))
    kind, arg = match.parse_opponent(opts.against, opts.game)
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
        if not match.has_swap(games.load(opts.game)):
            raise MatchError("--their-swap %s: %s has no swap move; leave --their-swap at own"
                             % (their_swap, opts.game))
    gnugo = find_gnugo(opts.gnugo) if kind == "gnugo" else None
    return kind, arg, gnugo


def cmd_match(opts):
    try:
        kind, arg, gnugo = check_args(opts)
    except (MatchError, GTPError) as e:
        print("match: " + str(e), file=sys.stderr)
        return 2
    workers = max(1, min(match.MAX_WORKERS, opts.workers))
    t0 = time.time()
    results = match.run_match(opts.game, kind, arg, opts.games, opts.level, opts.seed, workers,
                              opts.max_plies, opts.opening, gnugo, mhz=opts.mhz,
                              their_swap=opts.their_swap)
    against = opts.against.strip().lower()
    row, notes = report.summary(opts.game, opts.level, against, results, opts.mhz, opts.their_swap,
                                opts.opening)
    print()
    print(report.TABLE_HEAD)
    print(row)
    print("(%.0f s)" % (time.time() - t0))
    if opts.write:
        path = os.path.join(ROOT, "docs", "reports", "ai-strength.md")
        report.write_section(path, row)
        print("wrote " + os.path.relpath(path, ROOT))
    return 1 if any(r["error"] for r in results) else 0
