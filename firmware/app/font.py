"""A 3 x 5 pixel font for text scrolled across the grid.

Each glyph is 15 bits, five rows of three from the top, the high bit on the
left; a letter takes 4 columns with its gap.
"""
GLYPHS = {
    "A": 0b010101111101101, "B": 0b110101110101110, "C": 0b011100100100011,
    "D": 0b110101101101110, "E": 0b111100110100111, "F": 0b111100110100100,
    "G": 0b011100101101011, "H": 0b101101111101101, "I": 0b111010010010111,
    "J": 0b001001001101010, "K": 0b101101110101101, "L": 0b100100100100111,
    "M": 0b101111111101101, "N": 0b110101101101101, "O": 0b010101101101010,
    "P": 0b110101110100100, "Q": 0b010101101110011, "R": 0b110101110101101,
    "S": 0b011100010001110, "T": 0b111010010010010, "U": 0b101101101101111,
    "V": 0b101101101101010, "W": 0b101101111111101, "X": 0b101101010101101,
    "Y": 0b101101010010010, "Z": 0b111001010100111,
    "0": 0b111101101101111, "1": 0b010110010010111, "2": 0b110001010100111,
    "3": 0b110001010001110, "4": 0b101101111001001, "5": 0b111100110001110,
    "6": 0b011100111101111, "7": 0b111001010010010, "8": 0b111101111101111,
    "9": 0b111101111001110,
    " ": 0, "-": 0b000000111000000, ":": 0b000010000010000, ".": 0b000000000000010,
    "!": 0b010010010000010, "?": 0b110001010000010, "/": 0b001001010100100,
    "+": 0b000010111010000, "'": 0b010010000000000,
}
# Letters the scroll meets in Portuguese, shown as their base letter (in
# either case: MicroPython's str.upper() leaves accented letters as they are).
FOLD = {"Á": "A", "À": "A", "Ã": "A", "Â": "A", "Ç": "C", "É": "E", "Ê": "E",
        "Í": "I", "Ó": "O", "Õ": "O", "Ô": "O", "Ú": "U", "&": "+",
        "á": "A", "à": "A", "ã": "A", "â": "A", "ç": "C", "é": "E", "ê": "E",
        "í": "I", "ó": "O", "õ": "O", "ô": "O", "ú": "U"}
# A break between the parts of a text (app/screen.py Scroll): each part
# scrolls in and out on its own, so each is read in a few seconds.
BREAK = "|"


def columns(text):
    """The text as a bytearray of 5-bit columns (bit 4 = top row), 1 gap column between letters."""
    out = bytearray()
    for ch in text.upper():
        g = GLYPHS.get(FOLD.get(ch, ch), GLYPHS["?"])
        for c in range(3):
            col = 0
            for r in range(5):
                if g >> (14 - r * 3 - c) & 1:
                    col |= 1 << (4 - r)
            out.append(col)
        out.append(0)
    return out

# Digits four rows high, for what must fit in half the grid (the race's two
# clocks: each player's half of an 8 x 8 or 9 x 9 board is four rows). Each
# glyph is its columns, left to right, bit 3 = top row; ':' and '.' are one
# column wide.
SMALL = {
    "0": (0b1111, 0b1001, 0b1111), "1": (0b0101, 0b1111, 0b0001),
    "2": (0b1001, 0b1011, 0b0101), "3": (0b1001, 0b1101, 0b1111),
    "4": (0b1110, 0b0010, 0b1111), "5": (0b1101, 0b1101, 0b1010),
    "6": (0b1111, 0b0101, 0b0111), "7": (0b1000, 0b1011, 0b1100),
    "8": (0b1111, 0b1011, 0b1111), "9": (0b1110, 0b1010, 0b1111),
    ":": (0b0101,), ".": (0b0001,), "-": (0b0010, 0b0010, 0b0010),
}


def small_columns(text):
    """Digits, ':', '.' and '-' as a bytearray of 4-bit columns (bit 3 = top
    row), one gap column between glyphs."""
    out = bytearray()
    for ch in text:
        if out:
            out.append(0)
        for c in SMALL[ch]:
            out.append(c)
    return out
