"""The games kept for later: offered at boot and on their game's menu square.

Resume (a mode) offers kept games one at a time, a question whose keys each
mean one thing, as in every question the board asks:

- OK: yes, resume the game named (or, on the last choice of a game's
  square, set up a new game of it);
- Menu: back to the menu, everything left as it was (every game stays kept);
- Hint: the next choice (another kept game, a new game), where there is one;
- Undo: abandon the game named, after a second question (OK abandons, Menu
  or any other key comes back). An abandoned game goes to the record book
  before its save is cleared: NOT FINISHED, or its result if it had ended
  (a cut came before the result screen recorded it), so nothing played is
  lost without a trace.

At boot the game played last comes first (the one a power cut stopped),
then the others oldest first (app/core.py boot, which also moves the save
of older firmware to its game's file and sets aside every save that cannot
be read); a game's menu square offers its kept games oldest first, then a
new game. This module is loaded only while a kept game is offered: the menu
gives it back (core.back_at_menu).
"""
import games
from hal import MENU, OK, UNDO, HINT
from app import saves
from app.core import Message, mode, log_exception, DAMAGED
from app.screen import Scroll, TEXT, ERROR
from app.lang import tr

NEW = None             # the choice of a new game, after a square's kept games


def at_boot(ctx):
    """The first mode: the kept games offered (the last played first, the
    one a power cut stopped), the menu when there are none; the save of older
    firmware moved to its game's file; a damaged save set aside and said."""
    s = ctx.storage
    damaged = False
    try:
        migrate(s)
    except Exception as e:
        log_exception(s, e, "boot: save")
        saves.set_aside(s)
        damaged = True
    names = []
    for seq, gid, name in saves.kept(s):
        try:
            saves.read(s, name)
            names.append(name)
        except Exception as e:
            log_exception(s, e, "boot: save")
            saves.set_aside(s, name)
            damaged = True
    if names:
        names.insert(0, names.pop())      # the newest first

    def then():
        return mode("resume", ctx, names) if names else mode("menu", ctx)
    return Message(ctx, DAMAGED, then, ERROR) if damaged else then()


def migrate(storage):
    """The save.json of older firmware (one game) moved to its game's own
    file; SaveError if it is damaged (the boot sets it aside). Safe at any
    cut: the copy is written whole before save.json goes, and a copy already
    there (a cut before the removal) is found by its content."""
    if saves._save_name(storage, saves.SAVE) is None:
        return
    gid = saves.read(storage, saves.SAVE)["game"]
    for k in range(saves.PER_GAME):
        if _same(storage, saves.SAVE, saves.save_name(gid, k)):
            storage.remove(saves.SAVE)
            return
    name = saves.free_name(storage, gid)
    if name is None:
        return                   # every file of its game taken: it stays where it is
    storage.write_atomic(name, storage.chunks(saves.SAVE))   # a chunk at a time
    storage.remove(saves.SAVE)


def _same(storage, a, b):
    """Whether files a and b (as read() gives them) hold the same bytes,
    compared a chunk at a time."""
    if storage.found(b) is None:
        return False
    other = storage.chunks(b)
    for data in storage.chunks(a):
        if next(other, None) != data:
            return False
    return next(other, None) is None


def square_choices(ctx, gid):
    """A game's menu square: its kept games, oldest first, then a new game."""
    return [name for seq, g, name in saves.kept(ctx.storage, (gid,))] + [NEW]


class Resume:
    def __init__(self, ctx, names, gid=""):
        self.ctx = ctx
        self.names = names        # file names, and NEW for a new game of gid
        self.gid = gid
        self.i = 0
        self.asking = False       # the abandon question is up
        self.save = None          # the kept game named (saves.read's dict)
        self.say("", TEXT)
        self.show()

    def show(self):
        """Name choice i: read its save (set aside if damaged, and skipped)."""
        ctx = self.ctx
        text = ""
        while self.names:
            name = self.names[self.i]
            if name is NEW:
                self.save = None
                gname = games.NAMES.get(self.gid, self.gid)
                text = tr("{game}|NEW GAME?|OK: SET IT UP|MENU: BACK").format(game=gname)
                break
            try:
                self.save = saves.read(ctx.storage, name)
            except Exception as e:
                log_exception(ctx.storage, e, "kept game")
                saves.set_aside(ctx.storage, name)
                self.save = None
            if self.save is not None:
                d = self.save
                gname = games.NAMES.get(d["game"], d["game"])
                n = len(d["moves"])
                text = (tr("{game}|1 MOVE") if n == 1 else tr("{game}|{n} MOVES")).format(game=gname, n=n)
                text += tr("|RESUME IT? OK|MENU: BACK|UNDO: ABANDON")
                break
            self.names.pop(self.i)        # gone or damaged: no longer offered
            self.i = self.i % len(self.names) if self.names else 0
        if not self.names:
            return
        if len(self.names) > 1:
            text += tr("|HINT: NEXT")
        self.say(text, TEXT)

    def say(self, text, rgb):
        self.text = text          # the question in words (the tests read it)
        self.scroll = Scroll(text, self.ctx.cols, rgb, loop=True)

    def step(self, now, events):
        ctx = self.ctx
        if not self.names:
            return mode("menu", ctx)
        for key, down in events:
            if not down or key < ctx.n:
                continue
            k = ctx.fkey(key)
            if self.asking:
                self.asking = False
                if k == OK:
                    return self.abandon()
                self.show()               # Menu, any other key: back to the question
            elif k == OK:
                return self.resume()
            elif k == MENU:
                return mode("menu", ctx)  # every game stays kept
            elif k == HINT and len(self.names) > 1:
                self.i = (self.i + 1) % len(self.names)
                self.show()
            elif k == UNDO and self.save is not None:
                self.asking = True
                d = self.save
                what = tr("ITS RESULT") if d["end"] else tr("NOT FINISHED")
                self.say(tr("{game}|ABANDON IT?|RECORDED: {what}|OK: YES - MENU: NO").format(
                    game=games.NAMES.get(d["game"], d["game"]), what=what), ERROR)
        return None

    def abandon(self):
        """Into the record book, then the save cleared: a cut in between
        leaves the game kept, and abandoning it again records nothing twice."""
        from app.result import record_game, record_unfinished
        ctx, d = self.ctx, self.save
        settings = saves.settings_of(d)
        try:
            if d["end"]:              # ended: its result, from its moves replayed
                record_game(ctx, settings, d["moves"], d["tag"], dead=d["dead"])
            else:
                record_unfinished(ctx, settings, d["moves"], d["tag"])
        except Exception as e:     # moves that no longer replay: their words are kept
            log_exception(ctx.storage, e, "abandon")
            record_unfinished(ctx, settings, d["moves"], d["tag"])
        saves.clear(ctx.storage, d["name"])
        return mode("menu", ctx)

    def resume(self):
        ctx, d = self.ctx, self.save
        if d is None:
            return mode("setup", ctx, self.gid)
        try:
            return mode("play", ctx, saves.settings_of(d), d["moves"], d["tag"], d["dead"])
        except Exception as e:
            # An unknown game, bad options or an illegal move: the save cannot be trusted.
            log_exception(ctx.storage, e, "resume")
            saves.set_aside(ctx.storage, d["name"])
            return Message(ctx, DAMAGED, lambda: mode("menu", ctx), ERROR)

    def draw(self, scr, now):
        self.scroll.draw(scr, now)
