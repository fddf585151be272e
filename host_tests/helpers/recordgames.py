"""Finished games of every game, written as the board writes its record book
(firmware/app/records.py record_line, app/words.py book_text and book_extra): for the records
tests. Moves are drawn at random from the legal ones (seeded), so the games
are quick to make and reach odd corners (Go swaps, passes, dead stones)."""
import random

from tools.link import firmware_path  # noqa: F401
import games
from app.words import book_text, book_extra
from app import saves

OPTIONS = {"hex": {"size": 5}, "pontos": {"dots": 3}}
CAP = 600


def play_out(gid, seed, options=None, first=()):
    """(game, moves) of one random finished game of gid, or None if it did not end."""
    rnd = random.Random(seed)
    mod = games.load(gid)
    g = mod.Game(dict(options if options is not None else OPTIONS.get(gid, {})))
    texts = []
    for t in first:
        g.play_text(t)
        texts.append(t)
    while g.result() is None and len(texts) < CAP:
        legal = g.legal_texts()
        if gid == "go":
            # random Go never ends: pass more often as the board fills
            stones = sum(1 for v in g.board if v)
            if texts and texts[-1] == "pass" and len(texts) > 40 \
                    or len(texts) > 30 and rnd.random() < stones / 80.0:
                t = "pass"
            else:
                t = rnd.choice([m for m in legal if m not in ("pass",)] or ["pass"])
        else:
            t = rnd.choice(legal)
        g.play_text(t)
        texts.append(t)
    if g.result() is None:
        return None
    if gid == "go":
        from tools.records.gocount import estimate_dead
        g.set_dead(estimate_dead(g))   # as players mark them: the count follows
    return g, texts


def line(gid, g, texts, tag, players=("human", "human"), level=3):
    """The line the board writes for this finished game (its own fields as
    the result screen gives them: app/words.py book_extra)."""
    opts = dict(OPTIONS.get(gid, {})) if gid in OPTIONS else {}
    extra = book_extra(saves.Settings(gid, opts, players, level), g)
    return saves.record_line(gid, opts, texts, book_text(g), tag, extra)


def race_line(tag):
    return saves.record_line("poliedricos", {}, ["blue=61234", "orange=DNF"], "BLUE WINS 1:01.2-DNF",
                             tag)


def book(seed=1, per_game=1):
    """A record book's text with per_game finished games of each of the twelve
    board games and one race."""
    out = []
    n = 0
    for gid in games.BOARD_GAMES:
        for k in range(per_game):
            s = seed * 1000 + k
            got = None
            while got is None:
                got = play_out(gid, s)
                s += 7919
            n += 1
            out.append(line(gid, got[0], got[1], "%x" % (0x100 * seed + n)))
    for gid, first in (("go", ("d4", "swap")), ("go", ("pass", "swap")), ("hex", ("c3", "swap"))):
        s = seed * 1000 + 500
        got = None
        while got is None:
            got = play_out(gid, s, first=first)
            s += 7919
        n += 1
        out.append(line(gid, got[0], got[1], "%x" % (0x100 * seed + n)))
    out.append(race_line("%x" % (0x100 * seed + 99)))
    return "".join(out)
