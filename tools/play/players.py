"""The players a match sets against the board's AI (tools/play/match.py).

Each is an AIPlayer: start(game), move(game) -> a move (or RESIGN),
observe(game, move) for the other side's moves, close(). AIPlayer is the
board's own AI at a level; RandomPlayer a uniformly random legal move;
GreedyPlayer a beginner who looks one move ahead (tools/play/ladder.py's
bottom rung); UCTPlayer a generic Monte-Carlo tree search with random playouts; GTPPlayer
a Go engine over GTP (tools/play/gtp_client.py). The reference opponents
built on OpenSpiel are in mcts_ref.py and spiel_ref.py.
"""
import math
import random

from tools.link import firmware_path  # noqa: F401  (puts firmware/ on sys.path)
from tools.play.gtp_client import Engine, GTPError

ROLLOUT_CAP = 400            # a playout this long counts as a draw


class MatchError(Exception):
    """A bad argument or a missing engine, said as the user should read it."""


RESIGN = -1


class AIPlayer:
    """The board's AI at a level, at that level's node budget (the game's NODES)."""

    def __init__(self, level, seed, mhz=None):
        self.level = level
        self.seed = seed
        self.mhz = mhz

    def start(self, game):
        pass

    def move(self, game):
        import ai
        return ai.choose(game, level=self.level, seed=self.seed, mhz=self.mhz or ai.BENCH_MHZ)

    def observe(self, game, m):
        pass

    def close(self):
        pass


class RandomPlayer(AIPlayer):
    """A uniformly random legal move, from a seeded generator of small
    integers: the same games on every Python (bench's strength table plays
    it too)."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 12345) & 0x7FFFFFFF or 1

    def move(self, game):
        ms = game.moves()
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return ms[(self.x >> 8) % len(ms)]


def winning_move(game, ms):
    """The first of `ms` after which the game's result is the mover's win, or None."""
    me = game.turn
    for m in ms:
        game.play(m)
        won = game.result() == me
        game.undo()
        if won:
            return m
    return None


class GreedyPlayer(AIPlayer):
    """A beginner who looks one move ahead: a move that wins at once if
    there is one; else a random move after which the opponent has no move
    that wins at once; else any random move. Seeded (Python's own generator:
    this player lives only on the desktop).

    "Wins at once" is the game's result() after the move, so a move that
    ends the game (Ouri's last capture, Pontos' last box) counts by its
    result. A move that leaves the same seat to move (a box in Pontos, a
    capture that plays again) gives the opponent no reply, so it is safe:
    the beginner does not look into a turn of several actions. Uniform among
    the safe moves: the first safe one in a shuffled order, which spares
    looking at every reply to every move (Amazonas has hundreds of each)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def move(self, game):
        ms = game.moves()
        m = winning_move(game, ms)
        if m is not None:
            return m
        order = list(ms)
        self.rng.shuffle(order)
        for m in order:
            if not loses_at_once(game, m, game.turn):
                return m
        return order[0]


def loses_at_once(game, m, me):
    """Does the opponent have a move that wins at once after `me` plays m?
    (game is left as it was.)"""
    game.play(m)
    try:
        if game.result() is not None or game.turn == me:
            return False
        return winning_move(game, game.moves()) is not None
    finally:
        game.undo()


class _Node:
    __slots__ = ("move", "seat", "untried", "children", "visits", "wins")

    def __init__(self, move, seat, untried):
        self.move = move          # the move that led here
        self.seat = seat          # the seat that made it (wins are counted for it)
        self.untried = untried    # moves not expanded yet, in a seeded random order
        self.children = []
        self.visits = 0
        self.wins = 0.0


class UCTPlayer(AIPlayer):
    """UCT over the game interface: `sims` playouts a decision, each one a
    descent by UCB1 (c = sqrt 2) to a new node, then uniformly random moves to
    the end of the game (draw after ROLLOUT_CAP plies). The move played is
    the most visited. A move that wins at once is played at once. Works for
    every game: a node's seat is game.turn there, so a turn of several
    actions (the same seat moving again) is several decisions, each of them
    one atomic action."""

    def __init__(self, sims, seed, rollout_cap=ROLLOUT_CAP):
        self.sims = sims
        self.rng = random.Random(seed)
        self.cap = rollout_cap

    def _untried(self, game):
        if game.result() is not None:
            return []
        ms = game.moves()
        self.rng.shuffle(ms)
        return ms

    def move(self, game):
        ms = game.moves()
        m = winning_move(game, ms)
        if m is not None:
            return m
        if len(ms) == 1:
            return ms[0]
        root = _Node(None, None, self._untried(game))
        for _ in range(self.sims):
            self._playout(game, root)
        best = max(root.children, key=lambda c: (c.visits, c.wins))
        return best.move

    def _playout(self, game, root):
        rng = self.rng
        node = root
        path = []
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.wins / c.visits
                       + 1.4142 * math.sqrt(log_n / c.visits))
            game.play(node.move)
            path.append(node)
        if node.untried:
            m = node.untried.pop()
            seat = game.turn
            game.play(m)
            child = _Node(m, seat, self._untried(game))
            node.children.append(child)
            path.append(child)
        k = 0
        r = game.result()
        while r is None and k < self.cap:
            ms = game.moves()
            if not ms:
                break
            game.play(ms[int(rng.random() * len(ms))])
            k += 1
            r = game.result()
        for _ in range(k + len(path)):
            game.undo()
        root.visits += 1
        for n in path:
            n.visits += 1
            if r == n.seat:
                n.wins += 1.0
            elif r is None or r not in (0, 1):
                n.wins += 0.5


def _colour(game, seat):
    return "black" if seat == game.black_seat() else "white"


class GTPPlayer(AIPlayer):
    """A Go engine over GTP. The engine's board follows ours move by move; a
    move the engine makes that our rules refuse (its 26th stone, say) is
    taken back and played as a pass (counted in `refused`)."""

    def __init__(self, argv, size, seed=None):
        self.engine = Engine(argv)
        self.size = size
        self.seed = seed
        self.refused = 0

    def start(self, game):
        e = self.engine
        e.ask("boardsize %d" % self.size)
        e.ask("clear_board")
        e.ask("komi 0")
        if self.seed is not None and e.ask("known_command set_random_seed") == "true":
            e.ask("set_random_seed %d" % self.seed)

    def move(self, game):
        colour = _colour(game, game.turn)
        v = self.engine.ask("genmove " + colour).lower()
        if v == "resign":
            return RESIGN
        try:
            return game.parse(v)
        except Exception:
            self.refused += 1
            self.engine.ask("undo")
            self.engine.ask("play %s pass" % colour)
            return game.parse("pass")

    def observe(self, game, m):
        # m has been played: the seat that made it is the one not to move now.
        self.engine.ask("play %s %s" % (_colour(game, 1 - game.turn), game.move_text(m)))

    def dead(self, game):
        """The stones the engine lists as dead, as cells of our board (a point
        our board has empty is left out: the boards are kept equal, so only
        a broken engine names one)."""
        text = self.engine.ask("final_status_list dead")
        return [c for c in (_point(game, v) for v in text.split()) if game.board[c]]

    def version(self):
        try:
            return "%s %s" % (self.engine.ask("name"), self.engine.ask("version"))
        except GTPError:
            return ""

    def close(self):
        self.engine.close()


def _point(game, vertex):
    """A GTP vertex (D4) as a cell index of our board (rank 1 at the bottom)."""
    from games.common import parse_cell
    w, h = game.layout()
    xy = parse_cell(vertex.lower(), w, h)
    if xy is None:
        raise MatchError("the engine named %r, not a point of the board" % vertex)
    return xy[1] * w + xy[0]
