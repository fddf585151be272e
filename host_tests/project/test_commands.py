"""Every `python -m tools.X` that a reader is told to run exists and runs:
the README, CONTRIBUTING, the docs, CI's script and the tools' own usage
lines name only modules that have a command line (a package's __main__.py,
or a module's `if __name__ == "__main__":`), so a command never goes stale
when a tool moves."""
import os
import re
import subprocess
import sys

import pytest

from tools.link.firmware_path import ROOT

COMMAND = re.compile(r"python3? -m (tools(?:\.[a-z_]+)+)")


def texts():
    """(file, text) of every file that tells a reader a command."""
    names = ["README.md", "CONTRIBUTING.md", os.path.join(".ci", "run")]
    for top in ("docs", "tools"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            names += [os.path.relpath(os.path.join(d, f), ROOT) for f in files
                      if f.endswith((".md", ".py"))]
    for name in names:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            yield name, f.read()


def runnable(module):
    """Why `python -m module` cannot run, or None if it can."""
    base = os.path.join(ROOT, *module.split("."))
    if os.path.isdir(base):
        if not os.path.exists(os.path.join(base, "__main__.py")):
            return "a package with no __main__.py"
        return None
    if not os.path.exists(base + ".py"):
        return "no such module"
    with open(base + ".py", encoding="utf-8") as f:
        if 'if __name__ == "__main__":' not in f.read():
            return "a module with no command line"
    return None


def named_commands():
    out = {}
    for name, text in texts():
        for m in COMMAND.finditer(text):
            out.setdefault(m.group(1), set()).add(name)
    return out


def test_every_command_a_reader_is_told_to_run_exists():
    found = named_commands()
    assert "tools.sim" in found and "tools.source.typecheck" in found
    bad = ["python -m %s (%s): %s" % (m, ", ".join(sorted(where)), runnable(m))
           for m, where in sorted(found.items()) if runnable(m)]
    assert not bad, "\n".join(bad)


def test_the_check_tells_a_stale_command():
    assert runnable("tools.sim") is None and runnable("tools.sim.web") is None
    assert runnable("tools.wiring") == "no such module"
    assert runnable("tools.link") == "a package with no __main__.py"
    assert runnable("tools.link.boardfile") == "a module with no command line"


@pytest.mark.parametrize("module", ["tools.deploy", "tools.records", "tools.bench", "tools.sim",
                                    "tools.sim.web", "tools.play.referee", "tools.play.gtp_engine",
                                    "tools.source.typecheck", "tools.bench.hwbench"])
def test_the_main_commands_answer_help(module):
    p = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and "usage:" in p.stdout, p.stderr[-2000:]
