"""The repository stands on its own: nothing in it points at files a clone does not have.

The specs the project relies on (rules and notation, the performance method,
the design, the referee protocol) live in docs/. A tracked file that refers to
the team's notes outside the repository, or to the emulator tools beside it,
sends a reader to something they cannot open.
"""
import os
import re

from helpers.mptools import ROOT
from helpers.repofiles import tracked_files

# Built from parts so that this file does not match itself.
OUTSIDE = re.compile("|".join([
    r"\.\./" + "shared",                    # the folder beside the repository
    "/" + "shared/",                        # any path through it
    r"\b(?:GAMES|DESIGN|PERF|REFEREE|STYLE)\." + "md",   # the notes' file names
]))


def text_of(rel):
    try:
        with open(os.path.join(ROOT, rel), "rb") as f:
            data = f.read()
    except OSError:                         # deleted in the work tree, not yet in the index
        return None
    if b"\0" in data[:4096]:
        return None                         # binary
    return data.decode("utf-8", "replace")


def test_no_tracked_file_refers_to_files_outside_the_repository():
    bad = []
    for rel in tracked_files(ROOT):
        text = text_of(rel)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            m = OUTSIDE.search(line)
            if m:
                bad.append("%s:%d: %s" % (rel, n, line.strip()[:100]))
    assert not bad, "write it in docs/ instead:\n" + "\n".join(bad)


def test_the_checker_sees_each_kind_of_outside_reference():
    for line in ("see ../" + "shared/X", "/work/" + "shared/pico-emu/run.py",
                 "(" + "PERF" + ".md)", "GAMES" + ".md notation"):
        assert OUTSIDE.search(line), line
    for line in ("shared squares", "docs/developers/ai.md", "the shared empty tuple"):
        assert not OUTSIDE.search(line), line

