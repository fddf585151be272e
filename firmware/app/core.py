"""The app: a tick-driven state machine, step(now_ms, events) -> frame.

It holds the current mode (boot prompt, menu, setup, play, pause, result,
race, self-test, message, error, replay) and swaps modes when one returns another. Any exception in a
mode is logged to error.log, shown as an error pattern, and the board goes
back to the menu: it never needs a computer to recover.
"""
import gc
import sys

from compat import ticks_diff

from hal import MENU, OK, UNDO, HINT
from app.screen import Screen, Scroll, ERROR
from app.lang import N_, tr


LOG = "error.log"
DAMAGED = N_("SAVED GAME DAMAGED|SET ASIDE")
BOOK_DAMAGED = N_("RECORD BOOK DAMAGED|SET ASIDE")
# Said instead of the red cross when the heap ran out: only a restart gives
# it back whole (on CircuitPython, after one heavy game against the board).
NO_MEMORY = N_("OUT OF MEMORY|RESTART THE BOARD")
# The record book and its older half (app/records.py RECORDS, RECORDS_OLD),
# named here so that the boot looks at them without loading the book's code.
BOOKS = ("games.txt", "games.1.txt")
BOOK_MOST = 2 * 65536   # twice RECORDS_LIMIT: no firmware wrote a longer book
BOOK_LOOK = 64          # the first bytes looked at: a record line is printable ASCII


class Context:
    """What every mode shares: the board, the HAL, the screen, key numbers."""

    def __init__(self, board, hal):
        self.board = board
        self.hal = hal
        self.cols = board["cols"]
        self.rows = board["rows"]
        self.n = self.cols * self.rows
        self.screen = Screen(self.cols, self.rows)
        self.storage = hal.storage
        self.clock = hal.clock
        self.sensing = board.get("sensing", "button")
        self.seed = 1
        # The club network (net/club.py) on a board that has one, else None:
        # the app tells it what happens and knows nothing of how it is sent.
        self.net = getattr(hal, "net", None)
        # The square whose press started a game (the set-up's green one), while
        # still pressed: a finger or a piece there is no piece of the game.
        self.start_square = None
        from app import langset             # the board's language, before its first word
        langset.start(self.storage, board)
        langset.forget()

    def key(self, k):
        """The key number of function key k (hal.MENU, OK, UNDO, HINT)."""
        return self.n + k

    def fkey(self, key):
        """The function key (hal.MENU...) of a key number, or -1 for a square."""
        return key - self.n if key >= self.n else -1

    def collect(self):
        """Free the garbage of the last move (between moves, never in a search)."""
        gc.collect()

    def push(self):
        """Show the screen now, from inside a long step (the AI's thinking)."""
        self.hal.pixels.show(self.screen.frame)

    def beep(self, freq, ms):
        sound = getattr(self.hal, "sound", None)
        if sound is not None:
            sound.beep(freq, ms)


def log_exception(storage, e, where):
    try:
        from compat import exception_text
        storage.append(LOG, "--- %s\n%s" % (where, exception_text(e)))
    except Exception:
        pass  # logging must never take the board down with it


class Message:
    """Scroll a text once (any key skips), then go to the next mode. The
    text is given in English (app/lang.py) and said in the board's language."""

    def __init__(self, ctx, text, then, rgb=(255, 255, 255)):
        self.ctx = ctx
        self.scroll = Scroll(tr(text), ctx.cols, rgb)
        self.then = then  # a function returning the next mode

    def step(self, now, events):
        for key, down in events:
            if down:
                return self.then()
        if self.scroll.done(now):
            return self.then()
        return None

    def draw(self, scr, now):
        self.scroll.draw(scr, now)


class ErrorScreen:
    """A red cross for a few seconds, then the menu."""

    HOLD_MS = 3000

    def __init__(self, ctx):
        self.ctx = ctx
        self.t0 = None

    def step(self, now, events):
        if self.t0 is None:
            self.t0 = now
        if ticks_diff(now, self.t0) >= self.HOLD_MS or any(d for k, d in events):
            return menu(self.ctx)
        return None

    def draw(self, scr, now):
        c, r = self.ctx.cols, self.ctx.rows
        for i in range(min(c, r)):
            scr.set(i * c + i, ERROR)
            scr.set(i * c + (c - 1 - i), ERROR)


# Every mode by name: a mode asks for the next one here instead of importing
# it, so the modes import no one another in a circle and each loads on demand.
MODES = {
    "menu": ("app.menu", "Menu"),
    "setup": ("app.setup", "Setup"),
    "resume": ("app.kept", "Resume"),
    "boot": ("app.kept", "at_boot"),
    "play": ("app.play", "Play"),
    "result": ("app.result", "Result"),
    "selftest": ("app.selftest", "SelfTest"),
    "race": ("app.race", "Race"),
    "pause": ("app.pause", "Pause"),
    "replay": ("app.replay", "Records"),
}


def mode(name, *args):
    """A new mode by its name in MODES, built with args (ctx first)."""
    module, cls = MODES[name]
    __import__(module)
    return getattr(sys.modules[module], cls)(*args)


def menu(ctx):
    return mode("menu", ctx)


def might_keep(storage):
    """Whether the flash may hold a kept game: a file named as app/saves.py
    names saves (save-<id>.json, the older save.json, and their .new), or
    a folder that cannot be listed. One listing, without importing saves."""
    names = storage.names()
    if names is None:
        return True
    for n in names:
        if n.startswith("save") and ".json" in n:
            return True
    return False


def damaged_book(storage, name):
    """Whether a record book is none a firmware wrote: longer than any, or
    its first bytes not text (a worn or erased flash's 0xFF or 0x00). What
    is only a damaged line is left: the book is read a chunk at a time and
    such a line skipped, and the club's other games stay in it."""
    size = storage.size(name)
    if size > BOOK_MOST:
        return True
    for b in storage.read_at(name, 0, BOOK_LOOK) if size > 0 else b"":
        if b > 126 or (b < 32 and b != 10):
            return True
    return False


def set_aside_books(storage):
    """Record books no firmware wrote moved to their .bad names (games.txt
    -> games.bad) by the filesystem's rename; whether one was."""
    aside = False
    for name in BOOKS:
        try:
            if damaged_book(storage, name):
                storage.rename(name, name[:name.rindex(".")] + ".bad")
                aside = True
        except OSError:
            pass    # one that cannot be read or moved (a folder) is left: its writes log it
    return aside


def boot(ctx):
    """The first mode, and whether it loaded anything to give back: the kept
    games offered, a damaged save set aside and said, or the menu
    (app/kept.py at_boot); straight to the menu when no save is on the
    flash, without loading the kept games' prompt (the boot's first frame
    comes sooner). A damaged record book is set aside first, and said."""
    books = set_aside_books(ctx.storage)
    if not might_keep(ctx.storage):
        first, loaded = mode("menu", ctx, {}), False
    else:
        first, loaded = mode("boot", ctx), True
    if books:
        then = first
        first = Message(ctx, BOOK_DAMAGED, lambda: then, ERROR)
    return first, loaded


def back_at_menu(ctx):
    """A game was left (to the menu, after a result or an error screen): give
    back everything it loaded, so a whole day of games fits the heap. The
    game's module goes (the modes that held it are gone by now), the AI's
    tables (built again, in small chunks, by the next game's first AI move),
    and the app's game-only modules (app.GAME_ONLY)."""
    import games
    import app
    if ctx.net is not None:
        ctx.net.left()
    games.unload()
    release_ai()
    app.unload()
    ctx.collect()


# The search's modules, given back at the menu as a game's module is: kept,
# their code and state stayed in the heap for the rest of the day (the menu
# grew by 13 KB over four rounds of whole games against the board on the
# unix port, and a big game's search then found no room). The next game's
# first move imports them again, under the thinking spinner.
AI_MODULES = ("ai", "mcts")


def release_ai():
    """Give back the AI: its tables (the search's hash table or tree) and
    its modules, if they were loaded; its next move builds them again."""
    ai = sys.modules.get("ai")
    if ai is not None:
        ai.release()
    for name in AI_MODULES:
        sys.modules.pop(name, None)


class App:
    """Redraw only what changed: a mode that has frame_key(now) (a small int
    that changes whenever its picture would: a blink's phase, a text's
    offset, its own state) is drawn only when that key changes or events
    came; an idle pass then draws nothing and allocates nothing, and the
    frame it returns is the last one (`fresh` False)."""

    def __init__(self, board, hal):
        self.ctx = Context(board, hal)
        self.mode = None
        self.errors = 0
        self.keyed = False        # the mode has frame_key (looked up once a mode)
        self.key = None
        self.fresh = True         # this pass drew a new frame

    def fault(self, e):
        """What a mode's failure shows: the red cross, or, when the heap ran
        out, the words that say so and what to do (if there is room left
        for them: otherwise the cross)."""
        ctx = self.ctx
        if isinstance(e, MemoryError):
            self.mode = None
            ctx.collect()
            try:
                return Message(ctx, NO_MEMORY, lambda: menu(ctx), ERROR)
            except MemoryError:
                pass
        return ErrorScreen(ctx)

    def _enter(self, mode):
        self.mode = mode
        self.keyed = hasattr(mode, "frame_key")
        self.key = None

    def step(self, now, events):
        ctx = self.ctx
        try:
            if self.mode is None:
                first, loaded = boot(ctx)
                self._enter(first)
                if loaded and getattr(first, "HOME", False):
                    back_at_menu(ctx)     # what the boot loaded is given back
            nxt = self.mode.step(now, events)
            if nxt is not None:
                self._enter(nxt)
                if getattr(nxt, "HOME", False):   # the menu: a game was left
                    back_at_menu(ctx)
            if self.keyed:
                key = self.mode.frame_key(now)
                if key == self.key and not events:
                    self.fresh = False
                    return ctx.screen.frame
                self.key = key
            self.fresh = True
            ctx.screen.clear()
            self.mode.draw(ctx.screen, now)
        except Exception as e:
            self.errors += 1
            log_exception(ctx.storage, e, "step in %s" % type(self.mode).__name__)
            self._enter(self.fault(e))
            ctx.screen.clear()
            self.mode.draw(ctx.screen, now)
        return ctx.screen.frame


__all__ = ("App", "Context", "Message", "ErrorScreen", "boot", "menu", "MENU", "OK", "UNDO", "HINT")
