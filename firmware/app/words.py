"""What the board says about a game in words: the result, and the questions
before a move that no square shows (Go's pass and swap).

The seats are named as the players at the table know them (the game's
seat_word: BLACK, CATS, or the colour where the names are an order).
"""
from games.common import DRAW, cell_name, winner_seat
from app import lang
from app.lang import tr


# The letters Portuguese accents, small and capital, in the same order:
# MicroPython's str.upper() changes only ASCII letters, and a game's name is
# written as the rule books write it (Semáforo, Peões).
_SMALL = "áàãâçéêíóõôú"
_CAPITAL = "ÁÀÃÂÇÉÊÍÓÕÔÚ"


def caps(text):
    """`text` in capitals, accented letters too, on every Python."""
    text = text.upper()
    for ch in text:
        if ch in _SMALL:
            return "".join(_CAPITAL[_SMALL.index(c)] if c in _SMALL else c for c in text)
    return text


def tr_as(kind, text):
    """`text` as a word of one kind ("seat", "colour"): where one English
    word is two in the other language (BLACK: the black side, PRETAS; a
    black piece, PRETA), the catalogue keys it "kind:TEXT"."""
    if not lang.KEYS:
        return text
    got = lang.FIND(kind + ":" + text, lang.KEYS, lang.ENDS, lang.WORDS)
    return tr(text) if got is None else got


def seat(g, s):
    """Seat s of game g as the players know it, in their language."""
    return tr_as("seat", g.seat_word(s))


def outcome(g, players):
    """The result in words: YOU WIN / BOARD WINS against the board, the
    winner's name otherwise, the winner's score first; None while playing."""
    r = g.result()
    if r is None:
        return None
    s = g.score()
    if r == DRAW:
        text = tr("DRAW")
        if s is not None:
            text += " %d-%d" % (s[0], s[1])
        return text
    humans = [i for i in (0, 1) if players[i] == "human"]
    if len(humans) == 1 and "remote" not in players:   # against another board: by its seat
        text = tr("YOU WIN") if r == humans[0] else tr("BOARD WINS")
    else:
        text = tr("{seat} WINS").format(seat=seat(g, r))
    if s is not None:
        text += " %d-%d" % (s[r], s[1 - r])
    return text


def book_text(g):
    """The result as the record book keeps it: the seat's word (BLUE, BLACK,
    CATS...) and the score by seat, whoever played (the line says who
    played each seat: players=)."""
    r = g.result()
    text = "DRAW" if r == DRAW else "%s WINS" % g.seat_word(r)
    s = g.score()
    if s is not None:
        text += " %d-%d" % (s[0], s[1])
    return text


def said_result(game_class, result, moves, players):
    """A recorded result (book_text's words) as the board said it at the
    game's end (outcome()): YOU WIN / BOARD WINS when one seat was the
    board's, the winner's score first. `players` is None for a line that does
    not say who played: the seats' words then. A result that names no seat
    (a draw, words of another firmware) is given as written."""
    r = winner_seat(game_class, result, moves)
    if r is None:
        return tr("DRAW") + result[4:] if result.startswith("DRAW") else tr(result)
    words = result.split()
    score = words[-1].split("-") if len(words) > 2 else ()
    if len(score) != 2:
        score = ()
    if (players is not None and (players[0] == "human") != (players[1] == "human")
            and "remote" not in players):
        text = tr("YOU WIN") if players[r] == "human" else tr("BOARD WINS")
    elif game_class.SEAT_WORDS is not None:
        text = tr("{seat} WINS").format(seat=tr_as("seat", game_class.SEAT_WORDS[r]))
    else:
        # The recorded colour as it is: after a swap, seat r plays the other one.
        text = tr("{seat} WINS").format(seat=tr_as("seat", result[:result.find(" WINS")]))
    if score:
        text += " %s-%s" % (score[r], score[1 - r])
    return text


def book_extra(settings, game):
    """The record line's own fields (app/records.py EXTRA) for a game played
    with these settings: who played each seat, the board's level where it
    played, and Go's stones marked dead."""
    extra = [("players", ",".join(settings.players))]
    if "board" in settings.players:
        extra.append(("level", str(settings.level)))
    dead = getattr(game, "dead", None)
    if dead:
        w = game.layout()[0]
        extra.append(("dead", ",".join(cell_name(c % w, c // w) for c in sorted(dead))))
    return extra


def pass_move(g):
    """The side to move's pass, or None where it has none."""
    for m in g.moves():
        if not g.move_cells(m) and g.move_text(m) == "pass":
            return m
    return None


def ends_with_pass(g):
    """Whether a pass by the side to move would end the game."""
    m = pass_move(g)
    if m is None:
        return False
    g.play(m)
    over = g.result() is not None
    g.undo()
    return over


def key_move_question(g, players, keyed, i):
    """The question naming key move keyed[i] (a move with no squares, made
    with OK): what it would end in, and what HINT names instead."""
    m = keyed[i % len(keyed)]
    name = tr(caps(g.move_text(m)))
    text = name + "? OK"
    g.play(m)
    end = outcome(g, players)
    then = None
    if end is None and players[g.turn] == "board" and ends_with_pass(g):
        # Against the board: its pass would end the game at once, with no
        # further question, so the human hears now what it would end in.
        g.play(pass_move(g))
        then = outcome(g, players)
        g.undo()
    g.undo()
    if end is not None:
        text += tr("|IT ENDS THE GAME:|{result}").format(result=end)      # Go's second pass
    elif then is not None:
        text += tr("|IF THE BOARD PASSES TOO:|{result}").format(result=then)
    if len(keyed) > 1:
        text += tr("|HINT: {move}").format(move=tr(caps(g.move_text(keyed[(i + 1) % len(keyed)]))))
    return text


def board_move_words(g, text, seat, passing_ends):
    """What the board says after its own move no square shows, or None."""
    if text == "pass":
        return tr("BOARD PASSES") + (tr("|YOUR PASS ENDS THE GAME") if passing_ends else "")
    if text == "swap":
        return tr("BOARD SWAPS|IT PLAYS {seat}").format(seat=tr_as("seat", g.seat_word(seat)))
    return None
