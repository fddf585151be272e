"""The board says what is happening and what comes next in its players'
language, Portuguese or English, through the scripted simulator (python -m
tools.sim --lang pt|en --script): every screen's next step, every question,
and the newcomers' findings of issue 34, each in both languages. The words
are the catalogue's (firmware/app/texts_pt.py) as the simulator hears them:
a text's parts joined by " - "."""
import pytest

from app import screen, lang
from app.screen import HINT
from tools.link import boardfile
from tools.sim import terminal as sim
from helpers.simdump import dumped, places

AVANCO = ["%s%d" % (f, r) for r in (2, 3, 7, 8) for f in "bcdefgh"]   # its 7x7 on b2-h8 of club9


@pytest.fixture(autouse=True)
def every_text_has_words():
    """Whatever these runs make the board say in Portuguese has its words in
    the catalogue: a text tr() found none for is heard (app/lang.py MISSING)."""
    lang.MISSING = []
    yield
    missing, lang.MISSING = lang.MISSING, None
    assert not missing, "said in English in Portuguese: %s" % missing


def teardown_function(function):
    screen.SAID = None


def said(en, pt):
    return {"en": en, "pt": pt}


# --- every screen says what comes next -----------------------------------------

MENU_GAME = said("Semáforo - OK TO PLAY", "Semáforo - OK PARA JOGAR")
SETUP = said("Semáforo - TOP ROW: WHO PLAYS - ROW 2: THE BOARD'S LEVEL - OK OR GREEN: START"
             " - MENU: BACK",
             "Semáforo - EM CIMA: QUEM JOGA - LINHA 2: NÍVEL - OK OU VERDE: COMEÇAR - MENU: VOLTAR")
RESULT = said("BLUE WINS - OK: SAY IT AGAIN - UNDO: TAKE BACK A MOVE - MENU: LEAVE",
              "VITÓRIA: AZUL - OK: REPETIR - ANULAR: VOLTAR ATRÁS - MENU: SAIR")
REPLAY_LIST = said("LAST GAMES - TOUCH ONE TO SEE IT - MENU: BACK",
                   "ÚLTIMOS JOGOS - TOCA NUM PARA O VER - MENU: VOLTAR")
REPLAY_GAME = said("Semáforo - BLUE WINS - OK: REPLAY IT - HINT: OLDER - UNDO: NEWER",
                   "Semáforo - VITÓRIA: AZUL - OK: REVER - AJUDA: MAIS ANTIGO - ANULAR: MAIS RECENTE")
PAUSE = said("OK: PLAY ON - MENU: KEEP FOR LATER - UNDO: ABANDON",
             "OK: CONTINUAR - MENU: GUARDAR - ANULAR: DESISTIR")
ABANDON = said("ABANDON THIS GAME? - RECORDED: NOT FINISHED - OK: YES - MENU: NO",
               "DESISTIR DESTE JOGO? - FICA: POR ACABAR - OK: SIM - MENU: NÃO")
RESUME = said("Semáforo - 1 MOVE - RESUME IT? OK - MENU: BACK - UNDO: ABANDON",
              "Semáforo - 1 JOGADA - CONTINUAR? OK - MENU: VOLTAR - ANULAR: DESISTIR")
WIN_GAME = "tap a8\ntap a8\nwait 100\ntap ok\ntap c3\ntap d3\ntap e3\nwait 200\n"   # club8


@pytest.mark.parametrize("code", ("en", "pt"))
def test_the_menu_set_up_result_and_replay_list_say_what_comes_next(capsys, tmp_path, code):
    d = dumped(capsys, tmp_path, WIN_GAME, "--board", "club8", "--lang", code)
    assert d["mode"] == "result" and d["result"] == 0
    assert d["says"][1] == MENU_GAME[code], "a touched game: its name, then OK to play it"
    assert d["says"][2] == SETUP[code], "the set-up: what each row does, how to start, back"
    assert d["says"][-1] == RESULT[code], "the result, then what OK, Undo and Menu do"
    state = tmp_path / "state"
    dumped(capsys, tmp_path, WIN_GAME, "--board", "club8", "--lang", code, "--state", str(state))
    # The record book's list: a1 is the replay square; a8 points at the newest game.
    d = dumped(capsys, tmp_path, "tap a1\ntap a1\nwait 100\ntap a8\nwait 100\n",
               "--board", "club8", "--lang", code, "--state", str(state))
    assert d["mode"] == "records" and d["says"][-2:] == [REPLAY_LIST[code], REPLAY_GAME[code]]


@pytest.mark.parametrize("code", ("en", "pt"))
def test_the_pause_and_the_kept_games_questions_say_every_answer(capsys, tmp_path, code):
    state = tmp_path / "state"
    args = ("--board", "club8", "--lang", code, "--state", str(state))
    d = dumped(capsys, tmp_path, "tap a8\ntap a8\nwait 100\ntap ok\ntap c3\nwait 100\ntap menu\n"
               "wait 100\ntap undo\nwait 100\ntap menu\nwait 100\ntap menu\nwait 100\n", *args)
    assert d["says"][-4:-1] == [PAUSE[code], ABANDON[code], PAUSE[code]], "Undo asks, Menu comes back"
    assert d["mode"] == "menu", "Menu again: kept for later"
    d = dumped(capsys, tmp_path, "wait 100\n", *args)
    assert d["mode"] == "resume" and d["says"][-1] == RESUME[code], "at boot: the kept game offered"


@pytest.mark.parametrize("code", ("en", "pt"))
def test_the_language_square_changes_the_language_for_good(capsys, tmp_path, code):
    other = "pt" if code == "en" else "en"
    state = tmp_path / "state"
    args = ("--board", "club8", "--state", str(state))
    names = {"pt": "PORTUGUÊS", "en": "ENGLISH"}
    d = dumped(capsys, tmp_path, "tap b1\nwait 100\ntap b1\nwait 100\n", "--lang", code, *args)
    assert d["says"][1:] == ["%s - OK: %s" % (names[code], names[other]),
                             "%s - OK: %s" % (names[other], names[code])]
    d = dumped(capsys, tmp_path, "wait 100\n", *args)         # the next boot: no --lang
    assert d["says"] == [{"en": "CHOOSE A GAME", "pt": "ESCOLHE UM JOGO"}[other]]


# --- the newcomers' findings -----------------------------------------------------

def _hint_colour_during_a_text(code):
    """Semáforo on club8: OK says whose turn it is; Hint while it scrolls."""
    s = sim.Sim(boardfile.load("club8"), "/tmp/unused", real_time=False, lang_code=code)
    try:
        s.start_game("semaforo", ("human", "human"), 3, None)
        n = s.cols * s.rows
        s.touch(n + 1)                       # OK
        s.advance(700)
        assert s.saying(), "a text is scrolling"
        s.touch(n + 3)                       # Hint
        seen = set()
        for _ in range(60):
            s.advance(20)
            seen.update(s.hal.pixels.rgb(k) for k in range(n))
        return seen
    finally:
        s.close()


@pytest.mark.parametrize("code", ("en", "pt"))
def test_hint_cuts_a_scrolling_text_short_and_shows_the_winning_square(code, tmp_path):
    assert HINT in _hint_colour_during_a_text(code)


@pytest.mark.parametrize("code", ("en", "pt"))
def test_starting_a_game_by_its_green_square_asks_for_no_piece(capsys, tmp_path, code):
    # club9's set-up: Semaforo (a9 twice), its start square i9 touched: nothing stands on it.
    d = dumped(capsys, tmp_path, "tap a9\ntap a9\nwait 100\ntap i9\nwait 1000\n", "--lang", code)
    assert d["mode"] == "play" and d["game"] == "semaforo"
    assert not [t for t in d["says"] if "I9" in t or "TAKE" in t or "TIRA" in t], d["says"]


HELD = said("BLACK WAITS - PUT IT BACK ON E6", "NÃO É A VEZ: PRETAS - REPÕE-A EM E6")


@pytest.mark.parametrize("code", ("en", "pt"))
def test_holding_up_a_piece_that_is_not_the_movers_says_whose_it_is(capsys, tmp_path, code):
    # Avanco set up, White to move: Black's piece on e6 (the grid's f7) held up.
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 200\nlift f7\nwait 3500\n",
               "--game", "avanco", "--lang", code)
    assert d["says"][-1] == HELD[code] and d["moves"] == []
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 200\nlift f7\nwait 1000\nplace f7\nwait 3000\n",
               "--game", "avanco", "--lang", code)
    assert HELD[code] not in d["says"], "put back at once: nothing to say"


@pytest.mark.parametrize("code", ("en", "pt"))
def test_the_boards_move_carried_to_a_wrong_square_says_where_it_goes(capsys, tmp_path, code):
    from games.common import FILES
    args = ("--game", "avanco", "--players", "human,board", "--level", "1", "--lang", code)
    first = places(AVANCO) + "wait 100\nlift e3\nplace e4\nwait 1500\n"
    d = dumped(capsys, tmp_path, first, *args)
    src, dst = d["moves"][1].replace("x", "-").split("-")

    def grid(name):                          # the game's square on club9's grid
        return FILES[FILES.index(name[0]) + 1] + str(int(name[1:]) + 1)
    # Black moves down the board: a square short of where it goes, or beside it.
    short = src[0] + str(int(src[1:]) - (2 if dst[0] == src[0] else 1))
    carried = "lift %s\nwait 100\nplace %s\nwait 600\n" % (grid(src), grid(short))
    d = dumped(capsys, tmp_path, first + carried, *args)
    words = {"en": "NOT %s: THE PIECE - GOES TO %s", "pt": "%s NÃO: A PEÇA - VAI PARA %s"}[code]
    assert d["says"][-1] == words % (short.upper(), dst.upper()), d["says"]
    assert len(d["moves"]) == 2, "no move until it stands where the board moved it"


def test_the_terminal_speaks_the_boards_language_and_names_the_games_squares(tmp_path):
    for code, help_words, keys in (("pt", "tocam Menu OK Anular Ajuda", "[Anular]"),
                                   ("en", "tap Menu OK Undo Hint", "[Undo]")):
        s = sim.Sim(boardfile.load("club9"), str(tmp_path / code), real_time=False, lang_code=code)
        try:
            s.advance(100)
            text = s.render(120)
            assert help_words in text and keys in text
            s.start_game("rastros", ("human", "human"), 3, None)
            s.advance(100)
            ranks, files = s.margins()
            # Rastros' 7x7 on club9's b2-h8: its a1 is the grid's b2.
            assert files == ["", "a", "b", "c", "d", "e", "f", "g", ""]
            assert ranks == ["", "1", "2", "3", "4", "5", "6", "7", ""]
        finally:
            s.close()


def test_a_game_started_by_its_green_square_that_is_also_a_game_square_makes_no_move(capsys, tmp_path):
    # Hex at size 9 fills club9: its start square i9 is also a cell of the game.
    d = dumped(capsys, tmp_path, "wait 500\ntap i9\nwait 1000\ntap i9\nwait 3000\ntap b9\nwait 3000\n"
               "tap i9\nwait 2000\n", "--lang", "en")
    assert d["mode"] == "play" and d["game"] == "hex"
    assert d["moves"] == [] and not [t for t in d["says"] if "PUT" in t], d["says"]


@pytest.mark.parametrize("code", ("en", "pt"))
def test_a_held_up_piece_put_back_is_no_refused_move(capsys, tmp_path, code):
    d = dumped(capsys, tmp_path, places(AVANCO) + "wait 200\nlift f7\nwait 3500\nplace f7\nwait 1000\n",
               "--game", "avanco", "--lang", code)
    assert d["says"][-1] == HELD[code], "said, and nothing after it: the piece is back"
    assert d["frame"] and d["moves"] == []
