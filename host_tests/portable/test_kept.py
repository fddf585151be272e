"""Several games kept at once (issue 20): one save file a game, each offered
on its game's menu square and at boot, none ever deleted by starting
another; an abandoned one recorded NOT FINISHED; older firmware's save.json
migrated; power cuts while keeping, abandoning, resuming and migrating.
Driven through the app on the simulated board. Portable."""

import simboard
from flash import Flash
from hal.storage import FileStorage
from app import saves


SimBoard = simboard.SimBoard


KEPT = (("semaforo", ["a1", "b2"]), ("rastros", ["d4"]), ("avanco", ["a2-a3", "a6-a5"]))


def book(storage):
    return ((storage.read("games.1.txt") or b"") + (storage.read(saves.RECORDS) or b"")).decode()


def lines_of(storage, tag):
    return [ln for ln in book(storage).split("\n") if ln.endswith(" #" + tag)]


def keep(b, gid, moves, players_col=0):
    """Start gid from the menu, play the moves, keep it (Menu, Menu)."""
    play = b.start(gid, players_col)
    for t in moves:
        b.enter(t)
    b.press("menu")
    b.press("menu")
    assert b.mode() == "Menu"
    return play.tag


def three_kept(b):
    return dict((gid, keep(b, gid, moves)) for gid, moves in KEPT)


def open_square(b, gid):
    b.open_entry(gid)


def test_three_kept_a_fourth_played_and_each_resumed_as_it_was():
    b = SimBoard()
    tags = three_kept(b)
    menu = b.app.mode
    assert menu.kept == {"semaforo": 1, "rastros": 1, "avanco": 1}
    assert [k[1] for k in saves.kept(b.storage)] == ["semaforo", "rastros", "avanco"], "oldest first"
    play = b.start("hex")                        # a fourth, to its end: nothing else touched
    x = 5
    while b.mode() == "Play" and len(play.texts) < 200:
        ms = play.game.moves()
        x = (x * 75 + 74) % 65537
        b.enter(play.game.move_text(ms[x % len(ms)]))
    assert b.mode() == "Result"
    assert len(lines_of(b.storage, play.tag)) == 1
    b.press("menu")
    for gid, moves in KEPT:
        d = saves.read(b.storage, saves.save_name(gid))
        assert d["moves"] == moves and d["tag"] == tags[gid], gid
    b = b.power_cut()                            # a new day: each is offered, the last played first
    assert b.mode() == "Resume" and b.app.mode.save["game"] == "avanco"
    b.press("hint")
    assert b.app.mode.save["game"] == "semaforo" and "HINT: NEXT" in b.app.mode.text
    b.press("menu")
    for gid, moves in KEPT:
        open_square(b, gid)
        assert b.mode() == "Resume", gid
        b.press("ok")
        play = b.app.mode
        assert b.mode() == "Play" and play.texts == moves and play.tag == tags[gid], gid
        b.press("menu")
        b.press("menu")
    assert b.app.mode.kept == {"semaforo": 1, "rastros": 1, "avanco": 1}
    assert book(b.storage).count("\n") == 1, "only the finished Hex is in the book"


def test_resuming_makes_a_game_the_newest_and_a_second_one_of_a_game_has_its_own_file():
    b = SimBoard()
    t1 = keep(b, "semaforo", ["a1"])
    t2 = keep(b, "rastros", ["d4"])
    t3 = keep(b, "semaforo", ["b2"])             # the menu square offers the kept one, then NEW
    names = [k[2] for k in saves.kept(b.storage)]
    assert names == [saves.save_name("semaforo"), saves.save_name("rastros"),
                     saves.save_name("semaforo", 1)]
    assert len(set((t1, t2, t3))) == 3
    open_square(b, "semaforo")
    r = b.app.mode
    assert r.save["moves"] == ["a1"] and r.text.endswith("HINT: NEXT"), "oldest first"
    b.press("hint")
    assert r.save["moves"] == ["b2"]
    b.press("hint")
    assert r.save is None and r.text.startswith("Semáforo|NEW GAME?")
    b.press("hint")
    assert r.save["moves"] == ["a1"]
    b.press("ok")
    assert b.mode() == "Play"
    b.press("menu")
    b.press("menu")
    assert [k[2] for k in saves.kept(b.storage)][-1] == saves.save_name("semaforo")
    assert b.power_cut().app.mode.save["moves"] == ["a1"], "the boot offers the last played"


def test_when_every_file_of_a_game_is_taken_the_set_up_says_so_and_starts_nothing():
    b = SimBoard()
    for k in range(saves.PER_GAME):
        saves.write(b.storage, "semaforo", {}, ("human", "human"), 3, ["a1"], "t%d" % k,
                    name=saves.save_name("semaforo", k))
    b = b.power_cut()
    b.press("menu")
    open_square(b, "semaforo")
    while b.app.mode.save is not None:
        b.press("hint")
    b.press("ok")
    assert b.mode() == "Setup"
    b.press("ok")
    assert b.mode() == "Setup", "no room: nothing starts, nothing is deleted"
    assert len(saves.kept(b.storage)) == saves.PER_GAME
    b.press("menu")
    assert b.mode() == "Menu"


def test_no_level_row_in_a_two_player_set_up():
    b = SimBoard()
    menu = b.app.mode
    open_square(b, "rastros")
    setup = b.app.mode
    row = (b.rows - 2) * b.cols
    b.wait(100)
    assert setup.mode == 0 and all(b.rgb(row + x) == (0, 0, 0) for x in range(5))
    b.tap_key(row + 1)
    assert setup.level == 3, "a tap there chooses nothing"
    b.tap_key((b.rows - 1) * b.cols + 1)          # you first: the board plays, its level shows
    b.wait(100)
    assert all(b.rgb(row + x) != (0, 0, 0) for x in range(5))
    b.tap_key(row + 1)
    assert setup.level == 2
    assert menu is not setup


def test_an_abandoned_game_is_read_back_as_not_finished():
    b = SimBoard()
    tag = keep(b, "rastros", ["d4"], players_col=1)
    open_square(b, "rastros")
    b.press("undo")
    assert "NOT FINISHED" in b.app.mode.text and "MENU: NO" in b.app.mode.text
    b.press("ok")
    assert b.mode() == "Menu" and saves.read(b.storage, saves.save_name("rastros")) is None
    line = lines_of(b.storage, tag + saves.UNFINISHED_TAG)[0]
    rec = saves.parse_record(line.encode())
    assert rec[0] == "rastros" and rec[2] == "NOT FINISHED" and rec[3][0] == "d4"
    assert rec[5]["players"] == "human,board"
    from app.replay import last_games
    assert last_games(b.app.ctx, 9)[0][1] == "NOT FINISHED"   # the replay list lists it
    b.tap_key(0)                                  # the replay square, then the game
    b.tap_key(0)
    assert b.mode() == "Records"
    b.press("ok")
    assert b.mode() == "Replay"
    replay = b.app.mode
    b.press("ok")
    b.press("ok")                                 # past its last move: what it ended as
    assert replay.at == 1 and replay.result == "NOT FINISHED" and b.app.errors == 0
    b.wait(500)
    b.press("menu")
    assert b.mode() == "Records"


# --- older firmware's save.json ----------------------------------------------------

def old_save(fat):
    """A flash as older firmware left it: save.json, a Semaforo of two moves."""
    f = Flash(fat=fat)
    s = FileStorage("", f)
    saves.write(s, "semaforo", {}, ("human", "board"), 2, ["a1", "b2"], "5e1", name=saves.SAVE)
    return f


def test_older_firmware_s_save_is_moved_to_its_game_s_file():
    for fat in (False, True):
        f = old_save(fat)
        b = SimBoard(storage=FileStorage("", f))
        assert b.mode() == "Resume" and b.app.mode.save["moves"] == ["a1", "b2"]
        assert f.files.get(saves.SAVE) is None
        assert saves.read(b.storage, saves.save_name("semaforo"))["tag"] == "5e1"
        b.press("ok")
        assert b.app.mode.settings.players == ("human", "board")


def test_a_cut_at_any_operation_of_the_migration_keeps_the_game_once():
    for fat in (False, True):
        f = old_save(fat)
        states = []

        def watch(flash, op):
            states.append(flash.after_cut(op))
            if op[0] == "write":
                states.append(flash.after_cut(op, True))
        f.watch = watch
        SimBoard(storage=FileStorage("", f))
        f.watch = None
        assert len(states) > 5
        for files in states:
            b = SimBoard(storage=FileStorage("", Flash(fat=fat, files=files)))
            assert b.mode() == "Resume" and b.app.errors == 0, b.mode()
            b = b.power_cut()
            kept = saves.kept(b.storage)
            assert len(kept) == 1 and b.storage.read(saves.SAVE) is None, (fat, sorted(files))
            assert b.app.mode.save["moves"] == ["a1", "b2"]


# --- power cuts while keeping, abandoning, resuming --------------------------------

def sweep(fat, action):
    """Three games kept; a cut at every operation of action(board); each
    boot checked by check(board, tags, cut)."""
    f = Flash(fat=fat)
    b = SimBoard(storage=FileStorage("", f))
    tags = three_kept(b)
    states = []

    def watch(flash, op):
        files = flash.after_cut(op)
        if not states or states[-1] != files:
            states.append(files)
        if op[0] == "write":
            states.append(flash.after_cut(op, True))
    f.watch = watch
    action(b)
    f.watch = None
    states.append(dict(f.files))
    return tags, states


def boot_on(fat, files):
    b = SimBoard(storage=FileStorage("", Flash(fat=fat, files=files)))
    assert b.mode() in ("Menu", "Resume") and b.app.errors == 0, b.mode()
    assert b.storage.read("error.log") is None
    return b


def others_intact(b, tags, but):
    for gid, moves in KEPT:
        if gid != but:
            d = saves.read(b.storage, saves.save_name(gid))
            assert d["moves"] == moves and d["tag"] == tags[gid], gid


def test_a_cut_while_abandoning_records_it_once_and_leaves_the_others():
    for fat in (False, True):
        def action(b):
            open_square(b, "rastros")
            b.press("undo")
            b.press("ok")
        tags, states = sweep(fat, action)
        tag = tags["rastros"] + saves.UNFINISHED_TAG
        gone = 0
        for files in states:
            b = boot_on(fat, files)
            others_intact(b, tags, "rastros")
            assert len(lines_of(b.storage, tag)) <= 1
            if saves.read(b.storage, saves.save_name("rastros")) is None:
                gone += 1
                assert len(lines_of(b.storage, tag)) == 1, "abandoned without a trace"
                continue
            if b.mode() == "Resume":
                b.press("menu")
            open_square(b, "rastros")            # abandoned again: still one line
            b.press("undo")
            b.press("ok")
            assert len(lines_of(b.storage, tag)) == 1
        assert 0 < gone < len(states)


def test_a_cut_while_keeping_or_resuming_loses_no_game():
    for fat in (False, True):
        def action(b):
            open_square(b, "avanco")              # resumed: written afresh as the newest
            b.press("ok")
            b.enter("b2-b3")
            b.press("menu")                       # kept again
            b.press("menu")
        tags, states = sweep(fat, action)
        for files in states:
            b = boot_on(fat, files)
            others_intact(b, tags, "avanco")
            d = saves.read(b.storage, saves.save_name("avanco"))
            assert d["moves"] in (KEPT[2][1], KEPT[2][1] + ["b2-b3"]) and d["tag"] == tags["avanco"]
            assert len(saves.kept(b.storage)) == 3
            assert book(b.storage) == ""

