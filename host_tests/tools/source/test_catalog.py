"""games/catalog.py, which the menu reads to list the games and decide what
fits a board, is what the game modules declare (regenerate: python -m tools.source.catalog)."""
import pytest

from tools.source import catalog


def test_catalog_file_matches_every_game_module():
    assert catalog.main(["--check"]) == 0, "run: python -m tools.source.catalog"


def test_catalog_lists_every_game_module_with_its_own_name_looks_and_grids():
    import games
    mods = catalog.game_modules()
    assert sorted(games.IDS) == sorted(m.ID for m in mods)
    for row in games.CATALOG:
        mod = games.load(row[0])
        assert row == (mod.ID, mod.NAME, mod.MENU[1], mod.MENU[2])
        name, rows = games.LAYOUTS[mod.ID]
        if name is None:
            assert rows == ((None,) + tuple(mod.layout({})),)
        else:
            default, lo, hi = mod.OPTIONS[name]
            assert [r[0] for r in rows] == list(range(lo, hi + 1))
            assert all(tuple(mod.layout({name: v})) == (w, h) for v, w, h in rows)


def test_a_module_missing_a_declaration_is_named(monkeypatch):
    import games.semaforo as s
    monkeypatch.delattr(s, "NODES")
    with pytest.raises(SystemExit) as e:
        catalog.check_module(s)
    assert "firmware/games/semaforo.py: no NODES" in str(e.value)


def test_a_stale_catalog_is_reported(monkeypatch, capsys):
    import games.semaforo as s
    monkeypatch.setattr(s, "NAME", "Semaforo!")
    assert catalog.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().out


def test_an_entry_that_is_no_board_game_carries_its_app_mode_in_the_catalog():
    import games
    declared = dict((m.ID, m.MODE) for m in catalog.game_modules() if hasattr(m, "MODE"))
    assert games.MODES == declared and declared.get("poliedricos") == "race"
    assert "poliedricos" not in games.BOARD_GAMES and games.mode_of("hex") == games.SETUP


def test_a_mode_entry_with_a_game_class_is_refused(monkeypatch):
    import games.poliedricos as p
    import games.semaforo as s
    monkeypatch.setattr(p, "Game", s.Game, raising=False)
    with pytest.raises(SystemExit) as e:
        catalog.check_module(p)
    assert "firmware/games/poliedricos.py: MODE" in str(e.value)
