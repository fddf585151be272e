"""The game contract of docs/developers/architecture.md, checked once over every game in
the catalogue (on CPython and on MicroPython). A new game gets these checks
by being in the catalogue; its own test file keeps only what is its own.

For every game and its smallest and largest option: the layout is the one
games/catalog.py claims; along seeded random games every legal move's text
parses back to that move; undo() gives back each position exactly (view(),
key(), turn, legal moves); key() is a small int below 2**30; evaluate() stays
within +-10000; and the game has a rules page and AI budgets.

An entry that is no board game (it declares MODE: Jogos Poliedricos' race
timer) is told apart by that declaration, the catalogue's MODES: it gets the
checks that apply to it (its grid, its menu looks, a registered app mode, a
rules page) and none of a Game's.
"""
import os

import ai
import games
from games import LAYOUTS
from check import check_notation_roundtrip
from app.screen import LOOK_RGB
from games.common import LOOKS

_LCG_A = 1103515245


def option_sets(gid):
    """The options to test a game with: its smallest and largest value."""
    name, rows = LAYOUTS[gid]
    if name is None:
        return [{}]
    return [{name: rows[0][0]}, {name: rows[-1][0]}]


def position(g):
    return (g.turn, g.ply, g.result(), bytes(g.view()), g.key(), g.moves())


def walk(mod, options, seed, limit=300):
    """A seeded random game checking every position; then undo back to the start."""
    g = mod.Game(options)
    seen = []
    while g.result() is None and len(seen) < limit:
        k = g.key()
        assert 0 <= k < (1 << 30), "key %r is not a small int" % k
        assert max(g.view()) < len(LOOK_RGB), "a look the board has no colour for"
        e = g.evaluate()
        assert -10000 <= e <= 10000, "evaluate() = %d" % e
        seen.append(position(g))
        ms = g.moves()
        assert ms, "no legal move but result() is None"
        seed = (seed * _LCG_A + 12345) & 0x7FFFFFFF
        g.play(ms[(seed >> 8) % len(ms)])
    k = g.key()
    assert 0 <= k < (1 << 30)
    while seen:
        g.undo()
        assert position(g) == seen.pop(), "undo() did not restore the position"
    return g


def test_layout_of_every_option_is_what_the_catalogue_claims():
    for gid in games.BOARD_GAMES:
        mod = games.load(gid)
        name, rows = LAYOUTS[gid]
        for value, w, h in rows:
            opts = {} if name is None else {name: value}
            assert tuple(mod.layout(opts)) == (w, h), gid
            assert tuple(mod.Game(opts).layout()) == (w, h), gid
            assert len(mod.Game(opts).view()) == w * h, gid
        games.unload(gid)


def test_undo_restores_every_position_key_and_evaluation_stay_in_range():
    for gid in games.BOARD_GAMES:
        mod = games.load(gid)
        for opts in option_sets(gid):
            for seed in (1, 2, 3):
                walk(mod, opts, seed)
        games.unload(gid)


def test_notation_round_trips_for_every_legal_move_along_random_games():
    for gid in games.BOARD_GAMES:
        mod = games.load(gid)
        seeds = (5,) if gid == "amazonas" else (5, 6)
        for opts in option_sets(gid):
            for seed in seeds:
                check_notation_roundtrip(mod, seed, opts)
        games.unload(gid)


# Characters that str.isdigit(), int() or lower() could take for notation.
LOOKALIKES = ("\u00b2", "\u0661", "\uff11", "\uff41", "\u212a", "\u00a0", "\u0131")


def test_a_legal_move_with_any_character_made_non_ascii_is_refused_with_a_reason():
    from games.common import MoveError
    for gid in games.BOARD_GAMES:
        mod = games.load(gid)
        g = mod.Game()
        texts = g.legal_texts()
        for t in texts[:6] + texts[-3:]:
            for i in range(len(t)):
                for ch in LOOKALIKES:
                    bad = t[:i] + ch + t[i + 1:]
                    try:
                        g.parse(bad)
                    except MoveError as e:
                        assert "plain letters and digits" in str(e), (gid, bad, str(e))
                    else:
                        assert False, "%s accepted %r" % (gid, bad)
        games.unload(gid)


def has_rules_page(gid):
    try:
        os.stat("docs/rules/%s.md" % gid)
        return True
    except OSError:
        return False


def test_every_game_has_a_rules_page_and_ai_budgets():
    for gid in games.BOARD_GAMES:
        assert has_rules_page(gid), "docs/rules/%s.md is missing" % gid
        mod = games.load(gid)
        cap, n5 = mod.NODES
        assert ai.shallow_cap(gid) == cap and ai.budget(gid, 5) == n5, gid
        assert 0 < cap <= n5, gid
        # Each level searches more than the one below; level 3 no more than
        # the 2 s a move of levels 1-2 may take.
        assert 0 < ai.budget(gid, 3) < ai.budget(gid, 4) < n5, gid
        assert ai.budget(gid, 3) <= cap, gid
        # Real pieces: looks that exist and are not the empty square.
        for look in getattr(mod, "PIECES", ()) + getattr(mod, "MARKERS", ()):
            assert 1 < look < LOOKS, (gid, look)


def test_every_entry_is_a_board_game_or_declares_the_mode_that_runs_it():
    from app import core
    assert set(games.BOARD_GAMES) | set(games.MODES) == set(games.IDS)
    for gid in games.IDS:
        mod = games.load(gid)
        declared = getattr(mod, "MODE", None)
        assert games.mode_of(gid) == (declared or games.SETUP), gid
        assert games.mode_of(gid) in core.MODES, (gid, "no such app mode")
        if declared is None:
            assert hasattr(mod, "Game") and hasattr(mod, "NODES"), gid
        else:
            # Not a board game: no Game for the AI, the referee, the set-up and Play.
            assert not hasattr(mod, "Game"), gid
            assert has_rules_page(gid), "docs/rules/%s.md is missing" % gid
            name, rows = LAYOUTS[gid]
            assert name is None and not mod.OPTIONS, (gid, "the menu offers no option for it")
            assert rows == ((None,) + tuple(mod.layout({})),), gid
            assert len(mod.SEATS) == 2 and all(n.isalpha() for n in mod.SEATS), gid
        assert 1 < mod.MENU[1] < LOOKS and 1 < mod.MENU[2] < LOOKS, gid
        from app.font import GLYPHS, FOLD
        from app.words import caps
        assert all(ch in GLYPHS or ch in FOLD for ch in caps(mod.NAME)), (gid, "NAME is scrolled")
        games.unload(gid)
