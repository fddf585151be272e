"""club9w: the reference board on a Pico W, on the club network.

The same board as club9 (every pin the same: the Pico W brings out the
same GPIOs; its wireless chip takes GPIO 23, 24, 25 and 29, which no
board uses) with a network: "net": "wifi" makes the firmware join the
club's WiFi and publish its games to the club's broker (net/,
docs/makers/club-network.md). Its WiFi, broker and identity are no part
of this file: `python -m tools.deploy --board club9w --club club/boards/NAME`
puts the club file `python -m tools.club add-board NAME` wrote on the
board as club.json.
"""
BOARD = {
    "name": "club9w",
    "cols": 9,                 # files a..i
    "rows": 9,                 # ranks 1..9
    "sensing": "reed",         # "reed": a magnet in each piece; "button": push buttons
    "row_pins": (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    "col_pins": (10, 11, 12, 13, 14, 15, 16, 17, 18),
    # function keys: (matrix row, matrix column)
    "keys": {"menu": (9, 0), "ok": (9, 1), "undo": (9, 2), "hint": (9, 3)},
    "debounce_ms": 20,
    "led_pin": 22,
    "led_order": "serpentine",  # "serpentine" or "rows"
    "led_first": "a1",          # the square the LED chain starts under
    "rotation": 0,              # 0, 90, 180, 270: grid turned from seat 0's view
    "brightness": 40,           # percent of full
    "max_current_ma": 1800,     # LED current cap; the supply must give this + 100 mA
    "buzzer_pin": 19,           # None for a board without a buzzer
    "cpu_mhz": 200,             # the RP2040 at its certified top (main.py raises the core to 1.15 V)
    "lang": "pt",               # the players' first language: "pt" or "en" (chosen again at the menu)
    "net": "wifi",              # on the club network: WiFi, the club's broker (club.json)
}
