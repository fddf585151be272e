"""What the board runs at power-up (as source: MicroPython runs main.py,
never main.mpy). The start itself is start.py, compiled like every other
module, so the boot compiles only these lines."""
import sys  # noqa: F401  (main.sys: the tests set the platform through it)

from start import main, set_clock, build_hal, show_board_error, board_module  # noqa: F401

if __name__ == "__main__":
    main()
