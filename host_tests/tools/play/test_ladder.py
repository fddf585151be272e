"""tools/play/ladder.py, elo.py and players.GreedyPlayer: the Elo fit on known
results, the beginner in real games' positions, the table written from a
small results file, and a run that resumes without playing a game twice."""
import json
import random

import pytest

from tools.play import elo, ladder, players


# --------------------------------------------------------------------------
# The Elo fit

def test_a_75_percent_score_is_191_elo():
    r = elo.fit({("greedy", "L1"): (100.0, 400)}, "greedy", prior=0)
    assert r["greedy"] == 1000.0
    assert abs(r["L1"] - 1190.85) < 0.1


def test_a_consistent_chain_adds_up_and_draws_count_half():
    # b scores 75% against a, c 75% against b, and c 90% against a: the
    # ratings that predict exactly these are +191, +382 (0.9 is about +382).
    pairs = {("a", "b"): (25.0, 100), ("b", "c"): (25.0, 100), ("a", "c"): (10.0, 100)}
    r = elo.fit(pairs, "a", prior=0)
    assert 150 < r["b"] - 1000 < 230
    assert r["c"] > r["b"] + 120
    # 40 draws: equal ratings.
    assert abs(elo.fit({("a", "b"): (20.0, 40)}, "a", prior=0)["b"] - 1000) < 1e-6


def test_a_clean_sweep_stays_finite_with_the_prior_and_orders_the_players():
    pairs = elo.tally([("greedy", "L1", 0.0)] * 40 + [("L1", "L2", 0.0)] * 30 + [("L1", "L2", 1.0)] * 10)
    r = elo.fit(pairs, "greedy")
    assert 1400 < r["L1"] < 1900
    assert r["L2"] > r["L1"]


def test_an_anchor_without_games_is_refused_and_strangers_are_not_rated():
    with pytest.raises(elo.FitError):
        elo.fit({("a", "b"): (3.0, 4)}, "greedy")
    r = elo.fit({("greedy", "a"): (2.0, 4), ("b", "c"): (1.0, 2)}, "greedy")
    assert set(r) == {"greedy", "a"}


def test_the_bootstrap_interval_holds_the_fit():
    games = [("greedy", "L1", 1.0)] * 10 + [("greedy", "L1", 0.0)] * 30
    r = elo.fit(elo.tally(games), "greedy")
    lo, hi = elo.interval(games, "greedy", rounds=100)["L1"]
    assert lo < r["L1"] < hi
    assert hi - lo > 50


# --------------------------------------------------------------------------
# The greedy beginner in real games

def _winning(g):
    me = g.turn
    out = []
    for m in g.moves():
        g.play(m)
        if g.result() == me:
            out.append(m)
        g.undo()
    return out


def _safe(g):
    """The moves after which the opponent has no move that wins at once (a
    move that ends the game, or leaves the same seat to move, is safe)."""
    me = g.turn
    out = []
    for m in g.moves():
        g.play(m)
        lost = False
        if g.result() is None and g.turn != me:
            for r in g.moves():
                g.play(r)
                lost = lost or g.result() == 1 - me
                g.undo()
        g.undo()
        if not lost:
            out.append(m)
    return out


def _positions(gid, want, seed=7, tries=200):
    """Positions of real play (random moves) where `want(game)` holds, each
    game playing on after one is found."""
    import games
    mod = games.load(gid)
    rng = random.Random(seed)
    for _ in range(tries):
        g = mod.Game()
        while g.result() is None:
            if want(g):
                yield g
            ms = g.moves()
            g.play(ms[rng.randrange(len(ms))])


def test_greedy_takes_the_win_in_semaforo():
    import games
    g = games.load("semaforo").Game()
    for text in ("a1", "b1"):           # two greens in a row, then c1 makes three
        g.play_text(text)
    assert "c1" in [g.move_text(m) for m in _winning(g)]
    for seed in range(10):
        assert players.GreedyPlayer(seed).move(g) in _winning(g)
    assert g.ply == 2


def test_greedy_avoids_a_move_that_hands_over_the_win_in_semaforo():
    import games
    g = games.load("semaforo").Game()
    g.play_text("a1")                   # a green: another green beside it is a gift
    safe = _safe(g)
    assert 0 < len(safe) < len(g.moves())
    assert set(players.GreedyPlayer(s).move(g) for s in range(30)) <= set(safe)


@pytest.mark.parametrize("gid", ["pontos", "ouri", "rastros", "gatos_caes"])
def test_greedy_wins_when_it_can_and_else_plays_safe(gid):
    found_win = found_trap = 0
    for g in _positions(gid, lambda g: _winning(g) or 0 < len(_safe(g)) < len(g.moves())):
        before = (g.key(), g.ply, g.turn)
        m = players.GreedyPlayer(g.ply).move(g)
        assert (g.key(), g.ply, g.turn) == before
        if _winning(g):
            assert m in _winning(g)
            found_win += 1
        else:
            assert m in _safe(g)
            found_trap += 1
        if found_win and found_trap and found_win + found_trap > 6:
            break
    assert found_win and found_trap


def test_greedy_is_seeded():
    import games
    g = games.load("go").Game()
    assert players.GreedyPlayer(5).move(g) == players.GreedyPlayer(5).move(g)


# --------------------------------------------------------------------------
# The table from a small results file

def _entry(index, seat_a, winner):
    return {"index": index, "seat_a": seat_a, "seed_a": 1, "seed_b": 2, "winner": winner, "how": "",
            "plies": 10, "opening": [], "error": None, "secs": 0.1}


def _doc(gid, results):
    return {"game": gid, "settings": {"mhz": 200, "seed": 0, "max_plies": 600, "opening": 2},
            "results": results}


def test_the_checks_count_each_seat_and_level_1_against_greedy():
    doc = _doc("gatos_caes", {
        # L1 beats greedy 3 of 4: more than 70%.
        "greedy vs L1": [_entry(0, 0, "b"), _entry(1, 1, "b"), _entry(2, 0, "b"), _entry(3, 1, "a")],
        # L2 wins both games on seat 1 but one of two on seat 0: 50% < 60%.
        "L1 vs L2": [_entry(0, 0, "b"), _entry(1, 1, "b"), _entry(2, 0, "b"), _entry(3, 1, "a")],
        "L2 vs L3": [_entry(i, i % 2, "b") for i in range(4)],
    })
    got = dict((w, (v, d)) for w, v, d in ladder.checks("gatos_caes", doc, min_games=4))
    assert got["L2 > L1"][0] == "FAIL"
    assert "seat 0: 1/2" in got["L2 > L1"][1] and "seat 1: 2/2" in got["L2 > L1"][1]
    assert got["L3 > L2"][0] == "PASS"
    assert got["L4 > L3"][0] == "NOT RUN"
    assert got["L1 vs greedy <= 70%"] == ("FAIL", "L1 won 3/4 (75%)")
    # Four games are too few to pass or fail at the default 40.
    got = dict((w, (v, d)) for w, v, d in ladder.checks("gatos_caes", doc))
    assert got["L2 > L1"][0] == got["L3 > L2"][0] == "PARTIAL"
    assert "so far it would fail" in got["L2 > L1"][1] and "so far it would pass" in got["L3 > L2"][1]


def test_semaforo_counts_only_the_seat_that_wins_by_force():
    # L3 loses every game on seat 0 (lost by force) and wins on seat 1.
    # seat_a 0: L2 on seat 0 and L3 (b) wins; seat_a 1: L3 on seat 0 and L2 (a) wins.
    doc = _doc("semaforo", {"L2 vs L3": [_entry(0, 0, "b"), _entry(1, 1, "a"), _entry(2, 0, "b"),
                                         _entry(3, 1, "a")]})
    got = dict((w, v) for w, v, _ in ladder.checks("semaforo", doc, min_games=4))
    assert got["L3 > L2"] == "PASS"
    assert dict((w, v) for w, v, _ in ladder.checks("gatos_caes", doc, min_games=4))["L3 > L2"] == "FAIL"


def test_the_table_rates_what_was_played_and_says_what_was_not(tmp_path):
    doc = _doc("rastros", {"greedy vs L1": [_entry(i, i % 2, "b" if i < 3 else "a") for i in range(4)]})
    (tmp_path / "rastros.json").write_text(json.dumps(doc))
    text = ladder.section(str(tmp_path))
    assert text.startswith(ladder.BEGIN) and text.rstrip().endswith(ladder.END)
    assert "| rastros | 1 of 15 | 4 | 1000 |" in text           # greedy is the anchor
    assert "| greedy vs L1 | 4 | 1 | 3 | 0 |" in text
    assert "Not run yet: greedy vs L2, greedy vs L3" in text
    assert "| gatos_caes | not run |" in text
    assert "### Hex (`hex`)\n\nNot run yet." in text
    r = ladder.ratings(doc)[0]
    assert r["L1"] > 1000
    assert "| L1 | %.0f |" % r["L1"] in text


def test_the_section_replaces_itself_and_keeps_the_rest(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text("# Head\n\nkept above\n")
    ladder.write_doc(ladder.BEGIN + "\nfirst\n" + ladder.END + "\n", str(path))
    path.write_text(path.read_text() + "\n## Later\n\nkept below\n")
    ladder.write_doc(ladder.BEGIN + "\nsecond\n" + ladder.END + "\n", str(path))
    text = path.read_text()
    assert "kept above" in text and "kept below" in text
    assert "second" in text and "first" not in text
    assert text.count(ladder.BEGIN) == 1


# --------------------------------------------------------------------------
# Running and resuming

def test_a_real_game_is_the_same_game_on_every_run():
    tasks = ladder.plan("semaforo", ["greedy", "L1"], 2, "all", 200, 0, 600, {})
    assert [t["seat_a"] for t in tasks] == [0, 1]
    a, b = ladder.play_one(tasks[0]), ladder.play_one(tasks[0])
    assert a["error"] is None and a["winner"] in ("a", "b", "draw")
    del a["secs"], b["secs"]
    assert a == b
    assert len(a["opening"]) == 1                      # Semáforo: one opening ply


def test_a_run_resumes_where_it_stopped(tmp_path, monkeypatch):
    played = []

    def fake(task):
        played.append((task["key"], task["index"]))
        return _entry(task["index"], task["seat_a"], "a")

    monkeypatch.setattr(ladder, "play_one", fake)
    data = str(tmp_path)
    names = ["greedy", "L1", "L2"]
    assert ladder.run("rastros", names, 4, data=data, log=lambda s: None, stop_after=0) == 1
    assert ladder.run("rastros", names, 4, data=data, log=lambda s: None) == 11
    assert len(set(played)) == 12                      # no game played twice
    assert ladder.run("rastros", names, 4, data=data, log=lambda s: None) == 0
    doc = ladder.load("rastros", data)
    del doc["results"]["L1 vs L2"][2]
    ladder.save("rastros", doc, data)
    played.clear()
    assert ladder.run("rastros", names, 4, data=data, log=lambda s: None) == 1
    assert played == [("L1 vs L2", 2)]
    with pytest.raises(players.MatchError, match="same settings"):
        ladder.run("rastros", names, 4, mhz=125, data=data, log=lambda s: None)


def test_the_command_line_refuses_bad_players(capsys):
    assert ladder.main(["run", "--game", "rastros", "--players", "greedy,7"]) == 2
    assert "levels are 1 to 5" in capsys.readouterr().err
    assert ladder.main(["run", "--game", "chess"]) == 2
    assert "no such game" in capsys.readouterr().err
