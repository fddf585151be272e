"""docs/makers/pieces.md, what each game needs at the table, is what the game
modules say (regenerate the table: python -m tools.source.needs), and what the
tool counts is there to be seen in the games themselves."""
import os

import pytest

import games
from tools.link.firmware_path import ROOT
from tools.source import needs

PAGE = os.path.join(ROOT, "docs", "makers", "pieces.md")


@pytest.fixture(scope="module")
def rows():
    return dict((gid, needs.needs(gid)) for gid in games.IDS)


@pytest.fixture(scope="module")
def table(rows):
    return needs.table([rows[gid] for gid in games.IDS])


def test_the_makers_page_holds_the_table_the_game_modules_give(table):
    with open(PAGE, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert needs.HEAD in lines, "docs/makers/pieces.md: the table headed %r" % needs.HEAD
    at = lines.index(needs.HEAD)
    written = lines[at:at + len(table) + 1]
    assert written[:len(table)] == table and not written[-1].startswith("|"), \
        "docs/makers/pieces.md: put in the table python -m tools.source.needs prints"


def test_every_menu_entry_has_a_row_in_menu_order(table):
    names = [ln.split(" | ")[0].lstrip("| ") for ln in table[2:]]
    assert names == [games.NAMES[g] for g in games.IDS]


def test_the_most_at_once_is_reached_by_legal_moves_and_never_below_the_start():
    for gid in games.IDS:
        mod = games.load(gid)
        for name, looks in needs.groups(mod).items():
            top, moves = needs.most(mod, looks, 0)
            g = mod.Game()
            assert top >= needs.count(g, looks)
            for m in moves:
                assert m in g.moves(), (gid, name)
                g.play(m)
            assert needs.count(g, looks) == top, (gid, name)


def test_a_game_without_pieces_is_played_by_taps_and_the_race_uses_none(rows):
    for gid in games.IDS:
        mod = games.load(gid)
        row = rows[gid]
        line = needs.line(row)
        if getattr(mod, "MODE", None):
            assert "timer" in line and row["pieces"] == []
        elif not getattr(mod, "PIECES", ()):
            assert "played by taps" in line and row["markers"] is None
        else:
            assert [n for n, _, _ in row["pieces"]] == list(needs.groups(mod))


def test_markers_are_counted_only_for_games_that_list_them(rows):
    for gid in games.IDS:
        mod = games.load(gid)
        if getattr(mod, "MODE", None):
            continue
        row = rows[gid]
        if getattr(mod, "MARKERS", ()):
            w, h = mod.Game().layout()
            start = sum(s for _, s, _ in row["pieces"])
            assert row["markers"] == w * h - start
        else:
            assert row["markers"] is None
