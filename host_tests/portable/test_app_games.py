"""A full game of every installed game entered through the app by taps, as two
players at the board would: each move by touching its squares (OK for a pass,
repeated touches to choose between moves on the same squares), to the result
screen. Portable: runs on CPython and MicroPython."""
import games
from simboard import SimBoard, play_whole_game
from memstorage import MemStorage
from app import saves


def whole_game(gid, seed):
    b = SimBoard(storage=MemStorage())
    n = play_whole_game(b, gid, seed)
    assert b.mode() == "Result", "%s ended in %s after %d moves" % (gid, b.mode(), n)
    play = b.app.mode.play
    g = play.game
    assert g.result() is not None
    assert len(play.texts) == g.ply == n
    # The game entered through the board is the same game the rules replay.
    again = games.load(gid).Game()
    for t in play.texts:
        again.play_text(t)
    assert again.result() == g.result() and again.board_text() == g.board_text()
    return b, play


PARTS = 3      # every game in three parts (every third game): tests that run in parallel


def played_to_the_result_by_taps(k):
    def test():
        every = games.installed(games.SETUP)
        assert every
        for gid in [every[i] for i in range(k, len(every), PARTS)]:   # no slice steps on MicroPython
            for seed in (3, 5):
                b, play = whole_game(gid, seed)
                res = b.app.mode
                if res.marking:              # Go: the players confirm the count
                    b.press("ok")
                assert saves.read(b.storage, saves.save_name(gid)) is None
                assert gid in b.storage.read(saves.RECORDS).decode()
                b.press("menu")
                assert b.mode() == "Menu"
    return test


test_every_game_can_be_played_to_its_result_by_taps_1 = played_to_the_result_by_taps(0)
test_every_game_can_be_played_to_its_result_by_taps_2 = played_to_the_result_by_taps(1)
test_every_game_can_be_played_to_its_result_by_taps_3 = played_to_the_result_by_taps(2)


def test_undo_on_the_result_screen_goes_back_to_play():
    b, play = whole_game("rastros", 3)
    n = play.game.ply
    b.press("undo")
    assert b.mode() == "Play" and play.game.ply == n - 1 and play.game.result() is None
