"""Go's opening book: the first three plies of 7 x 7 play.

Black opens at the centre d4, the first move of every published 7 x 7
solution (Davies; Li Zhe 2015). WHITE[c]: White's answer to Black's first
stone on c; BLACK[c]: Black's answer after d4 and White's first stone on c
(255: none, the search decides). Both from GNU Go 3.8 at level 10 (area
scoring, komi 0), made with `python -m tools.play.go_book`; docs/developers/ai-mcts.md ("The
opening book") says how they were checked. Seat 1 swaps Black's first stone
when it may: with no komi, Black's stone is worth more than White's tempo.
"""
FIRST = 24
WHITE = (b'\x18\x18\x18\x18\x18\x18\x18\x18\n\x17\x11\x10\x1a\x18\x18\x1e \x1e\x1e!\x18\x18\x17'
         b'  \x10\x19\x18\x18\x18\x12\x10\x10\x13\x18\x18\x17\x17\x1f\x18\x19\x18\x18\x18\x18\x18'
         b'\x18\x18\x18')
BLACK = (b'\x01\x1e\x10\x10\x12\x1e\r\x1e\x16\x0b\x1a\t\x1a\x1e\x10\x1d\x11\x17\x19!\x12\x1e&\x11'
         b'\xff\x11& \x1e\x16\x17\x17\x19\x1a \xff&&\x16&&\xff#\x1e\x1e\x1e \x1e/')
_PASS = 49
_SWAP = 50


def book(game, legal):
    """The book's move for the position (an item of `legal`), or None."""
    hist = game.hist
    n = len(hist)
    m = None
    if not game.onboard[1] and not game.onboard[2]:
        m = FIRST                 # an empty board (after a pass, or a swap of one)
    elif n == 1:
        first = hist[0] & 63
        if _SWAP in legal and first != _PASS:
            return _SWAP
        if first < _PASS:
            m = WHITE[first]
    elif n == 2 and (hist[0] & 63) == FIRST and not game.swapped:
        second = hist[1] & 63
        if second < _PASS:
            m = BLACK[second]
    if m is None or m == 255 or m not in legal:
        return None
    return m
