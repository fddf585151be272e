"""The viper fault of Amazonas' set-aside evaluation, reduced to one program.

    python -m tools.bench.viper_case [--emulator RUN_ON_PICO.py] [--python PY]

CASE is the smallest program that shows it (docs/developers/ai.md, "The
viper fault"): a viper pointer's index -1 is the byte before the buffer, not
the last item as in Python, and a ray walk in the shape of Amazonas' queen
distances (step while the square is "farther" than the layer, writing the
layer) that steps off the front of its buffer reads and writes there. The
program runs, with the same source, as

- `cpython`: this Python, the marks blanked (Python's semantics);
- `unix-bytecode` / `unix-viper`: the unix port in this venv (x64), the marks
  blanked / made `@micropython.viper` (its native emitter);
- with --emulator, on the official MicroPython RPI_PICO firmware on an
  emulated RP2040 (not part of this project; PY the Python of its venv):
  `pico-source` compiled by the firmware's own compiler, `pico-mpy` from
  the project's mpy-cross -march=armv6m (as deploy builds), `pico-bytecode`
  the marks blanked.

It prints one row a result and one column a target, and each .mpy header's
version and architecture against the firmware's. The program prints every
result as `name=value`; `run_case` returns them (the tests use it).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from tools.link import mpy

# @MARK becomes @micropython.viper or nothing; the rest is the same program.
CASE = '''\
import sys
try:
    import micropython  # noqa: F401
    from uctypes import addressof
except ImportError:
    def addressof(b):
        return 0
try:
    ptr8
except NameError:
    def ptr8(b):            # Python: a viper cast is the buffer itself
        return b


@MARK
def before(b) -> int:
    p = ptr8(b)
    return p[-1]


@MARK
def walk(b, c: int, s: int):
    p = ptr8(b)
    c += s
    while p[c] > 2:
        p[c] = 2
        c += s


# A buffer right after its own object (the usual case on a fresh heap): the
# object's last word is the pointer to the buffer.
word = 4 if sys.maxsize < 2 ** 32 else 8
keep = []
for _ in range(20):
    b = bytearray(8)
    keep.append(b)
    if addressof(b) - id(b) == 4 * word:
        break
print("buffer_follows_its_object=%d" % (addressof(b) - id(b) == 4 * word))
print("index_-1_python=%d" % b[-1])
print("index_-1_pointer=%d" % before(b))
a = addressof(b)
walk(b, 0, -1)
print("walk_moved_the_buffer=%d" % (addressof(b) != a))
print("buffer_address=%x->%x" % (a, addressof(b)))
# The same walk off the front of a view: m[0] stops it, m[1] is in its way.
m = bytearray(10)
m[1] = 32
walk(memoryview(m)[2:], 0, -1)
print("byte_before_a_view_after_walk=%d" % m[1])
g = bytearray(9)
g[1] = 255
walk(g, 2, -1)
print("guarded_walk=%s" % bytes(g[:3]).hex())
'''
TARGETS = ("cpython", "unix-bytecode", "unix-viper", "pico-bytecode", "pico-source", "pico-mpy")
ARCHS = {0: "none", 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
         7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin"}


def source(viper):
    """CASE with its marks made real (viper) or blanked, lines kept."""
    return CASE.replace("@MARK", "@micropython.viper" if viper else "#")


def parse(out):
    """The program's `name=value` lines as a dict; a traceback is an error."""
    if "Traceback" in out or "Error" in out:
        raise RuntimeError("the case failed:\n" + out[-1500:])
    return dict(line.strip().split("=", 1) for line in out.splitlines() if "=" in line)


def mpy_header(path):
    """'v6.3 armv6m' from an .mpy file's first bytes."""
    with open(path, "rb") as f:
        h = f.read(4)
    return "v%d.%d %s" % (h[1], h[2] & 3, ARCHS.get(h[2] >> 2, "?"))


def implementation_mpy(value):
    """sys.implementation._mpy as 'v6.3 armv6m'."""
    return "v%d.%d %s" % (value & 0xFF, value >> 8 & 3, ARCHS.get(value >> 10, "?"))


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def run_local(target, tmp):
    """The case on CPython or the unix port: its results."""
    path = os.path.join(tmp, "case.py")
    _write(path, source(target == "unix-viper"))
    if target == "cpython":
        cmd = [sys.executable, path]
    else:
        exe = os.path.join(os.path.dirname(sys.executable), "micropython")
        cmd = [exe, path]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    return parse(r.stdout + r.stderr)


def run_pico(target, a, tmp):
    """The case on the emulated Pico (source or .mpy on its flash): results."""
    stage = os.path.join(tmp, target)
    os.mkdir(stage)
    if target == "pico-mpy":
        src = os.path.join(tmp, "case_src.py")
        _write(src, source(True))
        cross = mpy.find_mpy_cross()
        if cross is None:
            raise SystemExit(mpy.MISSING)
        dst = os.path.join(stage, "case.mpy")
        r = subprocess.run([cross, "-march=armv6m", "-o", dst, src], capture_output=True, text=True)
        if r.returncode:
            raise SystemExit("mpy-cross refused the case: " + r.stderr)
    else:
        _write(os.path.join(stage, "case.py"), source(target == "pico-source"))
    out = os.path.join(tmp, target + ".json")
    r = subprocess.run([a.python, a.emulator, "--files", stage, "--exec",
                        "import sys; print('mpy=%d' % sys.implementation._mpy); import case",
                        "--json", out, "--timeout", str(a.timeout)],
                       capture_output=True, text=True)
    if r.returncode or not os.path.exists(out):
        raise SystemExit("%s failed on the emulator:\n%s%s" % (target, r.stdout[-1500:], r.stderr[-1500:]))
    with open(out) as f:
        res = json.load(f)
    got = parse(res.get("stdout", "") + res.get("stderr", ""))
    got["mpy"] = implementation_mpy(int(got["mpy"]))
    if target == "pico-mpy":
        got["mpy_file"] = mpy_header(dst)
    return got


def run_case(targets, a=None):
    """{target: {result: value}} for each target."""
    with tempfile.TemporaryDirectory(prefix="viper_case_") as tmp:
        return {t: run_pico(t, a, tmp) if t.startswith("pico") else run_local(t, tmp)
                for t in targets}


def table(results):
    names = []
    for got in results.values():
        names += [n for n in got if n not in names]
    cols = list(results)
    lines = ["| result | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for n in names:
        lines.append("| %s | %s |" % (n, " | ".join(results[c].get(n, "") for c in cols)))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--emulator", help="the emulator's run_on_pico.py (without it: CPython and "
                   "the unix port only)")
    p.add_argument("--python", default=sys.executable, help="the emulator venv's python")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--print-case", action="store_true", help="print the viper program and stop")
    a = p.parse_args(argv)
    if a.print_case:
        print(source(True), end="")
        return 0
    if a.emulator and not os.path.exists(a.emulator):
        p.error("no emulator at %s" % a.emulator)
    targets = TARGETS if a.emulator else TARGETS[:3]
    print(table(run_case(targets, a)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
