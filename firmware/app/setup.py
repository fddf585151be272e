"""The set-up screen (mode `Setup`), opened from the menu (app/menu.py says
what each of its rows chooses). A module of its own, loaded when a game's
square is opened and given back with the game (app.GAME_ONLY), so the
menu's first frame at boot loads less.
"""
import games
from hal import MENU, OK
from app.screen import Scroll, LOOK_RGB, TEXT, SELECTED
from app import forget
from app.core import mode
from app.menu import MODES, BLINK_MS, START_RGB
from app.lang import tr, N_
from app.words import caps

# The highest level this board's firmware holds for the game (the HAL's LEVELS),
# and a game it cannot play at all on this firmware.
MOST_LEVEL = N_("LEVEL %d AT MOST|ON CIRCUITPYTHON")
NO_BOARD = N_("TOO BIG FOR CIRCUITPYTHON|2 PLAYERS ONLY")
# On a board on the club network, two more squares of the top row: a game
# against another board, its moves brought by the club (net/club.py).
NET_MODES = (
    (N_("YOU FIRST|AGAINST A BOARD"), ("human", "remote")),
    (N_("OTHER BOARD|FIRST"), ("remote", "human")),
)
REMOTE_RGB = (0, 40, 160)
NO_NETWORK = N_("NO NETWORK")


class Setup:
    def __init__(self, ctx, gid):
        self.ctx = ctx
        self.gid = gid
        self.mod = games.load(gid)
        self.mode = 0
        self.modes = MODES
        if ctx.net is not None and len(MODES) + len(NET_MODES) < ctx.cols:
            self.modes = MODES + NET_MODES
        # The most a backend holds against the board (hal LEVELS: CircuitPython's RAM, speed)
        self.most = getattr(ctx.hal, "LEVELS", {}).get(gid, 5)
        self.level = min(3, max(1, self.most))
        self.option = None          # (name, values that fit, chosen index)
        for name in sorted(self.mod.OPTIONS):
            default, lo, hi = self.mod.OPTIONS[name]
            vals = [v for v in range(lo, hi + 1) if self._fits({name: v})]
            if vals and len(vals) <= ctx.cols:
                best = max([v for v in vals if v <= default] or vals[:1])
                self.option = (name, vals, vals.index(best))
            break
        # A reed board, a game with blocked squares: marked with marker pieces
        # (True) or shown by the LEDs alone (False); None: no choice to make.
        self.markers = None
        if ctx.sensing == "reed" and getattr(self.mod, "MARKERS", None):
            self.markers = True
        self.say(self.guide(), loop=True)

    def guide(self):
        """What each row and square of this set-up does, in parts."""
        parts = [games.NAMES[self.gid], tr("TOP ROW: WHO PLAYS")]
        parts.append(tr("ROW 2: THE BOARD'S LEVEL"))
        if self.markers is not None:
            parts.append(tr("ROW 2 FROM BELOW:|MARKERS OR LEDS ONLY"))
        if self.option is not None:
            parts.append(tr("BOTTOM ROW: {option}").format(option=tr(caps(self.option[0]))))
        parts.append(tr("OK OR GREEN: START"))
        parts.append(tr("MENU: BACK"))
        return "|".join(parts)

    def _fits(self, options):
        w, h = self.mod.layout(options)
        return w <= self.ctx.cols and h <= self.ctx.rows

    def options(self):
        if self.option is None:
            return {}
        name, vals, i = self.option
        return {name: vals[i]}

    def step(self, now, events):
        ctx = self.ctx
        c, top = ctx.cols, ctx.rows - 1
        for key, down in events:
            if not down:
                continue
            if key == ctx.key(MENU):
                return mode("menu", ctx)
            if key == ctx.key(OK) or key == top * c + c - 1:
                ctx.start_square = key if key < ctx.n else None
                return self.start()
            if key >= ctx.n:
                continue
            x, y = key % c, key // c
            if y == top and x < len(self.modes):
                self.mode = x
                said = tr(self.modes[x][0])
                if "remote" in self.modes[x][1] and not ctx.net.online():
                    said += "|" + tr(NO_NETWORK)     # the game waits in the outbox till it is back
                self.say(said if not self.board_plays() or self.most >= 5 else
                         "%s|%s" % (said, self.limit()))
            elif y == top - 1 and x < 5 and self.board_plays():
                self.level = min(x + 1, max(1, self.most))
                self.say(tr("LEVEL %d") % self.level if x < self.most else self.limit())
            elif y == 1 and self.markers is not None and x < 2:
                self.markers = x == 0
                self.say(tr("MARKER PIECES") if self.markers else tr("LEDS ONLY"))
            elif y == 0 and self.option is not None and x < len(self.option[1]):
                name, vals, i = self.option
                self.option = (name, vals, x)
                self.say("%s %d" % (tr(caps(name)), vals[x]))
        if self.scroll.done(now):
            self.say(self.guide(), loop=True)     # a choice said: the guide again
        return None

    def say(self, text, loop=False):
        self.scroll = Scroll(text, self.ctx.cols, TEXT, loop)

    def limit(self):
        return tr(MOST_LEVEL) % self.most if self.most > 0 else tr(NO_BOARD)

    def board_plays(self):
        """Whether the board plays a seat: only then is there a level to choose."""
        return "board" in self.modes[self.mode][1]

    def start(self):
        ctx = self.ctx
        if self.most < 1 and self.board_plays():
            self.say(NO_BOARD)
            return None
        from app import saves
        from app.saves import Settings
        if saves.free_name(ctx.storage, self.gid) is None:
            # Every file of this game holds a kept game: a new one has no room.
            self.say(tr("{n} GAMES KEPT|RESUME OR ABANDON ONE|MENU: BACK").format(n=saves.PER_GAME))
            return None
        ctx.seed += 1
        self.scroll = None          # its guide's columns: the game's first move list needs the room
        play = mode("play", ctx, Settings(self.gid, self.options(), self.modes[self.mode][1], self.level,
                                          self.markers is not False))
        forget("setup")             # this module's code: not needed again until the next set-up
        return play

    def draw(self, scr, now):
        ctx = self.ctx
        c, top = ctx.cols, ctx.rows - 1
        # Here, not at the top: the menu's first frame at boot does without
        # games.common (25 ms of the Pico's boot); the set-up's game has it.
        from games.common import P0, P1, SEED, BLOCK
        self.scroll.draw(scr, now)
        for x in range(len(self.modes)):
            # Each mode square alternates between its two players: a seat's
            # colour for a person, amber for the board, blue for another board.
            players = self.modes[x][1]
            second = (now // 700) & 1
            who = players[second]
            rgb = (LOOK_RGB[SEED] if who == "board" else REMOTE_RGB if who == "remote"
                   else LOOK_RGB[P1 if second else P0])
            if x == self.mode and (now // BLINK_MS) & 1:
                rgb = SELECTED
            scr.set(top * c + x, rgb)
        for x in range(min(5, self.most) if self.board_plays() else 0):
            scr.set((top - 1) * c + x, (0, 40 + 40 * x, 200 - 40 * x) if x < self.level else (8, 8, 8))
        if self.option is not None:
            name, vals, i = self.option
            for x in range(len(vals)):
                scr.set(x, SELECTED if x == i else (40, 40, 0))
        if self.markers is not None:
            for x in range(2):
                on = self.markers == (x == 0)
                rgb = LOOK_RGB[BLOCK] if x == 0 else (8, 8, 8)
                scr.set(c + x, SELECTED if on and (now // BLINK_MS) & 1 else rgb)
        scr.set(top * c + c - 1, START_RGB)
