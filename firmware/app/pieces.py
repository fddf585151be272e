"""Real pieces on a reed board: what stands where, against what the game says.

A reed switch closes under a piece with a magnet, so the board sees where
pieces stand, never their colour. The game says where pieces should stand:
each game module lists the looks of its view() that are physical pieces
(PIECES, and MARKERS for blocked squares where the players use marker
pieces); a game without PIECES is played by taps. This module keeps both
maps and turns lifts and placements into the touches move entry
understands (app/entry.py), so the games need nothing more:

- a lift on a square where a move starts lights that square at once and is a
  touch (the legal targets light) once the switch has stayed open
  `lift_ms` (the board's debounce and LIFT_MARGIN_MS), or at once when
  another square changes: a switch that opens for a scan (a piece nudged,
  the table knocked) closes again within that time and is no move, though
  the switches report a change at its first scan (hal/debounce.py); any
  other lift only changes what stands where;
- a placement lights its square at once in a provisional colour and is a
  touch once the piece has rested REST_MS (a piece slid across squares
  counts where it comes to rest; each square it passes lights as it goes);
- once a move is made (a player's, the board's, an undo), and at the start
  or resume of a game, play waits until the board matches the game: the squares
  that differ blink with what they should hold (a piece's colour, or red for
  a square that must be cleared, the board's own from-square in its own
  colour) and play goes on when they all agree; meanwhile the board says in
  words what to do and counts it down (app/waiting.py), and OK or Hint says
  it again;
- a placement or a lift outside the game's squares is answered at once
  (OUTSIDE GAME) and waits for nothing.

docs/developers/move-entry.md, "Real pieces", describes what a player sees.
"""
from compat import ticks_add, ticks_diff
from hal import OK
from app import waiting
from app.lang import tr
from app.words import seat

REST_MS = 300     # a placement counts once the piece has stayed this long
HELD_MS = 3000    # a piece held up that starts no move: said once it has been up this long
LIFT_MARGIN_MS = 30   # a lift counts once open the debounce and this long (3 scans)


class Pieces:
    def __init__(self, play, markers=True):
        self.play = play
        mod = play.mod
        looks = tuple(getattr(mod, "PIECES", ()))
        if markers:
            looks += tuple(getattr(mod, "MARKERS", ()))
        self.looks = looks
        n = play.ctx.n
        self.actual = bytearray(n)          # 1: a switch closed (a piece stands there)
        self.expected = bytearray(n)
        self.resting = None                 # (square, when it counts) of a new placement
        self.lifting = None                 # (square, when it counts) of a lift that starts a move
        self.held = None                    # (square, when it is said) of a lift that starts none
        # The set-up's start square while the press that started the game
        # lasts (core.Context.start_square): no piece of the game stands there.
        self.start = play.ctx.start_square
        play.ctx.start_square = None
        self.lift_ms = play.ctx.board.get("debounce_ms", 20) + LIFT_MARGIN_MS
        self.syncing = True                 # play waits until the board matches the game
        # What the board says while it waits (app/waiting.py): why it waits,
        # the board's move's squares, captured pieces' squares, what was
        # last asked (ask, count) and the scroll that said it.
        self.look = bytearray(n)            # the game's look on each square, at the last refresh
        self.cause = waiting.START
        self.last = ()
        self.captured = ()
        self.asked = None
        self.said = None
        self.turns = ()                     # ((square, look), ...): colours to change by hand
        self.dirty = True                   # something to tell may have changed
        self.refresh(waiting.START)

    def moved(self, by_board):
        """After a move: its captures, and the board's move, to carry out."""
        p = self.play
        cap = getattr(p.game, "captured_last", None)
        self.captured = tuple(p.square(c) for c in (cap() or ())) if cap is not None else ()
        self.last = tuple(p.square(c) for c in p.last) if by_board else ()
        self.refresh(waiting.BOARD if by_board else waiting.MOVE)

    def undone(self):
        self.captured = self.last = ()
        self.refresh(waiting.UNDO)

    def refresh(self, cause=None):
        """Recompute where pieces should stand, after the game changed, and
        read where they do (the switches' debounced state: events seen by
        another mode, a result screen, are not lost). `cause`: why (app/
        waiting.py); None, back from another mode: the same as before."""
        p = self.play
        exp = self.expected
        act = self.actual
        old = self.look
        self.lifting = None
        self.held = None
        is_down = p.ctx.hal.matrix.is_down
        start = self.start
        for sq in range(len(exp)):
            exp[sq] = 0
            act[sq] = 1 if is_down(sq) and sq != start else 0
        v = p.game.view()
        looks = self.looks
        # A piece that changes colour where it stands (Semaforo) after an
        # undo or the board's one-square move: no switch sees it, so it is said.
        turning = cause == waiting.UNDO or cause == waiting.BOARD and len(self.last) == 1
        turning = turning and getattr(p.game, "RECOLOURS", False)
        turns = []
        for c in range(p.w * p.h):
            sq = p.square(c)
            look = v[c]
            if look in looks:
                exp[sq] = 1
                if turning and old[sq] != look and old[sq] in looks:
                    turns.append((sq, look))
            old[sq] = look
        if cause is not None:
            self.cause = cause
            self.turns = tuple(turns)
        self.resting = None
        self.syncing = True
        self.asked = None
        self.dirty = True
        self.check()

    def check(self):
        """End the wait once every square agrees."""
        if self.syncing and self.actual == self.expected:
            self.syncing = False
        return self.syncing

    def wrong(self):
        """The squares where the board and the game disagree."""
        a, e = self.actual, self.expected
        return [sq for sq in range(len(a)) if a[sq] != e[sq]]

    # --- what the board says while it waits (app/waiting.py) ----------------
    def tell(self, now):
        """Say what the wait asks when it changes (the countdown while the
        same is asked); once the switches agree, its words go and a colour
        to change by hand is said. Called every pass of play: a list is made
        only after a switch or the game changed."""
        p = self.play
        if self.said is not None:
            if p.scroll is self.said and self.said.done(now):
                p.scroll = None             # said: its band no longer hides the squares
                p.version += 1
            if p.scroll is not self.said:
                self.said = None
                if not self.syncing:
                    self.turns = ()         # said for its time, or cut short by a touch
        if not self.dirty:
            return
        self.dirty = False
        if self.syncing:
            missing, extra = self._split()
            ask, k = waiting.choose(missing, extra, self.cause, self.last, self.captured)
            told = self.asked
            self.asked = (ask, k)
            if told is not None and told[0] == ask and k < told[1]:
                self._say(waiting.counted(k))
            elif told is None or told[0] != ask or k > told[1]:
                self._say(self._words(ask, missing, extra))
            return
        if self.asked is not None:
            self.asked = None
            if self.said is not None:
                p.scroll = self.said = None     # the wait is over: so are its words
                p.version += 1
        if self.turns and self.said is None:
            self._say(self._turn_words())

    def repeat(self, key):
        """OK or Hint while the board waits for the pieces, or says a colour
        to change: the words again (OK ends the colour's). True if handled."""
        if self.syncing:
            missing, extra = self._split()
            ask, k = waiting.choose(missing, extra, self.cause, self.last, self.captured)
            self.asked = (ask, k)
            self._say(self._words(ask, missing, extra))
            return True
        if self.turns and self.said is not None:
            if key == OK:
                self.turns = ()
                self.play.scroll = self.said = None
                self.play.version += 1
            else:
                self._say(self._turn_words())
            return True
        return False

    def turning(self):
        """The squares whose piece is to change colour, while that is said."""
        return self.turns if self.said is not None and not self.syncing else ()

    def _say(self, text):
        p = self.play
        p.say(text)
        self.said = p.scroll

    def _split(self):
        a, e = self.actual, self.expected
        missing, extra = [], []
        for sq in range(len(a)):
            if a[sq] != e[sq]:
                (missing if e[sq] else extra).append(sq)
        return missing, extra

    def _words(self, ask, missing, extra):
        p = self.play
        v = p.game.view()

        def looks(sq):
            c = p.cell(sq)
            return v[c] if c is not None else 0
        return waiting.words(ask, waiting.square_name(p), missing, extra, self.last,
                             looks, p.game.PIECE_WORDS)

    def _turn_words(self):
        return waiting.turn_words(self.turns, self.cause == waiting.UNDO,
                                  waiting.square_name(self.play), self.play.game.PIECE_WORDS[0])

    def events(self, events, now):
        """Apply the matrix events for squares; return the squares to treat as
        touches now (at most a few per pass)."""
        out = ()                            # an idle pass makes no list
        n = len(self.actual)
        for key, down in events:
            if key >= n:
                continue
            lifting = self.lifting
            if lifting is not None and lifting[0] == key and down:
                self.actual[key] = 1        # back within lift_ms: a glitch, nothing moved
                self.lifting = None
                continue
            if lifting is not None:
                # Another square changed: the piece is in hand, the lift counts first.
                self.lifting = None
                if self._starts_move(lifting[0]):
                    out = [lifting[0]] if not out else out + [lifting[0]]
            self.actual[key] = 1 if down else 0
            self.dirty = True
            if key == self.start:
                self.start = None           # the press that started the game is over:
                continue                    # no piece was there, none was lifted
            if self.held is not None and self.held[0] == key:
                self.held = None            # put back (or down): nothing to say
            if self.resting is not None and self.resting[0] == key and not down:
                self.resting = None         # lifted again before it rested: it passed by
            if self.syncing:
                continue
            if self.play.cell(key) is None:
                self._outside(key, down, now)
            elif down:
                # Lit at once (provisionally, play's draw), counted once it rests.
                self.resting = (key, ticks_add(now, REST_MS))
                self.play.answered = True
            elif self._starts_move(key):
                # Lit at once (play's draw), counted once it has stayed open.
                self.lifting = (key, ticks_add(now, self.lift_ms))
                self.play.answered = True
            elif self.expected[key] and not self.play.entry.touched:
                self.held = (key, ticks_add(now, HELD_MS))
        if self.syncing:
            self.check()
            return out
        lifting = self.lifting
        if lifting is not None and ticks_diff(now, lifting[1]) >= 0:
            self.lifting = None
            self.play.version += 1          # its provisional light goes, touch or not
            if not self.actual[lifting[0]] and self._starts_move(lifting[0]):
                out = [lifting[0]] if not out else out + [lifting[0]]
        held = self.held
        if held is not None and ticks_diff(now, held[1]) >= 0:
            self.held = None
            if not self.actual[held[0]] and not self.play.entry.touched:
                self._say(self._held_words(held[0]))
        if self.resting is not None and ticks_diff(now, self.resting[1]) >= 0:
            sq = self.resting[0]
            self.resting = None
            if self.actual[sq] and self._continues_move(sq):
                out = [sq] if not out else out + [sq]
            elif self.actual[sq] and self.expected[sq]:
                self._put_back()            # a piece lifted and put back where it stood: nothing moved
            elif self.actual[sq]:
                self.play.refuse(sq, now)   # put down where no move goes: red until taken back, and why
        return out

    def _put_back(self):
        """Its words (a piece held up, app/waiting.py) go with it."""
        p = self.play
        if self.said is not None and p.scroll is self.said:
            p.scroll = self.said = None
            p.version += 1

    def _outside(self, sq, down, now):
        """A piece put down or lifted off the game's squares: answered at
        once (the square flashes red, OUTSIDE GAME), as a touch there is on
        a button board; play goes on. A quick tap is answered once."""
        p = self.play
        if down or p.flash_cell != sq or p.flash_until is None or ticks_diff(now, p.flash_until) >= 0:
            p.refuse(sq, now)
            p.answered = True

    def _held_words(self, sq):
        """A piece held up that starts no move: whose it is and what to do.
        A piece a move of the mover's would take (lifted first, as players
        do) is asked to be taken by that move."""
        p = self.play
        g = p.game
        cell = p.cell(sq)
        name = waiting.square_name(p)
        one = tr(g.PIECE_WORDS[0])
        for m in p.entry.moves or ():
            cells = g.move_cells(m)
            if cell in cells[1:]:
                return tr("TO TAKE IT: MOVE YOURS|ONTO {sq}").format(sq=name(sq))
        looks = g.SEAT_LOOKS
        look = self.look[sq]
        if look in looks and looks.index(look) != g.turn:
            return tr("{seat} WAITS|PUT IT BACK ON {sq}").format(
                seat=seat(g, looks.index(look)), sq=name(sq))
        return tr("THIS {piece} CANNOT MOVE|PUT IT BACK ON {sq}").format(piece=one, sq=name(sq))

    def _starts_move(self, sq):
        """A lift that begins a move: the first touch, on a square a move starts from."""
        p = self.play
        if not p.humans_turn() or p.entry.touched:
            return False
        c = p.cell(sq)
        return c is not None and c in p.entry.next_cells()

    def _continues_move(self, sq):
        """A placement the entry can use: a move's next square, or the square
        of the piece in hand (put back: no move) or of the selection (again:
        the next choice of moves on the same squares)."""
        p = self.play
        if not p.humans_turn():
            return False
        c = p.cell(sq)
        if c is None:
            return False
        t = p.entry.touched
        return c in p.entry.next_cells() or (t and (c == t[0] or c == t[-1]))
