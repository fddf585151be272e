"""docs/README.md, the index of the documents by reader, against the files present.

Every page under docs/ has a line in the index; every relative link in the
docs, the README and CONTRIBUTING leads to a file; every docs/ path the code
or the docs name exists; every picture under docs/ is shown by a page or
listed in the index; the developers' pages stay under 400 lines (the
journal apart). A page added without its index line, a page moved without
its links, or a picture left behind fails here.
"""
import os
import re
import shutil
from tools.link.firmware_path import ROOT
from helpers.repofiles import files_under, tracked_files

INDEX = "docs/README.md"
MAX_LINES = 400
LONG_OK = ("docs/developers/ai-journal.md",)     # a dated record, never cut
LINK = re.compile(r"\]\(([^)\s]+)\)")
# A docs path written out in code or text: "docs/" then a file name with one
# of the docs' extensions (a pattern such as docs/rules/<id>.md does not match).
DOCS_PATH = re.compile(r"\bdocs/[\w./-]*\w\.(?:md|svg|png|json)\b")
HERE = "host_tests/project/test_docs_index.py"          # its examples name missing paths on purpose
def pages(root):
    """Every markdown page a reader may follow a link from: docs/ and the top level."""
    top = [f for f in os.listdir(root) if f.endswith(".md") and os.path.isfile(os.path.join(root, f))]
    return sorted(top) + [f for f in files_under(root, "docs") if f.endswith(".md")]


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def links(root, rel):
    """The targets of the relative links and pictures of a page, as paths from root."""
    out = []
    for target in LINK.findall(read(root, rel)):
        target = target.split("#")[0]
        if not target or "://" in target or target.startswith("mailto:"):
            continue
        path = os.path.normpath(os.path.join(os.path.dirname(rel), target))
        out.append((target, path.replace(os.sep, "/")))
    return out


def unindexed(root):
    """The docs pages the index does not link."""
    listed = set(path for _, path in links(root, INDEX))
    return [p for p in files_under(root, "docs") if p.endswith(".md") and p != INDEX and p not in listed]


def stale_links(root):
    """'page -> target' for every relative link that leads to no file."""
    return ["%s -> %s" % (rel, target) for rel in pages(root) for target, path in links(root, rel)
            if not os.path.exists(os.path.join(root, path))]


def unused_pictures(root):
    """The files under docs/ other than pages that no page links or shows."""
    used = set(path for rel in pages(root) for _, path in links(root, rel))
    return [p for p in files_under(root, "docs") if not p.endswith(".md") and p not in used]


def stale_paths(root, names):
    """'file:line: path' for every docs/ path named in a text file that is not there."""
    bad = []
    for rel in names:
        if rel.startswith("docs/reports/img/"):
            continue                    # pictures and their data: no paths in them
        try:
            text = read(root, rel)
        except (OSError, UnicodeDecodeError):
            continue                    # gone from the work tree, or binary
        for n, line in enumerate(text.splitlines(), 1):
            for path in DOCS_PATH.findall(line):
                if not os.path.exists(os.path.join(root, path)):
                    bad.append("%s:%d: %s" % (rel, n, path))
    return bad


def too_long(root):
    """The developers' pages (the journal apart) of MAX_LINES lines or more."""
    out = []
    for p in files_under(root, "docs/developers"):
        if p.endswith(".md") and p not in LONG_OK:
            n = len(read(root, p).splitlines())
            if n >= MAX_LINES:
                out.append("%s: %d lines" % (p, n))
    return out


def test_the_index_links_every_page_under_docs():
    missing = unindexed(ROOT)
    assert not missing, "give each a line in %s: %s" % (INDEX, ", ".join(missing))


def test_every_relative_link_in_the_docs_readme_and_contributing_leads_to_a_file():
    bad = stale_links(ROOT)
    assert not bad, "\n".join(bad)


def test_every_picture_under_docs_is_shown_by_a_page_or_listed_in_the_index():
    bad = unused_pictures(ROOT)
    assert not bad, "show it in a page or list it in %s: %s" % (INDEX, ", ".join(bad))


def test_every_docs_path_the_code_and_the_docs_name_exists():
    bad = stale_paths(ROOT, [n for n in tracked_files(ROOT) if n != HERE])
    assert not bad, "\n".join(bad)


def test_the_readme_leads_to_the_index():
    assert INDEX in [path for _, path in links(ROOT, "README.md")]


def test_the_developers_pages_stay_under_400_lines_but_the_journal():
    assert not too_long(ROOT), too_long(ROOT)
    assert "docs/developers/ai.md" in files_under(ROOT, "docs/developers")
    assert "docs/developers/architecture.md" in files_under(ROOT, "docs/developers")


def copy_of_the_docs(tmp_path):
    root = str(tmp_path)
    shutil.copytree(os.path.join(ROOT, "docs"), os.path.join(root, "docs"))
    for name in ("README.md", "CONTRIBUTING.md"):
        shutil.copy(os.path.join(ROOT, name), root)
    assert not (unindexed(root) or stale_links(root) or unused_pictures(root) or too_long(root))
    return root


def test_a_page_added_without_its_index_line_is_found(tmp_path):
    root = copy_of_the_docs(tmp_path)
    with open(os.path.join(root, "docs", "players", "new.md"), "w") as f:
        f.write("# A new page\n")
    assert unindexed(root) == ["docs/players/new.md"]


def test_a_link_to_a_page_that_moved_is_found(tmp_path):
    root = copy_of_the_docs(tmp_path)
    os.rename(os.path.join(root, "docs", "makers", "deploy.md"), os.path.join(root, "docs", "deploy.md"))
    bad = stale_links(root)
    assert "docs/README.md -> makers/deploy.md" in bad
    assert unindexed(root) == ["docs/deploy.md"]
    with open(os.path.join(root, "tool.py"), "w") as f:
        f.write('"""Puts the firmware on a board."""\n# how: docs/makers/deploy.md, docs/rules/go.md\n')
    assert stale_paths(root, ["tool.py"]) == ["tool.py:2: docs/makers/deploy.md"]


def test_a_picture_no_page_shows_is_found(tmp_path):
    root = copy_of_the_docs(tmp_path)
    with open(os.path.join(root, "docs", "reports", "img", "new.svg"), "w") as f:
        f.write("<svg/>\n")
    assert unused_pictures(root) == ["docs/reports/img/new.svg"]


def test_a_developers_page_of_400_lines_is_found(tmp_path):
    root = copy_of_the_docs(tmp_path)
    with open(os.path.join(root, "docs", "developers", "ai.md"), "a") as f:
        f.write("more\n" * MAX_LINES)
    assert [p.split(":")[0] for p in too_long(root)] == ["docs/developers/ai.md"]
