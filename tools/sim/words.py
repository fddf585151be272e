"""What the simulator itself says, around the board's own words: the
terminal's key help and labels, in each language the board speaks. The
board's words are the firmware's (firmware/app/lang.py and its catalogues);
these are only the desktop's, so they never take the Pico's RAM.
"""
from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
from app import lang

WORDS = {
    "en": {
        "help": ("arrows move  space/enter touch  p piece on/off  click touch  right: piece",
                 "m o u h tap Menu OK Undo Hint   M O U H hold it 2.5 s   q quit"),
        "keys": ("Menu", "OK", "Undo", "Hint"),
        "says": "says",
        "head": "%s board (%s)  mode: %s",
        "reed": "reed switches",
        "button": "buttons",
    },
    "pt": {
        "help": ("setas movem  espaço/enter toca  p peça  clique toca  direito: peça",
                 "m o u h tocam Menu OK Anular Ajuda   M O U H seguram 2,5 s   q sai"),
        "keys": ("Menu", "OK", "Anular", "Ajuda"),
        "says": "diz",
        "head": "tabuleiro %s (%s)  modo: %s",
        "reed": "sensores de íman",
        "button": "botões",
    },
}


def words(code=None):
    """The simulator's words in `code`, else in the board's language now."""
    return WORDS[code or lang.CODE]
