"""The board in a web page (python3 -m tools.sim.web), in a real browser: headless
Chromium driven by Playwright, the firmware app on MicroPython's WebAssembly
port through the web HAL. Games are played by clicks, right clicks and keys
as a person would; what the page shows is checked against the terminal
simulator and the referee. Without Chromium these are skipped, saying so;
with CI=true a missing browser fails (host_tests/helpers/webpage.py)."""
import json
import os

import pytest

from tools.play import referee
from helpers.webpage import Page, Site, in_lang, in_terminal_simulator, launch, unavailable
from tools.link.firmware_path import ROOT

try:
    from playwright import sync_api as playwright_api
except ImportError:        # requirements.txt pins it; without it, as without a browser
    playwright_api = None


@pytest.fixture(scope="module")
def site():
    s = Site()
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser(site):
    if playwright_api is None:
        unavailable("playwright is not installed (pip install -r requirements.txt)")
    with playwright_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def board(browser, site):
    """A fresh browser context (its own empty storage) with one page."""
    ctx = browser.new_context(viewport={"width": 900, "height": 1000})
    pg = Page(ctx.new_page(), site.url)
    yield pg
    ctx.close()


@pytest.fixture
def visit(browser, site):
    """A first visit from a browser set to a language: visit("pt-PT")."""
    made = []

    def new(locale):
        ctx = browser.new_context(viewport={"width": 900, "height": 1000}, locale=locale)
        made.append(ctx)
        return Page(ctx.new_page(), site.url)
    yield new
    for ctx in made:
        ctx.close()


SEMAFORO_CLUB8 = """\
tap a8
tap a8
wait 500
tap ok
wait 500
tap c3
tap d3
tap e3
wait 200
"""


def avanco_club9(last_wait=400):
    """Avanço from the menu on club9 with real pieces: set up, four moves, a
    capture with the capturing piece lifted first, one with the taken piece
    lifted first. Its 7x7 lies on b2-h8."""
    lines = ["tap d9", "tap d9", "wait 300", "tap ok", "wait 300"]
    lines += ["place %s%d" % (f, r) for r in (2, 3, 7, 8) for f in "bcdefgh"]
    lines += ["wait 400", "lift d3", "place d4", "wait 400", "lift e7", "place e6", "wait 400",
              "lift d4", "place d5", "wait 400", "lift b7", "place b6", "wait 400",
              "lift d5", "lift e6", "wait 100", "place e6", "wait 400",
              "lift e6", "lift f7", "wait 100", "place e6", "wait %d" % last_wait]
    return "\n".join(lines) + "\n"


# --- (1) Semáforo by clicks, to its end -------------------------------------

def test_semaforo_played_by_clicks_to_its_end_says_who_won(board):
    board.open("club8")
    for where in ("a8", "a8"):
        board.touch(where, 300)
    board.wait_said_first("Semáforo")
    board.touch("ok", 400)
    for sq in ("c3", "d3", "e3"):          # three greens in a row on its 4x3 (c3-f5)
        board.touch(sq, 250)
    board.page.wait_for_function("() => window.boardPage.saying.startsWith('BLUE WINS')")
    assert board.says_now().startswith("BLUE WINS")
    d = board.dump()
    assert (d["game"], d["mode"], d["moves"], d["result"]) == ("semaforo", "result",
                                                               ["a1", "b1", "c1"], 0)


# --- (2) Avanço with real pieces on club9 -------------------------------------

def test_avanco_with_real_pieces_captures_lifted_in_either_order(board):
    board.open("club9")
    board.touch("d9", 300)
    board.touch("d9", 300)
    board.touch("ok", 500)
    for r in (2, 3):                       # White's pieces set up by right clicks ...
        for f in "bcdefgh":
            board.piece("%s%d" % (f, r))
    board.page.check("#pieces-mode")       # ... Black's by clicks, the box ticked (a phone)
    for r in (7, 8):
        for f in "bcdefgh":
            board.page.click('[data-square="%s%d"]' % (f, r))
    board.page.uncheck("#pieces-mode")
    board.page.wait_for_timeout(500)

    def move(*steps):
        # Each change rests long enough for the board's three scans, also on
        # a busy machine, before the next one on the same square.
        for sq in steps:
            board.piece(sq, 250)

    for n, steps in enumerate((("d3", "d4"), ("e7", "e6"), ("d4", "d5"), ("b7", "b6")), 1):
        move(*steps)
        board.wait_moves(n)
    assert board.dump()["moves"] == ["c2-c3", "d6-d5", "c3-c4", "a6-a5"]
    move("d5", "e6", "e6")                 # the capturing piece lifted first
    assert board.wait_moves(5)["moves"][-1] == "c4-d5"
    move("e6", "f7", "e6")                 # the taken piece lifted first
    d = board.wait_moves(6)
    assert d["moves"][-1] == "e6-d5" and d["turn"] == 0
    # The page shows the pieces where the game has them once the last move
    # has blinked: Black's colour on e6, d5 dark.
    board.page.wait_for_function("""() => {
        const rgb = sq => document.querySelector('[data-square="' + sq + '"]').dataset.rgb
                          .split(",").map(Number);
        const [r, , b] = rgb("e6");
        return b > 150 && b > r && rgb("d5").reduce((x, y) => x + y) < 60;
    }""")


# --- (3) Against the board at level 1 ---------------------------------------

def test_against_the_board_at_level_1_its_move_is_legal_by_the_referee(board):
    board.open("club8")
    board.touch("d8", 300)                 # Avanço
    board.touch("d8", 300)
    board.touch("b8", 200)                 # you first, against the board
    board.touch("a7", 200)                 # level 1
    board.wait_said_first("LEVEL 1")
    board.touch("ok", 500)
    board.touch("c2", 250)                 # its 7x7 lies on a1-g7: c2 to c3
    board.touch("c3", 250)
    d = board.wait_moves(2)
    assert d["moves"][0] == "c2-c3"
    answer = referee.answer(json.dumps({"game": "avanco", "moves": d["moves"][:1]}))
    assert answer["ok"] and d["moves"][1] in answer["legal"], (d["moves"], answer)
    after = referee.answer(json.dumps({"game": "avanco", "moves": d["moves"][:2]}))
    assert after["ok"] and after["to_move"] == 0


def test_the_page_draws_the_thinking_spinner_while_the_board_thinks(board):
    """The AI thinks in the worker: its progress frames reach the page and are
    drawn while the search runs, so the page never freezes."""
    board.open("club8")
    board.page.evaluate("""() => {
        window.__spinner = new Set();
        new MutationObserver(ms => { for (const m of ms)
            if (m.target.dataset.rgb === "0,60,120") window.__spinner.add(m.target.dataset.square);
        }).observe(document.getElementById("grid"), {attributes: true, subtree: true,
                                                    attributeFilter: ["data-rgb"]});
    }""")
    board.touch("d8", 300)                 # Avanço
    board.touch("d8", 300)
    board.touch("c8", 200)                 # the board first,
    board.touch("e7", 200)                 # at level 5: long enough to go round on a fast machine
    board.touch("ok", 200)
    d = board.wait_moves(1, timeout=60000)
    assert d["turn"] == 1 and len(d["moves"]) == 1
    spun = board.page.evaluate("() => Array.from(window.__spinner)")
    assert len(spun) >= 4, "the spinner went round: %s" % spun


# --- (4) The page's LEDs are the terminal simulator's -------------------------

@pytest.mark.parametrize("name, script, board_name", [
    ("semaforo-club8", SEMAFORO_CLUB8, "club8"),
    ("avanco-club9-mid-blink", avanco_club9(last_wait=170), "club9"),
    ("selftest-club9", "tap i1\ntap i1\nwait 1234\n", "club9"),
], ids=("semaforo-club8", "avanco-club9-mid-blink", "selftest-club9"))
def test_the_pages_leds_equal_the_terminal_simulators_after_the_same_script(
        board, name, script, board_name):
    board.open(board_name)
    want = in_terminal_simulator(script, board_name, board.lang())
    board.run_script(script, board_name)
    got = board.frame()
    assert len(got) == len(want["frame"])
    differ = [i for i, (a, b) in enumerate(zip(got, want["frame"])) if a != b]
    assert differ == [], "squares %s differ: page %s, terminal %s" % (
        differ, [got[i] for i in differ], [want["frame"][i] for i in differ])
    d = board.dump()
    assert (d["mode"], d["moves"], d["says"]) == (want["mode"], want["moves"], want["says"])
    assert any(sum(c) for c in got), "a dark board would prove nothing"


# --- (5) No console errors ----------------------------------------------------

def test_no_console_errors_while_playing_choosing_boards_and_reloading(board):
    board.open("club9")
    board.touch("a9", 300)
    board.page.keyboard.press("ArrowRight")
    board.page.select_option("#board-choice", "club8")
    board.page.evaluate("async () => { await window.boardPage.ready; }")
    board.wait_said_first("CHOOSE A GAME")
    board.touch("h1", 300)                 # the self-test's square on club8
    board.touch("h1", 300)
    board.page.wait_for_timeout(800)
    board.page.reload()
    board.page.evaluate("async () => { await window.boardPage.loaded; }")
    board.page.wait_for_timeout(500)
    assert board.errors == []


# --- (6) Reload mid-game and resume -------------------------------------------

def test_a_game_survives_reloading_the_page_and_resumes(board):
    board.open("club8")
    board.touch("a8", 300)
    board.touch("a8", 300)
    board.touch("ok", 500)
    board.touch("c3", 250)
    board.touch("c4", 250)
    assert board.wait_moves(2)["moves"] == ["a1", "a2"]
    board.page.reload()                    # the tab closed and opened again
    board.page.evaluate("async () => { await window.boardPage.loaded; }")
    assert board.page.input_value("#board-choice") == "club8"
    board.page.wait_for_function("() => window.boardPage.says.some(t => t.includes('RESUME IT?'))")
    board.page.wait_for_timeout(300)
    board.touch("ok", 500)
    d = board.dump()
    assert (d["mode"], d["game"], d["moves"], d["turn"]) == ("play", "semaforo", ["a1", "a2"], 0)
    board.touch("d3", 250)                 # and play goes on
    assert board.wait_moves(3)["moves"] == ["a1", "a2", "b1"]


# --- the page for everyone: keyboard, phone width, words ----------------------

def test_keyboard_play_as_in_the_terminal(board):
    board.open("club8")
    kb = board.page.keyboard
    board.page.focus("#board")
    kb.press("Space")                      # the cursor starts on a8: Semáforo
    board.page.wait_for_timeout(300)
    kb.press("Enter")
    board.wait_said_first("Semáforo")
    # The second touch of a8 waits for the first to be scanned: OK, another
    # key, must not overtake it on a busy machine.
    board.wait_mode("setup")
    kb.press("o")                          # OK starts it
    board.wait_mode("play")
    for _ in range(5):                     # down to c3
        kb.press("ArrowDown")
    kb.press("ArrowRight")
    kb.press("ArrowRight")
    kb.press("Space")
    board.page.wait_for_timeout(300)
    assert board.wait_moves(1)["moves"] == ["a1"]
    kb.press("u")                          # Undo takes it back
    board.page.wait_for_timeout(400)
    assert board.dump()["moves"] == []
    kb.press("M")                          # Menu held: the pause choice (Menu again leaves)
    board.page.wait_for_timeout(2900)
    assert board.dump()["mode"] != "play"


def test_press_and_hold_a_key_leaves_the_self_test(board):
    board.open("club9")
    board.touch("i1", 300)
    board.touch("i1", 300)
    assert board.dump()["mode"] == "selftest"
    page = board.page
    page.hover("#keys button:nth-child(1)")
    page.mouse.down()
    page.wait_for_timeout(2300)            # the board's holds take 2 s
    page.mouse.up()
    page.wait_for_timeout(300)
    assert board.dump()["mode"] == "menu"


def test_the_page_fits_a_phones_width_and_says_the_text_in_words(board):
    board.page.set_viewport_size({"width": 360, "height": 740})
    board.open("club9")
    width = board.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, "the page scrolls sideways on a phone (%d px)" % width
    box = board.page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert board.page.get_attribute("#says", "aria-live") == "polite"
    assert board.says_now() == "CHOOSE A GAME"
    assert board.page.get_attribute('[data-square="a1"]', "aria-label") == "a1"


def test_the_folder_holds_the_pinned_port_and_no_cdn(site):
    files = sorted(os.listdir(site.dir))
    assert {"index.html", "micropython.mjs", "micropython.wasm", "firmware.json"} <= set(files)
    for name in files:
        if name.endswith((".html", ".js", ".css")):
            with open(os.path.join(site.dir, name)) as f:
                text = f.read()
            assert "https://" not in text and "http://" not in text, name


# --- the pictures of the page in docs ------------------------------------------
# Each is a screenshot after a script, kept with what it shows (the frame, the
# texts) and a hash of the page's files: when the firmware or the page
# changes, this fails until they are drawn again with
#     WEB_SHOTS=write .venv/bin/python -m pytest host_tests/tools/sim/test_web_page.py -k pictures
IMG = os.path.join(ROOT, "docs", "reports", "img")
SHOTS = (
    ("web-avanco", avanco_club9(last_wait=170), "club9", {"width": 640, "height": 860}, "en"),
    ("web-phone", SEMAFORO_CLUB8, "club8", {"width": 360, "height": 700}, "en"),
    ("web-phone-pt", SEMAFORO_CLUB8, "club8", {"width": 360, "height": 700}, "pt"),
)


def page_hash():
    import hashlib
    from tools.sim import web
    h = hashlib.sha256()
    for name in sorted(os.listdir(web.PAGE)):
        with open(os.path.join(web.PAGE, name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("name, script, board_name, viewport, code", SHOTS,
                         ids=[s[0] for s in SHOTS])
def test_the_pictures_of_the_page_in_docs_are_what_it_shows_now(board, name, script, board_name,
                                                                 viewport, code):
    board.page.set_viewport_size(viewport)
    board.open(board_name, code)
    board.run_script(script, board_name)
    shown = {"board": board_name, "lang": code, "page": page_hash(), "frame": board.frame(),
             "says": board.dump()["says"]}
    png, meta = os.path.join(IMG, name + ".png"), os.path.join(IMG, name + ".json")
    if os.environ.get("WEB_SHOTS") == "write":
        board.page.screenshot(path=png, full_page=True)
        with open(meta, "w") as f:
            json.dump(shown, f)
            f.write("\n")
    assert os.path.exists(png) and os.path.exists(meta), "%s is missing: draw it (WEB_SHOTS=write)" % png
    with open(meta) as f:
        kept = json.load(f)
    assert kept == shown, "docs/reports/img/%s.png is stale: WEB_SHOTS=write pytest -k pictures" % name


# --- the says line: what the board is saying now --------------------------------

def test_the_says_line_empties_when_the_board_stops_saying_its_text(board):
    """The words under the board are what it scrolls now (tools/sim/board.py
    Board.saying()): the set-up's text goes when play starts, as on the board,
    rather than staying for the whole game."""
    board.page.goto(board.url + "?board=club8")
    board.page.evaluate("async () => { await window.boardPage.loaded; }")
    board.wait_mode("menu")
    board.page.wait_for_function("() => document.getElementById('says').textContent !== ''")
    board.touch("a8", 300)
    board.touch("a8", 300)
    board.wait_mode("setup")
    board.page.wait_for_function("() => document.getElementById('says').textContent !== ''")
    setup_text = board.says_now()
    board.page.evaluate("""() => {
        window.__announced = [];
        new MutationObserver(() => { const t = document.getElementById('says').textContent;
                                     if (t) window.__announced.push(t); })
            .observe(document.getElementById('says'), {childList: true, characterData: true,
                                                        subtree: true});
        window.__from = window.boardPage.says.length;
    }""")
    board.touch("ok", 300)
    board.wait_mode("play")
    board.touch("c3", 300)
    board.wait_moves(1)
    board.page.wait_for_timeout(300)
    assert board.says_now() == "", "the set-up's %r is still under the board in play" % setup_text
    assert setup_text in board.page.evaluate("() => window.boardPage.says")
    board.touch("d3", 300)
    board.touch("e3", 300)               # three in a row: the result is said, once
    board.wait_mode("result")
    board.page.wait_for_function("() => document.getElementById('says').textContent !== ''")
    announced, says, start = board.page.evaluate(
        "() => [window.__announced, window.boardPage.says, window.__from]")
    assert announced == says[start:] and len(announced) == 1, (announced, says[start:])


# --- the page in Portuguese and English ---------------------------------------

def page_words(board, code):
    """The page's own words in `code` (web/page/words_<code>.js)."""
    return board.page.evaluate("c => self.PAGE_WORDS[c]", code)


def shown_words(board):
    """The page's labels as it shows them now."""
    return board.page.evaluate("""() => ({
        html: document.documentElement.lang, title: document.title,
        keys: Array.from(document.querySelectorAll('#keys button')).map(b => b.textContent),
        says: document.querySelector('[data-w="says"]').textContent,
        board: document.querySelector('[data-w="board"]').textContent,
        club9: document.querySelector('option[value="club9"]').textContent,
        piecesMode: document.querySelector('[data-w="piecesMode"]').textContent,
        howTo: document.querySelector('summary').textContent,
        help: Array.from(document.querySelectorAll('#help li')).map(li => li.innerHTML),
        boardHelp: document.getElementById('board').getAttribute('aria-label'),
        lang: document.getElementById('lang-choice').value,
    })""")


def assert_page_in(board, code):
    from tools.sim import words
    got, want = shown_words(board), page_words(board, code)
    assert got["lang"] == code and board.lang() == code
    for key in ("html", "title", "keys", "says", "board", "club9", "piecesMode", "howTo", "help",
                "boardHelp"):
        assert got[key] == want[key], key
    assert tuple(got["keys"]) == words.WORDS[code]["keys"]      # the terminal's key names


def test_semaforo_in_portuguese_to_its_result_says_who_won_in_portuguese(board):
    board.open("club8", "pt")
    assert_page_in(board, "pt")
    assert board.page.title() == "Tabuleiro de jogos"
    assert shown_words(board)["says"] == "O tabuleiro diz:"
    assert shown_words(board)["keys"] == ["Menu", "OK", "Anular", "Ajuda"]
    assert board.page.get_attribute("html", "lang") == "pt-PT"
    for where in ("a8", "a8"):
        board.touch(where, 300)
    assert board.wait_said_first("Semáforo") == "Semáforo - " + in_lang("{game}|OK TO PLAY", "pt").split(
        "|")[1]
    board.wait_mode("setup")
    board.touch("ok", 400)
    board.wait_mode("play")
    for sq in ("c3", "d3", "e3"):
        board.touch(sq, 250)
    want = in_terminal_simulator(SEMAFORO_CLUB8, "club8", "pt")["says"][-1]
    assert want.startswith(in_lang("{seat} WINS", "pt").format(seat=in_lang("seat:BLUE", "pt")))
    assert want.startswith("VITÓRIA: AZUL")
    board.page.wait_for_function("t => window.boardPage.saying === t", arg=want)
    assert board.says_now() == want


@pytest.mark.parametrize("locale, code", [("pt-PT", "pt"), ("pt-BR", "pt"), ("en-GB", "en"),
                                          ("de-DE", "en")])
def test_a_first_visit_speaks_the_browsers_language(visit, locale, code):
    pg = visit(locale)
    pg.open("club9", lang=None)            # no ?lang=: the page chooses
    assert_page_in(pg, code)
    assert pg.says_now() == in_lang("CHOOSE A GAME", code)


def test_the_language_switch_changes_page_and_board_at_once_and_persists(visit):
    pg = visit("pt-PT")
    pg.open("club8", lang=None)
    assert pg.lang() == "pt"
    pg.page.select_option("#lang-choice", "en")
    assert_page_in(pg, "en")
    pg.touch("a8", 300)                    # the board's next words are English
    assert pg.wait_said_first("Semáforo") == "Semáforo - OK TO PLAY"
    assert pg.page.locator("#status").inner_text().endswith("is on.")
    pg.page.reload()                       # the choice is kept over the browser's
    pg.page.evaluate("async () => { await window.boardPage.loaded; }")
    assert_page_in(pg, "en")
    pg.wait_says("CHOOSE A GAME")
    pg.page.select_option("#lang-choice", "pt")
    assert_page_in(pg, "pt")
    assert "ligado" in pg.page.locator("#status").inner_text()


def test_the_page_follows_a_language_chosen_on_the_board(board):
    """The menu's language square (app/menu.py, b1: a touch says the language,
    a second changes it): the page's switch and words follow the board, and
    keep its choice."""
    board.open("club8", "en")
    board.touch("b1", 300)
    board.wait_said_first("ENGLISH")
    board.touch("b1", 300)
    board.page.wait_for_function("() => window.boardPage.lang === 'pt'")
    assert_page_in(board, "pt")
    board.wait_said_first("PORTUGUÊS")
    board.page.goto(board.url + "?board=club8")     # as the page is opened again (no ?lang=)
    board.page.evaluate("async () => { await window.boardPage.loaded; }")
    assert_page_in(board, "pt")
    board.wait_says(in_lang("CHOOSE A GAME", "pt"))


def terminal_margins(script, board_name):
    """The terminal simulator's margins after a script (tools/sim/margins.py)."""
    import tempfile
    from app import screen
    from tools.link import boardfile
    from tools.sim import script as simscript, terminal as sim
    b = boardfile.load(board_name)
    with tempfile.TemporaryDirectory() as tmp:
        s = sim.Sim(b, tmp, real_time=False, lang_code="en")
        try:
            simscript.run(s, simscript.parse(script, b["cols"], b["rows"]))
            return s.margins()
        finally:
            s.close()
            screen.SAID = None


@pytest.mark.parametrize("code", ["en", "pt"])
def test_the_squares_are_named_as_the_game_names_them(board, code):
    script = "tap a8\ntap a8\nwait 500\ntap ok\nwait 500\n"      # Semáforo's 4x3 on club8
    ranks, files = terminal_margins(script, "club8")
    assert ranks != [str(n + 1) for n in range(8)], "a game on the whole grid would prove nothing"
    board.open("club8", code)
    board.run_script(script, "club8")
    board.page.wait_for_function(
        "() => document.querySelector('[data-square=\"a1\"]').getAttribute('aria-label') !== 'a1'")
    got = board.page.evaluate("""() => ({
        labels: Array.from(document.querySelectorAll('#grid .label')).map(l => l.textContent),
        names: Object.fromEntries(Array.from(document.querySelectorAll('.sq'))
                                  .map(s => [s.dataset.square, s.getAttribute('aria-label')])),
    })""")
    assert got["labels"] == [ranks[r] for r in range(7, -1, -1)] + files
    off = page_words(board, code)["offGame"]
    for x, f in enumerate("abcdefgh"):
        for r in range(8):
            name = files[x] + ranks[r] if files[x] and ranks[r] else off
            assert got["names"][f + str(r + 1)] == name
