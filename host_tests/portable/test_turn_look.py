"""Whose turn the board shows: the tint of the empty squares (a game's
turn_look) is the colour of the pieces the side to move plays, so a player
who sees violet knows it is Black's (violet pieces') turn, not orange."""
import games



def _owned_looks(gid, plies=6):
    """For each seat, the piece looks its first moves put on the board
    (the cells that newly show a look of the game's PIECES), and the
    turn_look the game gave before each of those moves."""
    mod = games.load(gid)
    g = mod.Game()
    pieces = tuple(getattr(mod, "PIECES", ()))
    placed = ([], [])
    tints = ([], [])
    for _ in range(plies):
        if g.result() is not None:
            break
        seat = g.turn
        tints[seat].append(g.turn_look())
        before = g.view()
        g.play(sorted(g.moves(), key=g.move_text)[0])
        after = g.view()
        placed[seat].extend(after[c] for c in range(len(after))
                            if after[c] != before[c] and after[c] in pieces)
    return placed, tints


def test_the_turn_tint_is_the_colour_of_the_pieces_of_the_side_to_move():
    checked = []
    for gid in games.BOARD_GAMES:
        placed, tints = _owned_looks(gid)
        own = [set(p) for p in placed]
        # Only games where each side plays pieces of one look of its own
        # (not Semaforo's shared pieces, not Produto's stones of both colours).
        if not all(len(s) == 1 for s in own) or own[0] == own[1]:
            continue
        for seat in (0, 1):
            look = own[seat].pop()
            assert set(tints[seat]) == {look}, (gid, seat, tints[seat], look)
        checked.append(gid)
    assert {"avanco", "peoes", "amazonas", "sesqui", "hex", "go"} <= set(checked), checked


