"""The firmware's modules import no one another in a circle: a game's AI half
(games/<id>_ai.py) and its rules share a board module rather than import each
other, and an app mode asks app.core.mode(name) for the next mode instead of
importing it. So each module loads on demand and none depends on the order
the others were loaded in."""
import ast
import os

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def module_file(name):
    """The file of firmware module `name` (a.b), or None: not the firmware's."""
    base = os.path.join(FIRMWARE, *name.split("."))
    for p in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.exists(p):
            return p
    return None


def imports_of(path):
    """The firmware modules a file imports, at top level or inside functions."""
    tree = ast.parse(open(path).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                sub = node.module + "." + a.name
                if module_file(sub):
                    out.add(sub)            # from games import catalog
                elif module_file(node.module):
                    out.add(node.module)    # from games.go_board import NB
        elif isinstance(node, ast.Import):
            out |= set(a.name for a in node.names if module_file(a.name))
    return out


def graph():
    """Every firmware module -> the firmware modules it imports."""
    g = {}
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), FIRMWARE)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                name = ".".join(rel)
                g[name] = imports_of(os.path.join(d, f)) - {name}
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


def test_the_firmware_modules_import_one_another_without_a_cycle():
    g = graph()
    for name in ("app.core", "app.play", "games.go", "games.go_ai", "games.hex", "ai", "hal.sim"):
        assert name in g, name                  # every folder is in the graph
    assert "games.go_board" in g["games.go_ai"]
    assert find_cycle(g) is None, " -> ".join(find_cycle(g))


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is not None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_every_mode_in_the_registry_exists():
    from app import core
    for name, (module, cls) in core.MODES.items():
        __import__(module)
        import sys
        assert hasattr(sys.modules[module], cls), name
