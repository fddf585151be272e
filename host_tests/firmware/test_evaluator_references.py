"""The AI's fast evaluators against slow references written from the rules.

Each fast evaluator (Hex's connection distances and slack masks, Sesqui's
connection costs and masks, the cached incremental evaluations built on them,
Produto's groups and frontiers, the pawn race of Avanço and Peões) is
compared with a plain search over cells, written from the rule and not from
the fast code, on thousands of positions reached by seeded random play.
CPython only (the portable tests keep to hand examples): a few seconds each.
"""
import heapq
import itertools
import random

from games import avanco, hex as hexgame, peoes, produto, sesqui


def positions(new, seed, games_, every=1, pick=None):
    """Positions of `games_` seeded random games (each move a uniform legal
    one, or pick(g, rng) when given), every `every`-th one, as the game
    object at that moment (yielded, then played on)."""
    rng = random.Random(seed)
    for _ in range(games_):
        g = new()
        ply = 0
        while g.result() is None:
            if ply % every == 0:
                yield g
            ms = g.moves()
            m = pick(g, rng) if pick else None
            g.play(m if m is not None else rng.choice(ms))
            ply += 1


def cheapest(cells, cost, start, links, goal):
    """Dijkstra: the least total cost of the cells on a path from a start cell
    to a goal cell (both counted), cost[c] None for a cell no path may use.
    start: {cell: cost of entering it first}; links(c): the cells after c
    with the extra cost of the link (0: the cell's own cost only). Returns
    {cell: its least cost} (every cell reached)."""
    best = {}
    todo = [(k, c) for c, k in start.items()]
    heapq.heapify(todo)
    while todo:
        k, c = heapq.heappop(todo)
        if c in best:
            continue
        best[c] = k
        for d in links(c):
            if d not in best and cost[d] is not None:
                heapq.heappush(todo, (k + cost[d], d))
    return best


# --- Hex -------------------------------------------------------------------

_HEX_NEIGHBOURS = {}


def hex_neighbours(n):
    """The six neighbours of each cell of an n x n Hex board (fewer on the
    edges), worked out once per size."""
    if n not in _HEX_NEIGHBOURS:
        _HEX_NEIGHBOURS[n] = [[(c // n + dy) * n + c % n + dx
                               for dx, dy in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
                               if 0 <= c % n + dx < n and 0 <= c // n + dy < n] for c in range(n * n)]
    return _HEX_NEIGHBOURS[n]


def hex_graph(g, k):
    """Colour k's view of a Hex position from the rules: cell costs (own 0,
    empty 1, opponent's impassable), the six neighbours, bridges (two own
    stones with exactly two common neighbours, both empty) as free links,
    and its two edges with the stones an edge template joins to each (a
    stone next to the edge whose two neighbours on it are both empty)."""
    n = g.n
    board = g.board
    cells = range(n * n)

    def xy(c):
        return c % n, c // n

    nbs = hex_neighbours(n).__getitem__

    cost = [0 if board[c] == k else (1 if not board[c] else None) for c in cells]
    if k == 1:
        first = [c for c in cells if xy(c)[1] == 0]
        last = [c for c in cells if xy(c)[1] == n - 1]
    else:
        first = [c for c in cells if xy(c)[0] == 0]
        last = [c for c in cells if xy(c)[0] == n - 1]
    own = [c for c in cells if board[c] == k]
    bridged = dict((c, []) for c in own)
    for a in own:
        for b in own:
            if a < b and b not in nbs(a):
                common = [c for c in nbs(a) if c in nbs(b)]
                if len(common) == 2 and not board[common[0]] and not board[common[1]]:
                    bridged[a].append(b)
                    bridged[b].append(a)

    def templated(edge):
        out = set()
        for c in own:
            if c not in edge:
                on = [d for d in nbs(c) if d in edge]
                if len(on) == 2 and not board[on[0]] and not board[on[1]]:
                    out.add(c)
        return out

    def links(c):
        return nbs(c) + bridged.get(c, [])

    return cost, first, last, templated(first), templated(last), links


def hex_costs(g, k, from_far=False):
    """{cell: least cost from colour k's first edge (its far edge if
    from_far)}, and the distance: the least cost of a far-edge cell or of a
    stone a template joins to the far edge (99: none)."""
    cost, first, last, tfirst, tlast, links = hex_graph(g, k)
    if from_far:
        first, last, tfirst, tlast = last, first, tlast, tfirst
    start = dict((c, cost[c]) for c in first if cost[c] is not None)
    for c in tfirst:
        start[c] = 0
    best = cheapest(range(len(cost)), cost, start, links, None)
    ends = [best[c] for c in list(last) + list(tlast) if c in best]
    return best, min(ends) if ends else 99


def mask_cells(g, sl, at):
    """The cells of the packed mask sl[at..at+2] (decoded with the game's
    own cell-to-bit table)."""
    return set(c for c in range(g.nn) if sl[at + g.pj[c]] & g.pb[c])


def hex_pick(g, rng):
    """Mostly the AI's candidates (realistic shapes, bridges), sometimes any move."""
    if rng.random() < 0.6:
        cs = g.candidates(6)
        return rng.choice(cs) if cs else None
    return None


def check_costs_are_the_references(games_, fast, reference):
    """At each position of games_, fast(g, colour) is the cost the reference
    search finds, reference(g, colour)[1], for both colours; returns how many
    positions were checked."""
    seen = 0
    for g in games_:
        for colour in (1, 2):
            assert fast(g, colour) == reference(g, colour)[1], (colour, g.board_text())
        seen += 1
    return seen


def test_hex_distance_is_the_cheapest_connection_by_the_rules():
    seen = 0
    for n in (5, 7, 9):
        games_ = positions(lambda: hexgame.Game({"size": n}), n, 30, pick=hex_pick)
        seen += check_costs_are_the_references(games_, hexgame.Game.distance, hex_costs)
    assert seen > 1000


def test_hex_slack_masks_are_the_cells_on_shortest_connections():
    seen = 0
    sl = [0] * 12
    for g in positions(lambda: hexgame.Game({"size": 7}), 11, 25, every=2, pick=hex_pick):
        for k in (1, 2):
            dist = g._slack(k, sl, 0)
            fwd, d = hex_costs(g, k)
            back, _ = hex_costs(g, k, from_far=True)
            assert dist == d
            if d >= 99:
                assert sl == [0] * 12
                continue
            empty = [c for c in range(g.nn) if not g.board[c] and c in fwd and c in back]
            own = [c for c in range(g.nn) if g.board[c] == k and c in fwd and c in back]
            # An empty cell counts in both searches, a stone costs nothing.
            on = set(c for c in empty if fwd[c] + back[c] - 1 == d)
            assert mask_cells(g, sl, 0) == on, (k, g.board_text())
            assert mask_cells(g, sl, 3) == set(c for c in empty if fwd[c] + back[c] - 1 <= d + 1)
            assert mask_cells(g, sl, 6) == set(c for c in own if fwd[c] + back[c] == d)
            # Every shortest connection passes a cell when without it the
            # colour's distance grows (cells whose stone would also break a
            # bridge or a template of k's are not told apart that way).
            every = mask_cells(g, sl, 9)
            assert every <= on
            for c in on:
                if _blocks_no_link(g, k, c):
                    g.board[c] = 3 - k
                    grown = hex_costs(g, k)[1] > d
                    g.board[c] = 0
                    assert (c in every) == grown, (k, c, g.board_text())
            seen += 1
    assert seen > 300


def _blocks_no_link(g, k, c):
    """Does an opponent's stone on c leave colour k's bridges and templates
    alone (so a longer distance comes from the paths through c only)?"""
    before = hex_graph(g, k)
    g.board[c] = 3 - k
    after = hex_graph(g, k)
    g.board[c] = 0
    same = True
    for a in range(g.nn):
        if g.board[a] == k:
            same = same and set(before[5](a)) - {c} == set(after[5](a)) - {c}
    return same and before[3] == after[3] and before[4] == after[4]


def test_hex_cached_evaluation_matches_the_reference_race():
    """evaluate() (with its table of scores and the incremental distances it
    takes from the candidates() of the position before) is the opponent's
    distance minus the mover's, by the rules."""
    seen = 0
    for g in positions(lambda: hexgame.Game({"size": 7}), 5, 40, pick=hex_pick):
        g.candidates(12)
        for m in g.candidates(4):
            g.play(m)
            if g.result() is None:
                me = g.colour_of(g.turn)
                want = (hex_costs(g, 3 - me)[1] - hex_costs(g, me)[1]) * 100
                assert g.evaluate() == want, g.board_text()
                seen += 1
            g.undo()
    assert seen > 1000


# --- Sesqui ----------------------------------------------------------------

def sesqui_costs(g, v, from_far=False):
    """{square: least cost} of colour v from its first edge (or its far one)
    by the rules: own stones free, empty squares one, never onto the
    opponent's, and a diagonal step never between two of the opponent's
    stones; and the cost of the cheapest far-edge square (capped at 20)."""
    cells = g.cells                          # the mailbox: 0 empty, 1, 2, 3 a wall
    sq = [sesqui.SQ[i] for i in range(64)]
    cost = dict((c, 0 if cells[c] == v else (1 if not cells[c] else None)) for c in sq)
    if v == 1:
        first, last = sq[0:8], sq[56:64]
    else:
        first, last = sq[0::8], sq[7::8]
    if from_far:
        first, last = last, first
    o = 3 - v

    def links(c):
        out = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                d = c + dx + 9 * dy
                if (dx or dy) and cells[d] != 3:
                    if dx and dy and cells[c + dx] == o and cells[c + 9 * dy] == o:
                        continue              # between two of the opponent's stones
                    out.append(d)
        return out

    full = dict(cost)
    full.update((c, None) for c in range(90) if c not in cost)
    best = cheapest(sq, full, dict((c, cost[c]) for c in first if cost[c] is not None), links, None)
    ends = [best[c] for c in last if c in best]
    return best, min(min(ends) if ends else 20, 20)


def test_sesqui_cost_is_the_cheapest_connection_by_the_rules():
    seen = check_costs_are_the_references(positions(sesqui.Game, 3, 40), sesqui.Game._cost, sesqui_costs)
    assert seen > 1000


def test_sesqui_slack_masks_are_the_squares_on_shortest_connections():
    seen = 0
    sl = [0] * 18
    lay = [0] * (6 * 24)
    for g in positions(sesqui.Game, 8, 12, every=2):
        for v in (1, 2):
            dist = g._slack(v, lay, sl)
            fwd, d = sesqui_costs(g, v)
            if d >= 20:
                continue
            back, _ = sesqui_costs(g, v, from_far=True)
            assert dist == d
            sq = [c for c in sesqui.SQ if c in fwd and c in back]

            def cells_of(at):
                return set(c for c in sesqui.SQ if sl[at + sesqui.PJ[c]] & sesqui.PB[c])
            empty = [c for c in sq if not g.cells[c]]
            assert cells_of(0) == set(c for c in empty if fwd[c] + back[c] - 1 == d), g.board_text()
            assert cells_of(3) == set(c for c in empty if fwd[c] + back[c] - 1 <= d + 1)
            assert cells_of(6) == set(c for c in sq if g.cells[c] == v and fwd[c] + back[c] == d)
            seen += 1
    assert seen > 300


def test_sesqui_cached_evaluation_matches_the_reference_race():
    """evaluate() (with its table of costs and the incremental costs it takes
    from the candidates() of the position before) by the rules."""
    seen = 0
    for g in positions(sesqui.Game, 4, 25):
        g.candidates(12)
        for m in g.candidates(4):
            g.play(m)
            if g.result() is None:
                c1 = sesqui_costs(g, 1)[1]
                c2 = sesqui_costs(g, 2)[1]
                want = 100 * (c2 - c1 if g.turn == 0 else c1 - c2) + (30 if g.owed() else 60)
                want -= 40 if not g.left[g.turn] else 0
                want += 40 if not g.left[g.turn ^ 1] else 0
                assert g.evaluate() == want, g.board_text()
                seen += 1
            g.undo()
    assert seen > 1000


# --- Produto ---------------------------------------------------------------

def produto_groups(g, k):
    """Colour k's groups by flood fill, largest first: lists of cells."""
    seen = set()
    out = []
    for c in produto.VALID:
        if g.board[c] == k and c not in seen:
            grp, todo = [], [c]
            seen.add(c)
            while todo:
                a = todo.pop()
                grp.append(a)
                for b in produto.NB[a]:
                    if g.board[b] == k and b not in seen:
                        seen.add(b)
                        todo.append(b)
            out.append(grp)
    out.sort(key=len, reverse=True)
    return out


def test_produto_groups_and_frontiers_by_the_rules():
    """The two largest groups' sizes, the gap between them (the fewest cells a
    path between them through cells not of the other colour crosses) and
    the empty cells touching both, against flood fills and a plain search."""
    seen = 0
    for g in positions(produto.Game, 6, 40):
        fr = g.fr
        sv = g._frontiers()
        for k in (1, 2):
            groups = produto_groups(g, k)
            sizes = [len(x) for x in groups] + [0, 0, 0]
            o = (k - 1) * 8
            assert list(sv[o:o + 3]) == sizes[:3], g.board_text()
            if len(groups) < 2:
                assert fr[o + 3] == 255
                continue
            if len(groups) > 2 and sizes[1] == sizes[2]:
                continue                      # which is "second" is a tie
            a, b = set(groups[0]), set(groups[1])
            cost = [None] * 81
            for c in produto.VALID:
                if g.board[c] != 3 - k:
                    cost[c] = 1
            best = cheapest(range(81), cost, dict((c, 0) for c in a),
                            lambda c: produto.NB[c], None)
            ends = [best[c] for c in b if c in best]
            gap = min(ends) - 1 if ends else 255     # the cells strictly between
            assert fr[o + 3] == gap, (k, g.board_text())
            joins = [c for c in produto.VALID if not g.board[c]
                     and any(x in a for x in produto.NB[c]) and any(x in b for x in produto.NB[c])]
            assert fr[o + 4] == len(joins)
            seen += 1
    assert seen > 1000


# --- The pawn race (Avanço, Peões) ---------------------------------------

def race_reference(g, width, double):
    """The race by the rules, from the side to move's view: (pieces one step
    from the far rank: the mover's, the opponent's), and for each side the
    moves its nearest piece and its nearest runner (no enemy piece anywhere
    in the cone ahead, |dx| <= dy) still need; a double step from the
    starting rank counts one move when `double`."""
    cells = g.cells

    def need(side, y):
        steps = width - 1 - y if side == 0 else y
        if double and y == (1 if side == 0 else width - 2):
            steps -= 1
        return steps

    near = [99, 99]
    run = [99, 99]
    for c in range(width * width):
        v = cells[c]
        if not v:
            continue
        side = v - 1
        x, y = c % width, c // width
        near[side] = min(near[side], need(side, y))
        fwd = 1 if side == 0 else -1
        free = True
        for d in range(1, width):
            yy = y + fwd * d
            if not 0 <= yy < width:
                break
            for xx in range(x - d, x + d + 1):
                if 0 <= xx < width and cells[yy * width + xx] == 2 - side:
                    free = False
        if free:
            run[side] = min(run[side], need(side, y))
    return near, run


def pawn_pick(g, rng):
    """Now and then the first of moves() (captures, then the most advanced
    piece's steps), so that races and runners come up often."""
    return g.moves()[0] if rng.random() < 0.3 else None


def sparse(mod, width, seed, count):
    """Positions with a few pieces each on random squares (never on the rank
    that has already won, Peões's pawns never on their first rank), either
    side to move: races come up often there."""
    rng = random.Random(seed)
    low = 1 if mod is peoes else 0
    for _ in range(count):
        g = mod.Game()
        for i in range(len(g.cells)):
            g.cells[i] = 0
        for i in range(len(g.rows)):
            g.rows[i] = 0
        for side in (0, 1):
            placed = 0
            for _ in range(rng.randint(1, 5)):
                x = rng.randrange(width)
                y = rng.randrange(low, width - 1) if side == 0 else rng.randrange(1, width - low)
                if not g.cells[y * width + x]:
                    g.cells[y * width + x] = side + 1
                    g.rows[side * width + y] |= 1 << x
                    placed += 1
            g.count[side] = placed
        g.turn = rng.randrange(2)
        if g.result() is None:
            yield g


def _race_check(mod, width, double, seed, games_):
    seen = decided = 0
    for g in itertools.chain(positions(mod.Game, seed, games_, pick=pawn_pick),
                             sparse(mod, width, seed, 3000)):
        near, run = race_reference(g, width, double)
        me = g.turn
        v = g.evaluate()
        if near[me] == 1 or near[1 - me] == 1:
            continue                           # the one-step wins come first
        if run[me] <= near[1 - me]:
            assert v == 8000 - 100 * run[me], g.board_text()
            decided += 1
        elif run[1 - me] < near[me]:
            assert v == 100 * run[1 - me] - 8000, g.board_text()
            decided += 1
        else:
            assert -8000 + 100 * width < v < 8000 - 100 * width, g.board_text()
        seen += 1
    assert seen > 1000 and decided > 50


def test_avanco_race_by_the_rules():
    _race_check(avanco, 7, False, 1, 80)


def test_peoes_race_by_the_rules():
    _race_check(peoes, 8, True, 2, 60)


def test_one_step_from_the_far_rank_wins():
    """A piece one step from the far rank: the mover's wins now; the
    opponent's wins next move (in Avanço unless it is the only one and the
    mover can capture it)."""
    seen = 0
    for mod, width in ((avanco, 7), (peoes, 8)):
        for g in positions(mod.Game, 9, 60):
            near, _ = race_reference(g, width, mod is peoes)
            me = g.turn
            if near[me] == 1:
                assert g.evaluate() == 9000
                seen += 1
            elif near[1 - me] == 1 and mod is peoes:
                assert g.evaluate() == -9000
                seen += 1
    assert seen > 100
