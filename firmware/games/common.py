"""What every game module shares: errors, results, looks, cell names, the base class.

A game module (`games/<id>.py`) defines ID, NAME, SEATS, OPTIONS, a function
`layout(options) -> (w, h)` and a class `Game(Base)`. The interface is written
down in docs/developers/architecture.md; this file holds only what is common to all games.
"""
from compat import const

DRAW = const(2)  # result() of a drawn game; 0 and 1 are the winning seat

# Looks: what a square shows, by meaning. The app's palette turns them into
# colours, so a game never names an RGB value.
OFF = const(0)        # not part of this game's board: dark
EMPTY = const(1)      # an empty square of the board
P0 = const(2)         # a piece of seat 0 (in games whose sides have no colour)
P1 = const(3)         # a piece of seat 1
P0_SOFT = const(4)    # a square belonging to seat 0: goal, zone, box, store
P1_SOFT = const(5)
BLACK = const(6)      # a black stone or piece, whoever owns it
WHITE = const(7)      # a white stone or piece
GREEN = const(8)
YELLOW = const(9)
RED = const(10)
BLOCK = const(11)     # a square nobody may enter: Rastros' black, an arrow
PIECE = const(12)     # a neutral piece: Rastros' white piece
DOT = const(13)       # a dot of Dots and Boxes
LINE = const(14)      # a drawn line
ZONE = const(15)      # a marked empty square: a start zone, a free line
SEED = const(16)      # one lit cell of a bar of seeds
BLACK_SOFT = const(17)  # a dim black: an edge Black must join, a dead black stone
WHITE_SOFT = const(18)  # a dim white
LOOKS = 19
# One character per look, for board_text() diagrams.
LOOK_CHARS = " .XOxoBWGYR#*+-:sbw"

FILES = "abcdefghijklmnopqrstuvwxyz"
UPPER_FILES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


class MoveError(ValueError):
    """A move that cannot be played; the text says why, for a player."""


class OptionError(ValueError):
    """An unknown game option or a value out of range."""


def is_ascii(text):
    """Whether `text` is printable ASCII (tabs and line ends allowed): all
    notation is, and CPython and MicroPython then strip and fold it alike."""
    for ch in text:
        if not (" " <= ch <= "~" or ch in "\t\r\n"):
            return False
    return True


def typed(text, not_text):
    """A typed move's text, stripped; MoveError(not_text) if it is not text,
    and a plain reason if it has a character outside ASCII (a '²' or a
    full-width '１' must not reach int() or read as a digit)."""
    if not isinstance(text, str):
        raise MoveError(not_text)
    if not is_ascii(text):
        raise MoveError("%s is not a move: moves are written with plain letters and digits"
                        % repr(text))
    return text.strip()


def cell_name(x, y):
    return FILES[x] + str(y + 1)


def parse_cell(text, w, h):
    """'c3' -> (2, 2), or None if the text is not a cell of a w x h board."""
    # ASCII only: str.isdigit() and lower() would let '²' reach int() and read
    # Arabic-Indic or full-width digits, or the Kelvin sign, as a cell name.
    if len(text) < 2 or len(text) > 4:
        return None
    f = text[0]
    x = FILES.find(f)
    if x < 0:
        x = UPPER_FILES.find(f)
    if x < 0 or x >= w or text[1] == "0":
        return None
    y = 0
    for d in text[1:]:
        k = DIGITS.find(d)
        if k < 0:
            return None
        y = y * 10 + k
    if y > h:
        return None
    return x, y - 1


def read_from_to(text, w, h, piece, example):
    """The (from, to) cell indices of a text like 'b2-b3', or a str saying why
    it is not such a move (for explain())."""
    parts = text.split("-")
    if len(parts) != 2:
        return ("'%s' is not a move: name the %s's square and the square it goes to, like %s"
                % (text, piece, example))
    out = []
    for p in parts:
        xy = parse_cell(p.strip(), w, h)
        if xy is None:
            return "'%s' is not a square: name one from a1 to %s" % (p.strip(), cell_name(w - 1, h - 1))
        out.append(xy[1] * w + xy[0])
    return out[0], out[1]


def zobrist(n, seed):
    """n hash keys below 2**30 (a tuple), the same on every Python.

    Three small Wichmann-Hill generators: every step stays a small int on the
    Pico, where a 32-bit LCG would make a big integer at each key.
    """
    x = seed % 30268 + 1
    y = seed * 7 % 30306 + 1
    z = seed * 13 % 30322 + 1
    out = []
    for _ in range(n):
        x = 171 * x % 30269
        y = 172 * y % 30307
        z = 170 * z % 30323
        out.append((x << 15) ^ (y << 7) ^ z)
    return tuple(out)


def check_options(spec, given):
    """Full options from `given` (may be None) against spec {name: (default, lo, hi)}."""
    out = {}
    for name in spec:
        out[name] = spec[name][0]
    if given is None:
        return out
    if not isinstance(given, dict):
        raise OptionError("options must be an object of name: value")
    for name in given:
        if name not in spec:
            if spec:
                known = ", ".join(sorted(spec))
                raise OptionError("unknown option '%s' (this game has: %s)" % (name, known))
            raise OptionError("unknown option '%s' (this game has no options)" % name)
        v = given[name]
        lo, hi = spec[name][1], spec[name][2]
        if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
            raise OptionError("option '%s' must be a whole number from %d to %d" % (name, lo, hi))
        out[name] = v
    return out


COMMON_SHORT = (
    ("the game is over", "GAME OVER"),
    ("is not a legal move here", "NOT LEGAL"),
)


class Base:
    """The game-independent half of a game. Subclasses set `turn` and `ply`."""

    turn = 0
    ply = 0
    SEATS = ("Seat 0", "Seat 1")  # each game sets its own
    # Whether upper and lower case name different moves (Ouri: a is South's
    # pit, A North's). Otherwise a case variant is accepted when unambiguous.
    CASE_SENSITIVE = False
    NOT_TEXT = "a move must be text, like a cell name"
    # The look of each seat's pieces, for the turn tint: a game whose sides
    # play pieces of their own colour sets it (Avanco: (WHITE, BLACK)).
    SEAT_LOOKS = (P0, P1)
    # The board's few words for a reason: (a piece of explain()'s sentence,
    # the words), first match first. The board scrolls the words, readable in
    # a few seconds; the whole sentence stays explain()'s (the referee, the
    # simulator's status line). Each game lists its own; Base.short() also
    # knows the reasons every game shares (COMMON_SHORT).
    SHORT = ()

    def short(self, why):
        """The few words for a reason explain() gave, or None."""
        for table in (self.SHORT, COMMON_SHORT):
            for piece, words in table:
                if piece in why:
                    return words
        return None

    # What the board calls a real piece of the game when it says what to do
    # with the pieces on a reed board (app/waiting.py): (one, several).
    PIECE_WORDS = ("PIECE", "PIECES")
    # Whether a piece changes colour where it stands (Semaforo): no switch
    # sees that, so after an undo or the board's move the board says it.
    RECOLOURS = False

    # What the players at the table call the seats, where the names are an
    # order or a square (FIRST, GOAL A1): the colour each side shows in.
    # None: the seat names themselves (BLACK, CATS, SOUTH).
    SEAT_WORDS = None

    # The move by which seat 1 takes seat 0's colour (Hex, Go: "swap"), or
    # None: a recorded result's colour names a seat only with it in mind.
    SWAP_TEXT = None

    def seat_name(self, seat):
        return self.SEATS[seat]

    def seat_word(self, seat):
        """A seat as the players know it, for what the board says."""
        if self.SEAT_WORDS is not None:
            return self.SEAT_WORDS[seat]
        return self.seat_name(seat).upper()

    def turn_look(self):
        """The look of the side to move, for the board to show whose turn it
        is: the colour of its pieces. Games whose sides change colour (Go, Hex
        after a swap) override it."""
        return self.SEAT_LOOKS[self.turn]

    # --- text in, text out -------------------------------------------------
    def legal_texts(self):
        """Every legal move as its canonical text, sorted by code point."""
        return sorted(self.move_text(m) for m in self.moves())

    def parse(self, text):
        """The legal move `text` names, or MoveError saying why it is not one."""
        text = typed(text, self.NOT_TEXT)
        if self.result() is not None:
            raise MoveError("%s is not legal: the game is over" % text)
        folded = []
        low = text.lower()
        for m in self.moves():
            t = self.move_text(m)
            if t == text:
                return m
            if t.lower() == low:
                folded.append(m)
        if len(folded) == 1 and not self.CASE_SENSITIVE:
            return folded[0]
        raise MoveError(self.explain(text))

    def play_text(self, text):
        m = self.parse(text)
        self.play(m)
        return m

    def explain(self, text):
        """Why `text` is not a legal move here; games say more."""
        return "%s is not a legal move here" % text

    # --- what the board shows ---------------------------------------------
    def highlight(self):
        """Cells to show as the reason the game ended (a winning line)."""
        return ()

    def score(self):
        return None

    def score_words(self):
        """The score as the board says it when asked (OK during a game), or
        None for a game without points: the first seat's points first. A game
        whose seats are not told apart by colour on the board says whose
        points are whose (Ouri: SOUTH 0 NORTH 2)."""
        s = self.score()
        return None if s is None else "%d-%d" % (s[0], s[1])

    def board_text(self):
        """A plain-text diagram, rank 1 at the bottom, drawn from view()."""
        w, h = self.layout()
        v = self.view()
        rows = []
        for y in range(h - 1, -1, -1):
            cells = [LOOK_CHARS[v[y * w + x]] for x in range(w)]
            rows.append(("%2d " % (y + 1) + " ".join(cells)).rstrip())
        rows.append("   " + " ".join(FILES[x] for x in range(w)))
        return "\n".join(rows)

    def key(self):
        """A hash of the position and the side to move, kept below 2**30."""
        h = self.turn + 1
        for b in self.view():
            h = (h * 31 + b) & 0x3FFFFFFF
        return h


def winner_seat(game_class, result, moves):
    """The seat that won a recorded game, from the record book's result
    (BLUE WINS 5-3, or FIRST WINS as older books have it) and its moves;
    None for a draw or words that name no seat of the game."""
    i = result.find(" WINS")
    if i < 0:
        return None
    word = result[:i]
    for seats in (game_class.SEAT_WORDS, game_class.SEATS):
        for r in (0, 1):
            if seats is not None and seats[r].upper() == word:
                if game_class.SWAP_TEXT is not None and game_class.SWAP_TEXT in moves:
                    r ^= 1     # seat 1 took seat 0's colour
                return r
    return None


def attach_ai(game_class, ai_class):
    """Attach a game's AI half: every method and field of ai_class (the class
    in games/<id>_ai.py) goes into game_class's own table. The search then
    finds them there at once: through a base class each call would cost about
    290 fuel more (docs/developers/ai-games.md), and it makes thousands. A rules module calls
    this after its Game class, or from stubs of evaluate() and candidates() at
    their first call so that a game two people play never loads its AI
    (games/go.py)."""
    # The class's own names: dir() would try every name MicroPython knows
    # (about a million fuel, measured with tools.bench profile).
    names = getattr(ai_class, "__dict__", None)
    for k in (dir(ai_class) if names is None else names):
        if not k.startswith("__"):
            setattr(game_class, k, getattr(ai_class, k))
