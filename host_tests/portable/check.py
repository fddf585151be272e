"""Assertion helpers for the portable tests (they run on CPython and MicroPython,
so they use no pytest features: plain `test_*` functions and these helpers)."""
from games.common import MoveError


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


def lcg(x):
    """The next number of the tests' random sequence (the same on both Pythons)."""
    return (x * 1103515245 + 12345) & 0x7FFFFFFF


def random_walk(game, seed):
    """Play a seeded random game to its end, yielding the legal moves of each
    position before one of them is played: the loop's body looks at the
    position (it may play and undo, but leaves it as it found it)."""
    x = seed
    while game.result() is None:
        ms = game.moves()
        assert ms, "no legal move but result() is None"
        yield ms
        x = lcg(x)
        game.play(ms[(x >> 8) % len(ms)])


def random_playout(game, seed, limit=2000):
    """Play uniformly chosen legal moves (a small LCG, the same on both Pythons)
    until the game ends; return the texts played."""
    x = seed & 0x7FFFFFFF or 1
    played = []
    while game.result() is None and len(played) < limit:
        ms = game.moves()
        assert ms, "no legal move but result() is None"
        x = lcg(x)
        m = ms[(x >> 8) % len(ms)]
        played.append(game.move_text(m))
        game.play(m)
    return played


def check_notation_roundtrip(game_mod, seed, options=None):
    """Along a random game every legal move's text parses back to that move."""
    g = game_mod.Game(options)
    for ms in random_walk(g, seed):
        texts = [g.move_text(m) for m in ms]
        assert len(set(texts)) == len(texts), "two moves share a text"
        for m, t in zip(ms, texts):
            assert g.parse(t) == m, t


def ending_moves(game, winner=None):
    """The legal moves after which the game is over (won by winner, if given)."""
    out = []
    for m in game.moves():
        game.play(m)
        r = game.result()
        if r is not None and (winner is None or r == winner):
            out.append(m)
        game.undo()
    return out


def winning_texts(game, seat):
    """The texts of the legal moves that win the game for seat at once, sorted."""
    return sorted(game.move_text(m) for m in ending_moves(game, seat))


def check_refused(game, text, *words):
    """Playing text raises a MoveError whose message holds each of words, and
    changes nothing; returns the error."""
    before = snapshot(game)
    e = raises(MoveError, game.play_text, text)
    for w in words:
        assert w in str(e), (text, str(e))
    assert snapshot(game) == before
    return e


def check_illegal_input_refused(game, cases, not_text):
    """Each (text, words) of cases is refused with a MoveError whose message
    holds words, and so is not_text (no text at all, saying so); none of them
    changes the game."""
    for bad, words in cases:
        check_refused(game, bad, words)
    check_refused(game, not_text, "text")


def check_game_over(game, winner, text):
    """The game is won by winner: no legal move is left and the move text is
    refused because the game is over."""
    assert game.result() == winner
    assert game.moves() == [] and game.legal_texts() == []
    assert "over" in str(raises(MoveError, game.play_text, text))


def check_key_follows_the_position(new_game, line, transposed, other, then):
    """key() is a small int that follows the position: the same after line and
    after its transposition, another after other, another again once the move
    then is played, and back to the first after undo()."""
    a = play(new_game(), line)
    k = a.key()
    assert 0 <= k < 2 ** 30 and play(new_game(), transposed).key() == k
    c = play(new_game(), other).key()
    assert c != k and 0 <= c < 2 ** 30
    play(a, then)
    assert a.key() != k and 0 <= a.key() < 2 ** 30
    a.undo()
    assert a.key() == k


def check_evaluate_in_range_along_games(new_game, seeds):
    """evaluate() is an int strictly within +-10000 at every position of the
    seeded random games."""
    for seed in seeds:
        g = new_game()
        for _ in random_walk(g, seed):
            v = g.evaluate()
            assert isinstance(v, int) and -10000 < v < 10000, (seed, g.ply, v)


def check_move_cells_are_from_then_to(game, cell):
    """move_cells() of every legal move written "a1-b2" is (cell("a1"), cell("b2"))."""
    for m in game.moves():
        t = game.move_text(m)
        assert game.move_cells(m) == (cell(t[:2]), cell(t[3:])), t


def check_the_move_wins(game, text, seat):
    """The game is undecided, and the move text wins it for seat; returns the game."""
    assert game.result() is None
    game.play_text(text)
    assert game.result() == seat
    return game


def check_candidates_along_a_game(game, seed, limits, every):
    """At every position of a seeded random game, candidates(limit) is
    min(limit, number of legal moves) distinct legal moves for each of limits,
    and candidates(every) is every legal move."""
    for ms in random_walk(game, seed):
        for limit in limits:
            cs = game.candidates(limit)
            assert len(cs) == min(limit, len(ms)), (limit, len(cs), len(ms), game.board_text())
            assert len(set(cs)) == len(cs) and all(m in ms for m in cs), game.board_text()
        assert sorted(game.candidates(every)) == sorted(ms), game.board_text()


def check_candidates_put_a_win_first(game, seed, wins_now=ending_moves, limit=1, max_moves=None):
    """At every position of a seeded random game where the mover has moves
    that win at once (wins_now(game)), candidates(limit)[0] is one of them;
    positions with max_moves legal moves or more are passed over (the scan
    is slow there). Returns how many positions had a win, for the test to
    ask for enough of them."""
    found = 0
    for ms in random_walk(game, seed):
        if max_moves is None or len(ms) < max_moves:
            wins = wins_now(game)
            if wins:
                assert game.candidates(limit)[0] in wins, game.board_text()
                found += 1
    return found


def check_random_games_end_with_a_winner(new_game, seeds):
    """For each seed a seeded random game played to its end, which must be
    won (result 0 or 1) with no legal move left; returns [(game, the texts
    played)] for the test's own checks of the end."""
    out = []
    for seed in seeds:
        g = new_game()
        played = random_playout(g, seed)
        assert g.result() in (0, 1), played
        assert g.moves() == [], played
        out.append((g, played))
    return out
