"""The board's words in both languages (firmware/app/lang.py): every text the
firmware says has Portuguese words, with the same fields; every part of every
text shows in the LED font and scrolls past in time on every club board, in
either language: a reason for a refused touch in 6 s (app/explain.py
READ_MS), anything else in 10 s (PROMPT_MS), its fields filled with the
longest words they take."""
import pytest

from tools.link import boardfile
from tools.source import texts
from tools.source.texts import (all_texts, game_words, reasons, in_lang, fills, filled, scroll_ms,
                                FIELDS, PROMPT_MS)
from app import lang, explain, font, words
from app.words import caps
from app.screen import Scroll
from app.texts_pt import TEXTS

BOARDS = ("club8", "club9", "club9_cp")


def test_every_text_the_firmware_says_has_portuguese_words_with_the_same_fields():
    found = all_texts()
    missing = []
    for text, where in found.items():
        kind, _, word = text.partition(":") if text.startswith(("seat:", "colour:")) else ("", "", text)
        if text not in TEXTS and not (kind and word in TEXTS):
            missing.append((text, where))
    assert not missing, "no Portuguese for: %s" % missing
    stale = [t for t in TEXTS if t not in found]
    assert not stale, "Portuguese for texts the firmware no longer says: %s" % stale
    for en, pt in TEXTS.items():
        assert sorted(FIELDS.findall(en)) == sorted(FIELDS.findall(pt)), (en, pt)
        bare = FIELDS.sub("", pt)
        assert bare == caps(bare), "the catalogue writes capitals, as the board shows: %r" % pt


def test_a_text_the_catalogue_lacks_is_heard_and_said_in_english():
    lang.use("pt")
    lang.MISSING = []
    try:
        assert lang.tr("CHOOSE A GAME") == "ESCOLHE UM JOGO"
        assert lang.tr("A TEXT NOBODY WROTE") == "A TEXT NOBODY WROTE"
        assert lang.MISSING == ["A TEXT NOBODY WROTE"]
        assert words.tr_as("seat", "BLACK") == "PRETAS" and words.tr_as("colour", "BLACK") == "PRETA"
    finally:
        lang.MISSING = None
        lang.use("en")
    assert lang.tr("CHOOSE A GAME") == "CHOOSE A GAME" and not lang.KEYS


def test_no_two_texts_of_the_catalogue_share_a_key_number():
    from app import langfind
    keys, ends, words = langfind.pack(TEXTS)
    assert len(keys) == len(TEXTS) and len(set(keys)) == len(keys)
    lang.use("pt")
    for en, pt in TEXTS.items():
        assert lang.tr(en) == pt
    assert lang.FIND("A TEXT NOBODY WROTE", lang.KEYS, lang.ENDS, lang.WORDS) is None


@pytest.mark.parametrize("code", ("en", "pt"))
def test_every_letter_shows_in_the_led_font(code):
    fill = fills(code)
    bad = []
    for text in all_texts():
        said = caps(filled(in_lang(code, text), fill))     # the font's capitals (font.columns)
        for ch in said.replace(font.BREAK, ""):
            if ch not in font.GLYPHS and ch not in font.FOLD:
                bad.append((text, ch))
    assert not bad, bad


@pytest.mark.parametrize("code", ("en", "pt"))
def test_every_part_scrolls_past_in_time_on_every_board(code):
    """A reason in 6 s, anything else in 10 s (a part at a time), the widest
    fields in; Ouri says a pit's seeds before its reasons."""
    fill = fills(code)
    short = reasons()
    ouri = {w for w, where in game_words().items() if where == "games/ouri.py"}
    slow = []
    for name in BOARDS:
        cols = boardfile.load(name)["cols"]
        for text in all_texts():
            said = filled(in_lang(code, text), fill)
            limit = explain.READ_MS if text in short else PROMPT_MS
            if text in ouri:
                said = "12: " + said
            for part in said.split(font.BREAK):
                if scroll_ms(part, cols) > limit:
                    slow.append((name, text, part, scroll_ms(part, cols)))
    assert not slow, "\n".join(map(str, slow))


def test_a_text_of_parts_scrolls_each_part_on_its_own():
    one, two = Scroll("OK: PLAY ON", 9), Scroll("MENU: KEEP", 9)
    both = Scroll("OK: PLAY ON|MENU: KEEP", 9)
    assert both.length == one.length + two.length, "each part comes in and leaves the grid"
    assert caps("semáforo") == "SEMÁFORO"


def test_the_report_of_every_text_and_its_time_is_current():
    with open(texts.REPORT, encoding="utf-8") as f:
        assert f.read() == texts.report(), "run python -m tools.source.texts"


def test_a_board_file_names_a_language_the_firmware_has_and_a_typo_is_named():
    import boardcheck
    from app import langset
    assert boardcheck.LANGS == lang.LANGS and set(langset.NAMES) == set(lang.LANGS)
    board = dict(boardfile.load("club9"))
    board.pop("name", None)
    assert boardcheck.check(dict(board, lang="en"))["lang"] == "en"
    with pytest.raises(boardcheck.BoardError) as e:
        boardcheck.check(dict(board, lang="pr"))
    assert "lang" in str(e.value) and "did you mean 'pt'?" in str(e.value)


def test_the_language_chosen_on_the_board_outlives_a_power_cut_and_a_bad_file_is_ignored():
    from app import langset
    from hal.storage import FileStorage
    import tempfile
    s = FileStorage(tempfile.mkdtemp())
    board = {"lang": "pt"}
    langset.start(s, board)
    assert lang.CODE == "pt", "the board file's first language"
    langset.choose(s, "en")
    langset.start(s, board)
    assert lang.CODE == "en", "chosen on the board: kept over the board file's"
    s.write_atomic(langset.FILE, "xx\n")
    langset.start(s, board)
    assert lang.CODE == "pt", "a setting no firmware wrote: the board file's"
