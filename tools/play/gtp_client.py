"""The tools' one GTP client, and the one GNU Go command line.

Engine runs a GTP engine in a child process (GNU Go, the board's own engine
tools/play/gtp_engine.py, any other) and asks it one command at a time.
gnugo_argv is how every tool starts GNU Go: 7 x 7 or the game's size, area
scoring (the championship's), komi 0 and positional superko.
"""
import os
import select
import shutil
import subprocess
import time

GNUGO = "/usr/games/gnugo"
GNUGO_INSTALL = ("GNU Go is not installed (looked for %s and gnugo on PATH). Install it with "
                 "`sudo apt-get install gnugo` (Debian, Ubuntu), `brew install gnu-go` (macOS), "
                 "or name the binary with --gnugo PATH.")
TIMEOUT = 120.0          # seconds an engine may take to answer one command


class GTPError(Exception):
    """The engine refused a command (`?`), ended, went silent, or is missing."""


def find_gnugo(path=None):
    """The GNU Go binary: `path`, else /usr/games/gnugo or gnugo on PATH."""
    for p in ([path] if path else [GNUGO, shutil.which("gnugo")]):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    raise GTPError(GNUGO_INSTALL % (path or GNUGO))


def has_gnugo():
    try:
        return bool(find_gnugo())
    except GTPError:
        return False


def gnugo_argv(path=None, level=1, size=7, seed=None, capture_all_dead=False):
    """GNU Go's command line for the board's Go: area scoring, komi 0,
    positional superko; `capture_all_dead` makes it play out dead stones
    before it passes, so that both engines' final boards agree."""
    argv = [path or find_gnugo(), "--mode", "gtp", "--boardsize", str(size), "--komi", "0",
            "--chinese-rules", "--positional-superko"]
    if capture_all_dead:
        argv.append("--capture-all-dead")
    argv += ["--level", str(level)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    return argv


class Engine:
    """A GTP engine in a child process. ask(command) gives the answer's text
    or raises GTPError; answer(command) gives (ok, text) and leaves a refusal
    to the caller. With a `log` list, every exchange is appended to it."""

    def __init__(self, argv, timeout=TIMEOUT, log=None):
        self.argv = argv
        self.timeout = timeout
        self.log = log
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
        except OSError as e:
            raise GTPError("cannot start %s: %s" % (argv[0], e))
        self.buf = b""

    def _line(self):
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise GTPError("%s did not answer within %d s" % (self.argv[0], self.timeout))
            chunk = os.read(fd, 4096)
            if not chunk:
                raise GTPError("%s ended (exit code %s)" % (self.argv[0], self.proc.poll()))
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").replace("\r", "")

    def answer(self, command):
        """(ok, text): ok for `=`, False for `?`; GTPError if it answers no GTP."""
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except OSError as e:
            raise GTPError("%s: cannot send %r: %s" % (self.argv[0], command, e))
        line = self._line()
        while not line.strip():             # stray blank lines before an answer
            line = self._line()
        out = [line]
        while True:
            line = self._line()
            if not line.strip():
                break
            out.append(line)
        text = "\n".join(out)
        if text[:1] not in "=?":
            raise GTPError("%s answered %r with %r, not GTP" % (self.argv[0], command, text))
        ok, text = text.startswith("="), text[1:].strip()
        if self.log is not None:
            self.log.append("%s -> %s%s" % (command, "= " if ok else "? ", text))
        return ok, text

    def ask(self, command):
        """The answer's text; GTPError when the engine refuses the command."""
        ok, text = self.answer(command)
        if not ok:
            raise GTPError("%s refused %r: %s" % (self.argv[0], command, text))
        return text

    def close(self):
        try:
            self.ask("quit")
        except GTPError:
            pass
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
