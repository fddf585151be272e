"""Playing a game on the board: move entry, the AI's turns, undo, hint.

The game lies centred on the grid (app/view.py); its empty squares show
whose turn it is. Rendering is the game's view() plus overlays
(app/overlays.py): the last move, the squares that can come next, an illegal
touch, the AI's move, a hint.

What the LEDs cannot say is said in scrolled words (app/words.py): why a
touch is no move (app/explain.py; the next touch cuts it short), the board's
pass and swap, what the board took in a turn (GAINS), what a pass would end
in. Menu opens the pause choice (app/pause.py): a game is never lost unasked.
The end of a game is app/result.py's.
"""
import games
from compat import ticks_add, ticks_diff
from hal import MENU, OK, UNDO, HINT
from app import saves, overlays, turns
from app.core import mode
from app.entry import Entry, ILLEGAL, PLAY, CHOOSE
from app.overlays import SEQ_MS, START_GREEN, VANISH_MS  # noqa: F401 (the tests' timing)
from app.screen import Scroll, LOOK_RGB, TEXT, AI_MOVE
from app.view import BoardView
from app.words import key_move_question, seat
from app.lang import tr, N_
from app.words import caps

FLASH_MS = 700
AI_SHOW_MS = 2000
REPLY_PAUSE_MS = 300   # the human sees their move land before the board thinks
SPIN_MS = 80           # the thinking spinner steps on a square this often
DEMO = ("board", "board")
EROFS, ENOSPC = 30, 28  # errno: the flash refuses writes (the computer has the drive); it is full
# A save refused because the flash is the computer's (a CircuitPython drive),
# or because the flash is full.
NOT_SAVED_READ_ONLY = N_("DRIVE READ-ONLY|CANNOT SAVE")
NOT_SAVED_FULL = N_("FLASH FULL|CANNOT SAVE")


def _before(now, deadline):
    """True while a deadline (ticks, or None for none) lies ahead: wrap-safe."""
    return deadline is not None and ticks_diff(deadline, now) > 0


def touches(ctx, events):
    """The squares touched, from matrix events: a button board touches on
    press, and so does a reed board in a game played by taps (Pontos, Ouri:
    the LEDs are the board). Games with pieces on a reed board go through
    app.pieces instead."""
    out = ()                  # an idle pass makes no list
    for key, down in events:
        if key < ctx.n and down:
            if not out:
                out = []
            out.append(key)
    return out


def tr_score(g, score):
    """The score as the game says it (1-2, SOUTH 0 NORTH 2), its seats'
    words in the board's language."""
    for s in (0, 1):
        word = caps(g.SEATS[s])
        if word in score:
            score = score.replace(word, seat(g, s))
    return score


class Play:
    def __init__(self, ctx, settings, moves=(), tag="", dead=()):
        self.ctx = ctx
        self.settings = settings
        self.players = settings.players
        self.mod = games.load(settings.gid)
        self.game = self.mod.Game(settings.options)
        self.texts = []
        for t in moves:
            self.game.play_text(t)   # MoveError on a bad save: the caller sets it aside
            self.texts.append(t)
        if dead:
            self.game.set_dead(dead)  # MoveError on a bad save, as above
        # Names this game in its save and its record-book line, so a game is
        # recorded once however often a cut makes it finish again. The record
        # book's size makes it differ from the last game's even when the
        # clock and the moves are the same.
        # The clock mixed with the AI's seed (a 30-bit number: ticks_add refuses
        # a step over half the clock's period on the board, so not that).
        self.tag = tag or saves.new_tag(ctx.storage, ctx.clock.ticks_ms() ^ ctx.seed)
        w, h = self.game.layout()
        self.view = BoardView(ctx, w, h, settings.gid)
        self.w, self.h = w, h
        self.entry = Entry(self.game)
        if not self.humans_turn():
            self.entry.reset(False)
        self.last = ()
        self.flash_cell = None
        self.flash_until = None    # deadlines are ticks: None is none
        self.vanished = ()        # stones just captured, shown fading out
        self.vanished_until = 0   # ticks; read only while vanished holds stones
        self.shown: tuple = ()    # AI move or hint cells, with their colour
        self.shown_rgb = AI_MOVE
        self.shown_until = None
        self.scroll = None
        self.armed = None         # a key move (pass) named by a first OK press
        self.shown_from = 0       # ticks: when the shown cells began (their order is animated)
        self.shown_looks = ()     # a hint's cells as the move would leave them
        self.gain = 0             # what the board took in its turn so far (GAINS)
        self.ai_run = False       # the board moved and moves again: a turn of several moves
        self.next_ai = None       # the board may move from then on
        self.seen = None          # the latest clock read in a step (after the AI thought)
        self.waited = False       # the other board's turn: whom the board waits for, said
        # Answer first: a move's frame goes out in its own pass; its save, the
        # beep and the garbage collection follow in the next pass (chores()).
        self.journal = saves.Journal(ctx.storage, settings.keep)  # its own file
        # Whether the game is over, asked once a move: result() may list the
        # moves (Semaforo), too dear for every pass.
        self.over = self.game.result() is not None
        self.unsaved = []         # journal lines not yet on flash
        self.chores_due = False
        self.answered = False     # this pass changed what the board shows in answer
        # The blinks' beat counts from here (app/overlays.py). A touch's
        # answer restarts it on the still phase: a piece that blinks shows
        # its new state at once, not after the blink's next turn.
        self.beat0 = 0
        # Redraw only what changed (core.App): every change of state bumps
        # version; the board under the blinking overlays is kept in `base`
        # and drawn again only when version moved.
        self.version = 0
        self.base = bytearray(ctx.n * 3)
        self.still = bytearray(ctx.n * 3)   # the board while it thinks (think())
        self.base_version = -1
        self.v = None             # the game's view at base_version
        self.wrong_sq = ()        # real pieces: the squares that disagree, at base_version
        # Real pieces: on a reed board, in a game that has them.
        self.pieces = None
        if ctx.sensing == "reed" and getattr(self.mod, "PIECES", None):
            from app.pieces import Pieces
            self.pieces = Pieces(self, settings.markers)
        ctx.start_square = None
        self.not_saved = False    # a refused save said (once a game)
        if self.texts:
            self.keep(True)   # a resumed game: its journal compacted (a torn last line gone)
        self.net = ctx.net
        if self.net is not None:
            self.net.started(self)    # the club hears of the game (its moves, if resumed)
        if "board" in self.players:
            # What the board's play needs for the whole game, allocated now,
            # while the heap just left by the menu is whole: a game's AI half
            # and its tables load at its first evaluation (Go's go_ai).
            self.game.evaluate()

    # --- squares <-> game cells (app/view.py) -------------------------------
    def square(self, cell):
        return self.view.square(cell)

    def cell(self, square):
        return self.view.cell(square)

    # --- the loop ---------------------------------------------------------
    def humans_turn(self):
        return self.players[self.game.turn] == "human"

    def step(self, now, events):
        ctx = self.ctx
        self.answered = False
        if events:
            self.version += 1
        for key, down in events:
            if not down or key < ctx.n:
                continue
            k = ctx.fkey(key)
            if self.players == DEMO:
                return self.leave()          # any key stops a demo
            if k == MENU:
                self.keep()                   # kept for later: the save is whole
                return mode("pause", ctx, self)   # back, keep for later, or abandon
            elif k == UNDO:
                self.undo()
            elif k == HINT:
                self.hint(now)
            elif k == OK:
                self.ok(now)
        pieces = self.pieces
        for sq in (touches(ctx, events) if pieces is None else pieces.events(events, now)):
            if self.players == DEMO:
                return self.leave()
            self.touch(sq, now)
        if self.answered:
            self.beat0 = now
            return None                     # this pass's frame answers; the rest comes next pass
        if self.chores_due:
            self.chores()
        if self.over:
            return self.finish()
        if pieces is not None:
            pieces.tell(now)                # what to do with them, in words (app/waiting.py)
            if pieces.syncing:
                return None                 # the pieces first: nobody moves until they match
        if self.players[self.game.turn] == "remote":
            turns.remote_turn(self, now)    # the other board's move, when the club brings it
            return None
        if not self.humans_turn() and not _before(now, self.next_ai) and self.scroll is None:
            self.ai_turn(now)
            return None                     # the board's move shown first; its save next pass
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
            self.version += 1
        return None

    def frame_key(self, now):
        """A small int that changes whenever the picture would (core.App)."""
        return overlays.frame_key(self, now)

    def say(self, text, rgb=TEXT):
        self.scroll = Scroll(text, self.ctx.cols, rgb)
        self.version += 1

    def touch(self, sq, now):
        self.answered = True
        self.version += 1
        self.scroll = None
        self.armed = None
        self.shown = ()
        if not self.humans_turn():
            return
        cell = self.cell(sq)
        what, m = (ILLEGAL, None) if cell is None else self.entry.touch(cell)
        if what == ILLEGAL:
            self.refuse(sq, now)
        elif what == PLAY:
            self.play(m)
        elif what == CHOOSE:
            self.ctx.beep(660, 30)

    def flash(self, sq, now):
        """An illegal touch or placement: the square flashes red."""
        self.flash_cell = sq
        self.flash_until = ticks_add(now, FLASH_MS)
        self.ctx.beep(220, 120)

    def refuse(self, sq, now):
        """A touch that is no move: the square flashes red at once and the
        reason scrolls; the next touch cuts the reason short (touch())."""
        self.flash(sq, now)
        from app.explain import reason   # loaded at the first refused touch: heap kept till then
        self.say(reason(self, self.cell(sq)))

    def ok(self, now):
        if self.pieces is not None and self.pieces.repeat(OK):
            return                        # the pieces' words again (OK ends a colour's)
        if not self.humans_turn():
            return
        m = self.entry.ok()
        if m is not None:
            self.play(m)
            return
        keyed = self.entry.key_moves()
        if keyed:
            if self.armed in keyed:
                self.play(self.armed)
                self.armed = None
                return
            self.arm(keyed, 0)
            return
        score = self.game.score_words()
        if score is not None:
            self.say(tr_score(self.game, score))
        else:
            self.say(tr("{seat} TO PLAY").format(seat=seat(self.game, self.game.turn)))

    def play(self, m):
        g = self.game
        seat = g.turn
        if self.players[seat] == "human":
            self.next_ai = ticks_add(self.ctx.clock.ticks_ms(), REPLY_PAUSE_MS)
            self.scroll = None            # a prompt answered, a reason read: the board may go on
        self.last = tuple(g.move_cells(m))
        text = g.move_text(m)
        self.texts.append(text)
        g.play(m)
        if self.net is not None:
            self.net.moved(self, text, seat)
        self.answered = True
        self.version += 1
        captured = getattr(g, "captured_last", None)
        if captured is not None and captured():
            self.vanished = tuple(captured())
            self.vanished_until = ticks_add(self.ctx.clock.ticks_ms(), VANISH_MS)
        self.entry.reset(self.humans_turn())
        self.armed = None
        self.flash_cell = None
        if self.pieces is not None:
            # captures, and a move the players carry out: the board's or the other board's
            self.pieces.moved(self.players[seat] != "human")
        # Saved even when the game just ended: the result screen records the
        # game, then clears the save, so a power cut there resumes to the result
        # (and Go's marking of dead stones) and the game is never lost.
        self.over = g.result() is not None
        self.unsaved.append(saves.move_body(text, self.over))
        self.chores_due = True
        if g.result() is None:
            owed = getattr(g, "owed", None)
            if g.turn == seat and owed is not None and owed() and self.humans_turn():
                self.say(tr("NOW " + caps(owed()) + " ONE"))

    def undo(self):
        """Take back one move; against the board, back to the human's turn."""
        g = self.game
        if not self.texts or "remote" in self.players:
            return                        # against another board: a move made is made there too
        while self.texts:
            g.undo()
            self.texts.pop()
            if self.net is not None:
                self.net.undone(self)
            self.over = False
            self.unsaved.append(saves.UNDO_BODY)
            if self.humans_turn():
                break
        self.answered = True
        self.version += 1
        self.chores_due = True
        self.last = ()
        self.shown = ()
        self.scroll = None
        self.gain = 0
        self.ai_run = False
        self.entry.reset(self.humans_turn())
        if self.pieces is not None:
            self.pieces.undone()          # the pieces to move back
        self.next_ai = ticks_add(self.ctx.clock.ticks_ms(), AI_SHOW_MS)

    def save(self):
        """The whole game written afresh (compaction)."""
        g = self.game
        self.journal.write_all(self.settings, self.texts, self.tag, g.result() is not None,
                               getattr(g, "dead", ()))
        self.unsaved = []

    def flush(self):
        """What changed since the last save, onto flash: appended as journal
        lines; the whole game where the journal has no start yet (a new
        game's first move) or has grown long with take-backs."""
        if not self.unsaved:
            return
        j = self.journal
        if not self.texts:
            j.clear()                     # every move taken back: nothing to resume
            self.unsaved = []
        elif not j.started or j.lines > 2 * len(self.texts) + 32:
            self.save()
        else:
            j.append(self.unsaved)
            self.unsaved = []

    def keep(self, whole=False):
        """flush() (save(): whole), a save the flash refuses said, not
        raised: it is the computer's (read-only) or full. The game goes on
        in RAM with its moves still to save, written whole at the next
        try; the board says why once a game."""
        try:
            if whole:
                self.save()
            else:
                self.flush()
        except OSError as e:
            why = e.args[0] if e.args else None
            if why not in (EROFS, ENOSPC):
                raise
            self.journal.started = False
            if not self.not_saved:
                self.not_saved = True
                self.say(tr(NOT_SAVED_FULL if why == ENOSPC else NOT_SAVED_READ_ONLY))

    def mark_dead(self):
        """Go's dead stones as marked after play, saved at once (the result
        screen is no pass of play's)."""
        self.unsaved.append(saves.dead_body(self.game.dead))
        self.flush()

    def chores(self):
        """The slow work after an answered move: the save, the beep, the
        garbage of the move collected."""
        self.chores_due = False
        self.keep()
        self.ctx.beep(880, 20)
        self.ctx.collect()

    def think(self, level):
        """The board's move, the spinner turning while the AI searches.

        The spinner's frames are the board as it stood when the thinking
        began (kept in `still`), the spinner and the scrolled text over it:
        the search plays its own moves on the game, so they never read the
        game. Where the HAL has a periodic timer (Clock.every) it sends them,
        a step every SPIN_MS whatever the search is doing; elsewhere the
        search's progress calls do, when a step is due."""
        ctx = self.ctx
        clock, scr, view = ctx.clock, ctx.screen, self.view
        t0 = clock.ticks_ms()
        scr.clear()
        overlays.draw(self, scr, t0, text=False)
        still = self.still
        scr.keep(still)
        spun = [0, t0, True]      # frames sent, the last one's time, spinning

        def spin(now):
            if not spun[2]:
                return            # a timer's call that came after the search
            spun[0] += 1
            spun[1] = now
            scr.restore(still)
            view.spinner(scr, spun[0])
            view.say(scr, self.scroll, now)
            ctx.push()

        def progress(_done):
            now = clock.ticks_ms()
            if ticks_diff(now, spun[1]) >= SPIN_MS:
                spin(now)

        spin(t0)
        timer = clock.every(SPIN_MS, spin)
        import ai                 # its first import (tens of ms) with the spinner turning
        ctx.seed = (ctx.seed * 1103515245 + 12345) & 0x3FFFFFFF
        try:
            # The budgets scale with the chip's clock (main.py's set_clock).
            return ai.choose(self.game, level=level, seed=ctx.seed, clock=clock.ticks_ms,
                             progress=progress if timer is None else None,
                             mhz=ctx.board.get("cpu_mhz", ai.BENCH_MHZ))
        finally:
            spun[2] = False
            if timer is not None:
                timer.deinit()
            self.version += 1     # the screen holds a spinner's frame: this pass draws afresh

    def ai_turn(self, now):
        turns.board_moves(self, now)

    def hint(self, now):
        """Hint at any time: a text scrolling over the board is cut short
        (its band would hide the squares the hint lights); while the board
        waits for the pieces, their words are said again instead."""
        if self.pieces is None or not self.pieces.repeat(HINT):
            self.scroll = None
            turns.hint(self, now)

    def show_ms(self, least):
        """How long shown cells stay: at least two rounds of their order."""
        k = len(self.shown)
        return least if k < 2 else max(least, 2 * (k + 2) * SEQ_MS)

    def arm(self, keyed, i):
        """Name a key move; OK plays it. Where there are several (Go's pass
        and, after Black's pass, swap) HINT names the next one instead."""
        self.armed = keyed[i % len(keyed)]
        self.say(key_move_question(self.game, self.players, keyed, i))

    def leave(self):
        self.journal.clear()
        return mode("menu", self.ctx)

    def finish(self):
        self.keep()
        return mode("result", self.ctx, self)

    # --- drawing (app/overlays.py) ------------------------------------------
    def draw(self, scr, now):
        overlays.draw(self, scr, now)


__all__ = ("Play", "touches", "LOOK_RGB")
