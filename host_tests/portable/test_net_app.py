"""The app on the club network (issue 35), through the real app on the
simulated board with its link faked: a board without a network loads none
of net/; the other board's move is carried out by hand on a reed board as
the board's own are, a wrong piece refused; neither board moves for the
other; Undo takes back nothing in a game between two boards; every move,
undo and result is an event in order. Portable: CPython and MicroPython."""
import sys
import json

import games
from check import random_playout
from simboard import SimBoard, club9
from memstorage import MemStorage
from netboard import FakeLink, net_board, NAME
from net import proto
from app.screen import ERROR
from test_pieces import blinks

IN = proto.topic(NAME, "in")


def test_a_board_without_a_network_loads_none_of_net():
    for name in [n for n in sys.modules if n == "net" or n.startswith("net.")]:
        sys.modules.pop(name)
    b = SimBoard(club9(), storage=MemStorage())
    assert b.app.ctx.net is None
    b.start("hex")
    b.enter("a1")
    b.press("menu")
    b.tick()
    assert not [n for n in sys.modules if n == "net" or n.startswith("net.")]


def send(b, club, m):
    b.hal.net.link.inbox.append((IN, json.dumps({"v": 1, "k": "move", "g": club.g, "n": club.n,
                                                 "m": m, "from": "mesa-2"})))
    b.tick()


def test_the_other_boards_move_is_carried_out_by_hand_a_wrong_piece_refused():
    link = FakeLink(up=True)
    b, club = net_board(link, sensing="reed", storage=MemStorage())
    play = b.start("avanco", players_col=5)       # the other board first
    b.follow()
    g = play.game
    assert not play.pieces.syncing and not play.humans_turn()
    m = random_playout(games.load("avanco").Game(), 1)[0]
    send(b, club, m)
    b.tick()
    assert play.texts == [m]
    frm, to = [play.square(c) for c in play.last]
    p = play.pieces
    assert p.syncing and sorted(p.wrong()) == sorted([frm, to])
    b.lift(frm)
    wrong_sq = [sq for sq in range(b.cols * b.rows)
                if play.cell(sq) is not None and not b.has_piece(sq) and sq not in (frm, to)][0]
    b.place(wrong_sq)
    assert g.ply == 1 and p.syncing and wrong_sq in p.wrong()
    assert blinks(b, wrong_sq, ERROR)             # refused: it blinks red until taken back
    b.lift(wrong_sq)
    b.place(to)
    assert not p.syncing and play.humans_turn() and g.ply == 1
    ev = link.events()
    assert [(d["k"], d.get("m"), d.get("p")) for d in ev] == [("start", None, None), ("move", m, 0)]
    assert ev[0]["mode"] == "bvb" and ev[0]["level"] is None


def test_neither_board_moves_for_the_other_and_undo_takes_nothing_back():
    link = FakeLink(up=True)
    b, club = net_board(link, storage=MemStorage())
    play = b.start("hex", players_col=4)          # this board first
    b.tap("a1")
    assert play.texts == ["a1"]
    b.tick()
    b.tap("b1")                                   # the other board's turn: the touch is no move
    assert play.texts == ["a1"]
    b.press("undo")
    assert play.texts == ["a1"]
    send(b, club, "a1")                           # not legal: taken
    assert club.remote is None
    send(b, club, "c3")
    b.tick()
    assert play.texts == ["a1", "c3"] and play.humans_turn()
    assert not club.receive(IN, json.dumps({"v": 1, "k": "move", "g": club.g, "n": club.n,
                                            "m": "d4", "from": "mesa-2"}))   # its turn is over


def test_every_move_undo_and_result_is_an_event_in_order():
    link = FakeLink(up=True)
    b, club = net_board(link, storage=MemStorage())
    b.start("semaforo")
    for m in ("a1", "b1"):
        b.enter(m)
    b.press("undo")
    b.tick()
    for m in ("b1", "c1"):                        # three in a row: over
        b.enter(m)
    for _ in range(10):
        b.tick()
    ev = link.events()
    kinds = [(d["n"], d["k"]) for d in ev]
    assert kinds[:4] == [(0, "start"), (1, "move"), (2, "move"), (3, "undo")], kinds
    assert [d["n"] for d in ev] == list(range(len(ev)))
    assert ev[-1]["k"] == "end" and ev[-1]["r"] and ev[0]["mode"] == "2p"
