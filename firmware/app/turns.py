"""The board's own moves and the hint, for play (app/play.py).

The board thinks (play.think: the AI, its spinner kept turning), plays,
shows its move square by square in the order a player would touch them, and
says what no square shows (a pass, a swap, what it took: GAINS). A hint
thinks for the human and shows the move the same way, each square also in
what it would hold.
"""
from compat import ticks_add
from app.screen import AI_MOVE, HINT as HINT_RGB
from app.words import ends_with_pass, board_move_words
from app.lang import tr
from app.words import caps

AI_SHOW_MS = 2000
HINT_SHOW_MS = 3000
DEMO_PAUSE_MS = 900
DEMO = ("board", "board")


def board_moves(play, now):
    """The board's move: thought, played, shown, and said where no square shows it."""
    carried(play, play.think(play.settings.level))


def remote_turn(play, now):
    """The other board's turn (a game between two boards over the club
    network): its move, once the club brought it, played as the board's
    own are (a reed board asks for it to be carried out); until then the
    board says whom it waits for."""
    text = play.net.remote_move(play) if play.net is not None else None
    if text is None:
        if play.scroll is None and not play.waited:
            play.waited = True
            who = play.net.waiting_for() if play.net is not None else None
            play.say(tr("WAITING FOR|{board}").format(board=who.upper()) if who
                     else tr("WAITING FOR|THE OTHER BOARD"))
        elif play.scroll is not None and play.scroll.done(now):
            play.scroll = None
            play.version += 1
        return
    play.waited = False
    play.scroll = None
    carried(play, play.game.parse(text))     # checked legal by the club's receiver


def carried(play, m):
    """A move not the players': played, shown square by square, said where
    no square shows it."""
    g = play.game
    seat = g.turn
    again = play.ai_run
    before = g.score()
    play.play(m)
    text = play.texts[-1]
    demo = play.players == DEMO
    gains = getattr(play.mod, "GAINS", None)
    if gains is not None and before is not None:
        play.gain += g.score()[seat] - before[seat]
    said = None
    if g.result() is None:
        # Nothing on the LEDs shows a pass or a swap: say them.
        said = board_move_words(g, text, seat, text == "pass" and ends_with_pass(g))
    if said is not None:
        play.say(said)
    elif g.turn != seat and play.gain > 0 and not demo and g.result() is None:
        # Seeds or boxes taken: the store's bars change, but by how much is
        # not plain to see. Said once the board's turn is over.
        what = tr(gains[0] if play.gain == 1 else gains[1])
        play.say(tr("BOARD TAKES {n} {gains}").format(n=play.gain, gains=what))
    # A turn of several moves (boxes closed, Sesqui's two actions, Produto's
    # two stones): each is shown, in order, and the board waits between them.
    play.shown = (play.shown if again else ()) + play.last
    play.shown_looks = ()
    play.ai_run = g.turn == seat
    if not play.ai_run:
        play.gain = 0
    play.shown_rgb = AI_MOVE
    after = play.ctx.clock.ticks_ms()
    play.seen = after
    play.shown_from = after
    play.shown_until = ticks_add(after, play.show_ms(AI_SHOW_MS))
    pause = DEMO_PAUSE_MS if demo or g.turn == seat else 0
    play.next_ai = ticks_add(after, pause)


def hint(play, now):
    """HINT: the next key move named, or the AI's move for the human shown."""
    if not play.humans_turn():
        return
    keyed = play.entry.key_moves()
    if play.armed in keyed and len(keyed) > 1:
        play.arm(keyed, keyed.index(play.armed) + 1)
        return
    m = play.think(max(play.settings.level, 3))
    g = play.game
    cells = tuple(g.move_cells(m))
    play.entry.reset(play.humans_turn())
    if cells:
        # The squares in the order they are touched (Amazonas: from, to,
        # arrow), each also showing what it would hold (Produto's colour).
        g.play(m)
        v = g.view()
        play.shown_looks = tuple(v[c] for c in cells)
        g.undo()
        play.shown = cells
        play.version += 1
        play.shown_rgb = HINT_RGB
        t = play.ctx.clock.ticks_ms()
        play.shown_from = t
        play.shown_until = ticks_add(t, play.show_ms(HINT_SHOW_MS))
    else:
        play.say(tr(caps(g.move_text(m))))
