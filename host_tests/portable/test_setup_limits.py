"""A backend that holds only some levels of a game (hal LEVELS: CircuitPython's
RAM and speed, docs/makers/hardware.md) says so on the set-up screen and
starts the game at most at that level; a game it cannot play against the
board at all is for two players there. Portable."""
from simboard import SimBoard
from app import screen
from app.setup import MOST_LEVEL, NO_BOARD


def heard(text):
    """A text as the simulated board hears it: its parts joined."""
    return text.replace("|", " - ")


def board_with(levels):
    b = SimBoard()
    b.hal.LEVELS = levels
    return b


def said(b, key):
    screen.SAID = []
    try:
        b.tap_key(key)
        return list(screen.SAID)
    finally:
        screen.SAID = None


def test_a_level_above_the_most_is_said_and_not_chosen():
    b = board_with({"hex": 2})
    b.open_entry("hex")
    top = b.rows - 1
    assert b.app.mode.level == 2, "the default level 3 is above what the board holds"
    assert said(b, top * b.cols + 1) == ["YOU FIRST - " + heard(MOST_LEVEL % 2)]
    assert said(b, (top - 1) * b.cols + 4) == [heard(MOST_LEVEL % 2)]
    assert b.app.mode.level == 2
    assert said(b, (top - 1) * b.cols + 0) == ["LEVEL 1"]
    b.press("ok")
    assert b.mode() == "Play" and b.app.mode.settings.level == 1


def test_a_game_the_board_cannot_play_starts_for_two_players_only():
    b = board_with({"go": 0})
    b.open_entry("go")
    top = b.rows - 1
    b.tap_key(top * b.cols + 1)            # you first
    screen.SAID = []
    try:
        b.press("ok")
        assert screen.SAID == [heard(NO_BOARD)]
    finally:
        screen.SAID = None
    assert b.mode() == "Setup"
    b.tap_key(top * b.cols + 0)            # two players
    b.press("ok")
    assert b.mode() == "Play"


def test_without_limits_the_set_up_is_as_before():
    b = SimBoard()
    b.open_entry("hex")
    assert b.app.mode.level == 3
    assert said(b, (b.rows - 1) * b.cols + 1) == ["YOU FIRST"]
    assert said(b, (b.rows - 2) * b.cols + 4) == ["LEVEL 5"]
