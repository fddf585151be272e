"""Leaving a game gives back what it loaded (issue 9). Portable.

The game's module must leave sys.modules and the games package, and the AI
must hold no table or game, whichever way the player gets back to the menu.
"""
import sys

import ai
import games
from simboard import SimBoard


def loaded():
    return [k for k in sys.modules if k.startswith("games.") and k != "games.common"]


def back_with_nothing_loaded(b, gid):
    """The board is back at the menu, and the game gid left nothing loaded."""
    assert b.mode() == "Menu", b.mode()
    assert loaded() == [], loaded()
    assert not hasattr(games, gid)
    assert ai._searcher is None


def test_leaving_a_game_with_menu_twice_unloads_its_module():
    b = SimBoard()
    b.start("hex")
    assert "games.hex" in sys.modules
    b.press("menu")
    b.press("menu")
    back_with_nothing_loaded(b, "hex")


def test_leaving_the_result_unloads_the_game():
    b = SimBoard()
    b.start("semaforo")
    for m in ("a1", "a1", "b1", "b1", "c1", "c1"):
        if b.mode() != "Play":
            break
        b.enter(m)
    assert b.mode() == "Result"
    b.press("menu")
    back_with_nothing_loaded(b, "semaforo")


def test_a_demo_stopped_by_a_key_releases_the_ai_and_the_game():
    b = SimBoard()
    b.start("gatos_caes", players_col=3, level=1)
    for _ in range(400):
        b.tick(100)
        if b.play_mode().game.ply >= 2:
            break
    assert b.play_mode().game.ply >= 2, "the board plays both sides"
    b.press("ok")
    back_with_nothing_loaded(b, "gatos_caes")


def test_back_from_setup_unloads_the_game_it_opened():
    b = SimBoard()
    b.open_entry("ouri")
    assert b.mode() == "Setup" and "games.ouri" in sys.modules
    b.press("menu")
    back_with_nothing_loaded(b, "ouri")


def test_after_the_error_screen_the_game_is_unloaded():
    b = SimBoard()
    b.start("pontos")
    b.crash("a bug in a mode")
    assert b.mode() == "ErrorScreen" and b.app.errors == 1
    b.press("ok")
    back_with_nothing_loaded(b, "pontos")


def test_a_game_loaded_again_after_leaving_plays_as_new():
    b = SimBoard()
    b.start("semaforo")
    b.enter("b2")
    b.press("menu")
    b.press("menu")
    play = b.start("semaforo")
    assert play.game.ply == 0
    b.enter("b2")
    assert play.game.ply == 1
