"""Leaving a game only as the player says (the pause choice, the kept game
offered at the menu), and every prompt waiting longer than its text takes to
scroll. Driven through the app on the simulated board. Portable."""
from simboard import SimBoard
from app import saves
from app.screen import Scroll, LOOK_RGB
import games

SEMAFORO_SAVE = saves.save_name("semaforo")

MARGIN_MS = 2000     # what a prompt must wait beyond its scroll, for a slow reader


def scroll_ms(scroll):
    return scroll.length * Scroll.STEP_MS


def kept_semaforo():
    b = SimBoard()
    play = b.start("semaforo")
    for t in ("a1", "b2"):
        b.enter(t)
    return b, play


def test_menu_opens_the_pause_and_ok_goes_back_to_the_same_game():
    b, play = kept_semaforo()
    b.press("menu")
    assert b.mode() == "Pause"
    b.wait(20000)                             # it waits: nothing is decided by time
    assert b.mode() == "Pause"
    b.press("ok")
    assert b.app.mode is play and play.texts == ["a1", "b2"]
    b.enter("d3")
    assert saves.read(b.storage, SEMAFORO_SAVE)["moves"] == ["a1", "b2", "d3"]


def test_menu_twice_keeps_the_game_and_its_menu_square_offers_it():
    b, play = kept_semaforo()
    tag = play.tag
    b.press("menu")
    b.press("menu")
    assert b.mode() == "Menu"
    d = saves.read(b.storage, SEMAFORO_SAVE)
    assert d["moves"] == ["a1", "b2"] and d["tag"] == tag, "kept as it was"
    menu = b.app.mode
    sq = menu.square_of(menu.ids.index("semaforo"))
    row = [r for r in games.CATALOG if r[0] == "semaforo"][0]
    colours = set()
    for _ in range(100):
        b.tick(30)
        colours.add(b.rgb(sq))
    assert LOOK_RGB[row[2]] in colours and LOOK_RGB[row[3]] in colours
    assert (0, 0, 0) in colours, "a kept game's square blinks dark"
    other = menu.square_of(menu.ids.index("hex"))
    assert (0, 0, 0) not in set(b.rgb(other) for _ in range(30) if b.tick(30) is None)
    b.tap_key(sq)
    assert b.mode() == "Menu" and menu.pointed == "semaforo"
    b.tap_key(sq)
    assert b.mode() == "Resume" and b.app.mode.text.startswith("Semáforo|2 MOVES|RESUME IT? OK")
    b.press("ok")
    assert b.mode() == "Play"
    play = b.app.mode
    assert play.texts == ["a1", "b2"] and play.tag == tag and play.game.turn == 0


def test_a_kept_game_survives_a_power_cut():
    b, play = kept_semaforo()
    b.press("menu")
    b.press("menu")
    b2 = b.power_cut()
    assert b2.mode() == "Resume"
    b2.press("ok")
    assert b2.app.mode.texts == ["a1", "b2"]


def test_abandon_asks_then_records_it_unfinished_and_any_other_key_comes_back():
    b, play = kept_semaforo()
    b.press("menu")
    b.press("undo")
    assert b.mode() == "Pause" and b.app.mode.asking
    b.press("hint")                           # not OK: no
    assert b.mode() == "Pause" and not b.app.mode.asking
    b.press("undo")
    b.press("menu")                           # Menu: back, as it was
    assert b.mode() == "Pause" and not b.app.mode.asking
    assert saves.read(b.storage, SEMAFORO_SAVE) is not None
    b.press("undo")
    b.press("ok")
    assert b.mode() == "Menu"
    assert saves.read(b.storage, SEMAFORO_SAVE) is None and "semaforo" not in b.app.mode.kept
    book = b.storage.read(saves.RECORDS).decode()
    assert book == "semaforo players=human,human NOT FINISHED : a1 b2 #%su\n" % play.tag


def test_a_new_game_never_ends_a_kept_one():
    b, play = kept_semaforo()
    b.press("menu")
    b.press("menu")
    menu = b.app.mode
    k = menu.ids.index("hex")
    b.tap_key(menu.square_of(k))
    b.tap_key(menu.square_of(k))
    assert b.mode() == "Setup"
    b.press("ok")
    assert b.mode() == "Play" and b.app.mode.settings.gid == "hex"
    b.enter("c3")
    assert saves.read(b.storage, SEMAFORO_SAVE)["moves"] == ["a1", "b2"]
    assert saves.read(b.storage, saves.save_name("hex"))["moves"] == ["c3"]


def test_every_prompt_waits_longer_than_its_text_takes_to_scroll():
    """Each question the board asks is answered after its whole text has
    scrolled and then some: the answer must still count."""
    figures = []

    def answered_late(b, scroll, key):
        ms = scroll_ms(scroll)
        b.wait(ms + MARGIN_MS)
        figures.append((ms, ms + MARGIN_MS))
        b.press(key)

    b, play = kept_semaforo()                 # the pause choice: OK goes back
    b.press("menu")
    answered_late(b, b.app.mode.scroll, "ok")
    assert b.app.mode is play
    b.press("menu")                           # the abandon question: OK abandons
    b.press("undo")
    answered_late(b, b.app.mode.scroll, "ok")
    assert b.mode() == "Menu" and saves.read(b.storage, SEMAFORO_SAVE) is None

    b = SimBoard()                            # Go: a pass, then the pass that ends it, then swap
    play = b.start("go")
    b.press("ok")
    answered_late(b, play.scroll, "ok")
    assert play.texts == ["pass"]
    b.press("ok")
    answered_late(b, play.scroll, "hint")     # names the swap instead
    assert play.armed is not None and play.game.move_text(play.armed) == "swap"
    answered_late(b, play.scroll, "ok")
    assert play.texts == ["pass", "swap"]
    b.press("ok")
    b.press("ok")                             # Black (seat 1 now) passes
    b.press("ok")
    answered_late(b, play.scroll, "ok")       # and the pass that ends the game
    b.tick()                                  # its frame first, the result next pass
    assert b.mode() == "Result"
    res = b.app.mode
    answered_late(b, res.scroll, "ok")        # the marking of dead stones: OK counts
    assert not res.marking

    b = SimBoard()                            # against the board: the pass it could end
    play = b.start("go", players_col=1)
    b.press("ok")
    answered_late(b, play.scroll, "ok")
    assert play.texts[:1] == ["pass"]

    b, play = kept_semaforo()                 # the kept game, at its menu square
    b.press("menu")
    b.press("menu")
    menu = b.app.mode
    sq = menu.square_of(menu.ids.index("semaforo"))
    b.tap_key(sq)
    answered_late(b, menu.scroll, "ok")
    assert b.mode() == "Resume"
    answered_late(b, b.app.mode.scroll, "hint")   # the next choice: a new game
    assert b.app.mode.text.startswith("Semáforo|NEW GAME?|OK: SET IT UP")
    answered_late(b, b.app.mode.scroll, "undo")   # no game named: nothing to abandon
    answered_late(b, b.app.mode.scroll, "hint")
    b.press("undo")
    assert b.app.mode.asking                      # the abandon question: Menu comes back
    answered_late(b, b.app.mode.scroll, "menu")
    assert b.mode() == "Resume" and not b.app.mode.asking
    answered_late(b, b.app.mode.scroll, "ok")
    assert b.mode() == "Play" and b.app.mode.texts == ["a1", "b2"]

    b, play = kept_semaforo()                 # the resume offer at boot
    b2 = b.power_cut()
    answered_late(b2, b2.app.mode.scroll, "ok")
    assert b2.mode() == "Play"
    for ms, wait in figures:
        assert wait >= ms + MARGIN_MS
