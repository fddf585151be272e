"""Replaying the last games of the record book on the board, move by move.

Records (the list): the last games, one square each along the top row, the
newest at the left, in its game's menu colours. A touch points at a game and
scrolls its name and result; touching it again, or OK, opens it. HINT points
at the next older game, UNDO at the next newer one; Menu goes back to the menu.

Replay (one game): its start position, then OK or HINT plays the next move
and UNDO takes one back. The squares of the move just made blink, as after a
move in play; a move without squares (a pass) is scrolled. After the last
move the result is scrolled as the board said it at the game's end (the
line says who played each seat) and the cells that decided it blink. Menu
goes back to the list. The board only shows: nobody moves pieces, so on a
reed board the switches are not read and nothing waits for pieces to match.

The book is read from its end a chunk at a time (saves.records_back), never
whole into RAM; the list keeps each game's line as it is (one bytes object)
and splits it into moves only when the game is opened. A line whose game is
not on this board, is no board game (a race's times) or needs a bigger grid
is not listed; a game whose moves no longer parse (a rule changed, an edited
book) is dropped from the list when opened, with a message. The game's module
is loaded for the replay and given back on leaving it.
"""
import games
from hal import MENU, OK, UNDO, HINT
from app import saves
from app.core import Message, mode, back_at_menu, log_exception
from app.screen import Scroll, LOOK_RGB, TEXT, SELECTED, LAST, ERROR, WIN
from app.view import BoardView
from app.words import said_result
from app.lang import N_, tr
from app.words import caps

BLINK_MS = 400
LAST_MS = 250


def _fits(gid, options, cols, rows):
    """Whether the game with these options fits the grid (games.LAYOUTS: no
    game is imported). A game recorded without its option played the
    default: any value that fits will do here, and opening it checks."""
    name, rows_ = games.LAYOUTS[gid]
    if name is None and options or name is not None and [k for k in options if k != name]:
        return False
    for v, w, h in rows_:
        if (name is None or name not in options or v == options[name]) and w <= cols and h <= rows:
            return True
    return False


def said(rec, mod):
    """A parsed record's result as the board said it at the game's end (YOU
    WIN, BOARD WINS, BLUE WINS 5-3), from who played each seat where the
    line says it."""
    players = rec[5].get("players", "").split(",")
    return said_result(mod.Game, rec[2], rec[3], players if len(players) == 2 else None)


def last_games(ctx, n):
    """The newest n games of the record book this board can replay, newest
    first, as (game id, result, line)."""
    installed = games.installed(games.SETUP)     # board games: a race has no moves to show
    out = []
    for line in saves.records_back(ctx.storage):
        rec = saves.parse_record(line)
        if rec is None or rec[0] not in installed:
            continue
        if not _fits(rec[0], rec[1], ctx.cols, ctx.rows):
            continue
        out.append((rec[0], rec[2], line))
        if len(out) == n:
            break
    return out


class Records:
    """The list of the last games: pick one to replay."""

    def __init__(self, ctx, entries=None, pointed=None):
        self.ctx = ctx
        self.entries = last_games(ctx, ctx.cols) if entries is None else entries
        self.looks = dict((row[0], (row[2], row[3])) for row in games.CATALOG)
        self.pointed = None
        self.scroll = Scroll(tr("LAST GAMES|TOUCH ONE TO SEE IT|MENU: BACK"), ctx.cols, TEXT, loop=True)
        if pointed is not None and pointed < len(self.entries):
            self.point(pointed)

    def square(self, k):
        c = self.ctx.cols
        return (self.ctx.rows - 1) * c + k

    def point(self, k):
        self.pointed = k
        gid, result, line = self.entries[k]
        try:
            # The game's seat words are its module's: loaded for this line
            # and given back at once, so pointing along the list holds none.
            result = said(saves.parse_record(line), games.load(gid))
        except Exception as e:
            log_exception(self.ctx.storage, e, "replay list")
        games.unload()
        self.scroll = Scroll(tr("{game}|{result}|OK: REPLAY IT|HINT: OLDER - UNDO: NEWER").format(
            game=games.NAMES[gid], result=result), self.ctx.cols, TEXT, loop=True)

    def step(self, now, events):
        ctx = self.ctx
        if not self.entries:
            return Message(ctx, N_("NO GAMES TO REPLAY"), lambda: mode("menu", ctx))
        n = len(self.entries)
        for key, down in events:
            if not down:
                continue
            k = ctx.fkey(key)
            if k == MENU:
                return mode("menu", ctx)
            if k == OK:
                return self.open(self.pointed or 0)
            if k == HINT or k == UNDO:
                step = 1 if k == HINT else -1
                self.point(((-1 if self.pointed is None else self.pointed) + step) % n)
            elif k < 0:
                for i in range(n):
                    if self.square(i) == key:
                        if self.pointed == i:
                            return self.open(i)
                        self.point(i)
        return None

    def open(self, k):
        ctx = self.ctx
        try:
            return Replay(ctx, self.entries, k)
        except Exception as e:
            # A move that no longer parses, a grid too small: this game cannot
            # be shown. It leaves the list; nothing else changes. Anything but
            # a refused move or option is a fault worth the error log.
            if not isinstance(e, ValueError):
                log_exception(ctx.storage, e, "replay")
            back_at_menu(ctx)
            rest = self.entries[:k] + self.entries[k + 1:]
            return Message(ctx, N_("CANNOT REPLAY THIS GAME"), lambda: Records(ctx, rest), ERROR)

    def draw(self, scr, now):
        self.scroll.draw(scr, now)
        blink = (now // BLINK_MS) & 1
        for k in range(len(self.entries)):
            looks = self.looks[self.entries[k][0]]
            rgb = LOOK_RGB[looks[(now // 1000 + k) & 1]]
            if k == self.pointed and blink:
                rgb = SELECTED
            scr.set(self.square(k), rgb)


class Replay:
    """One recorded game, stepped through with the keys."""

    def __init__(self, ctx, entries, k):
        self.ctx = ctx
        self.entries = entries
        self.k = k
        gid, self.result, line = entries[k]
        rec = saves.parse_record(line)
        self.mod = games.load(gid)
        g = self.game = self.mod.Game(rec[1])
        w, h = g.layout()
        self.view = BoardView(ctx, w, h, gid)
        # Every move parsed now, so a bad one shows before the replay starts;
        # then back to the start position. The moves are kept as small ints.
        self.moves = [g.play_text(t) for t in rec[3]]
        for _ in self.moves:
            g.undo()
        self.result = said(rec, self.mod)
        self.at = 0             # moves shown so far
        self.last = ()
        self.scroll = Scroll(tr("{game}|OK: NEXT MOVE|UNDO: BACK").format(game=games.NAMES[gid]),
                             ctx.cols, TEXT)

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            k = ctx.fkey(key)
            if not down or k < 0:
                continue        # squares: the board only shows (pieces are not followed)
            self.scroll = None
            if k == MENU:
                return self.leave()
            if k == OK or k == HINT:
                self.forward()
            elif k == UNDO:
                self.back()
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def forward(self):
        if self.at == len(self.moves):
            self.say_result()
            return
        self.game.play(self.moves[self.at])
        self.at += 1
        self.shown()
        if self.at == len(self.moves):
            self.say_result()

    def back(self):
        if self.at > 0:
            self.game.undo()
            self.at -= 1
            self.shown()

    def shown(self):
        """The squares of the move just made (taken back and made again to
        ask the game); a move without squares is said instead."""
        self.last = ()
        if self.at == 0:
            return
        g, m = self.game, self.moves[self.at - 1]
        g.undo()
        cells, text = tuple(g.move_cells(m)), g.move_text(m)
        g.play(m)
        self.last = cells
        if not cells:
            self.scroll = Scroll(tr(caps(text)), self.ctx.cols, TEXT)

    def say_result(self):
        self.scroll = Scroll(self.result, self.ctx.cols, WIN)

    def leave(self):
        """Back to the list; the game's module goes back to the heap first."""
        ctx = self.ctx
        self.game = self.mod = None
        back_at_menu(ctx)
        return Records(ctx, self.entries, self.k)

    def draw(self, scr, now):
        g, view = self.game, self.view
        if g is None:
            return
        view.draw(scr, g)             # as in play
        if self.last and (now // LAST_MS) % 3 == 0:
            for c in self.last:
                scr.set(view.square(c), LAST)
        if self.at == len(self.moves) and (now // 300) & 1:
            for c in g.highlight():
                scr.set(view.square(c), WIN)
        view.say(scr, self.scroll, now)
