"""The ladder of levels: round-robin matches, Elo ratings and the ladder's checks.

    python -m tools.play.ladder run [--game G,G|all] [--players greedy,1,2,3,4,5,uct:1000]
                                    [--per-pair 40] [--pairs all|adjacent] [--jobs 1]
                                    [--seed 0] [--mhz 200] [--stop-after SECONDS] [--data DIR]
    python -m tools.play.ladder table [--write] [--data DIR]

`run` plays every pair of the players (`--pairs adjacent`: only neighbours
in the list), `--per-pair` games a pair, half with each on seat 0, and saves
each finished game at once in DIR/<game>.json (docs/reports/data/ladder/):
run again, it plays only the games not saved yet, so a long run can be
stopped and continued. Levels play at their node budgets scaled to `--mhz`
(default: the club boards' clock, boards/club9.py). `greedy` is the one-ply
beginner (players.GreedyPlayer); `uct:N`, `mcts:N`, `openspiel:N`, `gnugo:L`
and `random` are match.py's reference players. Openings as in match.py: the
first plies with a choice picked among the few most promising moves, one
opening per pair of games, each played once with either player on seat 0
(Semáforo picks only the first ply: every first move loses against perfect
play, so the second seat keeps its forced win).

`table` fits Elo ratings per game (elo.py: greedy = 1000, a bootstrap 95%
interval), prints the ladder's checks and with `--write` puts both into
docs/reports/ai-strength.md between the LADDER markers. Exit status 1 when a
check fails.
"""
import argparse
import json
import os
import sys
import time
import zlib

from tools.link import firmware_path  # noqa: F401  (puts firmware/ on sys.path)
from tools.link.firmware_path import ROOT
from tools.play import elo, match
from tools.play.players import RESIGN, AIPlayer, GreedyPlayer, MatchError

DATA = os.path.join(ROOT, "docs", "reports", "data", "ladder")
DOC = os.path.join(ROOT, "docs", "reports", "ai-strength.md")
BEGIN = "<!-- LADDER BEGIN: written by python -m tools.play.ladder table --write -->"
END = "<!-- LADDER END -->"
SECTION = "## The ladder of levels"
LEVELS = ("L1", "L2", "L3", "L4", "L5")
DEFAULT_PLAYERS = ("greedy",) + LEVELS
# The seat that wins by force where it is not the first (docs/rules/semaforo.md):
# the ladder is measured from that seat only.
FORCED_WIN = {"semaforo": 1}
OPENING_PLIES = {"semaforo": 1}
OPENING = 2
MAX_PLIES = 600              # a game this long is a draw
STEP_MIN = 0.60              # each level's wins against the one below, on each seat
BEGINNER_MAX = 0.70          # level 1's wins against greedy, at most
MIN_GAMES = 40               # a check on fewer games says only how it stands so far


def player_name(spec):
    """The canonical name of a --players item, or MatchError."""
    t = spec.strip().lower()
    if t == "greedy":
        return t
    if t.isdigit() or (t[:1] == "l" and t[1:].isdigit()):
        k = int(t.lstrip("l"))
        if not 1 <= k <= 5:
            raise MatchError("--players %r: the levels are 1 to 5" % spec)
        return "L%d" % k
    return t


def check_player(name, gid):
    if name == "greedy" or name in LEVELS:
        return
    match.parse_opponent(name, gid)   # MatchError if it is no player


def order_key(name):
    """greedy, the levels, then the reference players by name."""
    if name == "greedy":
        return (0, "")
    if name in LEVELS:
        return (1, name)
    return (2, name)


def make(name, seed, gid, mhz):
    if name == "greedy":
        return GreedyPlayer(seed)
    if name in LEVELS:
        return AIPlayer(int(name[1]), seed, mhz)
    kind, arg = match.parse_opponent(name, gid)
    gnugo = None
    if kind == "gnugo":
        from tools.play.gtp_client import find_gnugo
        gnugo = find_gnugo(None)
    return match.make_player(kind, arg, seed, gid, gnugo, mhz)


def seed_of(*parts):
    """A seed from the game, the pair, the base seed and the game's index:
    the same on every machine and every run."""
    return zlib.crc32(" ".join(str(p) for p in parts).encode()) & 0x7FFFFFFF


def pair_key(a, b):
    return "%s vs %s" % (a, b)


# --------------------------------------------------------------------------
# One game

def play_one(task):
    """Worker: one game of a pair. task: gid, a, b, index, seat_a, seed_a,
    seed_b, picks, width, max_plies, mhz. Returns the game's entry."""
    import games
    gid = task["gid"]
    mod = games.load(gid)
    names = (task["a"], task["b"])
    gtp = any(n.startswith("gnugo:") for n in names)
    g = (match.no_swap_class(mod) if gtp else mod.Game)()
    t0 = time.time()
    out = {"index": task["index"], "seat_a": task["seat_a"], "seed_a": task["seed_a"],
           "seed_b": task["seed_b"], "winner": None, "how": "", "plies": 0, "opening": [],
           "error": None}
    made = []
    try:
        pa = make(names[0], task["seed_a"], gid, task["mhz"])
        made.append(pa)
        pb = make(names[1], task["seed_b"], gid, task["mhz"])
        made.append(pb)
        by_seat = [pa, pb] if task["seat_a"] == 0 else [pb, pa]
        for p in by_seat:
            p.start(g)
        opened = 0
        result = None
        picks = task["picks"]
        while g.result() is None and g.ply < task["max_plies"]:
            seat = g.turn
            m = None
            if opened < len(picks) and g.ply < 4 * len(picks):
                m = match.opening_move(g, picks[opened], task["width"])
                if m is not None:
                    opened += 1
                    out["opening"].append(g.move_text(m))
            told = m is not None           # an opening ply: both players are told
            if m is None:
                m = by_seat[seat].move(g)
            if m == RESIGN:
                result = 1 - seat
                out["how"] = "resigned"
                break
            g.play(m)
            for p in by_seat:
                if told or p is not by_seat[seat]:
                    p.observe(g, m)
        if result is None:
            if g.result() is None:
                out["how"] = "move cap"
            else:
                if gtp and hasattr(g, "set_dead"):
                    engine = pa if names[0].startswith("gnugo:") else pb
                    g.set_dead(engine.dead(g))
                result = g.result()
        if result in (0, 1):
            out["winner"] = "a" if result == task["seat_a"] else "b"
        else:
            out["winner"] = "draw"
    except Exception as e:          # a broken engine: the game is kept out, with why
        out["error"] = "%s: %s" % (type(e).__name__, e)
    finally:
        for p in made:
            p.close()
    out["plies"] = g.ply
    out["secs"] = round(time.time() - t0, 2)
    return out


# --------------------------------------------------------------------------
# The results file of a game

def data_path(gid, data=DATA):
    return os.path.join(data, gid + ".json")


def load(gid, data=DATA):
    """The saved results of a game ({} if none)."""
    path = data_path(gid, data)
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)


def save(gid, doc, data=DATA):
    """Write the results whole, through a new file renamed over the old, so a
    run stopped at any moment leaves the last complete file."""
    os.makedirs(data, exist_ok=True)
    path = data_path(gid, data)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=0, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def settings(gid, mhz, seed, max_plies):
    return {"mhz": mhz, "seed": seed, "max_plies": max_plies,
            "opening": OPENING_PLIES.get(gid, OPENING)}


def plan(gid, names, per_pair, pairs, mhz, seed, max_plies, done):
    """The tasks still to play: `done` is the results dict of the file.
    Ordered game pair by game pair across the pairs of players, so that a
    run stopped early leaves every pair with some games."""
    names = sorted(names, key=order_key)
    if pairs == "adjacent":
        couples = list(zip(names, names[1:]))
    else:
        couples = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    plies = OPENING_PLIES.get(gid, OPENING)
    tasks = []
    for a, b in couples:
        key = pair_key(a, b)
        have = set(r["index"] for r in done.get(key, []) if not r["error"])
        width, picks = match.openings((per_pair + 1) // 2, plies, seed_of(gid, key, seed))
        for i in range(per_pair):
            if i in have:
                continue
            tasks.append({"gid": gid, "a": a, "b": b, "key": key, "index": i, "seat_a": i % 2,
                          "seed_a": seed_of(gid, key, seed, i, "a"),
                          "seed_b": seed_of(gid, key, seed, i, "b"),
                          "picks": list(picks[i // 2]), "width": width,
                          "max_plies": max_plies, "mhz": mhz})
    tasks.sort(key=lambda t: (t["index"] // 2, order_key(t["b"]), order_key(t["a"]), t["index"]))
    return tasks


def run(gid, names, per_pair=40, pairs="all", jobs=1, seed=0, mhz=200, max_plies=MAX_PLIES,
        stop_after=None, data=DATA, log=print):
    """Play the games of `gid` not saved yet; returns how many were played."""
    doc = load(gid, data)
    want = settings(gid, mhz, seed, max_plies)
    if doc and doc.get("settings") != want:
        raise MatchError("%s: the saved results were played with %s, not %s: give the same "
                         "settings to continue, or move %s away" % (gid, doc.get("settings"), want,
                                                                    data_path(gid, data)))
    doc = doc or {"game": gid, "settings": want, "results": {}}
    results = doc["results"]
    for key in list(results):       # a failed game is played again
        results[key] = [r for r in results[key] if not r["error"]]
    tasks = plan(gid, names, per_pair, pairs, mhz, seed, max_plies, results)
    if not tasks:
        return 0
    t0 = time.time()
    if jobs <= 1:
        it = map(play_one, tasks)
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks)))
        it = pool.imap(play_one, tasks)
    played = 0
    try:
        for task, r in zip(tasks, it):
            played += 1
            if r["error"]:
                log("%s %s game %d: ERROR %s" % (gid, task["key"], task["index"] + 1, r["error"]))
            else:
                results.setdefault(task["key"], []).append(r)
                results[task["key"]].sort(key=lambda e: e["index"])
                save(gid, doc, data)
                log("%s %s game %d: %s on seat 0, %s%s, %d plies, %.1f s" % (
                    gid, task["key"], task["index"] + 1, task["a"] if r["seat_a"] == 0 else task["b"],
                    {"a": task["a"] + " won", "b": task["b"] + " won", "draw": "drawn"}[r["winner"]],
                    " (%s)" % r["how"] if r["how"] else "", r["plies"], r["secs"]))
            if stop_after is not None and time.time() - t0 > stop_after:
                log("%s: stopped after %.0f s, %d games left" % (gid, time.time() - t0,
                                                                 len(tasks) - played))
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return played


# --------------------------------------------------------------------------
# Ratings, checks and the table

def scores(doc):
    """[(a, b, score of a)] of every saved game."""
    out = []
    for key, games in sorted(doc.get("results", {}).items()):
        a, b = key.split(" vs ")
        for r in games:
            if not r["error"]:
                out.append((a, b, {"a": 1.0, "b": 0.0, "draw": 0.5}[r["winner"]]))
    return out


def seat_wins(doc, upper, lower):
    """[(wins, games) of `upper` on seat 0, on seat 1] against `lower`."""
    out = [[0, 0], [0, 0]]
    for key, games in doc.get("results", {}).items():
        a, b = key.split(" vs ")
        if set((a, b)) != set((upper, lower)):
            continue
        me = "a" if a == upper else "b"
        for r in games:
            if r["error"]:
                continue
            seat = r["seat_a"] if me == "a" else 1 - r["seat_a"]
            out[seat][1] += 1
            out[seat][0] += r["winner"] == me
    return out


def _verdict(ok, n, min_games):
    if n >= min_games:
        return ("PASS" if ok else "FAIL"), ""
    return "PARTIAL", " (%d games, fewer than %d; so far it would %s)" % (
        n, min_games, "pass" if ok else "fail")


def checks(gid, doc, min_games=MIN_GAMES):
    """[(what, verdict, detail)]: each level against the one below on each
    seat that counts, and level 1 against greedy. verdict PASS, FAIL,
    PARTIAL (a pair with fewer than min_games games) or NOT RUN."""
    seats = (FORCED_WIN[gid],) if gid in FORCED_WIN else (0, 1)
    out = []
    for lower, upper in zip(LEVELS, LEVELS[1:]):
        sw = seat_wins(doc, upper, lower)
        what = "%s > %s" % (upper, lower)
        if not sw[0][1] + sw[1][1]:
            out.append((what, "NOT RUN", "no games"))
            continue
        ok = all(sw[s][1] and sw[s][0] >= STEP_MIN * sw[s][1] for s in seats)
        detail = "; ".join("seat %d: %d/%d%s" % (s, sw[s][0], sw[s][1],
                                                  "" if s in seats else " (not counted)")
                           for s in (0, 1))
        verdict, more = _verdict(ok, sw[0][1] + sw[1][1], min_games)
        out.append((what, verdict, detail + more))
    sw = seat_wins(doc, "L1", "greedy")
    w, n = sw[0][0] + sw[1][0], sw[0][1] + sw[1][1]
    if n:
        verdict, more = _verdict(w <= BEGINNER_MAX * n, n, min_games)
        out.append(("L1 vs greedy <= 70%", verdict, "L1 won %d/%d (%.0f%%)%s" % (w, n, 100.0 * w / n, more)))
    else:
        out.append(("L1 vs greedy <= 70%", "NOT RUN", "no games"))
    return out


def missing_pairs(doc):
    """The pairs of the round robin (greedy, the levels and any other player
    of the file) with no game saved."""
    have = set(k for k, v in doc.get("results", {}).items() if any(not x["error"] for x in v))
    names = set(DEFAULT_PLAYERS)
    for k in doc.get("results", {}):
        names.update(k.split(" vs "))
    names = sorted(names, key=order_key)
    return [pair_key(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if pair_key(a, b) not in have]


def ratings(doc):
    """({player: Elo}, {player: (low, high)}) with greedy = 1000, or ({}, {})."""
    games = scores(doc)
    pairs = elo.tally(games)
    if not any(p == "greedy" for ab in pairs for p in ab):
        return {}, {}
    try:
        return elo.fit(pairs, "greedy"), elo.interval(games, "greedy")
    except elo.FitError:
        return {}, {}


def game_section(gid, doc):
    """The markdown of one game: ratings, pairs and checks."""
    import games
    name = games.NAMES.get(gid, gid)
    if not doc or not doc.get("results"):
        return "### %s (`%s`)\n\nNot run yet.\n" % (name, gid)
    r, ci = ratings(doc)
    st = doc["settings"]
    lines = ["### %s (`%s`)" % (name, gid), "",
             "Levels at %d MHz, seed %d, %d opening %s picked, a draw after %d plies; every game "
             "with its seeds and opening: [data/ladder/%s.json](data/ladder/%s.json)." % (
                 st["mhz"], st["seed"], st["opening"], "ply" if st["opening"] == 1 else "plies",
                 st["max_plies"], gid, gid), ""]
    played = sorted(set(p for g in scores(doc) for p in g[:2]), key=order_key)
    lines += ["| player | Elo | 95% interval | games | score % |", "|---|---:|---:|---:|---:|"]
    tot = {}
    for a, b, s in scores(doc):
        for p, v in ((a, s), (b, 1 - s)):
            t = tot.get(p, (0.0, 0))
            tot[p] = (t[0] + v, t[1] + 1)
    for p in played:
        s, n = tot[p]
        if p in r:
            lo, hi = ci.get(p, (r[p], r[p]))
            lines.append("| %s | %.0f | %.0f to %.0f | %d | %.0f |" % (p, r[p], lo, hi, n, 100 * s / n))
        else:
            lines.append("| %s | - | - | %d | %.0f |" % (p, n, 100 * s / n))
    lines += ["", "| pair | games | first won | second won | drawn | first won on seat 0 / 1 "
              "| s a game |", "|---|---:|---:|---:|---:|---:|---:|"]
    for key in sorted(doc["results"], key=lambda k: [order_key(x) for x in k.split(" vs ")]):
        gs = [x for x in doc["results"][key] if not x["error"]]
        a, b = key.split(" vs ")
        wa = sum(x["winner"] == "a" for x in gs)
        wb = sum(x["winner"] == "b" for x in gs)
        sw = seat_wins(doc, a, b)
        lines.append("| %s | %d | %d | %d | %d | %d/%d, %d/%d | %.1f |" % (
            key, len(gs), wa, wb, len(gs) - wa - wb, sw[0][0], sw[0][1], sw[1][0], sw[1][1],
            sum(x["secs"] for x in gs) / max(1, len(gs))))
    missing = missing_pairs(doc)
    if missing:
        lines += ["", "Not run yet: %s." % ", ".join(missing)]
    lines += ["", "| check | verdict | detail |", "|---|---|---|"]
    for what, verdict, detail in checks(gid, doc):
        lines.append("| %s | %s | %s |" % (what, verdict, detail))
    return "\n".join(lines) + "\n"


INTRO = """%s

%s

Written by `python -m tools.play.ladder table --write` from the results in
docs/reports/data/ladder/ (`python -m tools.play.ladder run` plays them, on
CPython: the firmware's code, each level at its node budget scaled to the
clock named per game; "s a game" is CPython's time on a shared desktop core).
Every pair run plays the games a pair the summary says, half with each on
seat 0 (a game's section names the pairs of its round robin not run yet),
and the first plies with a choice are picked among the few most promising
moves, one opening per two games.
`greedy` is a beginner who looks one move ahead: it takes a win it sees,
avoids a move after which the opponent wins at once, and plays at random
otherwise. Elo: a Bradley-Terry fit by maximum likelihood, draws counted
half, greedy = 1000, one virtual drawn game added to every pair played (so a
pair won 40-0 gets a finite rating); the interval is the middle 95%% of 200
bootstrap fits, and it is narrow for a pair won every time, where only more
games or a stronger opponent could tell more.

The checks: each level wins at least 60%% of its games against the level
below on each seat (Semáforo: on the second seat only, the one that wins by
force), and level 1 wins at most 70%% against greedy; a pair with fewer
than 40 games is PARTIAL, with what it shows so far.

| game | pairs run | games a pair | greedy | L1 | L2 | L3 | L4 | L5 | others | checks |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|
%s

%s
"""


def summary_row(gid, doc):
    if not doc or not doc.get("results"):
        return "| %s | not run | - | - | - | - | - | - | - | - | not run |" % gid
    r, _ = ratings(doc)
    ns = sorted(set(len([x for x in v if not x["error"]]) for v in doc["results"].values()))
    per = "%d" % ns[0] if len(ns) == 1 else "%d-%d" % (ns[0], ns[-1])
    cells = ["%.0f" % r[p] if p in r else "-" for p in DEFAULT_PLAYERS]
    others = ", ".join("%s %.0f" % (p, r[p]) for p in sorted(r, key=order_key) if p not in DEFAULT_PLAYERS)
    cs = checks(gid, doc)
    parts = []
    for word, kind in (("FAIL", "FAIL"), ("fewer than %d games" % MIN_GAMES, "PARTIAL"),
                       ("not run", "NOT RUN")):
        which = [w for w, v, _ in cs if v == kind]
        if which:
            parts.append("%s: %s" % (word, ", ".join(which)))
    verdict = "; ".join(parts) or "PASS"
    done = len(doc["results"])
    pairs = "%d of %d" % (done, done + len(missing_pairs(doc)))
    return "| %s | %s | %s | %s | %s | %s |" % (gid, pairs, per, " | ".join(cells), others or "-",
                                                verdict)


def section(data=DATA):
    import games
    docs = [(gid, load(gid, data)) for gid in games.BOARD_GAMES]
    rows = "\n".join(summary_row(gid, d) for gid, d in docs)
    body = "\n".join(game_section(gid, d) for gid, d in docs)
    return INTRO % (BEGIN, SECTION, rows, body) + END + "\n"


def write_doc(text, path=DOC):
    """Put the ladder's section between its markers (at the end of the file
    the first time); the rest of the file stays as it is."""
    old = open(path).read() if os.path.exists(path) else ""
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        new = head + text + ("\n" + tail if tail else "")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    with open(path, "w") as f:
        f.write(new)


# --------------------------------------------------------------------------
# The command line

def club_mhz():
    from tools.link import boardfile
    return boardfile.load("club9")["cpu_mhz"]


def main(argv=None):
    import games
    ap = argparse.ArgumentParser(prog="python -m tools.play.ladder", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play the round robin (resumable)")
    r.add_argument("--game", default="all", help="game ids, comma-separated, or all (default)")
    r.add_argument("--players", default=",".join(DEFAULT_PLAYERS),
                   help="greedy, levels 1-5, uct:N, mcts:N, openspiel:N, gnugo:L, random")
    r.add_argument("--per-pair", type=int, default=40, help="games a pair, half on each seat (40)")
    r.add_argument("--pairs", choices=("all", "adjacent"), default="all",
                   help="every pair (default) or only neighbours in the players' order")
    r.add_argument("--jobs", type=int, default=1, help="games in parallel (default 1)")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--mhz", type=int, default=None, help="the clock the levels' budgets are scaled to "
                   "(default: boards/club9.py's cpu_mhz)")
    r.add_argument("--max-plies", type=int, default=MAX_PLIES)
    r.add_argument("--stop-after", type=float, default=None,
                   help="seconds: start no new game after this long (per game id)")
    r.add_argument("--data", default=DATA)
    t = sub.add_parser("table", help="Elo ratings and the ladder's checks from the saved results")
    t.add_argument("--write", action="store_true", help="put them into docs/reports/ai-strength.md")
    t.add_argument("--data", default=DATA)
    opts = ap.parse_args(argv)
    if opts.cmd == "table":
        text = section(opts.data)
        failed = False
        for gid in games.BOARD_GAMES:
            doc = load(gid, opts.data)
            if not doc:
                print("%s: not run" % gid)
                continue
            for what, verdict, detail in checks(gid, doc):
                failed |= verdict == "FAIL"
                print("%s: %s %s (%s)" % (gid, what, verdict, detail))
        if opts.write:
            write_doc(text)
            print("wrote " + os.path.relpath(DOC, ROOT))
        return 1 if failed else 0
    try:
        gids = list(games.BOARD_GAMES) if opts.game == "all" else opts.game.split(",")
        for gid in gids:
            if gid not in games.BOARD_GAMES:
                raise MatchError("--game %r: no such game; the games are %s"
                                 % (gid, ", ".join(games.BOARD_GAMES)))
        names = []
        for spec in opts.players.split(","):
            n = player_name(spec)
            if n in names:
                raise MatchError("--players: %s is named twice" % n)
            names.append(n)
        if len(names) < 2:
            raise MatchError("--players: name at least two players")
        for gid in gids:
            for n in names:
                check_player(n, gid)
        if opts.per_pair < 1:
            raise MatchError("--per-pair %d: play at least one game a pair" % opts.per_pair)
        if opts.jobs < 1:
            raise MatchError("--jobs %d: at least one" % opts.jobs)
        mhz = opts.mhz if opts.mhz is not None else club_mhz()
        if not 50 <= mhz <= 300:
            raise MatchError("--mhz %d: a board clock from 50 to 300 MHz" % mhz)
        for gid in gids:
            t0 = time.time()
            n = run(gid, names, opts.per_pair, opts.pairs, opts.jobs, opts.seed, mhz,
                    opts.max_plies, opts.stop_after, opts.data)
            print("%s: %d games played in %.0f s" % (gid, n, time.time() - t0))
    except MatchError as e:
        print("ladder: " + str(e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
