"""Nothing in the tree imports in a circle, and the tools' packages stand in
layers.

The firmware: a game's AI half (games/<id>_ai.py) and its rules share a board
module rather than import each other, and an app mode asks
app.core.mode(name) for the next mode instead of importing it, so each module
loads on demand and none depends on the order the others were loaded in. The
tools: each package imports only the packages below it (link; club; then
source, records and deploy; play; sim; bench), so a package can be read, tested and
changed knowing only what is under it. The tests' helpers import no test.
Imports inside functions count: a late import still ties two modules.
"""
import ast
import os

from tools.link.firmware_path import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
HOST_TESTS = os.path.join(ROOT, "host_tests")
# Where a module name is looked for, as each side's sys.path has it.
SEARCH = (FIRMWARE, ROOT, HOST_TESTS, os.path.join(HOST_TESTS, "portable"))
# The tools' packages, lowest first: a package may import one of a lower tier.
TIERS = (("link",), ("club",), ("source", "records", "deploy"), ("play",), ("sim",), ("bench",))


def module_file(name, search=SEARCH):
    """The tree's file of module `name` (a.b), or None: not the tree's."""
    for top in search:
        base = os.path.join(top, *name.split("."))
        for p in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.exists(p):
                return p
    return None


def imports_of(path, search=SEARCH):
    """The tree's files a file imports, at top level or inside functions."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                sub = module_file(node.module + "." + a.name, search)
                if sub:
                    out.add(sub)            # from games import catalog
                elif module_file(node.module, search):
                    out.add(module_file(node.module, search))   # from games.go_board import NB
        elif isinstance(node, ast.Import):
            out |= set(module_file(a.name, search) for a in node.names) - {None}
    return out


def python_files():
    for top in ("firmware", "tools", "host_tests"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for f in files:
                if f.endswith(".py"):
                    yield os.path.join(d, f)


def graph():
    """Every file of the tree -> the files of the tree it imports (paths
    relative to the root)."""
    g = {}
    for path in python_files():
        rel = os.path.relpath(path, ROOT)
        g[rel] = set(os.path.relpath(p, ROOT) for p in imports_of(path)) - {rel}
    return g


def find_cycle(g):
    state = {}

    def visit(n, path):
        state[n] = 1
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return path + [n, m]
            if m not in state:
                found = visit(m, path + [n])
                if found:
                    return found
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n, [])
            if found:
                return found
    return None


def tier(rel):
    """The tier of a tools file's package, or None outside tools/'s packages."""
    parts = rel.split(os.sep)
    if len(parts) < 3 or parts[0] != "tools":
        return None
    for i, names in enumerate(TIERS):
        if parts[1] in names:
            return i
    raise AssertionError("%s: a tools package with no tier in TIERS" % rel)


def layer_breaks(g):
    """(importer, imported) pairs where a tools package imports its own tier
    or above, another package than itself."""
    out = []
    for a, deps in sorted(g.items()):
        ta = tier(a)
        for b in sorted(deps):
            tb = tier(b)
            if ta is None or tb is None or a.split(os.sep)[1] == b.split(os.sep)[1]:
                continue
            if tb >= ta:
                out.append((a, b))
    return out


def test_nothing_in_the_tree_imports_in_a_circle():
    g = graph()
    for rel in ("firmware/app/core.py", "firmware/games/go_ai.py", "tools/play/match.py",
                "tools/link/boardfile.py", "host_tests/helpers/gtpclient.py"):
        assert rel in g, rel                      # every part of the tree is in the graph
    assert "firmware/games/go_board.py" in g["firmware/games/go_ai.py"]
    assert "tools/play/gtp_client.py" in g["host_tests/helpers/gtpclient.py"]
    assert find_cycle(g) is None, " -> ".join(find_cycle(g))


def test_the_tools_packages_import_only_lower_ones():
    g = graph()
    assert "tools/link/firmware_path.py" in g["tools/bench/cost.py"]
    assert layer_breaks(g) == []


def test_the_helpers_import_no_test():
    g = graph()
    helpers = [a for a in g if a.startswith(os.path.join("host_tests", "helpers"))]
    assert helpers
    for a in helpers:
        assert not [b for b in g[a] if os.path.basename(b).startswith("test_")], a


def test_the_cycle_and_layer_finders_find_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is not None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    j = os.path.join
    up = {j("tools", "link", "x.py"): {j("tools", "play", "y.py")}, j("tools", "play", "y.py"): set()}
    assert layer_breaks(up) == [(j("tools", "link", "x.py"), j("tools", "play", "y.py"))]
    side = {j("tools", "deploy", "x.py"): {j("tools", "records", "y.py")}}
    assert layer_breaks(side) == [(j("tools", "deploy", "x.py"), j("tools", "records", "y.py"))]
    down = {j("tools", "bench", "x.py"): {j("tools", "link", "y.py")}}
    assert layer_breaks(down) == []


def test_every_mode_in_the_registry_exists():
    from app import core
    import sys
    for name, (module, cls) in core.MODES.items():
        __import__(module)
        assert hasattr(sys.modules[module], cls), name
