"""The AI half of go.Game (GoAI, attached at the first AI call: see
games/go.py): the evaluation and the candidate moves.

evaluate() counts the area each side would end with, weighing every group by
how safe it is: the empty regions bordered by one colour (eyes and
territory), the group's liberties, and the influence of the safe stones over
the open points (docs/rules/go.md, "What the AI values"). candidates() ranks
captures, rescues and ataris first and offers `pass` only when no stone would
change anything (or when passing first would hand the game over).
"""
from compat import const
from games.go_board import W as _W, N as _N, PASS as _PASS, SWAP as _SWAP, NB, CENTRE

_CENTRE_POINT = const(24)  # d4
_PT = const(40)           # evaluation units per point of area
_SMALL = const(2)         # groups this small may lie inside another colour's region
_SPLIT = const(120)       # what a group without two eyes costs its side (connect)
_MID = const(128)         # influence 0 (a bytearray holds 128 +- 64)


def _tables():
    # Written straight into bytes-sized arrays: a list of the 392 entries
    # would ask a fragmented heap for 3 KB at once (the club-day session
    # test saw that fail).
    nb2 = bytearray(8 * _N)
    count = bytearray(_N)
    for c in range(_N):
        x, y = c % _W, c // _W
        k = 8 * c
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                nx, ny = x + dx, y + dy
                if abs(dx) + abs(dy) == 2 and 0 <= nx < _W and 0 <= ny < _W:
                    nb2[k] = ny * _W + nx
                    k += 1
        count[c] = k - 8 * c
    return bytes(nb2), bytes(count)


# The points two steps away (diagonals too) of cell c, flat:
# NB2[8 * c:8 * c + NB2_N[c]] (one bytes object, not 49: the heap is small).
NB2, NB2_N = _tables()
del _tables
_INF0 = bytes([_MID]) * _N
_ZERO = bytes(_N)
# A group's safety in quarters, by eyes (0, 1, 2+) and liberties (0..4+).
_SAFE = (bytes((0, 1, 1, 2, 3)), bytes((0, 2, 2, 3, 3)), bytes((4, 4, 4, 4, 4)))


class GoAI:
    """Go's AI half: attach_ai copies these into go.Game. It reads the
    board, the colour to move, the passes, the stones on the board, the
    history and the group scan (go_board.Groups) and never changes them;
    its own scratch is the evaluation's per-group arrays, made at its first
    call."""

    _eyes = None               # the evaluation's scratch: none until _ai_init

    def _ai_init(self):
        """The evaluation's scratch, made at its first call: a game two people
        play never needs it (and the heap is small)."""
        self._eyes = bytearray(_N + 1)     # per group: eyes (one-colour regions next to it)
        self._glast = bytearray(_N + 1)    # per group: the last region counted
        self._safe = bytearray(_N + 1)     # per group: safety in quarters (0..4)
        self._inlib = bytearray(_N + 1)    # per group: liberties inside its eyes
        self._gcell = bytearray(_N + 1)    # per group: the last liberty counted (+1)


    # One function: the search calls it at every leaf, and each of its phases
    # holds more than 11 values, so a helper's frame would be a heap block
    # allocated at every call: split at its phases, evaluate() cost 0.4-2.7% more
    # fuel per node (docs/developers/ai-games.md, "What a split costs").
    def evaluate(self):  # noqa: C901
        """Area estimate from the side to move's view, in _PT units a point
        (docs/rules/go.md, "What the AI values", says it in words).

        Enclosed regions (empty points and the stones of small groups, bordered
        by one colour and small beside their border): the eyes and territory of
        the groups around them. Safety of a group, in quarters: 4 with two eyes
        (a region of four points or more counts twice), else by eyes and
        liberties (_SAFE), 0 when shut in with one eye and no liberty outside.
        An opposing group in atari is the mover's to take: safety 0, the
        biggest counts as taken; one the mover can atari at once is a quarter
        less safe. Stones count their safety; an enclosed region counts for its
        colour as safe as its safest group; the other empty points by the
        influence of the stones within two steps (weighted by safety), unless
        both colours touch them. No komi, White wins ties: Black is half a
        point behind.
        """
        b = self.board
        col = self.col
        opp = 3 - col
        gr = self.groups
        ng = gr.scan(b)
        gid, glib, gsize, gcol = gr.gid, gr.glib, gr.gsize, gr.gcol
        adj = gr.adj
        nb = NB
        # Scratch the scan leaves free: its liberty marks, stack and atari points.
        reg = gr.lmark                 # region number of each point
        reg[:] = _ZERO
        cells = gr.stack               # the regions' points, one region after another
        if self._eyes is None:
            self._ai_init()
        eyes, glast, safe = self._eyes, self._glast, self._safe
        inlib, gcell = self._inlib, self._gcell
        for g in range(ng + 1):
            eyes[g] = 0
            glast[g] = 0
            inlib[g] = 0
            gcell[g] = 0
            safe[g] = 255             # not settled by a region
        # Regions: empty points and the stones of small groups (one or two
        # stones) joined along the lines; their border the bigger groups
        # around. One bordered by one colour and small beside its border (at
        # most two points per stone side touching it) is enclosed: the eyes
        # and territory of the groups around it, the small groups of the
        # other colour inside it dead, those of its own colour safe.
        top = 0
        nr = 0
        enclosed = 0                  # bit r: region r is enclosed (r < 30)
        for s in range(_N):
            if reg[s] or (b[s] and gsize[gid[s]] > _SMALL):
                continue
            nr += 1
            reg[s] = nr
            first = top
            cells[top] = s
            top += 1
            i = first
            edges = 0
            rim = 0
            while i < top:
                c = cells[i]
                i += 1
                for n in nb[c]:
                    v = b[n]
                    if v and gsize[gid[n]] > _SMALL:
                        edges += 1
                        rim |= v
                    elif not reg[n]:
                        reg[n] = nr
                        cells[top] = n
                        top += 1
            size = top - first
            if (rim == 1 or rim == 2) and size <= edges + edges and nr < 30:
                enclosed |= 1 << nr
                # Room for two eyes from four points; one point is an eye
                # unless the opponent holds its diagonals (a false eye).
                e = 2 if size >= 4 else 1
                if size == 1:
                    bad = 0
                    for i in range(8 * s, 8 * s + NB2_N[s]):
                        n = NB2[i]       # its diagonals
                        if b[n] == 3 - rim and abs(n % _W - s % _W) == 1:
                            bad += 1
                    if bad >= 2 or (bad and len(nb[s]) < 4):
                        e = 0
                for k in range(first, top):
                    c = cells[k]
                    v = b[c]
                    if v:
                        safe[gid[c]] = 4 if v == rim else 0
                    for n in nb[c]:
                        g = gid[n]
                        if g and b[n] == rim:
                            if glast[g] != nr:
                                glast[g] = nr
                                eyes[g] += e
                            if not v and gcell[g] != c + 1:
                                gcell[g] = c + 1
                                inlib[g] += 1     # a liberty inside its own eyes
        # Safety of each group; the opponent's biggest group in atari is ours.
        take = 0
        score = 0
        for g in range(1, ng + 1):
            lib = glib[g]
            e = eyes[g]
            if e > 2:
                e = 2
            sf = safe[g]
            if sf == 255:
                sf = _SAFE[e][lib if lib < 4 else 4]
                if e < 2:
                    # Shut in with one eye at most: no liberty outside, dead;
                    # one, nearly.
                    out = lib - inlib[g]
                    if out == 0:
                        sf = 0
                    elif out == 1 and sf > 1:
                        sf = 1
            sz = gsize[g]
            if gcol[g] == col:
                if e < 2 and sf < 4 and lib < 4:
                    score -= _SPLIT     # a group more to keep alive: connect
                if lib == 1:
                    sf = 1
                    score -= sz * _PT // 2
                score += sz * sf * _PT // 4
            else:
                if lib == 1:
                    sf = 0
                    if sz > take:
                        take = sz
                elif lib == 2 and e < 2 and sf:
                    sf -= 1            # the mover can atari it at once
                score -= sz * sf * _PT // 4
                if e < 2 and sf < 4 and lib < 4:
                    score += _SPLIT
            safe[g] = sf
        score += take * 3 * _PT // 4     # less than taking it: capture now
        # Enclosed regions count for their colour, as safe as their safest
        # group around: the empty points and the dead stones inside.
        k = 0
        while k < top:
            r = reg[cells[k]]
            first = k
            while k < top and reg[cells[k]] == r:
                k += 1
            if not (enclosed >> r) & 1:
                continue
            best = 0
            rim = 0
            pts = 0
            for j in range(first, k):
                c = cells[j]
                for n in nb[c]:
                    v = b[n]
                    if v and gsize[gid[n]] > _SMALL:
                        rim = v
                        f = safe[gid[n]]
                        if f > best:
                            best = f
                if not b[c] or not safe[gid[c]]:
                    pts += 1          # an empty point, or a dead stone
            if rim == col:
                score += pts * best * _PT // 4
            else:
                score -= pts * best * _PT // 4
        # Influence of the stones, weighted by safety: 2 next to a stone, 1 two steps away.
        infl = gr.atari
        infl[:] = _INF0
        nb2 = NB2
        at = NB2_N
        for s in range(_N):
            v = b[s]
            if not v:
                continue
            f = safe[gid[s]]
            if not f:
                continue
            if v == col:
                for n in nb[s]:
                    infl[n] += f + f
                for i in range(8 * s, 8 * s + at[s]):
                    infl[nb2[i]] += f
            else:
                for n in nb[s]:
                    infl[n] -= f + f
                for i in range(8 * s, 8 * s + at[s]):
                    infl[nb2[i]] -= f
        # The open points: by influence, nobody's where both colours touch.
        for c in range(_N):
            if b[c] or (enclosed >> reg[c]) & 1:
                continue
            a = adj[c]
            if a == 3:
                continue
            v = infl[c] - _MID
            if a == col and v < 0:
                v = 0
            elif a == opp and v > 0:
                v = 0
            if v > 8:
                v = 8
            elif v < -8:
                v = -8
            score += v * _PT // 8
        score += _PT // 2 if col == 2 else -_PT // 2
        if score > 9999:
            return 9999
        if score < -9999:
            return -9999
        return score

    def _behind(self):
        """Whether the side to move would lose if play ended now (both passing):
        the rules' own count, no stone marked dead."""
        black, white, _ = self.area()
        if self.col == 1:
            return black <= white
        return white < black


    def candidates(self, limit=None):  # noqa: C901
        """Legal moves, promising ones first; at most `limit`.

        On the empty board only the centre: in 7x7 Go's known best play Black
        opens at d4 and wins by 9 points (area), so it is the move to make.
        Otherwise captures and saving own groups in atari come first, then
        ataris, contact and central points; self-ataris, one's own eyes and
        territory are left out. `pass` only when no stone is worth playing
        (passing then cannot lose points), or first when the opponent has just
        passed and passing back wins the count. If passing first would lose the
        game as it stands, the stones that are not eye-filling are offered.
        """
        ms = self.moves()
        if len(ms) <= 1:
            return ms
        if not (self.onboard[1] or self.onboard[2]) and _CENTRE_POINT in ms:
            return [_CENTRE_POINT]
        b = self.board
        col = self.col
        gr = self.groups               # as moves() left it
        gid, glib, gsize = gr.gid, gr.glib, gr.gsize
        adj = gr.adj
        pass_, swap = _PASS, _SWAP     # read once: each a dictionary look-up
        keys = []
        spare = []                   # legal stones that change nothing
        for m in ms:
            if m == pass_:
                continue
            if m == swap:
                first = self.hist[0] & 63
                sc = 120 if first != pass_ and CENTRE[first] >= 2 else -20
                keys.append((sc + 2048) << 6 | m)
                continue
            sc = CENTRE[m] * 4
            empties = own = opp = cap = save = chase = inside = 0
            libs = 0
            for n in NB[m]:
                v = b[n]
                if v == 0:
                    empties += 1
                    if adj[n] == col:
                        inside += 1
                elif v == col:
                    own += 1
                    g = gid[n]
                    lib = glib[g]
                    libs += lib - 1
                    if lib == 1:
                        save += gsize[g]
                    elif lib == 2:
                        sc += 6 + gsize[g]      # a group about to be chased
                else:
                    opp += 1
                    g = gid[n]
                    lib = glib[g]
                    if lib == 1:
                        cap += gsize[g]
                    elif lib == 2:
                        chase += gsize[g]
            libs += empties
            sc += 3 * (own + opp)
            if cap:
                sc += 80 + 20 * cap
            elif libs <= 1:
                spare.append(m)
                continue             # self-atari
            if save and libs >= 2:
                sc += 50 + 15 * save
            if chase and libs >= 2:
                sc += 15 + 3 * chase
            if not cap and not opp and own + inside == len(NB[m]):
                spare.append(m)
                continue             # one's own eye or territory
            if sc > 2000:
                sc = 2000
            elif sc < -2000:
                sc = -2000
            keys.append((sc + 2048) << 6 | m)
        if not keys and self.passes == 0 and self._behind():
            # Passing first would lose as the board stands: play on anywhere
            # but in one's own eyes.
            for m in spare:
                for n in NB[m]:
                    if b[n] != col:
                        keys.append(m)
                        break
        keys.sort()
        keys.reverse()
        if limit is not None and len(keys) > limit:
            keys = keys[:limit]
        out = [k & 63 for k in keys]
        if not out:
            out.append(_PASS)
        elif self.passes == 1 and not self._behind() and self.evaluate() > 0:
            # The opponent passed and passing back wins the count, which the
            # evaluation (weak groups weighed) agrees with: end the game.
            out.insert(0, _PASS)
            if limit is not None and len(out) > limit:
                out.pop()
        return out
