"""The app's modules import no one another in a circle (a mode asks
app.core.mode(name) for the next mode instead of importing it), so each mode
loads on demand and none depends on the order the others were loaded in."""
import ast
import os

APP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "app")


def imports_of(path):
    """The app modules a file imports, at top level or inside functions."""
    tree = ast.parse(open(path).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "app":
                out |= set("app." + a.name for a in node.names)
            elif node.module.startswith("app."):
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= set(a.name for a in node.names if a.name.startswith("app."))
    return out


def graph():
    g = {}
    for f in os.listdir(APP):
        if f.endswith(".py") and f != "__init__.py":
            name = "app." + f[:-3]
            g[name] = imports_of(os.path.join(APP, f)) - {name}
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


def test_the_app_modules_import_one_another_without_a_cycle():
    assert find_cycle(graph()) is None, " -> ".join(find_cycle(graph()))


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is not None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_every_mode_in_the_registry_exists():
    from app import core
    for name, (module, cls) in core.MODES.items():
        __import__(module)
        import sys
        assert hasattr(sys.modules[module], cls), name
