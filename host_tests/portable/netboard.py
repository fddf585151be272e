"""A board on the club network for the tests: the real net/club.py on a
simulated board, its link faked (the broker up or down, what was
published, messages to deliver). Runs on both Pythons."""
from net.club import Club
from net import proto
from simboard import SimBoard, club9

NAME = "t1"


class FakeLink:
    """What net/club.py asks of net/link.py: up, fresh (just connected),
    poll(now, receive) and publish(topic, payload, retain) -> sent."""

    def __init__(self, up=False):
        self.up = up
        self.fresh = up
        self.inbox = []           # (topic, payload) delivered at the next poll
        self.sent = []            # (topic, payload bytes, retain) published

    def connect(self):
        self.up = True
        self.fresh = True

    def drop(self):
        self.up = False

    def poll(self, now, receive, quiet=True):
        if self.up:
            q, self.inbox = self.inbox, []
            for tpc, payload in q:
                receive(tpc, payload)

    def publish(self, tpc, payload, retain):
        if not self.up:
            return False
        self.sent.append((tpc, bytes(payload), retain))
        return True

    def events(self):
        """The events published on ev, as dicts, in order."""
        import json
        return [json.loads(p) for t, p, r in self.sent if t == proto.topic(NAME, "ev")]


def net_board(link=None, sensing="button", storage=None):
    """(board, its Club) on the club network, at the menu."""
    made = []

    def net(st):
        c = Club(NAME, st, link)
        made.append(c)
        return c
    b = SimBoard(club9(sensing), storage=storage, net=net)
    return b, made[-1]
