"""club8: an 8 x 8 board with push buttons under the squares, four keys.

Like club9 but smaller and with buttons (press the square to touch it) instead
of reed switches. The switch matrix has 9 rows and 8 columns with a diode per
switch (anode on the column side): rows 0-7 are the ranks 1-8 (column c =
file c), row 8 holds the function keys. Games that need more than 8 x 8 cells
are hidden or played on a smaller grid by the app.
"""
BOARD = {
    "name": "club8",
    "cols": 8,                 # files a..h
    "rows": 8,                 # ranks 1..8
    "sensing": "button",       # push buttons: a touch is a press and a release
    "row_pins": (2, 3, 4, 5, 6, 7, 8, 9, 10),
    "col_pins": (11, 12, 13, 14, 15, 16, 17, 18),
    # function keys: (matrix row, matrix column)
    "keys": {"menu": (8, 0), "ok": (8, 1), "undo": (8, 2), "hint": (8, 3)},
    "debounce_ms": 20,
    "led_pin": 28,
    "led_order": "serpentine",
    "led_first": "a1",
    "rotation": 0,
    "brightness": 40,
    "max_current_ma": 1500,    # 64 LEDs; the supply must give this + 100 mA
    "buzzer_pin": 21,
    "cpu_mhz": 200,             # the RP2040 at its certified top (main.py raises the core to 1.15 V)
    "lang": "pt",               # the players' first language: "pt" or "en" (chosen again at the menu)
}
