"""The page's main.py: the board file, the web HAL, the app, one loop pass at a time.

On the board app/loop.run scans, steps and shows about 100 times a second;
in the page the worker's timers call step() instead, so the page never
waits on a loop that does not return. After each pass the page is told
what changed: each new text the board says (the page's history and live
region), the text it is scrolling now ('' once it is done: the words under
the board), the names of the squares (the game's own, tools/sim/margins.py)
and the board's language when the menu's language square changed it.
use_lang() is the page's language switch. run_script() plays a simulator script
(tools/sim/script.py, the same file and format as `python -m tools.sim
--script`) on the page's own clock, a loop pass every 10 ms of board time.
"""
import gc

import boardcheck
import webboard
from app import lang, screen
from app.core import App, log_exception
from hal import web
from simmargins import margins

board = None
hal = None
app = None
said = []          # every text the board scrolls (app/screen.py's SAID hook)
told = 0           # how many of them the page has been told
shown = {}         # what the page was told last: "saying", "mode", "margins", "lang"


def start(code=None):
    """Check the board file (board.py), build the web HAL and the app; `code`:
    the page's language, over the board's own (app/langset.py)."""
    global board, hal, app, told
    board = boardcheck.load("board")
    hal = web.Hal(board)
    del said[:]
    told = 0
    shown.clear()
    screen.SAID = said
    app = App(board, hal)
    if code:
        lang.use(code)
    shown["lang"] = lang.CODE
    return "%s %d %d %s %d" % (board["name"], board["cols"], board["rows"],
                               board.get("sensing", "button"), hal.matrix.scans)


def step():
    """One pass of the board's loop (app/loop.py): scan, step, show."""
    t0 = hal.clock.ticks_ms()
    try:
        hal.pixels.show(app.step(t0, hal.matrix.scan(t0)))
    except Exception as e:  # the HAL itself failed: log it and go on, as the board does
        log_exception(hal.storage, e, "loop")
        gc.collect()
    tell(t0)
    return app.errors


def saying(now):
    """The text the board is scrolling now ('' for none): the terminal's
    Board.saying()."""
    sc = getattr(app.mode, "scroll", None)
    if sc is None or sc.done(now):
        return ""
    return getattr(sc, "text", "")


def tell(now):
    """Tell the page what changed in the last pass."""
    global told
    fresh = told < len(said)
    while told < len(said):
        webboard.say(said[told])
        told += 1
    text = saying(now)
    if fresh or text != shown.get("saying"):
        shown["saying"] = text
        webboard.saying(text)
    if app.mode is not shown.get("mode"):
        shown["mode"] = app.mode
        ranks, files = margins(app.mode, board["cols"], board["rows"])
        names = ",".join(ranks) + "/" + ",".join(files)
        if names != shown.get("margins"):
            shown["margins"] = names
            webboard.margins(names)
    if lang.CODE != shown.get("lang"):
        shown["lang"] = lang.CODE
        webboard.lang(lang.CODE)


def use_lang(code):
    """The page's language switch: the board speaks `code` from now on."""
    lang.use(code)
    shown["lang"] = lang.CODE
    return lang.CODE


class _ScriptBoard:
    """What tools/simscript.run drives: switches and board time."""

    def __init__(self):
        self.scans = hal.matrix.scans

    def switch(self, key):
        return bool(webboard.switch_closed(key))

    def set_switch(self, key, closed):
        webboard.set_switch(key, closed)

    def put(self, key, on):
        """A piece put down or taken up (a script's place/lift): the page
        keeps no pieces file, the switch is where the piece is."""
        webboard.set_switch(key, on)

    def advance(self, ms):
        while ms > 0:
            d = 10 if ms > 10 else ms
            webboard.advance(d)
            step()
            ms -= d


def run_script(text):
    """Run a simulator script; an error in it is raised with its line."""
    import simscript
    events = simscript.parse(text, board["cols"], board["rows"], "script")
    simscript.run(_ScriptBoard(), events)
    return app.errors


class _Where:
    """What tools/simscript.dump reads: the app, the HAL, the texts said."""

    def __init__(self):
        self.app, self.hal, self.said = app, hal, said


def dump():
    """Where the app is, as the simulator's --dump says it (JSON)."""
    import json
    import simscript
    return json.dumps(simscript.dump(_Where()))
