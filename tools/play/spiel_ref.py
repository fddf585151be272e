"""`openspiel:N` for tools/play/match.py: OpenSpiel's own MCTSBot (its C++ code,
from the `open-spiel` package) on OpenSpiel's own copy of a game, where its
rules are ours exactly. Where the port in tools/play/mcts_ref.py takes an hour a
game (Amazonas: 110 s a decision at 10,000 simulations on CPython), the
reference itself takes about 0.7 s.

The bot is built with the reference settings of tools/play/mcts_ref.py: uct_c 2,
one uniformly random rollout a leaf (RandomRolloutEvaluator(1)), solve=True,
N simulations a decision. OpenSpiel splits a turn into its actions (an
Amazons move is three: the amazon, where it goes, the arrow), each one
decision of N simulations, as the reference plays it.

Games (GAMES): Amazonas = OpenSpiel's `amazons(board_size=8)`, the same
8 x 8 board and start (White a3 c1 f1 h3 moving first, Black a6 c8 f8 h6), a
queen move and an arrow, the player who cannot move loses. Every move the
bot makes is checked against our game's own legal moves.

Needs `pip install -r requirements-openspiel.txt` (not in the test set-up:
a 16 MB wheel the tests do not use).
"""
from tools.play.players import AIPlayer, MatchError

UCT_C = 2.0
MAX_MEMORY_MB = 1000


def _amazonas_cells(m):
    """Our Amazonas move (from << 14 | to << 7 | arrow, in mailbox cells
    (y + 1) * 9 + x) as OpenSpiel's three actions (row * 8 + column, row 0
    the top rank)."""
    out = []
    for c in ((m >> 14) & 127, (m >> 7) & 127, m & 127):
        x, y = c % 9, c // 9 - 1
        out.append((7 - y) * 8 + x)
    return out


def _amazonas_move(actions):
    """OpenSpiel's three actions as our move."""
    m = 0
    for a in actions:
        row, x = divmod(a, 8)
        m = m << 7 | ((7 - row) + 1) * 9 + x
    return m


# game id -> (OpenSpiel's game string, our move -> its actions, its actions -> our move)
GAMES = {"amazonas": ("amazons(board_size=8)", _amazonas_cells, _amazonas_move)}


def load_pyspiel():
    try:
        import pyspiel
    except ImportError:
        raise MatchError("openspiel:N needs OpenSpiel: pip install -r requirements-openspiel.txt")
    return pyspiel


class SpielMCTSPlayer(AIPlayer):
    """OpenSpiel's MCTSBot, N simulations a decision, on the game replayed
    into OpenSpiel's state at every move (the match's opening included)."""

    def __init__(self, sims, seed, gid):
        if gid not in GAMES:
            raise MatchError("openspiel:N plays %s only, not %s" % (", ".join(sorted(GAMES)), gid))
        pyspiel = load_pyspiel()
        name, self.to_actions, self.to_move = GAMES[gid]
        self.game = pyspiel.load_game(name)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, evaluator, UCT_C, sims, MAX_MEMORY_MB, True, seed, False)

    def state_of(self, game):
        state = self.game.new_initial_state()
        for m in game.history:
            for a in self.to_actions(m):
                if a not in state.legal_actions():
                    raise MatchError("OpenSpiel refuses %s: the rules differ" % game.move_text(m))
                state.apply_action(a)
        return state

    def move(self, game):
        state = self.state_of(game)
        actions = []
        player = state.current_player()
        while state.current_player() == player and len(actions) < 3:
            a = self.bot.step(state)
            actions.append(a)
            state.apply_action(a)
        m = self.to_move(actions)
        if m not in game.moves():
            raise MatchError("OpenSpiel's move %r is not legal here: the rules differ" % actions)
        return m
