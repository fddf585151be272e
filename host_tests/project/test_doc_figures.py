"""Every figure in the docs that a tool prints is the tool's output of today:
the deploy transcripts (the games counted, every file's size, the space a
deploy needs) are compared line by line with a dry run of the same deploy
against an empty Pico or CIRCUITPY drive, and the web build's sizes (the
folder, its file count, firmware.json and the port's two files) with a build
of the folder. A firmware change that moves a figure fails here, saying the
line the docs should now hold, until the docs are updated.

A transcript is a fenced block with a `Games: ...` line; its `$ python -m
tools.deploy ...` line says which deploy it shows."""
import os
import re
import shlex

import pytest

from tools.deploy import cli as deploy
from tools.deploy import cp as deploy_cp
from tools.deploy.build import Compiler
from tools.link import firmware_path
from tools.link.firmware_path import ROOT
from tools.sim import web


def doc_texts():
    """(path, text) of README.md, CONTRIBUTING.md and every page under docs/."""
    names = ["README.md", "CONTRIBUTING.md"]
    for d, _, files in os.walk(os.path.join(ROOT, "docs")):
        names += [os.path.relpath(os.path.join(d, f), ROOT) for f in sorted(files)
                  if f.endswith(".md")]
    for name in sorted(names):
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            yield name, f.read()


def blocks(text):
    """(first line number, [lines]) of each fenced block in a markdown text."""
    out, current, start = [], None, 0
    for i, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            if current is None:
                current, start = [], i + 1
            else:
                out.append((start, current))
                current = None
        elif current is not None:
            current.append(line)
    return out


class NoBoard:
    """What deploy finds when no Pico is plugged in: no port, no drive."""
    port = None
    root = "/"

    def ports(self):
        return []

    def drives(self):
        return []


_runs = {}


def dry_run(argv):
    """The lines `python -m tools.deploy ARGV --dry-run` prints with no board
    connected (the plan for an empty Pico or CIRCUITPY drive)."""
    key = tuple(argv)
    if key not in _runs:
        args = deploy.parse_args([a for a in argv if a != "--dry-run"] + ["--dry-run"])
        lines = []
        if deploy_cp.wanted(args, roots=[]):
            if not os.path.isdir(deploy_cp.LIB_DIR):
                pytest.skip("the CircuitPython transcript needs " + deploy_cp.INSTALL)
            code = deploy_cp.run(args, firmware_path.FIRMWARE, lines.append, roots=[])
        else:
            code = deploy.run(args, NoBoard(), Compiler(), firmware_path.FIRMWARE, lines.append)
        assert code == 0, lines
        _runs[key] = lines
    return _runs[key]


COMMAND = re.compile(r"^\$ (?:\.venv/bin/)?python3? -m tools\.deploy(.*)$")
GAMES = re.compile(r"^Games: .* \((\d+) of (\d+)\)$")
COPY = re.compile(r"^\s*copy\s+(\S+)\s+\d+ bytes")
DONE = re.compile(r"^Done: the board restarts with (\d+) games?\.")
SAME = ("Games: ", "No board: ", "No drive: ", "Library: ", "Board file: ", "space: ")


def transcripts():
    """(where, [deploy's arguments], [lines]) of every deploy transcript in the
    docs: a fenced block with a `Games:` line, whose `$ python -m tools.deploy
    ...` line says which deploy it shows."""
    for name, text in doc_texts():
        for start, lines in blocks(text):
            if not any(GAMES.match(ln) for ln in lines):
                continue
            command = [COMMAND.match(ln) for ln in lines if COMMAND.match(ln)]
            where = "%s:%d" % (name, start)
            assert command, "%s: a deploy transcript starts with its command ($ python -m " \
                            "tools.deploy ...)" % where
            yield where, shlex.split(command[0].group(1)), lines


def mismatches(argv, lines):
    """The lines of one transcript that are not what the tool prints."""
    printed = dry_run(argv)
    copies = {COPY.match(ln).group(1): ln for ln in printed if COPY.match(ln)}
    chosen = [GAMES.match(ln).group(1) for ln in printed if GAMES.match(ln)][0]
    bad = []
    for ln in lines:
        want = None
        if ln.strip().startswith(SAME):
            head = ln.strip().split(":")[0] + ":"
            found = [p for p in printed if p.strip().startswith(head)]
            want = found[0] if found else "(no such line)"
        elif COPY.match(ln):
            want = copies.get(COPY.match(ln).group(1), "(no such file)")
        elif DONE.match(ln) and DONE.match(ln).group(1) != chosen:
            want = "Done: the board restarts with %s games." % chosen
        if want is not None and ln.split() != want.split():
            bad.append("  says:   %s\n  prints: %s" % (ln.strip(), want.strip()))
    return bad


def test_every_deploy_transcript_in_the_docs_is_what_deploy_prints():
    found = list(transcripts())
    assert "docs/makers/deploy.md" in set(w.split(":")[0] for w, _, _ in found), \
        "the deploy guide shows what deploy prints"
    bad = []
    for where, argv, lines in found:
        wrong = mismatches(argv, lines)
        if wrong:
            bad.append("%s (python -m tools.deploy %s):\n%s" % (where, " ".join(argv),
                                                                "\n".join(wrong)))
    assert not bad, "\n".join(bad)


# The web build's figures: KB are 1024 bytes, rounded up as `python -m
# tools.sim.web` rounds the folder it built; MB are those KB over 1024, to one place.
WEB_FIGURES = {
    "folder KB": re.compile(r"built (?:\S*/)?build/web \((\d[\d,]*) KB\)"),
    "files and KB": re.compile(r"(\d+) files, (\d[\d,]*) KB"),
    "folder MB": re.compile(r"`build/web`, (?:about )?(\d+\.\d) MB"),
    "file KB": re.compile(r"`(micropython\.wasm|micropython\.mjs|firmware\.json)` (\d[\d,]*) KB"),
}


@pytest.fixture(scope="module")
def web_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("web") / "site")
    try:
        web.build(out, out=lambda *a: None)
    except web.BuildError as e:
        pytest.skip("the web page cannot be built here: %s" % e)
    sizes = {n: os.path.getsize(os.path.join(out, n)) for n in os.listdir(out)}
    return {"folder KB": web.kb(web.folder_size(out)), "files": len(sizes),
            "file KB": {n: web.kb(s) for n, s in sizes.items()}}


def web_mismatch(kind, m, build):
    """What the docs should say instead of match m of WEB_FIGURES[kind], or None."""
    num = [g.replace(",", "") for g in m.groups()]
    total = build["folder KB"]
    if kind == "folder KB":
        want = (total,)
        got = (int(num[0]),)
    elif kind == "files and KB":
        want, got = (build["files"], total), (int(num[0]), int(num[1]))
    elif kind == "folder MB":
        want, got = ("%.1f" % (total / 1024),), (num[0],)
    else:
        want, got = (build["file KB"][m.group(1)],), (int(num[1]),)
    return None if want == got else "%s: says %s, the build gives %s" % (
        m.group(0), ", ".join(map(str, got)), ", ".join(map(str, want)))


def test_every_web_build_size_in_the_docs_is_the_build_of_today(web_build):
    seen, bad = set(), []
    for name, text in doc_texts():
        for kind, pattern in WEB_FIGURES.items():
            for m in pattern.finditer(text):
                seen.add(kind)
                wrong = web_mismatch(kind, m, web_build)
                if wrong:
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append("%s:%d: %s" % (name, line, wrong))
    bad += ["no figure in the docs matches %r (%s)" % (kind, WEB_FIGURES[kind].pattern)
            for kind in sorted(set(WEB_FIGURES) - seen)]
    assert not bad, "\n".join(bad)
