"""The files of the repository, for the project tests that read them all
(test_docs_index, test_self_contained): the ones git tracks, or, outside a
git checkout, every file but the local ones (virtualenv, caches, builds)."""
import os
import subprocess

SKIP_DIRS = (".git", ".venv", "node_modules", "build", "simstate", "__pycache__",
             ".pytest_cache", ".ruff_cache")


def files_under(root, top):
    """Paths relative to root, with '/', of every file under root/top."""
    found = []
    for d, dirs, files in os.walk(os.path.join(root, top)):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        found += [os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/") for f in files]
    return sorted(found)


def tracked_files(root):
    """The files git tracks under root (relative paths), or every file under
    it when git gives none (not a checkout, or no git)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True,
                             timeout=60).stdout
    except OSError:
        out = b""
    names = [n for n in out.decode().split("\0") if n]
    return names or files_under(root, ".")
