"""End-to-end check of the deploy on a real board: python -m tools.deploy.check --port PORT.

    --port PORT     the board's serial port (a Pico: /dev/ttyACM0, COM3, ...)
    --board NAME    board file for the deploy (default club9)
    --game G        the game taken off and put back (default ouri)
    --settle S      seconds to let the app start after a reset before asking it (default 8)

For a maker after building a board, and for anyone changing tools/deploy/cli*.py.
It takes minutes (every step copies over USB), so it is not part of the
tests. On the board it:

1. takes off the firmware an earlier deploy put there (only the files in its
   record /.deploy.json: saves, the record book and files of your own stay),
2. deploys every game from nothing,
3. deploys again with nothing changed (must copy nothing),
4. takes a game off with --remove-game, and puts it back with --add-game,
5. asks the board, after the last deploy's reset, whether the app is running:
   it interrupts the board (Ctrl-C on the serial port) and reads the traceback,
   which must show the main loop (app/loop.py, in run); error.log must not have
   grown.

After each step it compares the free flash the deploy predicted with what the
board's statvfs says, and prints a short report. Exit status 0 if every step
held. docs/makers/deploy.md tells makers how to run it.
"""
import argparse
import re
import sys
import time

from tools.deploy import cli as deploy
from tools.deploy.build import Compiler
from tools.link.mpremote import Transport, TransportError, find_command
from tools.deploy.plan import MANIFEST, DeployError, parse_probe

import games as catalogue

# Takes off what deploy put on the board (the files in its record, then the
# folders left empty); never anything else. Prints how many files went.
_CLEAN = r"""
import os, json
try:
    with open('/%(manifest)s') as f:
        files = json.loads(f.read())['files']
except (OSError, ValueError, KeyError):
    files = {}
n = 0
for p in files:
    try:
        os.remove('/' + p); n += 1
    except OSError:
        pass
dirs = set()
for p in files:
    parts = p.split('/')[:-1]
    for i in range(1, len(parts) + 1):
        dirs.add('/'.join(parts[:i]))
for d in sorted(dirs, key=lambda d: -d.count('/')):
    try:
        os.rmdir('/' + d)
    except OSError:
        pass
try:
    os.remove('/%(manifest)s')
except OSError:
    pass
print('took off %%d files' %% n)
""" % {"manifest": MANIFEST}

LOOP_FRAME = ("app/loop.py", "in run")


class Step:
    def __init__(self, name):
        self.name, self.ok, self.notes = name, True, []
        self.seconds = self.copied = self.removed = None
        self.predicted = self.free = None

    def fail(self, why):
        self.ok = False
        self.notes.append(why)


def predicted_space(lines):
    """(KB needed, KB free, KB free after) from the deploy's space line, or None."""
    for line in lines:
        if line.startswith("  space:") and "KB free after" in line:
            return tuple(int(w) for w in re.findall(r"(\d+) KB", line))
    return None


def predicted_free_after(lines):
    """The free KB the deploy said the board would have, from its space line."""
    got = predicted_space(lines)
    return got[2] if got else None


def call_chain(text):
    """'app/loop.py run > app/core.py step > ...' from a MicroPython traceback."""
    chain = []
    for line in text.splitlines():
        m = re.match(r'\s*File "([^"]+)", line \d+, in (\S+)', line)
        if m:
            chain.append("%s %s" % m.groups())
    return " > ".join(chain)


class Check:
    def __init__(self, port, board, out=print):
        self.port, self.board, self.out = port, board, out
        self.transport = Transport(port=port)
        self.compiler = Compiler()
        self.steps = []

    def probe(self):
        from tools.link.mpremote import probe_code
        return parse_probe(self.transport.exec(probe_code()))

    def deploy(self, name, *argv):
        step = Step(name)
        lines = []
        t0 = time.time()
        code = deploy.main(["--port", self.port, "--board", self.board] + list(argv),
                           transport=self.transport, compiler=self.compiler,
                           out=lines.append)
        step.seconds = time.time() - t0
        step.copied = sum(1 for x in lines if x.startswith("  copy "))
        step.removed = sum(1 for x in lines if x.startswith("  remove "))
        space = predicted_space(lines)
        step.predicted = space[2] if space else None
        step.lines = lines
        if code != 0:
            step.fail("deploy exited with %d" % code)
        time.sleep(3)           # the reset: let the board come back before asking it
        dev = self.wait_for_board()
        step.free = dev.free // 1024
        step.dev = dev
        if step.predicted is not None and step.predicted != step.free:
            step.fail("predicted %d KB free, the board has %d KB" % (step.predicted, step.free))
        if space:
            taken, measured = space[1] - space[2], space[1] - step.free
            verb = "taken" if taken >= 0 else "freed"
            step.notes.append("space: predicted %d KB %s (%d KB needed while copying), "
                              "measured %d KB" % (abs(taken), verb, space[0], abs(measured)))
        self.steps.append(step)
        return step

    def wait_for_board(self, tries=10):
        for i in range(tries):
            try:
                return self.probe()
            except (TransportError, DeployError):
                if i == tries - 1:
                    raise
                time.sleep(3)

    def app_running(self, settle):
        """Interrupt the board after a reset and look for the main loop in the traceback."""
        import serial
        step = Step("app running after the reset")
        before = self.probe().files.get("error.log", 0)
        t0 = time.time()
        self.transport.apply([("reset",)])
        seen = b""
        for attempt in range(3):
            time.sleep(settle)
            try:
                s = serial.Serial(self.port, 115200, timeout=0.5)
            except (OSError, serial.SerialException) as e:
                seen = str(e).encode()
                continue
            try:
                s.reset_input_buffer()
                s.write(b"\x03")
                seen = b""
                end = time.time() + 5
                while time.time() < end and b">>> " not in seen:
                    seen += s.read(4096)
                if all(f.encode() in seen for f in LOOP_FRAME):
                    s.write(b"\x04")        # soft reset at the REPL: main.py runs again
                    break
                s.write(b"\x04")            # not yet in the loop: start main.py again
            finally:
                s.close()
        step.seconds = time.time() - t0
        text = seen.decode("utf-8", "replace")
        if all(f in text for f in LOOP_FRAME):
            step.notes.append("interrupted in the main loop: " + call_chain(text))
        else:
            step.fail("the main loop was not running; the board said: %r" % text[-300:])
        time.sleep(settle)
        after = self.wait_for_board().files.get("error.log", 0)
        if after != before:
            step.fail("error.log grew from %d to %d bytes" % (before, after))
        else:
            step.notes.append("error.log unchanged (%d bytes)" % before)
        self.steps.append(step)
        return step

    def run(self, game, settle):
        dev = self.probe()
        self.out("deploycheck: %s on %s, board file %s" % (dev.describe(), self.port,
                                                          self.board))
        t0 = time.time()
        out = self.transport.exec(_CLEAN)
        clean = Step("take off the earlier deploy")
        clean.seconds = time.time() - t0
        clean.notes.append(out.strip().splitlines()[-1] if out.strip() else "")
        clean.free = self.probe().free // 1024
        self.steps.append(clean)

        fresh = self.deploy("fresh deploy, all games")
        if fresh.dev.manifest is None or len(catalogue.IDS) != sum(
                1 for g in catalogue.IDS if "games/%s.mpy" % g in fresh.dev.files):
            fresh.fail("not every game is on the board")
        again = self.deploy("no-op redeploy")
        if again.copied or not any("already up to date" in x for x in again.lines):
            again.fail("copied %d files" % again.copied)
        off = self.deploy("--remove-game " + game, "--remove-game", game)
        if "games/%s.mpy" % game in off.dev.files or off.copied:
            off.fail("%s is still on the board, or files were copied" % game)
        on = self.deploy("--add-game " + game, "--add-game", game)
        if "games/%s.mpy" % game not in on.dev.files or on.copied != 1:
            on.fail("copied %d files for one game" % on.copied)
        self.app_running(settle)
        return self.report()

    def report(self):
        self.out("")
        self.out("%-30s %7s %6s %7s %11s %10s  %s" % ("step", "time", "copied", "removed",
                                                    "predicted", "measured", "result"))
        for s in self.steps:
            pred = "%d KB" % s.predicted if s.predicted is not None else "-"
            free = "%d KB" % s.free if s.free is not None else "-"
            self.out("%-30s %6.0fs %6s %7s %11s %10s  %s" % (
                s.name, s.seconds or 0, "" if s.copied is None else s.copied,
                "" if s.removed is None else s.removed, pred, free,
                "ok" if s.ok else "FAILED"))
            for n in s.notes:
                self.out("    " + n)
        self.out("(predicted, measured: free flash after the step, as the board's statvfs "
                 "counts it)")
        ok = all(s.ok for s in self.steps)
        self.out("deploycheck: %s" % ("every step held" if ok else "FAILED"))
        return 0 if ok else 1


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.deploy.check",
                                description="Check deploy end to end on a board (minutes).")
    p.add_argument("--port", required=True, help="the board's serial port")
    p.add_argument("--board", default="club9", help="board file for the deploy (club9)")
    p.add_argument("--game", default="ouri", choices=catalogue.IDS,
                   help="the game taken off and put back (ouri)")
    p.add_argument("--settle", type=float, default=8.0,
                   help="seconds the app gets to start after a reset (8)")
    args = p.parse_args(argv)
    if find_command("mpremote") is None:
        print("deploycheck: mpremote is not installed: .venv/bin/pip install -r "
              "requirements.txt", file=sys.stderr)
        return 2
    try:
        return Check(args.port, args.board).run(args.game, args.settle)
    except (DeployError, TransportError) as e:
        print("deploycheck: %s" % (deploy.transport_message(e) if isinstance(e, TransportError)
                                   else e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
