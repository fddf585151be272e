"""Reference opponents for tools/play/match.py: OpenSpiel's MCTSBot, and the
alpha-beta search where a game now plays Monte-Carlo.

`mcts:N` is OpenSpiel's MCTSBot algorithm (open_spiel/python/algorithms/
mcts.py) ported over the game interface of docs/developers/architecture.md, N
simulations a decision, with the settings the reference uses: uct_c = 2, a
node's children made on its second visit in a seeded random order, one
uniformly random rollout per leaf (RandomRolloutEvaluator, n_rollouts=1),
solve=True (proven outcomes propagated: a node is solved when a child wins
for the player to move there, or when every child is solved), and the move
played chosen by proven outcome, then visits, then total reward. Returns are
+1 / -1 / 0 for a win, a loss, a draw, for the seat that made the move into a
node (a turn of several actions is several decisions, each one action). A
rollout longer than ROLLOUT_CAP plies counts as a draw.

`ab:L` is the board's alpha-beta search (firmware/ai.py) at level L's node
budget on the match's clock, whatever search the game's level now plays.
"""
import math
import random

from tools.link import firmware_path  # noqa: F401  (puts firmware/ on sys.path)
from tools.play.players import AIPlayer

UCT_C = 2.0
ROLLOUT_CAP = 400
MAX_UTILITY = 1.0


class SearchNode:
    __slots__ = ("action", "player", "explore_count", "total_reward", "outcome", "children")

    def __init__(self, action, player):
        self.action = action
        self.player = player          # the seat that made `action`
        self.explore_count = 0
        self.total_reward = 0.0
        self.outcome = None           # returns per seat once proven
        self.children = []

    def uct_value(self, parent_explore_count, uct_c):
        if self.outcome is not None:
            return self.outcome[self.player]
        if self.explore_count == 0:
            return float("inf")
        return (self.total_reward / self.explore_count
                + uct_c * math.sqrt(math.log(parent_explore_count) / self.explore_count))

    def sort_key(self):
        return (0 if self.outcome is None else self.outcome[self.player],
                self.explore_count, self.total_reward)

    def best_child(self):
        return max(self.children, key=SearchNode.sort_key)


def returns_of(game):
    """(seat 0's return, seat 1's) of a finished game: +1 win, -1 loss, 0 draw."""
    r = game.result()
    if r == 0:
        return (1.0, -1.0)
    if r == 1:
        return (-1.0, 1.0)
    return (0.0, 0.0)


class MCTSPlayer(AIPlayer):
    """OpenSpiel's MCTSBot over the game interface: `sims` simulations a move
    (AIPlayer's hooks: it keeps no state between moves)."""

    def __init__(self, sims, seed, uct_c=UCT_C, solve=True, rollout_cap=ROLLOUT_CAP):
        self.sims = sims
        self.uct_c = uct_c
        self.solve = solve
        self.cap = rollout_cap
        self.rng = random.Random(seed)

    def move(self, game):
        return self.search(game).best_child().action

    def _rollout(self, game):
        """One uniformly random rollout to the end; the game is left as found."""
        k = 0
        while game.result() is None and k < self.cap:
            ms = game.moves()
            if not ms:
                break
            game.play(ms[self.rng.randrange(len(ms))])
            k += 1
        out = returns_of(game) if game.result() is not None else (0.0, 0.0)
        for _ in range(k):
            game.undo()
        return out

    def _tree_policy(self, root, game):
        """Descend from the root, making a node's children on its second
        visit; returns the path (the plays made are the path's length - 1)."""
        path = [root]
        node = root
        while game.result() is None and node.explore_count > 0:
            if not node.children:
                actions = list(game.moves())
                self.rng.shuffle(actions)
                player = game.turn
                node.children = [SearchNode(a, player) for a in actions]
            parent = node.explore_count
            uct_c = self.uct_c
            node = max(node.children, key=lambda c: c.uct_value(parent, uct_c))
            game.play(node.action)
            path.append(node)
        return path

    def search(self, game):
        root = SearchNode(None, game.turn)
        for _ in range(self.sims):
            path = self._tree_policy(root, game)
            if game.result() is not None:
                returns = returns_of(game)
                path[-1].outcome = returns
                solved = self.solve
            else:
                returns = self._rollout(game)
                solved = False
            for _ in range(len(path) - 1):
                game.undo()
            while path:
                node = path.pop()
                node.total_reward += returns[node.player] if node.player is not None else 0.0
                node.explore_count += 1
                if solved and node.children:
                    player = node.children[0].player
                    best = None
                    all_solved = True
                    for child in node.children:
                        if child.outcome is None:
                            all_solved = False
                        elif best is None or child.outcome[player] > best.outcome[player]:
                            best = child
                    if best is not None and (all_solved or best.outcome[player] == MAX_UTILITY):
                        node.outcome = best.outcome
                    else:
                        solved = False
            if root.outcome is not None:
                break
        return root


class ABPlayer(AIPlayer):
    """The board's alpha-beta search at a level's node budget (firmware/ai.py),
    where AIPlayer plays what the level plays (Go's Monte-Carlo search)."""

    def move(self, game):
        import ai
        mhz = self.mhz or ai.BENCH_MHZ
        nodes = ai.budget(game, max(3, self.level), mhz)
        return ai.choose(game, level=self.level, seed=self.seed, nodes=nodes, mhz=mhz)
