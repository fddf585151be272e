"""Boot: check the board file, build the HAL for this platform, run the app.

A board file with a mistake stops here with a message naming the file and the
field (on the USB console, and as a red cross on the LEDs if they can be
driven), instead of a board that half works.
"""
import sys


def build_hal(board):
    """The HAL of the board file's platform (hal.BACKENDS)."""
    from hal import backend
    from hal.storage import FileStorage
    platform = board.get("platform", "micropython")
    if sys.implementation.name == "circuitpython":
        platform = "circuitpython"      # its pin names are all it can drive
    name = backend(platform)
    __import__(name)
    return sys.modules[name].Hal(board, FileStorage(""))


def show_board_error(message):
    print("BOARD FILE ERROR:", message)
    try:  # light the LEDs red if the pin at least is right, so the maker sees it
        cfg = __import__(board_module())
        import machine
        import neopixel
        n = cfg.BOARD["cols"] * cfg.BOARD["rows"]
        np = neopixel.NeoPixel(machine.Pin(cfg.BOARD["led_pin"]), n)
        for i in range(0, n, 2):
            np[i] = (40, 0, 0)
        np.write()
    except Exception:
        pass


def board_module():
    """The board file's module name: board.py on MicroPython; on CircuitPython
    `board` is the built-in pin module, so the file is board_cfg.py there."""
    return "board_cfg" if sys.implementation.name == "circuitpython" else "board"


def main():
    import boardcheck
    try:
        board = boardcheck.load(board_module())
    except boardcheck.BoardError as e:
        show_board_error(str(e))
        return
    from app.loop import run
    run(board, build_hal(board))


if __name__ == "__main__":
    main()
