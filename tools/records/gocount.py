"""Go's dead stones on the desktop: the firmware AI's view of which groups are
dead, and the marks that give a recorded count.

The record book writes a Go game's moves and its count (`BLACK WINS 26-22`),
not the stones the players marked dead (a line may say `dead=` from a later
firmware on: then that is used). The marks are found back from the count:
the AI's own guess first, then every choice of up to MAX_GROUPS groups,
fewest first; on 7x7 a count is almost always reached one way only.
"""
from itertools import combinations

from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
from games.common import cell_name

MAX_GROUPS = 4      # groups tried together when searching for the count


def groups(g):
    """Every group on the board, as sorted tuples of cells, in board order."""
    seen, out = set(), []
    for c in range(len(g.board)):
        if g.board[c] and c not in seen:
            grp = g.group(c)
            seen.update(grp)
            out.append(grp)
    return out


def _regions(board, colour, nb):
    """The maximal connected sets of points not holding `colour`."""
    seen, out = set(), []
    for s in range(len(board)):
        if board[s] == colour or s in seen:
            continue
        reg, i = [s], 0
        seen.add(s)
        while i < len(reg):
            for n in nb[reg[i]]:
                if board[n] != colour and n not in seen:
                    seen.add(n)
                    reg.append(n)
            i += 1
        out.append(reg)
    return out


def pass_alive(g, colour):
    """Benson's unconditionally alive chains of `colour` (1 black, 2 white): alive
    however many moves the other side makes in a row. A list of chains."""
    from games.go import NB
    b = g.board
    chains = [grp for grp in groups(g) if b[grp[0]] == colour]
    regions = _regions(b, colour, NB)
    libs = [set(n for c in ch for n in NB[c] if not b[n]) for ch in chains]
    where = {}
    for k, ch in enumerate(chains):
        for c in ch:
            where[c] = k
    border = [set(where[n] for p in reg for n in NB[p] if b[n] == colour) for reg in regions]
    alive = set(range(len(chains)))
    live_regions = set(range(len(regions)))
    while True:
        vital = dict((k, 0) for k in alive)
        for r in live_regions:
            empties = [p for p in regions[r] if not b[p]]
            for k in border[r]:
                if k in alive and all(p in libs[k] for p in empties):
                    vital[k] += 1
        gone = set(k for k in alive if vital[k] < 2)
        if not gone:
            break
        alive -= gone
        live_regions = set(r for r in live_regions if border[r] <= alive)
    return [chains[k] for k in sorted(alive)]


def _eyes(b, reg, colour, nb):
    """How many sets of empty points of `reg` touch only `colour`'s stones."""
    inside, seen, n = set(reg), set(), 0
    for s in reg:
        if b[s] or s in seen:
            continue
        comp, i, own = [s], 0, True
        seen.add(s)
        while i < len(comp):
            for q in nb[comp[i]]:
                if not b[q]:
                    if q in inside and q not in seen:
                        seen.add(q)
                        comp.append(q)
                elif b[q] != colour:
                    own = False
            i += 1
        n += own
    return n


def estimate_dead(g):
    """The stones counted dead at the end: those of one colour inside an area
    walled in by the other colour's unconditionally alive chains (Benson),
    with fewer than two eyes of their own there. A
    group not settled that way is counted alive: the players can still mark
    it. Sorted cells."""
    from games.go import NB
    b = g.board
    dead = []
    for colour in (1, 2):
        alive = set(c for ch in pass_alive(g, colour) for c in ch)
        if not alive:
            continue
        for reg in _regions(b, colour, NB):
            walls = set(n for p in reg for n in NB[p] if b[n] == colour)
            if walls and walls <= alive and _eyes(b, reg, 3 - colour, NB) < 2:
                dead.extend(p for p in reg if b[p] == 3 - colour)
    dead.extend(_static_dead(g, set(dead), NB))
    return sorted(set(dead))


def _chains(b, nb):
    """(chains as lists of cells, {cell: chain index})."""
    chains, where = [], {}
    for c in range(len(b)):
        if b[c] and c not in where:
            grp, i = [c], 0
            where[c] = len(chains)
            while i < len(grp):
                for n in nb[grp[i]]:
                    if b[n] == b[c] and n not in where:
                        where[n] = len(chains)
                        grp.append(n)
                i += 1
            chains.append(grp)
    return chains, where


def _empties(b, nb, where):
    """Every empty region with the chains around it: [(cells, {chain})]."""
    out, seen = [], set()
    for s in range(len(b)):
        if b[s] or s in seen:
            continue
        reg, i, around = [s], 0, set()
        seen.add(s)
        while i < len(reg):
            for n in nb[reg[i]]:
                if not b[n] and n not in seen:
                    seen.add(n)
                    reg.append(n)
                elif b[n]:
                    around.add(where[n])
            i += 1
        out.append((reg, around))
    return out


def _blocks(b, chains, empties):
    """Chains joined by the eyes they share: (block of each chain, eyes of each
    block). An eye is an empty region touching one colour only; one of four
    points or more counts as two."""
    block = list(range(len(chains)))

    def root(k):
        while block[k] != k:
            block[k] = block[block[k]]
            k = block[k]
        return k
    eyes = []
    for reg, around in empties:
        if around and len(set(b[chains[k][0]] for k in around)) == 1:
            ks = sorted(around)
            for k in ks[1:]:
                block[root(k)] = root(ks[0])
            eyes.append((ks[0], 2 if len(reg) >= 4 else 1))
    of = [root(k) for k in range(len(chains))]
    total = dict((r, 0) for r in of)
    for k, e in eyes:
        total[of[k]] += e
    return of, total


def _static_dead(g, known, nb):
    """Groups Benson leaves open (the reserve ran out before the capture, say):
    a block (groups sharing an eye) with fewer than two eyes is dead when,
    across the empty points around it or stone to stone, it sees a living
    block of the other colour and none of its own."""
    b = bytearray(g.board)
    for c in known:
        b[c] = 0
    chains, where = _chains(b, nb)
    empties = _empties(b, nb, where)
    of, eyes = _blocks(b, chains, empties)
    alive = set(r for r, e in eyes.items() if e >= 2)
    sees = dict((r, set()) for r in of)
    for _reg, around in empties:
        near = set(of[k] for k in around)
        for r in near:
            sees[r] |= near
    for k, grp in enumerate(chains):
        for c in grp:
            for n in nb[c]:
                if b[n] and b[n] != b[c]:
                    sees[of[k]].add(of[where[n]])
    out = []
    for r, seen in sees.items():
        colour = b[chains[r][0]]
        if r in alive:
            continue
        theirs = any(o in alive and b[chains[o][0]] != colour for o in seen)
        ours = any(o in alive and o != r and b[chains[o][0]] == colour for o in seen)
        if theirs and not ours:
            out.extend(c for k, grp in enumerate(chains) if of[k] == r for c in grp)
    return out


def points(cells, w=7):
    return [cell_name(c % w, c // w) for c in sorted(cells)]


def marks_for(g, score):
    """Cells to mark dead so that g.score() == score (a [seat 0, seat 1] list),
    or None if no choice of up to MAX_GROUPS groups gives it. `g` is a finished
    game; its marks are left as they were."""
    before = sorted(g.dead)
    try:
        g.set_dead([])
        if list(g.score()) == list(score):
            return []
        guess = estimate_dead(g)
        g.set_dead(guess)
        if list(g.score()) == list(score):
            return guess
        gs = groups(g)
        for n in range(1, min(MAX_GROUPS, len(gs)) + 1):
            for pick in combinations(gs, n):
                cells = [c for grp in pick for c in grp]
                g.set_dead(cells)
                if list(g.score()) == list(score):
                    return sorted(cells)
        return None
    finally:
        g.set_dead(before)
