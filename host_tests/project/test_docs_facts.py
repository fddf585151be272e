"""The tables of game facts in the docs agree with the games themselves: the
id table of docs/rules/README.md (ids in menu order, each game's name and
seats) and the menu table of docs/players/playing.md (which square opens which game
on the club board, read from the app's own menu). A game added, renamed or
moved in the menu fails here until its docs say so."""
import os
import unicodedata

import games
from games.common import FILES
from simboard import SimBoard
from tools.link.firmware_path import ROOT



def plain(text):
    """Lower case, accents and code marks off, "&" as "e" (Gatos & Caes is Gatos e Caes)."""
    t = unicodedata.normalize("NFKD", text)
    t = "".join(c for c in t if not unicodedata.combining(c))
    return t.replace("&", "e").replace("`", "").lower()


def table(path, head):
    """The rows (lists of cells) of the markdown table whose header row starts with `head`."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = [i for i, ln in enumerate(lines) if ln.startswith(head)]
    assert len(start) == 1, "%s: one table headed %r" % (path, head)
    rows = []
    for ln in lines[start[0] + 2:]:
        if not ln.startswith("|"):
            break
        rows.append([c.strip() for c in ln.strip().strip("|").split("|")])
    return rows


def test_the_rules_id_table_lists_every_game_in_menu_order_with_its_name_and_seats():
    rows = table("docs/rules/README.md", "| id | game |")
    assert [r[0].strip("`") for r in rows] == list(games.IDS)
    for r in rows:
        mod = __import__("games." + r[0].strip("`"), None, None, ["NAME"])
        assert plain(r[1]).startswith(plain(mod.NAME).split(" ")[0]), (r[1], mod.NAME)
        seats = plain(r[3])
        first, second = seats.split(" / ")
        assert plain(mod.SEATS[0]) in first and plain(mod.SEATS[1]) in second, (r[0], r[3], mod.SEATS)


def test_the_menu_table_names_the_square_of_every_game_on_the_club_board():
    rows = table("docs/players/playing.md", "| square | game | square | game |")
    said = {}
    for r in rows:
        for sq, name in ((r[0], r[1]), (r[2], r[3])):
            if sq:
                said[sq] = name
    b = SimBoard()
    menu = b.app.mode
    cols = b.cols
    found = {}
    for k, gid in enumerate(menu.ids):
        key = menu.square_of(k)
        found["%s%d" % (FILES[key % cols], key // cols + 1)] = gid
    assert sorted(said) == sorted(found), (said, found)
    names = dict((e[0], e[1]) for e in games.CATALOG)
    for sq, gid in found.items():
        assert plain(said[sq]).startswith(plain(names[gid])), (sq, said[sq], names[gid])


def test_the_architecture_names_every_firmware_module_and_tool():
    with open(os.path.join(ROOT, "docs", "developers", "architecture.md"), encoding="utf-8") as f:
        text = f.read()
    missing = []
    for top in ("firmware", "tools"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if not name.endswith(".py") or top == "tools" and name in ("__init__.py", "__main__.py"):
                    continue
                rel = os.path.relpath(os.path.join(d, name), ROOT).replace(os.sep, "/")
                gid = name[:-3]
                if rel.startswith("firmware/games/") and gid in games.IDS:
                    if "`%s`" % gid not in text:
                        missing.append(rel)         # a game: in the row of firmware/games/<id>.py
                elif "`%s`" % rel not in text:
                    missing.append(rel)
    assert not missing, "docs/developers/architecture.md does not name: " + ", ".join(missing)
