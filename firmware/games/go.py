"""Go on a 7 x 7 board (intersections a1-g7). Rules: docs/rules/go.md.

Black (seat 0) first; seat 1's first move may be `swap`. Captures, no suicide
unless it captures, positional superko, 25 stones each (captured stones go back
to their owner), two passes in a row end play; then dead groups are marked
(`set_dead`) and the area is counted (stones + territory, no komi, White wins
ties). A move is a cell index y * 7 + x, or PASS, or SWAP.
"""
from compat import const
from games.common import (zobrist, Base, MoveError, check_options, cell_name, parse_cell,
                          EMPTY, BLACK, WHITE, BLACK_SOFT, WHITE_SOFT, attach_ai)
from games.go_board import (W as _W, N as _N, PASS, SWAP, STONES, BLACK_STONE as _B,
                            WHITE_STONE as _Wc, NB, Groups)

ID = "go"
NAME = "Go 7x7"
SEATS = ("Black", "White")
OPTIONS = {}
# Its square in the menu: position, and the two looks it alternates between.
MENU = (12, BLACK, WHITE)
# AI node budgets (2 s: levels 1-2's cap; level 5, which ai.budget() divides
# for levels 3-4): the costliest phase stays within 2 s and
# 10 s on the Pico (`python -m tools.bench budgets`, docs/reports/ai-budgets.md).
NODES = (130, 650)
# Level 1 plays this percent of its moves at random (ai.LEVEL1_RANDOM, 80 by
# default): with 80 it won only 48 of 120 games against the one-ply greedy
# beginner, with 70 59, about even (the ladder's bound: at most 70%;
# docs/developers/ai.md, "Level 1").
LEVEL1_RANDOM = 70
# The search's move lists (root, inside the tree): narrower than the default
# (30, 12), so it reads deeper (measured against GNU Go, docs/reports/ai-strength.md).
CANDIDATES = (20, 9)
# Levels 3-5 play the Monte-Carlo search (firmware/mcts.py) with these
# playouts a move (level 3, level 5) at 125 MHz: what fits in the board's
# 1.8 s and 9 s after a move's own cost, measured on the emulated Pico by
# tools.bench.mctsbench (docs/developers/ai-mcts.md).
PLAYOUTS = (88, 535)
# Real pieces on a reed board: the looks of view() that are pieces on the board
# (app/pieces.py).
PIECES = (BLACK, WHITE, BLACK_SOFT, WHITE_SOFT)

# _verdict codes
_OK = const(0)
_SUICIDE = const(1)
_SUPERKO = const(2)
# The buckets of Game.seen: board hashes by their low 10 bits.
_SEEN = const(1024)
_SEEN_MASK = const(1023)


def layout(options=None):
    return _W, _W


# Two independent hashes; entry (colour - 1) * 49 + cell. The last two of Z1
# mark White to move and one pass pending, for key().
Z1 = zobrist(2 * _N + 2, 7)
Z2 = zobrist(2 * _N, 8)
_ZTURN = Z1[2 * _N]
_ZPASS = Z1[2 * _N + 1]
_COLOUR = ("", "black", "white")
_CAPITAL = ("", "Black", "White")


class Game(Base):
    SEATS = SEATS
    SWAP_TEXT = "swap"
    PIECE_WORDS = ("STONE", "STONES")
    _behind: object               # games/go_ai.py's, put in place by _load_ai
    _ai_init: object
    # The board's few words for each reason explain() gives (Base.short).
    SHORT = (
        ('already swapped', 'SWAP DONE'),
        ('may be a swap', 'NO SWAP NOW'),
        ('the point is taken', 'POINT TAKEN'),
        ('has no stones left', 'NO STONES LEFT'),
        ('(suicide)', 'SUICIDE'),
        ('repeat an earlier board position', 'KO'),
    )

    def __init__(self, options=None):
        check_options(OPTIONS, options)
        self.board = bytearray(_N)     # 0 empty, 1 black, 2 white
        self.turn = 0
        self.ply = 0
        self.col = _B                  # colour to move
        self.swapped = False           # seat 1 took Black
        self.passes = 0                # consecutive passes (2 ends play)
        self.onboard = bytearray(3)    # stones of each colour on the board
        self.h1 = 0                    # two independent hashes of the board
        self.h2 = 0
        self.ph1 = [0]                 # hashes of every board seen (start included)
        self.ph2 = [0]
        # How many entries of ph1 fall in each of 1024 buckets of h1 (255:
        # that many or more, for ever): a table of fixed size, where a dict
        # would grow with the game and ask for ever larger blocks of a heap
        # the AI's tree has cut up. A bucket that holds none rules a board out.
        self.seen = bytearray(_SEEN)
        self.seen[0] = 1
        self.hist = []                 # move | passes before << 6 | captures << 8
        self.caps = []                 # captured cells, flat, for undo
        self.dead = set()              # cells marked dead after play ended
        self.groups = Groups()         # the group scan (games/go_board.py), reused
        self._mark = bytearray(_N)     # play()'s scratch: the stones of a group it checks

    def layout(self):
        return _W, _W

    def black_seat(self):
        return 1 if self.swapped else 0

    def seat_name(self, seat):
        return "Black" if seat == self.black_seat() else "White"

    def turn_look(self):
        return BLACK if self.turn == self.black_seat() else WHITE

    # --- groups -------------------------------------------------------------
    def _verdict(self, c):
        """Whether the side to move may place on empty c (after groups.scan())."""
        b = self.board
        col = self.col
        gr = self.groups
        gid, glib = gr.gid, gr.glib
        free = False
        x1 = 0
        x2 = 0
        g1 = g2 = g3 = 0
        for n in NB[c]:
            v = b[n]
            if v == 0:
                free = True
            elif v == col:
                if glib[gid[n]] > 1:
                    free = True
            else:
                g = gid[n]
                if glib[g] == 1 and g != g1 and g != g2 and g != g3:
                    free = True
                    zo = (v - 1) * _N
                    for s in range(_N):
                        if gid[s] == g:
                            x1 ^= Z1[zo + s]
                            x2 ^= Z2[zo + s]
                    if not g1:
                        g1 = g
                    elif not g2:
                        g2 = g
                    else:
                        g3 = g
        if not free:
            return _SUICIDE
        zo = (col - 1) * _N + c
        n1 = self.h1 ^ Z1[zo] ^ x1
        if self.seen[n1 & _SEEN_MASK]:
            n2 = self.h2 ^ Z2[zo] ^ x2
            ph1, ph2 = self.ph1, self.ph2
            for i in range(len(ph1)):
                if ph1[i] == n1 and ph2[i] == n2:
                    return _SUPERKO
        return _OK

    def group(self, cell):
        """The cells of the group of the stone on `cell` (sorted), () if empty."""
        b = self.board
        col = b[cell]
        if not col:
            return ()
        out = [cell]
        i = 0
        while i < len(out):
            for n in NB[out[i]]:
                if b[n] == col and n not in out:
                    out.append(n)
            i += 1
        out.sort()
        return tuple(out)

    # --- rules ------------------------------------------------------------
    def moves(self):
        if self.passes >= 2:
            return []
        out = []
        col = self.col
        if self.onboard[col] < STONES:
            b = self.board
            gr = self.groups
            gr.scan(b)
            gid, glib = gr.gid, gr.glib
            seen = self.seen
            h1 = self.h1
            z1 = Z1
            zo = (col - 1) * _N
            nb = NB
            atari = gr.atari
            opp = 3 - col
            verdict = self._verdict
            for c in range(_N):
                if b[c]:
                    continue
                if atari[c] & opp:
                    # a capture changes the hash by the captured stones
                    if verdict(c) == _OK:
                        out.append(c)
                    continue
                for n in nb[c]:
                    v = b[n]
                    if v == 0 or (v == col and glib[gid[n]] > 1):
                        break
                else:
                    continue        # suicide
                if not seen[(h1 ^ z1[zo + c]) & _SEEN_MASK] or verdict(c) == _OK:
                    out.append(c)
        out.append(PASS)
        if self.ply == 1:
            out.append(SWAP)           # after a first pass too: seat 1 chooses colours
        return out

    def play(self, m):
        prev = self.passes
        self.ply += 1
        self.turn ^= 1
        if m == PASS:
            self.passes = prev + 1
            self.hist.append(PASS | prev << 6)
            self.col = 3 - self.col
            return
        self.passes = 0
        if m == SWAP:
            # Seat 1 takes Black and its stone; seat 0 (now White) moves next:
            # the colour to move does not change.
            self.swapped = True
            self.hist.append(SWAP | prev << 6)
            return
        b = self.board
        col = self.col
        opp = 3 - col
        b[m] = col
        self.onboard[col] += 1
        zo = (col - 1) * _N
        h1 = self.h1 ^ Z1[zo + m]
        h2 = self.h2 ^ Z2[zo + m]
        zo = (opp - 1) * _N
        ncap = 0
        mark, stack, caps = self._mark, self.groups.stack, self.caps
        nb = NB
        for n in nb[m]:
            if b[n] != opp:
                continue
            # breadth-first over the group at n; stop at the first liberty
            stack[0] = n
            mark[n] = 1
            top = 1
            i = 0
            alive = False
            while i < top and not alive:
                s = stack[i]
                i += 1
                for t in nb[s]:
                    v = b[t]
                    if v == 0:
                        alive = True
                        break
                    if v == opp and not mark[t]:
                        mark[t] = 1
                        stack[top] = t
                        top += 1
            for j in range(top):
                mark[stack[j]] = 0
            if not alive:
                for j in range(top):
                    s = stack[j]
                    b[s] = 0
                    caps.append(s)
                    h1 ^= Z1[zo + s]
                    h2 ^= Z2[zo + s]
                ncap += top
        self.onboard[opp] -= ncap
        self.h1 = h1
        self.h2 = h2
        self.ph1.append(h1)
        self.ph2.append(h2)
        seen = self.seen
        k = h1 & _SEEN_MASK
        if seen[k] < 255:
            seen[k] += 1
        self.hist.append(m | prev << 6 | ncap << 8)
        self.col = opp

    def undo(self):
        e = self.hist.pop()
        m = e & 63
        if self.passes >= 2:
            self.dead = set()      # marks belong to the ended game only
        self.passes = (e >> 6) & 3
        self.ply -= 1
        self.turn ^= 1
        if m == PASS:
            self.col = 3 - self.col
            return
        if m == SWAP:
            self.swapped = False
            return
        opp = self.col
        col = 3 - opp
        self.col = col
        seen = self.seen
        h1 = self.h1
        k = h1 & _SEEN_MASK
        if seen[k] < 255:
            seen[k] -= 1
        self.ph1.pop()
        self.ph2.pop()
        h2 = self.h2
        b = self.board
        caps = self.caps
        ncap = e >> 8
        zo = (opp - 1) * _N
        for _ in range(ncap):
            s = caps.pop()
            b[s] = opp
            h1 ^= Z1[zo + s]
            h2 ^= Z2[zo + s]
        self.onboard[opp] += ncap
        b[m] = 0
        self.onboard[col] -= 1
        zo = (col - 1) * _N
        self.h1 = h1 ^ Z1[zo + m]
        self.h2 = h2 ^ Z2[zo + m]

    def captured_last(self):
        """The cells whose stones the last move removed (for the app to show)."""
        if not self.hist:
            return ()
        n = self.hist[-1] >> 8
        if not n:
            return ()
        return tuple(self.caps[-n:])

    def stones_left(self, seat):
        """Stones still in the reserve of a seat's colour."""
        col = _B if seat == self.black_seat() else _Wc
        return STONES - self.onboard[col]

    # --- end of play: dead stones and the count ---------------------------------
    def set_dead(self, cells):
        """Mark as dead the whole group of each given point (replacing the marks)."""
        if self.passes < 2:
            raise MoveError("dead groups are marked only after both players pass")
        b = self.board
        out = set()
        for c in cells:
            if not isinstance(c, int) or c < 0 or c >= _N:
                raise MoveError("%r is not a point of the board" % (c,))
            if not b[c]:
                raise MoveError("%s has no stone to mark dead" % cell_name(c % _W, c // _W))
            if c not in out:
                for s in self.group(c):
                    out.add(s)
        self.dead = out

    def area(self, cells_of=0):
        """(black, white) area with the dead stones taken off; with cells_of set
        to a colour, also the list of that colour's territory points."""
        b = bytearray(self.board)
        for d in self.dead:
            b[d] = 0
        black = white = 0
        for v in b:
            if v == _B:
                black += 1
            elif v == _Wc:
                white += 1
        mark = bytearray(_N)
        terr = []
        for s in range(_N):
            if b[s] or mark[s]:
                continue
            region = [s]
            mark[s] = 1
            border = 0
            i = 0
            while i < len(region):
                for n in NB[region[i]]:
                    v = b[n]
                    if v:
                        border |= v
                    elif not mark[n]:
                        mark[n] = 1
                        region.append(n)
                i += 1
            if border == _B:
                black += len(region)
            elif border == _Wc:
                white += len(region)
            if cells_of and border == cells_of:
                terr.extend(region)
        return black, white, terr

    def score(self):
        if self.passes < 2:
            return None
        black, white, _ = self.area()
        return [white, black] if self.swapped else [black, white]

    def result(self):
        if self.passes < 2:
            return None
        black, white, _ = self.area()
        if black > white:
            return self.black_seat()
        return 1 - self.black_seat()   # White wins equal scores

    def highlight(self):
        """After play: the winner's territory (the points that decided the count)."""
        r = self.result()
        if r is None:
            return ()
        col = _B if r == self.black_seat() else _Wc
        terr = self.area(col)[2]
        terr.sort()
        return tuple(terr)

    # --- notation ---------------------------------------------------------
    def move_text(self, m):
        if m == PASS:
            return "pass"
        if m == SWAP:
            return "swap"
        return cell_name(m % _W, m // _W)

    def move_cells(self, m):
        if m == PASS:
            return ()
        if m == SWAP:
            first = self.hist[0] & 63
            # Tap the black stone to take it over; after Black's pass there is
            # none, and the swap is a key move like pass.
            return () if first == PASS else (first,)
        return (m,)

    def explain(self, text):
        if not isinstance(text, str):
            return "a move must be text, like d4, pass or swap"
        t = text.strip()
        if self.passes >= 2:
            return "%s is not legal: the game is over" % t
        low = t.lower()
        if low == "swap":
            if self.swapped:
                return "swap is not legal: the colours were already swapped"
            if self.ply == 0:
                return "swap is not legal: only White's first move may be a swap, after Black's first move"
            return "swap is not legal: only White's first move may be a swap"
        xy = parse_cell(t, _W, _W)
        if xy is None:
            return "'%s' is not a point: name one from a1 to g7, or pass" % t
        c = xy[1] * _W + xy[0]
        name = cell_name(xy[0], xy[1])
        v = self.board[c]
        if v:
            return "%s is not legal: the point is taken by a %s stone" % (name, _COLOUR[v])
        col = self.col
        if self.onboard[col] >= STONES:
            return "%s is not legal: %s has no stones left (all %d are on the board) and can only pass" % (
                name, _CAPITAL[col], STONES)
        self.groups.scan(self.board)
        why = self._verdict(c)
        if why == _SUICIDE:
            return "%s is not legal: the stone would have no liberties and captures nothing (suicide)" % name
        if why == _SUPERKO:
            return ("%s is not legal: it would repeat an earlier board position (ko, positional superko)"
                    % name)
        return "%s is not a legal move here" % t

    # --- display ----------------------------------------------------------
    def view(self):
        out = bytearray(_N)
        b = self.board
        for c in range(_N):
            v = b[c]
            out[c] = BLACK if v == _B else WHITE if v else EMPTY
        for c in self.dead:
            out[c] = BLACK_SOFT if b[c] == _B else WHITE_SOFT
        return out

    def board_text(self):
        b = self.board
        dead = self.dead
        rows = []
        for y in range(_W - 1, -1, -1):
            cells = []
            for x in range(_W):
                c = y * _W + x
                ch = ".XO"[b[c]]
                if c in dead:
                    ch = ch.lower()
                cells.append(ch)
            rows.append("%d %s" % (y + 1, " ".join(cells)))
        rows.append("  a b c d e f g")
        return "\n".join(rows)

    # --- AI ---------------------------------------------------------------
    def key(self):
        h = self.h1
        if self.col == _Wc:
            h ^= _ZTURN
        if self.passes:
            h ^= _ZPASS
        return h

    # --- AI: games/go_ai.py, attached at the first call (a game two people
    # play never needs its code in the heap); attach_ai puts GoAI's methods in
    # place of these.
    def evaluate(self):
        _load_ai()
        return self.evaluate()

    def candidates(self, limit=None):
        _load_ai()
        return self.candidates(limit)

    def playouts(self, seed):
        """The Monte-Carlo search's hooks (games/go_playout.py)."""
        from games.go_playout import Hooks
        return Hooks(self, seed)


def _load_ai():
    from games.go_ai import GoAI
    attach_ai(Game, GoAI)
