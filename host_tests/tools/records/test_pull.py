"""`python -m tools.records pull` against boards made of MicroPython's unix
port: the code the pull sends really runs on MicroPython, in a folder laid out
as a board's flash, with a `machine` module that gives the board's unique id.
Only mpremote's command line is left out (tools/link/mpremote.py, tested
with deploy)."""
import hashlib
import os
import subprocess

import pytest

from helpers.mptools import tool
from tools.records import pull as records_pull
from tools.records.pull import PullError, pull, pull_all

from helpers import recordgames


class UnixBoard:
    """A board: `exec` runs the code on the unix port inside `root`."""

    def __init__(self, root, uid=b"\xe6\x61\x4c\x31\x1b\x4e\x6a\x2f", port="/dev/fake0"):
        self.root = str(root)
        self.port = port
        self.execs = []
        self.resets = 0
        os.makedirs(self.root, exist_ok=True)
        self.lib = self.root + ".lib"
        os.makedirs(self.lib, exist_ok=True)
        with open(os.path.join(self.lib, "machine.py"), "w") as f:
            f.write("def unique_id():\n    return %r\n" % (uid,) if uid is not None else "")

    def exec(self, code):
        self.execs.append(code)
        env = dict(os.environ, MICROPYPATH=self.lib + ":.frozen")
        p = subprocess.run([tool("micropython"), "-c", code], cwd=self.root, env=env,
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr + p.stdout
        return p.stdout

    def reset(self):
        self.resets += 1

    def write(self, name, data, mode="wb"):
        with open(os.path.join(self.root, name), mode) as f:
            f.write(data)

    def snapshot(self):
        out = {}
        for name in sorted(os.listdir(self.root)):
            with open(os.path.join(self.root, name), "rb") as f:
                out[name] = hashlib.sha256(f.read()).hexdigest()
        return out


pytestmark = pytest.mark.skipif(tool("micropython") is None, reason="no micropython unix port")


def _pull(board, dest):
    said = []
    folder = pull(board, str(dest), root="", say=said.append)
    return folder, "\n".join(said)


def _book(seed):
    return recordgames.book(seed).encode()


def test_a_first_pull_copies_both_books_and_lists_the_new_games(tmp_path):
    board = UnixBoard(tmp_path / "flash")
    book, old = _book(1), _book(2)
    board.write("games.txt", book)
    board.write("games.1.txt", old)
    before = board.snapshot()
    folder, said = _pull(board, tmp_path / "records")
    assert os.path.basename(folder) == "e6614c311b4e6a2f"
    assert open(os.path.join(folder, "games.txt"), "rb").read() == book
    assert open(os.path.join(folder, "games.1.txt"), "rb").read() == old
    n = book.count(b"\n")
    assert "games.txt: %d new games, %d bytes copied" % (n, len(book)) in said
    assert "go " in said and "#" in said
    assert board.snapshot() == before        # nothing on the board changed


def test_a_second_pull_copies_nothing_and_then_only_the_games_added(tmp_path):
    board = UnixBoard(tmp_path / "flash")
    book = _book(1)
    board.write("games.txt", book)
    _pull(board, tmp_path / "records")
    board.execs.clear()
    folder, said = _pull(board, tmp_path / "records")
    assert "games.txt: nothing new (%d bytes)" % len(book) in said
    assert "games.1.txt: not on the board" in said
    assert not any(records_pull.TAG + "file" in c or "b2a_base64" in c for c in board.execs)
    more = (b"semaforo SECOND WINS : a1 b1 d3 c1 #3f2a\n"     # an older firmware's line
            b"semaforo players=human,board level=2 ORANGE WINS : a1 b1 d3 c1 #3f2b\n")
    board.write("games.txt", more, "ab")
    board.execs.clear()
    folder, said = _pull(board, tmp_path / "records")
    assert "games.txt: 2 new games, %d bytes copied" % len(more) in said
    # each as the board said it at the end
    assert "semaforo ORANGE WINS (4 moves) #3f2a" in said
    assert "semaforo BOARD WINS (4 moves) #3f2b" in said
    assert "(%r, %d, %d)" % ("games.txt", len(book), len(book) + len(more)) in board.execs[-1]
    assert open(os.path.join(folder, "games.txt"), "rb").read() == book + more


def test_after_a_rotation_the_copy_the_board_dropped_is_kept(tmp_path):
    board = UnixBoard(tmp_path / "flash")
    first, second, third = _book(1), _book(2), _book(3)
    board.write("games.1.txt", first)
    board.write("games.txt", second)
    folder, _ = _pull(board, tmp_path / "records")
    # the board rotates: games.txt becomes games.1.txt, games.1.txt is gone
    board.write("games.1.txt", second)
    board.write("games.txt", third)
    folder, said = _pull(board, tmp_path / "records")
    assert "games.1.txt: 0 new games" in said and "rotated" in said
    assert open(os.path.join(folder, "games.1.txt"), "rb").read() == second
    older = os.listdir(os.path.join(folder, "older"))
    assert len(older) == 2      # the old games.1.txt and the old games.txt, by their hashes
    kept = [open(os.path.join(folder, "older", f), "rb").read() for f in older]
    assert first in kept


def test_a_board_without_an_id_is_refused(tmp_path):
    board = UnixBoard(tmp_path / "flash", uid=None)
    board.write("games.txt", _book(1))
    with pytest.raises(PullError, match="unique id"):
        _pull(board, tmp_path / "records")
    assert not os.path.exists(tmp_path / "records")


def test_all_pulls_every_board_into_its_own_folder_and_restarts_each(tmp_path, monkeypatch):
    boards = {"/dev/fake0": UnixBoard(tmp_path / "a", b"\x01\x02", "/dev/fake0"),
              "/dev/fake1": UnixBoard(tmp_path / "b", b"\x03\x04", "/dev/fake1")}
    boards["/dev/fake0"].write("games.txt", _book(1))
    boards["/dev/fake1"].write("games.txt", _book(2))

    class Port:
        def __init__(self, device):
            self.device, self.vid = device, "2e8a"

    class Transport:
        def __init__(self, port=None):
            self.board = boards.get(port)

        def ports(self):
            return [Port(p) for p in boards]

        def exec(self, code):
            return self.board.exec(code.replace("R = '/'", "R = ''"))

        def reset(self):
            self.board.reset()

    said = []
    with pytest.raises(PullError, match="2 boards plugged in"):
        pull_all(str(tmp_path / "records"), transport_class=Transport, say=said.append)
    folders = pull_all(str(tmp_path / "records"), everyone=True, transport_class=Transport,
                       say=said.append)
    assert sorted(os.path.basename(f) for f in folders) == ["0102", "0304"]
    assert all(b.resets == 1 for b in boards.values())
    # a board that fails does not stop the others
    os.remove(os.path.join(boards["/dev/fake0"].lib, "machine.py"))
    boards["/dev/fake1"].write("games.txt", b"semaforo FIRST WINS : b2 #9\n", "ab")
    said.clear()
    with pytest.raises(PullError, match="1 of 2 boards not pulled"):
        pull_all(str(tmp_path / "records"), everyone=True, transport_class=Transport,
                 say=said.append)
    assert any("/dev/fake0: the board did not say its unique id" in s for s in said)
    assert any("games.txt: 1 new game" in s for s in said)


def test_no_board_plugged_in_says_so(tmp_path):
    class Transport:
        def __init__(self, port=None):
            pass

        def ports(self):
            return []

    with pytest.raises(PullError, match="no board found"):
        pull_all(str(tmp_path), transport_class=Transport)


FAKE_MPREMOTE = r'''#!%(python)s
"""mpremote as the pull uses it, over a board made of the unix port:
`connect PORT exec CODE` runs CODE in $BOARD_ROOT, `connect PORT reset` counts."""
import os, subprocess, sys
args = sys.argv[1:]
root = os.environ["BOARD_ROOT"]
with open(os.path.join(root + ".lib", "calls"), "a") as f:
    f.write(" ".join(a if len(a) < 40 else "CODE" for a in args) + "\n")
if args[:1] != ["connect"] or args[1] != "/dev/ttyFAKE":
    sys.exit("failed to access " + args[1])
if args[2] == "reset":
    sys.exit(0)
code = args[3].replace("R = '/'", "R = ''")
env = dict(os.environ, MICROPYPATH=root + ".lib:.frozen")
p = subprocess.run([%(micropython)r, "-c", code], cwd=root, env=env)
sys.exit(p.returncode)
'''


def test_the_command_line_pulls_through_mpremote(tmp_path, monkeypatch, capsys):
    import sys
    from tools.records import cli as records
    board = UnixBoard(tmp_path / "flash")
    board.write("games.txt", _book(1))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "mpremote"
    fake.write_text(FAKE_MPREMOTE % {"python": sys.executable, "micropython": tool("micropython")})
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("BOARD_ROOT", board.root)
    dest = str(tmp_path / "records")
    assert records.main(["pull", "--port", "/dev/ttyFAKE", "--dir", dest]) == 0
    out = capsys.readouterr().out
    assert "board e6614c311b4e6a2f" in out and "new games" in out
    calls = open(os.path.join(board.lib, "calls")).read().splitlines()
    assert calls[0] == "connect /dev/ttyFAKE exec CODE" and calls[-1] == "connect /dev/ttyFAKE reset"
    assert records.main(["pull", "--port", "/dev/ttyFAKE", "--dir", dest, "--no-reset"]) == 0
    assert "nothing new" in capsys.readouterr().out
    assert records.main(["pull", "--port", "/dev/ttyNONE", "--dir", dest]) == 1
    assert "records: /dev/ttyNONE:" in capsys.readouterr().err
