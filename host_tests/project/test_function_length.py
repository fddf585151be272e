"""No function in the tree is over 100 lines, but the measured hot paths of
the games' AI.

A function a reader must hold whole in their head stops at about a screen and
a half. The exceptions are inner loops of the board's search in
firmware/games, written out on purpose because a call or a loop less is
measured time on the Pico (each one's docstring or comments say what was
measured); a new long function anywhere else fails here.
"""
import ast
import os

from tools.link.firmware_path import ROOT
from helpers.repofiles import tracked_files

LIMIT = 100
# (file, function): the games' measured hot paths, each at most its length
# today, so that none grows unseen either.
HOT_PATHS = {
    ("firmware/games/hex_ai.py", "_reach"): 256,      # the 0-1 search by whole-board layers
    ("firmware/games/hex_ai.py", "candidates"): 118,  # runs at every node of level 3-5
    ("firmware/games/sesqui_ai.py", "_reach"): 111,   # hex_ai._reach for Sesqui's squares
    ("firmware/games/go_ai.py", "evaluate"): 211,     # the alpha-beta levels' leaf
    ("firmware/games/produto.py", "_frontiers"): 112,  # the evaluation's two searches
}


def long_functions(root=ROOT, files=None):
    """{(file, function): lines} for every function over LIMIT lines in the
    Python files of the tree."""
    found = {}
    for rel in files if files is not None else tracked_files(root):
        if not rel.endswith(".py"):
            continue
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > LIMIT:
                    found[(rel, node.name)] = n
    return found


def test_no_function_outside_the_games_hot_paths_is_over_100_lines():
    found = long_functions()
    others = dict((k, n) for k, n in found.items() if k not in HOT_PATHS)
    assert others == {}, others
    grown = dict((k, n) for k, n in found.items() if k in HOT_PATHS and n > HOT_PATHS[k])
    assert grown == {}, grown
    for rel, _ in HOT_PATHS:
        assert rel.startswith("firmware/games/"), rel


def test_the_length_check_finds_a_long_function(tmp_path):
    body = "".join("    x = %d\n" % i for i in range(LIMIT))
    (tmp_path / "long.py").write_text("def short():\n    return 1\n\n\ndef long():\n" + body)
    assert long_functions(str(tmp_path), ["long.py"]) == {("long.py", "long"): LIMIT + 1}
