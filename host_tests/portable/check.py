"""Assertion helpers for the portable tests (they run on CPython and MicroPython,
so they use no pytest features: plain `test_*` functions and these helpers)."""


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception of exc_type it raised; fail if none."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("%s was not raised by %s%r" % (exc_type.__name__, getattr(fn, "__name__", fn), args))


def play(game, texts):
    """Play moves given in notation; return the game."""
    if isinstance(texts, str):
        texts = texts.split()
    for t in texts:
        game.play_text(t)
    return game


def snapshot(game):
    """Everything observable about a position, to show a failed move changed nothing."""
    return (game.turn, game.ply, game.result(), game.legal_texts(), game.board_text())


def random_playout(game, seed, limit=2000):
    """Play uniformly chosen legal moves (a small LCG, the same on both Pythons)
    until the game ends; return the texts played."""
    x = seed & 0x7FFFFFFF or 1
    played = []
    while game.result() is None and len(played) < limit:
        ms = game.moves()
        assert ms, "no legal move but result() is None"
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        m = ms[(x >> 8) % len(ms)]
        played.append(game.move_text(m))
        game.play(m)
    return played


def check_notation_roundtrip(game_mod, seed, options=None):
    """Along a random game every legal move's text parses back to that move."""
    g = game_mod.Game(options)
    while g.result() is None:
        ms = g.moves()
        texts = [g.move_text(m) for m in ms]
        assert len(set(texts)) == len(texts), "two moves share a text"
        for m, t in zip(ms, texts):
            assert g.parse(t) == m, t
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        g.play(ms[(seed >> 8) % len(ms)])
