"""The end of a game: the result on the board, and recording it.

Result (a mode): the winning cells blink and the result scrolls. OK scrolls
it again, Undo takes back the last move and plays on, Menu leaves. In Go,
after the two passes, touching a stone marks its group dead (or alive again)
and OK confirms the count.

record_game() puts a game in the record book: the one way it is done, by
the result screen, and when a kept game is abandoned (app/pause.py,
app/kept.py): a game that had not ended is recorded NOT FINISHED.
"""
import games
from compat import ticks_add
from hal import MENU, OK, UNDO
from app import saves
from app.core import mode, log_exception, release_ai
from app.screen import Scroll, LOOK_RGB, TEXT, WIN, DEAD
from app.words import outcome, book_text, book_extra
from app.lang import tr

AI_SHOW_MS = 2000      # after an undo here, the board waits this long before it moves


def record_game(ctx, settings, texts, tag, game=None, dead=()):
    """Record a game in the record book (once, whatever cut came before; see
    saves.record): its result, or NOT FINISHED. Without `game` it is rebuilt
    from the moves (and Go's dead stones) to name its result."""
    g = game
    if g is None:
        g = games.load(settings.gid).Game(settings.options)
        for t in texts:
            g.play_text(t)
        if dead:
            g.set_dead(dead)
    if g.result() is None:
        return record_unfinished(ctx, settings, texts, tag)
    if ctx.net is not None:
        ctx.net.ended(tag, book_text(g))        # the club hears of it as the book does
    return saves.record(ctx.storage, settings.gid, settings.options, texts, book_text(g), tag,
                        log_exception, book_extra(settings, g))


def record_unfinished(ctx, settings, texts, tag):
    """A kept game abandoned before its end, into the record book as NOT
    FINISHED (its tag marked, see records.UNFINISHED_TAG). Its game is not
    loaded: there is no result to name."""
    if ctx.net is not None:
        ctx.net.ended(tag, saves.UNFINISHED)
    return saves.record(ctx.storage, settings.gid, settings.options, texts, saves.UNFINISHED,
                        tag + saves.UNFINISHED_TAG, log_exception, book_extra(settings, None))


class Result:
    def __init__(self, ctx, play):
        self.ctx = ctx
        self.play = play
        self.view = play.view
        # The game is over: the AI's tables (Go's level-5 tree is 38.5 KB) go
        # back before the record is written. An undo here builds them again
        # at the board's next move (mcts builds a smaller tree if it must).
        release_ai()
        g = play.game
        self.marking = hasattr(g, "set_dead")
        if self.marking:
            text = tr("TOUCH THE DEAD STONES|THEN OK")
            seat = g.turn ^ 1                 # who made the last move
            if play.texts and play.texts[-1] == "pass" and play.settings.players[seat] == "board":
                text = tr("BOARD PASSES: GAME OVER") + "|" + text   # its pass ended the game
            self.scroll = Scroll(text, ctx.cols, TEXT)
        else:
            self.close()

    def announce(self):
        """What the board says: YOU WIN / BOARD WINS against it, else the
        winner by name or colour, the winner's score first."""
        return outcome(self.play.game, self.play.settings.players)

    def say(self):
        """The result scrolled, then what the keys do now."""
        said = self.announce() or ""      # the game is over here: there is a result
        self.scroll = Scroll(said + tr("|OK: SAY IT AGAIN|UNDO: TAKE BACK A MOVE|MENU: LEAVE"),
                             self.ctx.cols, WIN)

    def close(self):
        self.marking = False
        self.record()
        self.play.journal.clear()     # an Undo here writes the game afresh
        self.say()

    def record(self):
        """Into the record book, before the save is cleared."""
        p = self.play
        record_game(self.ctx, p.settings, p.texts, p.tag, p.game)

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            if not down:
                continue
            k = ctx.fkey(key)
            if k == MENU:
                if self.marking:     # left uncounted: recorded with the marks as they are
                    self.record()
                self.play.journal.clear()
                return mode("menu", ctx)
            if k == UNDO:
                p = self.play
                p.undo()
                p.next_ai = ticks_add(now, AI_SHOW_MS)
                return p
            if k == OK:
                if self.marking:
                    self.close()
                else:
                    self.say()
            elif k < 0 and self.marking:
                self.toggle_dead(key)
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def toggle_dead(self, sq):
        g = self.play.game
        c = self.view.cell(sq)
        if c is None or g.view()[c] <= 1:
            return
        group = g.group(c)
        dead = list(g.dead)
        if c in dead:
            dead = [d for d in dead if d not in group]
        else:
            dead += [d for d in group if d not in dead]
        g.set_dead(dead)
        self.play.mark_dead()     # a cut while marking resumes with the marks

    def draw(self, scr, now):
        view, g = self.view, self.play.game
        view.draw(scr, g)
        if self.marking:
            v = g.view()
            for c in g.dead:
                scr.set(view.square(c), DEAD if (now // 300) & 1 else LOOK_RGB[v[c]])
        elif (now // 300) & 1:
            for c in g.highlight():
                scr.set(view.square(c), WIN)
        view.say(scr, self.scroll, now)
