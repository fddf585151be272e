"""No file on the flash, however damaged or large, keeps the board from the menu.

Issue 39: a 100 KB damaged save (`{"x":1,"x":1,...}`, valid-looking JSON)
trapped the board: setting it aside read it whole into RAM to write it again
under its .bad name, and at the Pico's heap every boot ended in the error
screen (MemoryError, allocating 91,904 bytes), the file never moved.

Here the unix port, capped at the Pico's whole heap (tools/bench.py
PICO_HEAP, as the session tests), boots the firmware compiled to .mpy twice
on flash folders holding damaged files of 1 KB to 1 MB (a 2 MB Pico's flash
holds about 1.4 MB of files): saves (the issue's JSON, a worn flash's 0xFF
bytes, a good header with damaged lines after it, a header of a game's
settings grown huge, the older firmware's save.json), record books (a worn
flash's bytes, a book longer than any firmware writes, its older half) and
a huge error.log. The first boot sets each damaged file aside, whole,
under its .bad name and says so on the board; the second boot goes
straight to the menu and logs nothing. host_tests/helpers/damagedboot.py is the board's side.
"""
import json
import os

from helpers.mptools import ROOT, run_micropython
from tools.bench.cost import PICO_HEAP

from app.core import DAMAGED as _DAMAGED, BOOK_DAMAGED as _BOOK_DAMAGED
from app.savecheck import fletcher, _head_canon

# As the board is heard saying them (app/screen.py: its parts joined by " - ").
DAMAGED, BOOK_DAMAGED = _DAMAGED.replace("|", " - "), _BOOK_DAMAGED.replace("|", " - ")

KB = 1024
SIZES = (KB, 100 * KB, 1024 * KB)


def json_junk(n):
    """The issue's file: JSON that parses, n bytes or a few more."""
    return ("{" + ",".join(['"x":1'] * (n // 6 + 1)) + "}").encode()


def worn(n):
    """Erased flash reads as 0xFF."""
    return b"\xff" * n


def bad_lines(n):
    """A good header (a Hex game's), then lines whose checks fail."""
    head = {"game": "hex", "options": {}, "players": ["human", "board"], "level": 2, "tag": "1a",
            "markers": 1, "v": 2, "seq": 1}
    head["sum"] = fletcher(_head_canon(head))
    out = json.dumps(head) + "\n"
    line = "+a1 123456\n"
    return (out + line * (max(0, n - len(out)) // len(line) + 1)).encode()


def huge_settings(n):
    """A header whose option (a game's settings) has grown to n bytes."""
    return ('{"game": "amazonas", "options": {"size": "%s"}, "players": ["human", "human"], '
            '"level": 3, "tag": "x", "markers": 1, "v": 2, "seq": 1, "sum": 5}\n'
            % ("9" * n)).encode()


def book_text(n):
    """Record lines of older firmware (no tags), n bytes or a few more."""
    line = b"hex : old game c3 d4 c3 d4 c3 d4\n"
    return line * (n // len(line) + 1)


# (what, file, content, the name it is set aside under, what the board says)
CASES = [("json %d" % n, "save-go.json", json_junk(n), "save-go.bad", DAMAGED) for n in SIZES]
CASES += [("worn save %d" % n, "save-hex.json", worn(n), "save-hex.bad", DAMAGED) for n in SIZES]
CASES += [
    ("bad lines 100K", "save-hex-2.json", bad_lines(100 * KB), "save-hex-2.bad", DAMAGED),
    ("bad lines 1M", "save-semaforo.json", bad_lines(1024 * KB), "save-semaforo.bad", DAMAGED),
    ("settings 1K", "save-amazonas.json", huge_settings(KB), "save-amazonas.bad", DAMAGED),
    ("settings 1M", "save-amazonas.json", huge_settings(1024 * KB), "save-amazonas.bad", DAMAGED),
    ("older save 100K", "save.json", json_junk(100 * KB), "save.bad", DAMAGED),
]
CASES += [("worn book %d" % n, "games.txt", worn(n), "games.bad", BOOK_DAMAGED) for n in SIZES]
CASES += [
    ("long book 1M", "games.txt", book_text(1024 * KB), "games.bad", BOOK_DAMAGED),
    ("long older book 1M", "games.1.txt", book_text(1024 * KB), "games.1.bad", BOOK_DAMAGED),
]


def boot_twice(mpy_dir, tmp_path, folders):
    roots = [os.path.join(mpy_dir, d) for d in ("firmware", "portable", "")]
    with open(os.path.join(ROOT, "host_tests", "helpers", "damagedboot.py")) as f:
        body = f.read()
    main = tmp_path / "main.py"
    main.write_text("ROOTS = %r\nCASES = %r\n%s" % (roots, [str(d) for d in folders], body))
    r = run_micropython([str(main)], heap="%dK" % (PICO_HEAP // 1024), timeout=600)
    out = r.stdout + r.stderr
    assert r.returncode == 0 and out.rstrip().endswith("DONE"), out[-3000:]
    boots = {}
    for line in out.splitlines():
        if line.startswith("BOOT "):
            d = json.loads(line[5:])
            boots[(d["root"], d["boot"])] = d
    return boots


def test_damaged_files_of_1_kb_to_1_mb_are_set_aside_at_the_first_boot_the_second_is_clean(
        mpy_dir, tmp_path):
    folders = []
    for i, (what, name, content, bad, said) in enumerate(CASES):
        d = tmp_path / ("flash%d" % i)
        d.mkdir()
        (d / name).write_bytes(content)
        folders.append(d)
    boots = boot_twice(mpy_dir, tmp_path, folders)
    wrong = []
    for d, (what, name, content, bad, said) in zip(folders, CASES):
        one, two = boots[(str(d), 1)], boots[(str(d), 2)]
        if not (one["first"] == "Message" and said in one["said"] and one["last"] == "Menu"
                and one["errors"] == 0 and "MemoryError" not in one["log"]
                and name not in one["files"] and (name + ".new") not in one["files"]
                and (d / bad).exists() and (d / bad).read_bytes() == content):
            wrong.append("%s (%d bytes), first boot: %r" % (what, len(content), one))
        elif not (two["first"] == "Menu" and two["last"] == "Menu" and two["errors"] == 0
                  and DAMAGED not in two["said"] and BOOK_DAMAGED not in two["said"]
                  and two["files"] == one["files"]):
            wrong.append("%s (%d bytes), second boot: %r" % (what, len(content), two))
    assert not wrong, "\n".join(w[:600] for w in wrong)

def test_a_1_mb_error_log_neither_stops_the_boot_nor_the_set_aside(mpy_dir, tmp_path):
    """The log is appended to, never read: its first line past its limit
    moves the 1 MB to error.1.log (the filesystem's rename) and starts anew."""
    d = tmp_path / "flash"
    d.mkdir()
    log = b"--- step in Play\nTraceback: damaged\n" * (1024 * KB // 36)
    (d / "error.log").write_bytes(log)
    (d / "save-go.json").write_bytes(json_junk(100 * KB))
    boots = boot_twice(mpy_dir, tmp_path, [d])
    one, two = boots[(str(d), 1)], boots[(str(d), 2)]
    assert one["first"] == "Message" and DAMAGED in one["said"] and one["last"] == "Menu", one
    assert (d / "error.1.log").read_bytes() == log
    assert "save-go.json" not in one["files"] and one["files"]["save-go.bad"] > 100 * KB
    assert one["files"]["error.log"] < 8 * KB and "SaveError" in one["log"]
    assert two["first"] == "Menu" and two["errors"] == 0 and two["files"] == one["files"], two
    assert DAMAGED not in two["said"], two
