"""The browser tests' set-up: one built folder, one server, one headless
Chromium per session (Playwright drives Debian's chromium; its own browser
download does not work here). Without a Chromium the tests are skipped
saying so, except in CI (CI=true), where a missing browser or npm fails."""
import os
import shutil
import tempfile
import threading

from tools.link import boardfile
import pytest
from tools.link.firmware_path import ROOT

ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
IN_CI = os.environ.get("CI") == "true"


def chromium():
    """The Chromium to drive: $CHROMIUM, else the first one on PATH."""
    path = os.environ.get("CHROMIUM")
    if path:
        return path if os.path.exists(path) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def unavailable(why):
    """Skip saying why, or fail in CI, where everything must be there."""
    if IN_CI:
        pytest.fail("CI=true and %s: the web page's tests must run in CI" % why)
    pytest.skip("%s: the web page's tests are skipped" % why)


class Site:
    """The folder tools.sim.web builds, served on a free local port."""

    def __init__(self):
        from tools.sim import web
        self.dir = built_folder()
        self.httpd = web.server(self.dir, 0)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def launch(playwright):
    exe = chromium()
    if exe is None:
        unavailable("no Chromium found (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=exe, args=ARGS)


class Page:
    """A page of the board with helpers that act as a person would."""

    def __init__(self, page, url):
        self.page = page
        self.url = url
        self.errors = []
        page.set_default_timeout(20000)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, board="club9", lang="en"):
        """The page on `board` in `lang` (its ?lang= switch; None: the
        language the page chooses itself), at the menu's greeting."""
        self.page.goto(self.url + "?board=" + board + ("&lang=" + lang if lang else ""))
        self.page.evaluate("async () => { await window.boardPage.loaded; }")
        self.wait_says(in_lang("CHOOSE A GAME", lang or self.lang()))

    def lang(self):
        """The page's language now ("pt", "en")."""
        return self.page.evaluate("() => window.boardPage.lang")

    def wait_says(self, text, timeout=20000):
        """Until the board has said `text` (its words under the board)."""
        self.page.wait_for_function("t => window.boardPage && window.boardPage.says.includes(t)",
                                    arg=text, timeout=timeout)

    def wait_said_first(self, start, timeout=20000):
        """Until the board has said a text starting with `start` ("Semáforo"
        for "Semáforo - OK TO PLAY"): the text said, the page's history."""
        self.page.wait_for_function(
            "t => window.boardPage && window.boardPage.says.some(s => s.startsWith(t))",
            arg=start, timeout=timeout)
        return self.page.evaluate("t => window.boardPage.says.filter(s => s.startsWith(t))[0]",
                                  start)

    def says_now(self):
        return self.page.inner_text("#says")

    def touch(self, where, pause=150):
        """A click on a square (a1...) or a key (menu, ok, undo, hint)."""
        if where in ("menu", "ok", "undo", "hint"):
            sel = "#keys button:nth-child(%d)" % (("menu", "ok", "undo", "hint").index(where) + 1)
        else:
            sel = '[data-square="%s"]' % where
        self.page.click(sel)
        self.page.wait_for_timeout(pause)

    def piece(self, square, pause=0):
        """A right click: a piece put down on the square, or taken up."""
        self.page.click('[data-square="%s"]' % square, button="right")
        if pause:
            self.page.wait_for_timeout(pause)

    def dump(self):
        return self.page.evaluate(
            "() => Promise.race([window.boardPage.dump(), new Promise((_, no) =>"
            " setTimeout(() => no(new Error('the board did not answer')), 15000))])")

    def wait_mode(self, mode, timeout=20000):
        """Until the app is in `mode` (the dump's name: menu, setup, play ...):
        a key pressed before then may reach the screen before it."""
        self.page.wait_for_function(
            "m => window.boardPage.dump().then(d => { window.__mode = d.mode; })"
            " && window.__mode === m", arg=mode, timeout=timeout, polling=100)

    def wait_moves(self, n, timeout=20000):
        """Until the game has n moves; the dump then."""
        self.page.wait_for_function(
            "n => window.boardPage.dump().then(d => { window.__moves = d.moves.length; })"
            " && window.__moves >= n", arg=n, timeout=timeout, polling=200)
        return self.dump()

    def frame(self):
        """The LEDs the page shows, square order (a1, b1, ...), as [r, g, b]."""
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('.sq'))"
            ".sort((a, b) => a.dataset.key - b.dataset.key)"
            ".map(s => s.dataset.rgb.split(',').map(Number))")

    def run_script(self, text, board):
        """A simulator script on a fresh board in the page, on its own clock."""
        self.page.evaluate("([t, b]) => window.boardPage.runScript(t, b)", [text, board])


_built = []
BUILD_PREFIX = "gamesboard-web-test-"


def _remove_stale_builds():
    """The folders earlier sessions built (pytest leaves without cleaning up:
    conftest.py exits at once), unless their session is still running."""
    top = tempfile.gettempdir()
    for name in os.listdir(top):
        if not name.startswith(BUILD_PREFIX):
            continue
        pid = name[len(BUILD_PREFIX):].split("-")[0]
        if pid.isdigit() and not os.path.exists("/proc/%s" % pid):
            shutil.rmtree(os.path.join(top, name), ignore_errors=True)


def built_folder():
    """The folder tools.sim.web builds, made once per test session."""
    if not _built:
        from tools.sim import web
        _remove_stale_builds()
        d = tempfile.mkdtemp(prefix=BUILD_PREFIX + "%d-" % os.getpid())
        try:
            web.build(os.path.join(d, "site"), out=lambda *a: None)
        except web.BuildError as e:
            unavailable("the page cannot be built: %s" % e)
        _built.append(os.path.join(d, "site"))
    return _built[0]


def run_in_node(code, board="club9", timeout=120):
    """Python code on the page's MicroPython (WebAssembly) in Node, with the
    firmware files and the page's link.js as `webboard` (web/node/run.mjs):
    (exit code, stdout, stderr)."""
    import subprocess
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        unavailable("no Node.js found (apt-get install nodejs)")
    runner = os.path.join(ROOT,
                          "web", "node", "run.mjs")
    r = subprocess.run([node, runner, built_folder(), board], input=code, capture_output=True,
                       text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def in_lang(text, code):
    """A text of the board's in language `code`, from the firmware's
    catalogue (app/texts_<code>.py; English is the text itself)."""
    if code == "en":
        return text
    import importlib
    return importlib.import_module("app.texts_" + code).TEXTS[text]


def in_terminal_simulator(text, board_name, lang_code=None):
    """The frame and texts `python -m tools.sim --script` ends with, to
    compare the page's with (lang_code: tools.sim --lang)."""
    from app import screen
    from tools.sim import terminal as sim
    from tools.sim import script as simscript
    b = boardfile.load(board_name)
    with tempfile.TemporaryDirectory() as tmp:
        s = sim.Sim(b, tmp, real_time=False, lang_code=lang_code)
        try:
            simscript.run(s, simscript.parse(text, b["cols"], b["rows"]))
            return simscript.dump(s)
        finally:
            s.close()
            screen.SAID = None
