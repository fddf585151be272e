"""club9 for CircuitPython: the same board as boards/club9.py, pins by name.

CircuitPython names the Pico's pins board.GP0 .. board.GP28, so the pins here
are those names as text. On the board this file is copied as board_cfg.py
(CircuitPython's own `board` module owns the name board.py).
"""
BOARD = {
    "name": "club9",
    "platform": "circuitpython",
    "cols": 9,
    "rows": 9,
    "sensing": "reed",
    "row_pins": ("GP0", "GP1", "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GP8", "GP9"),
    "col_pins": ("GP10", "GP11", "GP12", "GP13", "GP14", "GP15", "GP16", "GP17", "GP18"),
    "keys": {"menu": (9, 0), "ok": (9, 1), "undo": (9, 2), "hint": (9, 3)},
    "debounce_ms": 20,
    "led_pin": "GP22",
    "led_order": "serpentine",
    "led_first": "a1",
    "rotation": 0,
    "brightness": 40,
    "max_current_ma": 1800,
    "buzzer_pin": "GP19",
    "lang": "pt",               # the players' first language: "pt" or "en" (chosen again at the menu)
}
