"""Choosing what to play: the game menu and the set-up screen.

Menu: one square per game along the top rows, in the game's own colours. A
touch points at a game and scrolls its name; touching it again (or OK) opens
its set-up. A game with games kept for later (app/pause.py) blinks dark
briefly four times a second on its square, and its name says how many are
kept; opening it offers them, oldest first, then a new game (app/kept.py).
The bottom-right square is the self-test, the bottom-left one (a steady
teal) the replay of the last games of the record book (app/replay.py), the
one beside it (a steady green) the board's language: a touch says the
language in use and the one OK (or a second touch) changes it to, kept on
flash (app/lang.py).

Set-up: the top row chooses who plays (two players, you first against the
board, the board first, demo), the next row the AI level 1-5 (only where the
board plays a seat), the bottom row a game option (Hex size, Dots and Boxes
size) where the game has one; on a reed board, in a game with blocked
squares (Rastros, Amazonas), the second row from the bottom chooses marker
pieces (left) or the LEDs alone. OK or the green square at the top right
starts; Menu goes back. Starting a game never touches a kept one: each game
has its own save (app/saves.py).
"""
import games
from compat import ticks_diff
from hal import OK
from app.screen import Scroll, LOOK_RGB, TEXT, SELECTED
from app.core import mode, might_keep
from app.lang import N_, tr

BLINK_MS = 400
KEPT_MS = 250          # a square with kept games goes dark for a moment every KEPT_MS
KEPT_DARK_MS = 60
MODES = (
    (N_("2 PLAYERS"), ("human", "human")),
    (N_("YOU FIRST"), ("human", "board")),
    (N_("BOARD FIRST"), ("board", "human")),
    (N_("DEMO"), ("board", "board")),
)
START_RGB = (0, 160, 0)
TEST_RGB = (30, 30, 30)
REPLAY_RGB = (0, 60, 90)
LANG_RGB = (0, 90, 30)


def fits(gid, cols, rows):
    """True if the game, at one of its option values, fits the board's grid
    (games.LAYOUTS, made from each game's own layout())."""
    if gid not in games.LAYOUTS:
        return False
    for v, w, h in games.LAYOUTS[gid][1]:
        if w <= cols and h <= rows:
            return True
    return False


class Menu:
    # The app gives back what a game loaded when it arrives here (core.App).
    HOME = True

    def __init__(self, ctx, kept=None):
        """kept: the kept games' counts when the caller knows them (the boot
        that found no save), else they are looked for."""
        self.ctx = ctx
        self.ids = [g for g in games.installed() if fits(g, ctx.cols, ctx.rows)]
        self.names = dict((row[0], row) for row in games.CATALOG)
        self.pointed = None
        self.t0 = None
        self.scroll = Scroll(tr("CHOOSE A GAME"), ctx.cols, TEXT, loop=True)
        self.kept = kept_counts(ctx) if kept is None else kept   # game id -> how many kept

    def frame_key(self, now):
        """Changes whenever the picture would (core.App): the looks' beat,
        the pointed square's blink, the kept games' dark beat, the text's
        offset; touches are events."""
        age = self.age(now)
        k = ((age // 1000) % 256) << 14
        if self.pointed is not None:          # only a pointed square blinks
            k |= ((age // BLINK_MS) & 1) << 13
        if self.kept:
            k |= _dark(age) << 22
        return k | (self.scroll.offset(now) & 0x1FFF)

    def age(self, now):
        """ms since the menu was first drawn: its beats start there, as its
        text does, so it shows the same pictures whatever the clock reads
        (CircuitPython's starts near its wrap) and never jumps at a wrap."""
        if self.t0 is None:
            self.t0 = now
        return ticks_diff(now, self.t0)

    def square_of(self, k):
        """Game k sits on the top rows, left to right, top row first."""
        c = self.ctx.cols
        return (self.ctx.rows - 1 - k // c) * c + k % c

    def test_square(self):
        return self.ctx.cols - 1

    def replay_square(self):
        return 0

    def lang_square(self):
        return 1

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            if not down:
                continue
            if key == ctx.key(OK) and self.pointed is not None:
                return self.choose()
            if key >= ctx.n:
                continue
            if key == self.test_square():
                if self.pointed == "selftest":
                    return mode("selftest", ctx)
                self.pointed = "selftest"
                self.scroll = Scroll(tr("SELF TEST|OK: START"), ctx.cols, TEXT, loop=True)
                continue
            if key == self.lang_square():
                self.say_lang(self.pointed == "lang")
                self.pointed = "lang"
                continue
            if key == self.replay_square():
                if self.pointed == "replay":
                    return mode("replay", ctx)
                self.pointed = "replay"
                self.scroll = Scroll(tr("REPLAY LAST GAMES|OK: START"), ctx.cols, TEXT, loop=True)
                continue
            for k in range(len(self.ids)):
                if self.square_of(k) == key:
                    gid = self.ids[k]
                    if self.pointed == gid:
                        return self.choose()
                    self.pointed = gid
                    n = self.kept.get(gid, 0)
                    if n:
                        text = tr("{game}|GAMES KEPT: {n}|OK: SEE THEM").format(game=self.names[gid][1], n=n)
                    else:
                        text = tr("{game}|OK TO PLAY").format(game=self.names[gid][1])
                    self.scroll = Scroll(text, ctx.cols, TEXT, loop=True)
        return None

    def say_lang(self, change=False):
        """The language in use, in its own words, and the one OK gives
        (app/langset.py, loaded only for this); `change`: the other one
        first, from now on and after every boot."""
        from app import langset
        self.scroll = Scroll(langset.at_menu(self.ctx.storage, change), self.ctx.cols, TEXT, loop=True)
        langset.forget()

    def choose(self):
        if self.pointed == "lang":
            self.say_lang(True)
            return None
        if self.pointed == "selftest":
            return mode("selftest", self.ctx)
        if self.pointed == "replay":
            return mode("replay", self.ctx)
        if self.kept.get(self.pointed):
            from app.kept import square_choices
            return mode("resume", self.ctx, square_choices(self.ctx, self.pointed), self.pointed)
        # A board game opens its set-up; an entry that is no board game (the
        # race) the app mode its module declares (games.mode_of).
        return mode(games.mode_of(self.pointed), self.ctx, self.pointed)

    def draw(self, scr, now):
        self.scroll.draw(scr, now)
        now = self.age(now)
        phase = (now // BLINK_MS) & 1
        for k in range(len(self.ids)):
            gid = self.ids[k]
            row = self.names[gid]
            look = row[2] if (now // 1000 + k) & 1 else row[3]
            rgb = LOOK_RGB[look]
            if gid == self.pointed and phase:
                rgb = SELECTED
            elif gid in self.kept and _dark(now):
                rgb = (0, 0, 0)
            scr.set(self.square_of(k), rgb)
        scr.set(self.test_square(), SELECTED if self.pointed == "selftest" and phase else TEST_RGB)
        scr.set(self.replay_square(), SELECTED if self.pointed == "replay" and phase else REPLAY_RGB)
        scr.set(self.lang_square(), SELECTED if self.pointed == "lang" and phase else LANG_RGB)


def _dark(age):
    """1 in the dark moment of a kept game's square (age: the menu's, ms)."""
    return 1 if age % KEPT_MS < KEPT_DARK_MS else 0


def kept_counts(ctx):
    """How many games of each game id are kept (only their files are looked
    for: a save that cannot be read is set aside when it is offered)."""
    out = {}
    if not might_keep(ctx.storage):
        return out                      # nothing to count: app.saves not loaded
    from app import saves
    for seq, gid, name in saves.kept(ctx.storage, order=False):
        out[gid] = out.get(gid, 0) + 1
    return out
