"""The hardware abstraction: what the app may ask of a board, nothing of games.

Every backend (sim, rp2, circuitpython) provides the same four objects:

Matrix   scan(now_ms) -> list of (key, down) events since the last scan, debounced.
         Keys 0 .. cols*rows-1 are the squares, index y*cols + x (x the file from
         the left of seat 0, y the rank from seat 0's edge); then the function
         keys at cols*rows + MENU/OK/UNDO/HINT. `down` is True when a button
         is pressed or a reed switch is closed (a piece is on the square).
         is_down(key) -> the debounced state now.
Pixels   show(frame): frame is a bytearray of cols*rows*3 (r, g, b) in the same
         logical order; the backend maps it to the LED chain (ledmap) and caps
         brightness and total current.
Clock    ticks_ms(), sleep_ms(n).
Storage  (hal.storage.FileStorage on every backend) read/write_atomic/rename/
         remove/append/tail/size/exists on small files, safe against power
         cuts on LittleFS and FAT (see its docstring).
Sound    beep(freq_hz, ms); silent where the board has no buzzer.
"""
from compat import const

MENU = const(0)
OK = const(1)
UNDO = const(2)
HINT = const(3)
KEY_NAMES = ("menu", "ok", "undo", "hint")
