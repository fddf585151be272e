"""The outbox: every event on flash before it is published, until acked.

A journal file, a line an event (the payload as published). An event is
appended before it is sent (FileStorage.append), so a board that cannot
reach the broker plays on and its events wait here; it is never rewritten
except to drop its acknowledged start: the lines the recorder has acked,
from the first, written afresh with write_atomic (a cut leaves the old file
or the new one, whole). A cut during an append leaves the line's start
without its newline: such a torn end is no event (it fails the checks of
proto.event_ok) and the next append starts on a new line, so no earlier
event is ever touched. The lines are read back a line at a time from
flash (read_at), never the whole file in RAM: a day without a broker
piles up more than the heap holds.

The first line may be the club's mark instead of an event (net/club.py
sets `mark`): the seq and length of its games' streams when the acked
start was dropped, written in the same write_atomic, so that what the
recorder has taken is still known after a reset (a resumed game goes on
with its own id and next seq) and no write is added for it. A mark is no
event: never published, never counted, replaced at each drop.
"""
import json

from net import proto

FILE = "outbox.txt"
NO_LIMIT = 0x3FFFFFFF        # never rotated: storage.append's limit
LINE_MOST = proto.MOST + 1   # a payload and its newline


class Outbox:
    def __init__(self, storage, name=FILE, mark=None):
        self.storage = storage
        self.name = name
        self.acks = {}           # game id -> highest seq the recorder stored
        self.sent = 0            # byte offset of the next line to publish
        self.more = True         # lines may wait past `sent`: look (a read of the flash)
        self.cut_total = 0       # bytes dropped from the start so far: offsets move by it
        self.mark = mark         # a callable: the dict a drop writes first (net/club.py), or None
        src = storage.found(name)
        if src is not None and src != name:
            storage.rename(src, name)     # a FAT replace a cut stopped: finished (hal/storage.py)
        end = storage.tail(name, 1)
        self.torn = end not in (b"", b"\n")   # a cut mid-append: start a new line

    def append(self, d):
        """An event, onto flash before it is published."""
        line = proto.encode(d) + b"\n"
        if self.torn:
            line = b"\n" + line
        self.storage.append(self.name, line, NO_LIMIT)
        self.torn = False
        self.more = True

    def line_at(self, at):
        """(the line's bytes without its newline, the offset after it) at
        byte `at`; None at the end or at a torn last line."""
        data = self.storage.read_at(self.name, at, LINE_MOST + 1)
        nl = data.find(b"\n")
        if nl < 0:
            if len(data) > LINE_MOST:      # no event is this long: skip it whole
                return self.line_at_long(at)
            if data and parse(data) is not None:
                return data, at + len(data)    # whole but for its newline: a cut just then
            return None
        return data[:nl], at + nl + 1

    def line_at_long(self, at):
        """A damaged line longer than any event: skipped to its newline."""
        at0 = at
        while True:
            data = self.storage.read_at(self.name, at, 256)
            if not data:
                return None
            nl = data.find(b"\n")
            if nl >= 0:
                return b"", at + nl + 1
            at += len(data)
            if at - at0 > 65536:
                return None

    def events(self, at=0):
        """(event dict, payload, offset after it) of each line from `at`
        that is an event; damaged lines (a torn append) are passed over."""
        while True:
            got = self.line_at(at)
            if got is None:
                return
            line, at = got
            d = parse(line)
            if d is not None:
                yield d, line, at

    def next_unsent(self):
        """(event, payload) of the next event to publish, or None."""
        for d, line, end in self.events(self.sent):
            return d, line, end
        self.more = False
        return None

    def mark_sent(self, end):
        self.sent = end

    def rewind(self):
        """A (re)connect: everything not acknowledged goes out again, in order."""
        self.sent = 0
        self.more = True

    def pending(self):
        """How many events are not acknowledged (reads the file)."""
        k = 0
        for d, line, end in self.events():
            if not self.covered(d):
                k += 1
        return k

    def covered(self, d):
        top = self.acks.get(d["g"])
        return top is not None and d["n"] <= top

    def ack(self, g, n):
        """The recorder has every event of game g up to seq n: the acked
        start of the file dropped. Returns the bytes dropped."""
        if n <= self.acks.get(g, -1):
            return 0
        self.acks[g] = n
        return self.drop_acked()

    def drop_acked(self):
        cut = 0
        at = 0
        dropped = 0
        while True:
            got = self.line_at(at)
            if got is None:
                break
            line, end = got
            d = parse(line)
            if d is not None:
                if not self.covered(d):
                    break
                dropped += 1
            at = end
            cut = end
        # Only the mark (or a damaged line) before the first event still
        # owed: nothing to drop, so no rewrite of the whole file for it.
        if dropped == 0:
            return 0
        size = self.storage.size(self.name)
        head = b""
        if self.mark is not None:
            head = (json.dumps({"mark": self.mark()}) + "\n").encode()
        self.storage.write_atomic(self.name, self._marked(head, self._rest(cut, size)))
        # the rest now starts after the mark: offsets move by what was
        # dropped less the mark's own bytes
        self.sent = len(head) + max(0, self.sent - cut)
        self.cut_total += cut - len(head)
        left = set()
        for d, line, end in self.events():
            left.add(d["g"])
        for g in list(self.acks):
            if g not in left:
                del self.acks[g]      # its game is all stored: no need to remember it
        return cut

    def _marked(self, head, rest):
        if head:
            yield head
        for data in rest:
            yield data

    def read_mark(self):
        """The mark the last drop wrote first (a dict), or None."""
        got = self.line_at(0)
        if got is None:
            return None
        try:
            d = json.loads(bytes(got[0]).decode())
        except (ValueError, UnicodeError):
            return None
        return d.get("mark") if isinstance(d, dict) else None

    def _rest(self, at, size):
        while at < size:
            data = self.storage.read_at(self.name, at, 256)
            if not data:
                return
            at += len(data)
            yield data


def parse(line):
    """The event a line holds, or None (a torn or damaged line)."""
    try:
        d = json.loads(bytes(line).decode())
    except (ValueError, UnicodeError, TypeError, IndexError):
        return None
    return d if proto.event_ok(d) else None
