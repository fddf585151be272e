"""Playing a game on the board: move entry, the AI's turns, undo, hint, the result.

The game lies centred on the grid, framed by a ring of dim squares where it
is smaller; its empty squares show whose turn it is. Rendering is the game's
view() plus overlays: the last move, the squares that can come next, an
illegal touch, the AI's move, a hint, the winning cells.

What the LEDs cannot say is said in scrolled words: why a touch is no move
(app/explain.py; the next touch cuts it short), the board's pass and swap,
what the board took in a turn (GAINS), what a pass would end in. Menu opens
the pause choice (app/pause.py): a game is never lost unasked.
"""
import games
from compat import ticks_add, ticks_diff
from games.common import DRAW, EMPTY, P0, P1, BLACK, WHITE
from hal import MENU, OK, UNDO, HINT
from app import saves
from app.core import mode, log_exception
from app.entry import Entry, ILLEGAL, PLAY, CHOOSE
from app.screen import (Scroll, LOOK_RGB, TEXT, TARGET, SELECTED, LAST, ERROR, AI_MOVE,
                        HINT as HINT_RGB, WIN, DEAD, THINK, LIFT, FRAME)

FLASH_MS = 700
AI_SHOW_MS = 2000
HINT_SHOW_MS = 3000
DEMO_PAUSE_MS = 900
VANISH_MS = 1500
REPLY_PAUSE_MS = 300   # the human sees their move land before the board thinks
SEQ_MS = 400           # a shown move's squares light one after another, in order
START_GREEN = 8        # the green added to an empty square where a move can start


def _before(now, deadline):
    """True while a deadline (ticks, or None for none) lies ahead: wrap-safe."""
    return deadline is not None and ticks_diff(deadline, now) > 0


# Seat names that say nothing to the players at the table (an order, game
# coordinates): the result and prompts name those seats by the colour the
# board shows them in instead.
_COLOUR_WORDS = {P0: "BLUE", P1: "ORANGE", BLACK: "BLACK", WHITE: "WHITE"}


def seat_word(g, seat):
    """A seat as the players know it: its name (BLACK, CATS, SOUTH), or the
    colour of its side on the board where the name is an order or a square
    (Semaforo's FIRST, Rastros' GOAL A1)."""
    name = g.seat_name(seat)
    low = name.lower()
    if low in ("first", "second") or low.startswith("goal") or low.startswith("seat"):
        look = P0 if seat == 0 else P1
        return _COLOUR_WORDS[look]
    return name.upper()


def outcome(g, players):
    """The result in words: YOU WIN / BOARD WINS against the board, the
    winner's name otherwise, the winner's score first; None while playing."""
    r = g.result()
    if r is None:
        return None
    s = g.score()
    if r == DRAW:
        text = "DRAW"
        if s is not None:
            text += " %d-%d" % (s[0], s[1])
        return text
    humans = [i for i in (0, 1) if players[i] == "human"]
    if len(humans) == 1:
        text = "YOU WIN" if r == humans[0] else "BOARD WINS"
    else:
        text = "%s WINS" % seat_word(g, r)
    if s is not None:
        text += " %d-%d" % (s[r], s[1 - r])
    return text


def book_text(g):
    """The result as the record book keeps it: the game's seat names (FIRST,
    SECOND, BLACK...) and the score by seat, whoever played."""
    r = g.result()
    text = "DRAW" if r == DRAW else "%s WINS" % g.seat_name(r).upper()
    s = g.score()
    if s is not None:
        text += " %d-%d" % (s[0], s[1])
    return text


def touches(ctx, events):
    """The squares touched, from matrix events: a button board touches on
    press, and so does a reed board in a game played by taps (Pontos, Ouri:
    the LEDs are the board). Games with pieces on a reed board go through
    app.pieces instead."""
    out = []
    for key, down in events:
        if key < ctx.n and down:
            out.append(key)
    return out


class Play:
    def __init__(self, ctx, gid, options, players, level, moves=(), tag="", dead=(), markers=True):
        self.ctx = ctx
        self.gid = gid
        self.options = dict(options)
        self.players = tuple(players)
        self.level = level
        self.markers = bool(markers)  # reed boards: blocked squares marked with pieces
        self.mod = games.load(gid)
        self.game = self.mod.Game(self.options)
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
        if w > ctx.cols or h > ctx.rows:
            # Centred on a smaller grid its rows would wrap onto each other.
            raise ValueError("%s needs %dx%d squares; this board has %dx%d"
                             % (gid, w, h, ctx.cols, ctx.rows))
        self.w, self.h = w, h
        self.ox = (ctx.cols - w) // 2
        self.oy = (ctx.rows - h) // 2
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
        self.result_mode = None
        # Real pieces: on a reed board, in a game that has them.
        self.pieces = None
        if ctx.sensing == "reed" and getattr(self.mod, "PIECES", None):
            from app.pieces import Pieces
            self.pieces = Pieces(self, markers)

    # --- squares <-> game cells ------------------------------------------
    def square(self, cell):
        return (self.oy + cell // self.w) * self.ctx.cols + self.ox + cell % self.w

    def cell(self, square):
        x = square % self.ctx.cols - self.ox
        y = square // self.ctx.cols - self.oy
        if 0 <= x < self.w and 0 <= y < self.h:
            return y * self.w + x
        return None

    # --- the loop ---------------------------------------------------------
    def humans_turn(self):
        return self.players[self.game.turn] == "human"

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            if not down or key < ctx.n:
                continue
            k = ctx.fkey(key)
            if self.players == ("board", "board"):
                return self.leave()          # any key stops a demo
            if k == MENU:
                return mode("pause", ctx, self)   # back, keep for later, or abandon
            elif k == UNDO:
                self.undo()
            elif k == HINT:
                self.hint(now)
            elif k == OK:
                self.ok(now)
        pieces = self.pieces
        for sq in (touches(ctx, events) if pieces is None else pieces.events(events, now)):
            if self.players == ("board", "board"):
                return self.leave()
            self.touch(sq, now)
        if self.game.result() is not None:
            return self.finish()
        if pieces is not None and pieces.syncing:
            return None                     # the pieces first: nobody moves until they match
        if not self.humans_turn() and not _before(now, self.next_ai) and self.scroll is None:
            self.ai_turn(now)
            if self.game.result() is not None:
                return self.finish()
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def say(self, text, rgb=TEXT):
        self.scroll = Scroll(text, self.ctx.cols, rgb)

    def touch(self, sq, now):
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
        score = self.game.score()
        if score is not None:
            self.say("%d-%d" % (score[0], score[1]))
        else:
            self.say("%s TO PLAY" % seat_word(self.game, self.game.turn))

    def play(self, m):
        g = self.game
        seat = g.turn
        if self.players[seat] == "human":
            self.next_ai = ticks_add(self.ctx.clock.ticks_ms(), REPLY_PAUSE_MS)
            self.scroll = None            # a prompt answered, a reason read: the board may go on
        self.last = tuple(g.move_cells(m))
        self.texts.append(g.move_text(m))
        g.play(m)
        captured = getattr(g, "captured_last", None)
        if captured is not None and captured():
            self.vanished = tuple(captured())
            self.vanished_until = ticks_add(self.ctx.clock.ticks_ms(), VANISH_MS)
        self.entry.reset(self.humans_turn())
        self.armed = None
        self.flash_cell = None
        if self.pieces is not None:
            self.pieces.refresh()         # captures, the board's move: the pieces to move
        # Saved even when the game just ended: the result screen records the
        # game, then clears the save, so a power cut there resumes to the result
        # (and Go's marking of dead stones) and the game is never lost.
        self.save()
        if g.result() is None:
            owed = getattr(g, "owed", None)
            if g.turn == seat and owed is not None and owed() and self.humans_turn():
                self.say("NOW %s" % owed().upper())
        self.ctx.beep(880, 20)
        self.ctx.collect()

    def undo(self):
        """Take back one move; against the board, back to the human's turn."""
        g = self.game
        if not self.texts:
            return
        while self.texts:
            g.undo()
            self.texts.pop()
            if self.humans_turn():
                break
        self.last = ()
        self.shown = ()
        self.scroll = None
        self.gain = 0
        self.ai_run = False
        self.entry.reset(self.humans_turn())
        if self.pieces is not None:
            self.pieces.refresh()         # the pieces to move back
        if self.texts:
            self.save()
        else:
            saves.clear(self.ctx.storage)
        self.next_ai = ticks_add(self.ctx.clock.ticks_ms(), AI_SHOW_MS)

    def save(self):
        g = self.game
        saves.write(self.ctx.storage, self.gid, self.options, self.players, self.level, self.texts,
                    self.tag, g.result() is not None, getattr(g, "dead", ()), self.markers)

    def think(self, level):
        import ai
        ctx = self.ctx
        t0 = ctx.clock.ticks_ms()
        state = [None]            # when the spinner was last drawn

        def progress(depth):
            now = ctx.clock.ticks_ms()
            if state[0] is None or ticks_diff(now, state[0]) >= 60:
                state[0] = now
                self.draw(ctx.screen, now, thinking=ticks_diff(now, t0) // 60)
                ctx.push()

        progress(0)
        ctx.seed = (ctx.seed * 1103515245 + 12345) & 0x3FFFFFFF
        # The budgets scale with the chip's clock (main.py's set_clock).
        return ai.choose(self.game, level=level, seed=ctx.seed, clock=ctx.clock.ticks_ms,
                         progress=progress, mhz=ctx.board.get("cpu_mhz", ai.BENCH_MHZ))

    def ai_turn(self, now):
        m = self.think(self.level)
        g = self.game
        seat = g.turn
        again = self.ai_run
        before = g.score()
        self.play(m)
        text = self.texts[-1]
        demo = self.players == ("board", "board")
        gains = getattr(self.mod, "GAINS", None)
        if gains is not None and before is not None:
            self.gain += g.score()[seat] - before[seat]
        if text in ("pass", "swap") and g.result() is None:
            # Nothing on the LEDs shows these: say them.
            if text == "pass":
                self.say("BOARD PASSES" + (" - A PASS ENDS THE GAME" if self.ends_with_pass() else ""))
            else:
                self.say("BOARD SWAPS - IT PLAYS %s" % seat_word(g, seat))
        elif g.turn != seat and self.gain > 0 and not demo and g.result() is None:
            # Seeds or boxes taken: the store's bars change, but by how much is
            # not plain to see. Said once the board's turn is over.
            self.say("BOARD TAKES %d %s" % (self.gain, gains[0] if self.gain == 1 else gains[1]))
        # A turn of several moves (boxes closed, Sesqui's two actions, Produto's
        # two stones): each is shown, in order, and the board waits between them.
        self.shown = (self.shown if again else ()) + self.last
        self.shown_looks = ()
        self.ai_run = g.turn == seat
        if not self.ai_run:
            self.gain = 0
        self.shown_rgb = AI_MOVE
        after = self.ctx.clock.ticks_ms()
        self.seen = after
        self.shown_from = after
        self.shown_until = ticks_add(after, self.show_ms(AI_SHOW_MS))
        pause = DEMO_PAUSE_MS if demo or g.turn == seat else 0
        self.next_ai = ticks_add(after, pause)

    def show_ms(self, least):
        """How long shown cells stay: at least two rounds of their order."""
        k = len(self.shown)
        return least if k < 2 else max(least, 2 * (k + 2) * SEQ_MS)

    def arm(self, keyed, i):
        """Name a key move; OK plays it. Where there are several (Go's pass
        and, after Black's pass, swap) HINT names the next one instead."""
        m = self.armed = keyed[i % len(keyed)]
        text = "%s? OK" % self.game.move_text(m).upper()
        g = self.game
        g.play(m)
        end = outcome(g, self.players)
        then = None
        if end is None and self.players[g.turn] == "board" and self.ends_with_pass():
            # Against the board: its pass would end the game at once, with no
            # further question, so the human hears now what it would end in.
            p = self.pass_move()
            g.play(p)
            then = outcome(g, self.players)
            g.undo()
        g.undo()
        if end is not None:
            # Say what the move would end in before it does (Go's second pass).
            text = "%s ENDS: %s? OK" % (g.move_text(m).upper(), end)
        elif then is not None:
            text = "%s? OK - IF THE BOARD PASSES TOO IT ENDS: %s" % (g.move_text(m).upper(), then)
        if len(keyed) > 1:
            other = keyed[(i + 1) % len(keyed)]
            text += " - HINT: %s" % self.game.move_text(other).upper()
        self.say(text)

    def pass_move(self):
        """The side to move's pass, or None where it has none."""
        g = self.game
        for m in g.moves():
            if not g.move_cells(m) and g.move_text(m) == "pass":
                return m
        return None

    def ends_with_pass(self):
        """Whether a pass by the side to move would end the game."""
        g = self.game
        m = self.pass_move()
        if m is None:
            return False
        g.play(m)
        over = g.result() is not None
        g.undo()
        return over

    def hint(self, now):
        if not self.humans_turn():
            return
        keyed = self.entry.key_moves()
        if self.armed in keyed and len(keyed) > 1:
            self.arm(keyed, keyed.index(self.armed) + 1)
            return
        m = self.think(max(self.level, 3))
        g = self.game
        cells = tuple(g.move_cells(m))
        self.entry.reset(self.humans_turn())
        if cells:
            # The squares in the order they are touched (Amazonas: from, to,
            # arrow), each also showing what it would hold (Produto's colour).
            g.play(m)
            v = g.view()
            self.shown_looks = tuple(v[c] for c in cells)
            g.undo()
            self.shown = cells
            self.shown_rgb = HINT_RGB
            t = self.ctx.clock.ticks_ms()
            self.shown_from = t
            self.shown_until = ticks_add(t, self.show_ms(HINT_SHOW_MS))
        else:
            self.say(g.move_text(m).upper())

    def leave(self):
        saves.clear(self.ctx.storage)
        return mode("menu", self.ctx)

    def finish(self):
        return Result(self.ctx, self)

    # --- drawing ------------------------------------------------------------
    def draw_board(self, scr, view=None):
        """The game's view; its empty squares faintly in the colour of the side
        to move, so the board shows whose turn it is. Around a game smaller
        than the grid a dim frame, and dark beyond it: the game's area is
        always visible."""
        ctx = self.ctx
        g = self.game
        r, gr, b = LOOK_RGB[g.turn_look()] if g.result() is None else LOOK_RGB[EMPTY]
        tint = (r // 12 + 1, gr // 12 + 1, b // 12 + 1)
        if self.w < ctx.cols or self.h < ctx.rows:
            x0, y0, x1, y1 = self.ox - 1, self.oy - 1, self.ox + self.w, self.oy + self.h
            cols = ctx.cols
            for sq in range(ctx.n):
                x, y = sq % cols, sq // cols
                if x0 <= x <= x1 and y0 <= y <= y1:
                    scr.set(sq, FRAME)
        v = view if view is not None else g.view()
        for c in range(self.w * self.h):
            look = v[c]
            scr.set(self.square(c), tint if look == EMPTY else LOOK_RGB[look])

    def draw(self, scr, now, thinking=None):
        if self.seen is not None and ticks_diff(self.seen, now) > 0:
            # The board thought after this pass read the clock: draw at the time
            # its deadlines were set from, so one pass has one time.
            now = self.seen
        scr.clear()
        pending = self.entry.pending()
        if pending is not None:
            # Show the board as it would be after the selected move.
            self.game.play(pending)
            v = self.game.view()
            self.game.undo()
            self.draw_board(scr, v)
        else:
            v = self.game.view()      # once a pass: the targets read it too
            self.draw_board(scr, v)
        blink = (now // 250) & 1
        if self.last and (now // 250) % 6 == 0:
            for c in self.last:
                scr.set(self.square(c), LAST)
        if self.humans_turn():
            self.draw_targets(scr, blink, pending, None if pending is not None else v)
        if self.vanished and _before(now, self.vanished_until):
            fade = min(255, ticks_diff(self.vanished_until, now) * 255 // VANISH_MS)
            for c in self.vanished:
                scr.set(self.square(c), (fade, fade // 3, 0) if blink else (0, 0, 0))
        if self.shown and _before(now, self.shown_until):
            self.draw_shown(scr, now, blink)
        flashing = self.flash_cell is not None and _before(now, self.flash_until)
        if flashing and not blink:
            for c in self.entry.next_cells():
                scr.set(self.square(c), TARGET)
        if self.pieces is not None:
            self.draw_wrong(scr, blink)
        if thinking is not None:
            ring = _ring(self.ctx.cols, self.ctx.rows)
            scr.set(ring[thinking % len(ring)], THINK)
            scr.set(ring[(thinking + len(ring) // 2) % len(ring)], THINK)
        if self.scroll is not None:
            _band(scr, self.ctx)
            self.scroll.draw(scr, now)
        if flashing and blink:
            scr.set(self.flash_cell, ERROR)   # over the text: the refused square shows at once

    def draw_targets(self, scr, blink, pending, v=None):
        """What can be done now. Before a touch: the pieces that can move blink
        and the empty squares where a move starts (a placement) are tinted a
        little greener, so a full board of them stays readable; after a touch,
        the squares that can come next."""
        entry = self.entry
        if v is None:
            v = self.game.view()
        # A game played by taps (Ouri, Pontos) has no PIECES: its seats' own
        # looks are what a move starts from (Ouri's pits).
        pieces = getattr(self.mod, "PIECES", None) or (P0, P1)
        for c in entry.next_cells():
            look = v[c]
            sq = self.square(c)
            if entry.touched:
                if look <= 1 or blink:
                    scr.set(sq, TARGET)
            elif look in pieces:
                if blink:
                    scr.set(sq, TARGET)
            else:
                r, gr, b = scr.get(sq)
                scr.set(sq, (r, min(255, gr + START_GREEN), b))
        for c in entry.touched:
            if pending is None or blink:
                scr.set(self.square(c), SELECTED)

    def draw_shown(self, scr, now, blink):
        """The board's move or a hint: one square blinks; several light one
        after another in the order they are touched (from, to, arrow), then
        all, then none. A hint's square also shows what it would hold
        (Produto's stone colour) between blinks."""
        cells = self.shown
        k = len(cells)
        if k == 1:
            sq = self.square(cells[0])
            if blink:
                scr.set(sq, self.shown_rgb)
            elif self.shown_looks and self.shown_looks[0] > 1:
                scr.set(sq, LOOK_RGB[self.shown_looks[0]])
            return
        phase = ticks_diff(now, self.shown_from) // SEQ_MS % (k + 2)
        for i in range(min(phase, k)):
            scr.set(self.square(cells[i]), self.shown_rgb)


    def draw_wrong(self, scr, blink):
        """Real pieces: each square that disagrees with the game blinks with
        what it should hold: the piece's colour, red where a square must be
        cleared (a capture, a piece put down wrongly), or the lift colour on
        the from-square of the move just made. The piece in hand and one
        being put down are not wrong."""
        p = self.pieces
        hand = [self.square(c) for c in self.entry.touched]
        if p.resting is not None:
            hand.append(p.resting[0])
        v = self.game.view()
        for sq in p.wrong():
            if sq in hand:
                continue
            c = self.cell(sq)
            if p.expected[sq]:
                scr.set(sq, LOOK_RGB[v[c]] if blink else (0, 0, 0))
            elif blink:
                scr.set(sq, LIFT if c is not None and c in self.last else ERROR)


def _ring(cols, rows):
    """The border squares in order round the board, for the thinking spinner."""
    out = [x for x in range(cols)]
    out += [y * cols + cols - 1 for y in range(1, rows)]
    out += [(rows - 1) * cols + x for x in range(cols - 2, -1, -1)]
    out += [y * cols for y in range(rows - 2, 0, -1)]
    return out


def _band(scr, ctx):
    """Darken the rows the scrolled text uses, so it reads over the board."""
    top = (ctx.rows - 5) // 2 + 4
    for y in range(top - 4, top + 1):
        for x in range(ctx.cols):
            scr.set(y * ctx.cols + x, (0, 0, 0))


class Result:
    """The game is over: the winning cells blink and the result scrolls.

    OK scrolls it again, Undo takes back the last move and plays on, Menu
    leaves. In Go, after the two passes, touching a stone marks its group
    dead (or alive again) and OK confirms the count.
    """

    def __init__(self, ctx, play):
        self.ctx = ctx
        self.play = play
        g = play.game
        self.marking = hasattr(g, "set_dead")
        if self.marking:
            text = "MARK DEAD STONES THEN OK"
            seat = g.turn ^ 1                 # who made the last move
            if play.texts and play.texts[-1] == "pass" and play.players[seat] == "board":
                text = "BOARD PASSES: GAME OVER - " + text   # its pass ended the game
            self.scroll = Scroll(text, ctx.cols, TEXT)
        else:
            self.close()

    def announce(self):
        """What the board says: YOU WIN / BOARD WINS against it, else the
        winner by name or colour, the winner's score first."""
        return outcome(self.play.game, self.play.players)

    def close(self):
        self.marking = False
        self.record()
        saves.clear(self.ctx.storage)
        self.scroll = Scroll(self.announce(), self.ctx.cols, WIN)

    def record(self):
        """Into the record book (once, whatever cut came before), before the
        save is cleared."""
        p = self.play
        saves.record(self.ctx.storage, p.gid, p.options, p.texts, book_text(p.game), p.tag,
                     log_exception)

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            if not down:
                continue
            k = ctx.fkey(key)
            if k == MENU:
                if self.marking:     # left uncounted: recorded with the marks as they are
                    self.record()
                saves.clear(ctx.storage)
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
                    self.scroll = Scroll(self.announce(), ctx.cols, WIN)
            elif k < 0 and self.marking:
                self.toggle_dead(key)
        if self.scroll is not None and self.scroll.done(now):
            self.scroll = None
        return None

    def toggle_dead(self, sq):
        g = self.play.game
        c = self.play.cell(sq)
        if c is None or g.view()[c] <= 1:
            return
        group = g.group(c)
        dead = list(g.dead)
        if c in dead:
            dead = [d for d in dead if d not in group]
        else:
            dead += [d for d in group if d not in dead]
        g.set_dead(dead)
        self.play.save()          # a cut while marking resumes with the marks

    def draw(self, scr, now):
        p = self.play
        p.draw_board(scr)
        g = p.game
        if self.marking:
            for c in g.dead:
                scr.set(p.square(c), DEAD if (now // 300) & 1 else LOOK_RGB[g.view()[c]])
        elif (now // 300) & 1:
            for c in g.highlight():
                scr.set(p.square(c), WIN)
        if self.scroll is not None:
            _band(scr, self.ctx)
            self.scroll.draw(scr, now)
