"""games/layouts.py, which the menu reads to decide what fits a board, is
what the game modules' own layout() says (regenerate: python -m tools.catalog)."""
from tools import catalog


def test_layouts_file_matches_every_game_module():
    assert catalog.main(["--check"]) == 0, "run: python -m tools.catalog"


def test_layouts_cover_every_game_and_every_option_value():
    import games
    from games.layouts import LAYOUTS
    assert sorted(LAYOUTS) == sorted(games.IDS)
    for gid in games.IDS:
        mod = games.load(gid)
        name, rows = LAYOUTS[gid]
        if name is None:
            assert rows == ((None,) + tuple(mod.layout({})),)
        else:
            default, lo, hi = mod.OPTIONS[name]
            assert [r[0] for r in rows] == list(range(lo, hi + 1))
