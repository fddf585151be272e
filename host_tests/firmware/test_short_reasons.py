"""A reason the board scrolls for a touch that is no move is readable in at
most READ_MS at the board's scroll speed, on the widest board: every game's
short forms, every reason its explain() gives in play (sampled over random
games, each touch and pair of touches the app would ask about), and every
reason written in its source has a short form. The whole sentence stays the
referee's explain()."""
import glob
import os
import random
import re

import pytest

import games
from app import explain
from app.screen import Scroll
from games.common import COMMON_SHORT
from tools.link import boardfile
from tools.link import firmware_path

SOURCES = os.path.join(firmware_path.ROOT, "firmware", "games")
WIDEST = max(boardfile.load(p)["cols"] for p in glob.glob(os.path.join(firmware_path.ROOT, "boards", "*.py")))
MOST_SEEDS = 48     # Ouri: the count said before its reason


def scroll_ms(text, cols=WIDEST):
    return Scroll(text, cols).length * Scroll.STEP_MS


def test_the_limit_is_what_a_long_sentence_breaks_and_a_short_form_keeps():
    assert scroll_ms("A PIECE MOVES ONE SQUARE FORWARD STRAIGHT OR DIAGONALLY") > explain.READ_MS
    assert scroll_ms("ONLY FORWARD") <= explain.READ_MS


@pytest.mark.parametrize("gid", games.BOARD_GAMES)
def test_every_short_form_scrolls_past_in_six_seconds(gid):
    g = games.load(gid).Game()
    prefix = "%d: " % MOST_SEEDS if hasattr(g, "count_at") else ""
    for piece, words in tuple(g.SHORT) + COMMON_SHORT:
        assert explain.plain(words) == words, (gid, words)      # every letter in the font
        assert scroll_ms(prefix + words) <= explain.READ_MS, (gid, words, scroll_ms(prefix + words))
    for words in (explain.OUTSIDE, "NO MOVE AT I9", "NO MOVE TO I9"):
        assert scroll_ms(words) <= explain.READ_MS, words


def _literal_reasons(gid):
    """The fixed words after 'is not legal: ' in the game's source (and in
    games/pawns.py for the games that use its own_piece())."""
    names = [gid + ".py"]
    text = open(os.path.join(SOURCES, gid + ".py")).read()
    if "own_piece" in text:
        names.append("pawns.py")
    out = []
    for name in names:
        src = open(os.path.join(SOURCES, name)).read()
        for m in re.finditer(r'is not legal: ([^"]*)"', src):
            words = m.group(1)
            if words.strip("%s") and words != "%s":
                out.append(words)
    return out


@pytest.mark.parametrize("gid", games.BOARD_GAMES)
def test_every_reason_written_in_a_game_has_a_short_form(gid):
    g = games.load(gid).Game()
    for words in _literal_reasons(gid):
        # The literal is a template ("%s is occupied by your own piece"):
        # the short form must be found in the sentence it makes.
        sentence = "x is not legal: " + words.replace("%d", "5").replace("%s", "x")
        assert g.short(sentence) is not None, (gid, words)


def _said(g, cells):
    """What the board would scroll for touches on `cells`, or None."""
    text = explain._texts(g, cells)
    if text is None:
        return None
    full = g.explain(text)
    if " is not legal: " not in full:
        return None
    return full


@pytest.mark.parametrize("gid", games.BOARD_GAMES)
def test_every_reason_met_in_play_has_a_short_readable_form(gid):
    mod = games.load(gid)
    rnd = random.Random(gid)
    g = mod.Game()
    w, h = g.layout()
    n = w * h
    met = set()
    for _ in range(4):                          # four positions, a few moves apart
        if g.result() is not None:
            break
        cells = range(n)
        starts = set()
        for m in g.moves():
            mc = g.move_cells(m)
            if mc:
                starts.add(mc[0])
        for a in cells:
            for touched in ([a],) + tuple([s, a] for s in starts):
                full = _said(g, touched)
                if full is None:
                    continue
                words = g.short(full)
                assert words is not None, (gid, full)
                count = getattr(g, "count_at", None)
                k = count(a) if count is not None else None
                said = words if k is None else "%d: %s" % (k, words)
                assert scroll_ms(said) <= explain.READ_MS, (gid, said)
                met.add(words)
        for _ in range(3):
            if g.result() is None:
                g.play(rnd.choice(list(g.moves())))
    assert met, gid
