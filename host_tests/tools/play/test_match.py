"""tools/play/match.py: the UCT opponent, the GTP driver (against a fake engine, so
no GNU Go is needed), a game against it, the command line's errors and the
table it writes into docs/reports/ai-strength.md."""
import os
import stat
import sys

import pytest

from tools.bench import cli as bench, strength
from tools.play import gtp_client, match, players, report


class TicTacToe:
    """A toy game with the interface the players use."""

    def __init__(self, cells=""):
        self.b = [0] * 9
        self.turn = 0
        self.ply = 0
        self.hist = []
        for ch in cells:
            self.play(int(ch))

    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def result(self):
        for a, b, c in self.LINES:
            if self.b[a] and self.b[a] == self.b[b] == self.b[c]:
                return self.b[a] - 1
        return 2 if self.ply == 9 else None

    def moves(self):
        return [] if self.result() is not None else [c for c in range(9) if not self.b[c]]

    def play(self, m):
        self.b[m] = self.turn + 1
        self.hist.append(m)
        self.turn ^= 1
        self.ply += 1

    def undo(self):
        self.b[self.hist.pop()] = 0
        self.turn ^= 1
        self.ply -= 1

    def move_text(self, m):
        return str(m)


def test_uct_takes_a_win_in_one():
    # X (seat 0) on 0 and 1, O on 3 and 4: X wins at 2 (and O threatens 5).
    g = TicTacToe("0314")
    assert players.UCTPlayer(50, seed=1).move(g) == 2
    assert g.hist == [0, 3, 1, 4]


def test_uct_blocks_a_threat_it_can_only_see_by_searching():
    # O (seat 1) to move after X 0, O 3, X 4: X threatens 0-4-8; only 8 does
    # not lose at once, and no move of O's wins at once.
    g = TicTacToe("034")
    picks = [players.UCTPlayer(400, seed=s).move(g) for s in range(3)]
    assert picks == [8, 8, 8]


@pytest.mark.parametrize("gid", ["go", "ouri", "pontos", "semaforo"])
def test_uct_plays_legal_moves_and_leaves_the_game_as_found(gid):
    import games
    g = games.load(gid).Game()
    p = players.UCTPlayer(8, seed=3)
    for _ in range(12):
        if g.result() is not None:
            break
        before = (g.key(), g.ply, g.turn, list(g.moves()))
        m = p.move(g)
        assert (g.key(), g.ply, g.turn, list(g.moves())) == before
        assert m in before[3]
        g.play(m)


def test_uct_is_seeded():
    import games
    g = games.load("go").Game()
    assert players.UCTPlayer(30, seed=5).move(g) == players.UCTPlayer(30, seed=5).move(g)


# --------------------------------------------------------------------------
# GTP against a fake engine

FAKE_ENGINE = r'''
import os, sys
log = open(os.environ["FAKE_GTP_LOG"], "a")
moves = os.environ.get("FAKE_GTP_MOVES", "").split()
dead = os.environ.get("FAKE_GTP_DEAD", "")
last = ""
for line in sys.stdin:
    cmd = line.strip()
    log.write(cmd + "\n")
    log.flush()
    word = cmd.split()[0] if cmd else ""
    if word == "play" and cmd.split()[2].lower() != "pass":
        last = cmd.split()[2]
    if word == "genmove":
        out = "= " + (moves.pop(0) if moves else "PASS")
    elif word == "final_status_list":
        out = "= " + (last if dead == "LAST" else dead)
    elif word == "known_command":
        out = "= true"
    elif word == "name":
        out = "= Fake"
    elif word == "version":
        out = "= 0.1"
    elif word == "bogus":
        out = "? unknown command"
    else:
        out = "="
    sys.stdout.write(out + "\n\n")
    sys.stdout.flush()
    if word == "quit":
        break
'''


@pytest.fixture
def fake_engine(tmp_path, monkeypatch):
    path = tmp_path / "fakegtp"
    path.write_text("#!%s\n%s" % (sys.executable, FAKE_ENGINE))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    log = tmp_path / "gtp.log"
    monkeypatch.setenv("FAKE_GTP_LOG", str(log))
    return str(path), log


def test_gtp_engine_answers_and_refusals(fake_engine):
    path, log = fake_engine
    e = gtp_client.Engine([path])
    try:
        assert e.ask("name") == "Fake"
        assert e.ask("boardsize 7") == ""
        with pytest.raises(gtp_client.GTPError, match="refused 'bogus': unknown command"):
            e.ask("bogus")
        assert e.ask("genmove black") == "PASS"      # the engine still answers after a refusal
    finally:
        e.close()
    assert log.read_text().split("\n")[:4] == ["name", "boardsize 7", "bogus", "genmove black"]


def test_gtp_engine_that_says_nothing_times_out(tmp_path):
    path = tmp_path / "mute"
    path.write_text("#!%s\nimport time\ntime.sleep(30)\n" % sys.executable)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    e = gtp_client.Engine([str(path)], timeout=0.5)
    try:
        with pytest.raises(gtp_client.GTPError, match="did not answer within"):
            e.ask("name")
    finally:
        e.proc.kill()
        e.proc.wait()


def _task(gnugo, our_seat, **kw):
    t = {"gid": "go", "kind": "gnugo", "arg": 1, "index": our_seat, "our_seat": our_seat, "level": 1,
         "seed": 0, "max_plies": 120, "picks": (), "width": 3, "gnugo": gnugo}
    t.update(kw)
    return t


def test_a_go_game_against_the_engine_keeps_its_board_and_counts_its_dead(fake_engine, monkeypatch):
    path, log = fake_engine
    # The engine (Black) plays c3, then c3 again (taken by then: refused, a pass
    # instead), then passes; at the end it calls the last stone we played dead.
    monkeypatch.setenv("FAKE_GTP_MOVES", "C3 C3 PASS")
    monkeypatch.setenv("FAKE_GTP_DEAD", "LAST")
    r = match.play_game(_task(path, our_seat=1))
    assert r["error"] is None, r
    assert r["record"][0] == "c3"
    assert r["refused"] == 1
    assert r["dead"] >= 1
    # Our count with that group taken off: what the game itself gives.
    import games
    g = games.load("go").Game()
    for t in r["record"]:
        g.play_text(t)
    last = [t for i, t in enumerate(r["record"]) if i % 2 == 1 and t != "pass"][-1]
    c = players._point(g, last)
    g.set_dead([c])
    assert len(g.dead) == r["dead"] and g.score() == r["score"]
    cmds = log.read_text().split("\n")
    assert cmds[:3] == ["boardsize 7", "clear_board", "komi 0"]
    ours = [t for i, t in enumerate(r["record"]) if i % 2 == 1 and t != "pass"]
    sent = [c.split()[2].lower() for c in cmds if c.startswith("play white ")]
    assert sent[:len(ours)] == ours                       # every move of ours reached the engine
    assert "undo" in cmds and "play black pass" in cmds  # the refused move was taken back
    assert "final_status_list dead" in cmds


def test_the_engine_resigning_loses(fake_engine, monkeypatch):
    path, log = fake_engine
    monkeypatch.setenv("FAKE_GTP_MOVES", "resign")
    r = match.play_game(_task(path, our_seat=1))
    assert r["how"] == "resigned" and report.outcome(r) == "W" and r["plies"] == 0


def test_no_swap_against_an_engine(fake_engine, monkeypatch):
    import games
    G = match.no_swap_class(games.load("go"))
    g = G()
    g.play(24)
    assert "swap" not in [g.move_text(m) for m in g.moves()]
    assert "swap" not in [g.move_text(m) for m in g.candidates(30)]
    import ai
    assert ai.budget(g, 5) == games.load("go").NODES[1]   # still the game's budgets


# --------------------------------------------------------------------------
# The command line

@pytest.mark.parametrize("args, says", [
    (["--game", "chess", "--against", "random"], "no such game"),
    (["--game", "poliedricos", "--against", "random"], "no such game"),   # a race: no moves
    (["--game", "hex", "--against", "gnugo:1"], "GNU Go plays only Go"),
    (["--game", "go", "--against", "uct:many"], "whole number"),
    (["--game", "go", "--against", "gnugo:11"], "from 1 to 10"),
    (["--game", "go", "--against", "stockfish"], "gnugo:L"),
    (["--game", "go", "--against", "level:3", "--level", "7"], "levels are 1 to 5"),
    (["--game", "go", "--against", "random", "--games", "0"], "at least one game"),
    (["--game", "go", "--against", "random", "--mhz", "2000"], "a board clock from 50 to 300 MHz"),
    (["--game", "go", "--against", "gnugo:1", "--gnugo", "/no/such/gnugo"], "apt-get install gnugo"),
    (["--game", "semaforo", "--against", "random", "--their-swap", "always"], "semaforo has no swap move"),
    (["--game", "ouri", "--against", "uct:10", "--their-swap", "never"], "ouri has no swap move"),
    (["--game", "go", "--against", "gnugo:1", "--their-swap", "never"], "GNU Go never swaps"),
])
def test_bad_arguments_say_what_is_wrong(args, says, capsys):
    assert bench.main(["match"] + args) == 2
    err = capsys.readouterr().err
    assert err.startswith("match: ") and says in err, err


def test_a_missing_option_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        bench.main(["match", "--game", "go"])
    assert e.value.code == 2
    assert "--against" in capsys.readouterr().err


def test_every_pair_of_games_gets_its_own_opening():
    width, picks = match.openings(10, 2, seed=0)
    assert width == 4 and len(set(picks)) == 10
    assert match.openings(10, 2, seed=0) == (width, picks)
    assert match.openings(3, 0, seed=0) == (3, [(), (), ()])


def test_go_openings_differ_after_the_centre():
    # Go offers only d4 on the empty board: the opening's two plies come after.
    width, picks = match.openings(10, 2, seed=0)
    starts = set()
    for k, p in enumerate(picks):
        r = match.play_game({"gid": "go", "kind": "random", "arg": 0, "index": 2 * k, "our_seat": 0,
                             "level": 1, "seed": 0, "max_plies": 3, "picks": p, "width": width})
        assert r["error"] is None and r["record"][0] == "d4"
        starts.add(tuple(r["record"]))
    assert len(starts) == 10


def test_a_short_match_prints_its_table(capsys):
    rc = bench.main(["match", "--game", "semaforo", "--against", "random", "--games", "2",
                     "--level", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.count("\ngame ") + out.startswith("game ") == 2
    row = [ln for ln in out.splitlines() if ln.startswith("| semaforo |")]
    assert len(row) == 1
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    assert cells[:4] == ["semaforo", "level 1", "random", "2"]
    assert int(cells[4]) + int(cells[5]) + int(cells[6]) == 2


def test_the_clock_scales_our_budget_and_names_itself_in_the_table():
    # Two plies of Go at level 3: the AI searches the budget of the clock it is given.
    import ai
    seen = []
    real = ai.choose

    def spy(game, **kw):
        seen.append(kw.get("mhz"))
        return real(game, **kw)
    ai.choose = spy
    try:
        r = match.play_game({"gid": "go", "kind": "random", "arg": 0, "index": 0, "our_seat": 0,
                             "level": 3, "seed": 0, "max_plies": 3, "picks": (), "width": 3, "mhz": 200})
    finally:
        ai.choose = real
    assert r["error"] is None and seen and set(seen) == {200}
    assert ai.budget("go", 5, 200) == ai.budget("go", 5) * 200 // 125
    row, _ = report.summary("go", 5, "random", [r], 200)
    assert row.split("|")[2].strip() == "level 5 at 200 MHz"
    row, _ = report.summary("go", 1, "random", [r], 200)
    assert row.split("|")[2].strip() == "level 1"


def test_the_table_is_added_and_rows_replaced_keeping_the_file(tmp_path):
    p = tmp_path / "ai-strength.md"
    p.write_text("# AI strength\n\n| game | x |\n|---|---|\n| go | 1 |\n")
    row1 = "| go | level 5 | gnugo:1 | 20 | 1 | 19 | 0 | 0/10 | 1/10 | -9.0 |  |"
    row2 = "| go | level 3 | level:1 | 20 | 20 | 0 | 0 | 10/10 | 10/10 | +9.0 |  |"
    row3 = "| go | level 5 | gnugo:1 | 20 | 7 | 13 | 0 | 3/10 | 4/10 | -2.0 |  |"
    for row in (row1, row2, row3):
        report.write_section(str(p), row)
    text = p.read_text()
    assert text.startswith("# AI strength\n\n| game | x |\n|---|---|\n| go | 1 |\n")
    assert text.count(report.SECTION) == 1
    assert row1 not in text and row2 in text and row3 in text
    assert text.index(row2) < text.index(row3)
    assert report.kept_section(str(p)).strip().startswith(report.SECTION)
    assert os.path.exists(p)


# --------------------------------------------------------------------------
# --their-swap

def test_they_swap_when_told_to(capsys):
    rc = bench.main(["match", "--game", "hex", "--against", "uct:20", "--games", "2", "--level", "1",
                     "--workers", "1", "--opening", "0", "--max-plies", "3", "--their-swap", "always"])
    out = capsys.readouterr().out
    assert rc == 0
    lines = [ln.split(": ")[-1].split() for ln in out.splitlines() if ln.startswith("game ")]
    assert len(lines) == 2
    assert "us seat 0" in out.splitlines()[0] and lines[0][1] == "swap"
    assert lines[1][1] != "swap"           # we are seat 1 there: the swap is our AI's own call
    row = [ln for ln in out.splitlines() if ln.startswith("| hex |")][0]
    assert "they swap" in row and "`--opening 0`" in row


class Swapper(players.AIPlayer):
    """Swaps whenever the game it is given lets it, else plays its first move."""

    def __init__(self, *args):
        pass

    def move(self, game):
        return match.swap_move(game) or game.moves()[0]


def _hex_task(their_swap, our_seat=0, picks=()):
    return {"gid": "hex", "kind": "random", "arg": 0, "index": our_seat, "our_seat": our_seat,
            "level": 1, "seed": 0, "max_plies": 3, "picks": picks, "width": 3, "their_swap": their_swap}


def test_they_never_swap_when_told_not_to(monkeypatch):
    monkeypatch.setattr(match, "make_player", lambda *a: Swapper())
    own = match.play_game(_hex_task("own"))
    assert own["error"] is None and own["record"][1] == "swap"      # left alone, this player swaps
    never = match.play_game(_hex_task("never"))
    assert never["error"] is None and never["record"][0] == own["record"][0]
    assert never["record"][1] not in ("swap", never["record"][0])  # a stone on an empty cell instead
    always = match.play_game(_hex_task("always", picks=(0, 1)))
    assert always["record"][1] == "swap"       # before the opening's picks, and none of them
    import games
    g = games.load("hex").Game()
    g.play(match.opening_move(g, 0, 3))
    g.play(match.swap_move(g))
    assert always["record"][2] == g.move_text(match.opening_move(g, 1, 3))


def test_the_swap_settings_keep_their_own_rows(tmp_path):
    p = tmp_path / "ai-strength.md"
    r = match.play_game(_hex_task("own"))
    rows = {}
    for their_swap in match.THEIR_SWAP:
        for opening in (2, 0):
            rows[their_swap, opening] = report.summary("hex", 5, "uct:10000", [r], 200, their_swap,
                                                       opening)[0]
            report.write_section(str(p), rows[their_swap, opening])
    assert "they never swap" in rows["never", 0] and "they swap" in rows["always", 2]
    assert "swap" not in rows["own", 2]
    # A note written by hand about the games is no setting.
    assert report.row_key(rows["own", 2][:-2] + "; they swapped 4 of 8 |") == report.row_key(rows["own", 2])
    text = p.read_text()
    assert all(row in text for row in rows.values())
    again = rows["always", 0].replace("| 1 | 0 | 0 | 1 |", "| 1 | 0 | 1 | 0 |")
    assert again != rows["always", 0]
    report.write_section(str(p), again)
    text = p.read_text()
    assert again in text and rows["always", 0] not in text and rows["never", 0] in text


def test_the_default_clock_is_the_club_boards(monkeypatch):
    # Without --mhz the match runs at boards/club9.py's cpu_mhz, read only
    # when a match is checked (a typo there does not stop the other benches).
    seen = []
    monkeypatch.setattr(match, "run_match", lambda *a, **kw: seen.append(kw["mhz"]) or [])
    monkeypatch.setattr(report, "summary", lambda *a: ("| go |", []))
    assert bench.main(["match", "--game", "go", "--against", "random", "--games", "1"]) == 0
    assert seen == [strength.club_mhz()] == [200]
