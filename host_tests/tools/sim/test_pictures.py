"""docs/reports/img, the pictures of the players' guide (docs/players/playing.md), are what the
app shows now (regenerate: python -m tools.sim.pictures)."""
import os
import re

from tools.sim import pictures


def test_the_committed_pictures_are_what_the_app_shows_now():
    assert pictures.main(["--check"]) == 0, "the app changed: run python -m tools.sim.pictures"


def test_the_guide_shows_every_picture_the_tool_makes():
    with open(os.path.join(pictures.firmware_path.ROOT, "docs", "players", "playing.md")) as f:
        guide = f.read()
    for name, scene in pictures.SCENES:
        assert "img/%s.svg" % name in guide, name


def test_a_missing_picture_is_reported(tmp_path, capsys):
    assert pictures.main(["--check", "--out", str(tmp_path), "menu"]) == 1
    assert "stale" in capsys.readouterr().out
    assert pictures.main(["--out", str(tmp_path), "menu"]) == 0
    assert pictures.main(["--check", "--out", str(tmp_path), "menu"]) == 0


def test_a_picture_has_every_square_and_key_lit_as_the_frame_says_and_rings_the_touch():
    cols, rows = 3, 2
    frame = bytearray(cols * rows * 3)
    frame[0:3] = bytes((255, 0, 0))         # a1 red
    frame[15:18] = bytes((0, 0, 12))        # c2 a dim blue: still blue, less bright
    text = pictures.svg(frame, cols, rows, marks=(0, cols * rows + 1))
    leds = re.findall(r'<circle cx="\d+" cy="\d+" r="14" fill="([^"]+)"', text)
    assert len(leds) == cols * rows
    assert leds.count(pictures.UNLIT) == 4
    assert "url(#gff0000)" in leds
    dim = [c for c in leds if c.startswith("url(#g") and c != "url(#gff0000)"]
    assert len(dim) == 1
    r, g, b = (int(dim[0][6 + 2 * k:8 + 2 * k], 16) for k in range(3))
    assert b > r and b > g, "the hue of a dim LED is kept"
    assert text.count('stroke="#ffffff"') == 2, "the touched square and key are ringed"
    for key in ("Menu", "OK", "Undo", "Hint"):
        assert ">%s</text>" % key in text
