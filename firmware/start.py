"""The start: check the board file, build the HAL for this platform, run the app.

main.py, the file the board runs at power-up, only calls main() here: a
board compiles main.py from source at every boot (about 45 ms on a Pico for
this module), while this one goes on as .mpy.

A board file with a mistake stops here with a message naming the file and the
field (on the USB console, and as a red cross on the LEDs if they can be
driven), instead of a board that half works.
"""
import sys

# RP2040 datasheet, 2.10 (the core voltage regulator): the VREG register of
# VREG_AND_CHIP_RESET, at its base address; bits 7:4 are VSEL, the voltage in
# 50 mV steps (0b1011 = 1.10 V at reset, 0b1100 = 1.15 V, 0b1111 = 1.30 V).
VREG = 0x40064000
VSEL_SHIFT = 4
VSEL_1_15V = 0b1100
SAFE_MHZ = 133        # the RP2040's rated clock at the reset voltage


def set_clock(board, machine=None, platform=None):
    """Run the chip at the board file's cpu_mhz; return the MHz it runs at.

    200 MHz is certified with a core of at least 1.15 V (Pico SDK 2.1.1), and
    MicroPython's machine.freq() (every release to 1.28) changes only the PLL,
    never the regulator: so above 133 MHz the voltage is raised first, through
    the VREG register, and given the SDK's 1 ms to settle. It is only raised,
    never lowered. This runs before the HAL exists: the LED driver times its
    bits from the clock it finds at each write, the row settle waits and the
    millisecond clock from a timer the clock change does not touch. Elsewhere
    (the desktop, the unix port) nothing is touched and the board's figure is
    what the AI's budgets model. CircuitPython keeps its clock (boardcheck
    allows it only 125 MHz): its figure is read back.
    """
    if platform is None:
        platform = sys.platform
    mhz = board.get("cpu_mhz", 125)
    if sys.implementation.name == "circuitpython":
        try:
            import microcontroller
            return (microcontroller.cpu.frequency + 500000) // 1000000
        except (ImportError, AttributeError):
            return mhz
    if platform != "rp2":
        return mhz
    if machine is None:
        import machine
    hz = mhz * 1000000
    if machine.freq() != hz:
        if mhz > SAFE_MHZ:
            v = machine.mem32[VREG]
            if (v >> VSEL_SHIFT) & 15 < VSEL_1_15V:
                machine.mem32[VREG] = (v & ~(15 << VSEL_SHIFT)) | (VSEL_1_15V << VSEL_SHIFT)
                import time
                time.sleep(0.001)
        machine.freq(hz)
    return (machine.freq() + 500000) // 1000000


def build_hal(board):
    """The HAL of the board file's platform (hal.BACKENDS)."""
    from hal import backend
    from hal.storage import FileStorage
    platform = board.get("platform", "micropython")
    if sys.implementation.name == "circuitpython":
        platform = "circuitpython"      # its pin names are all it can drive
    name = backend(platform)
    __import__(name)
    hal = sys.modules[name].Hal(board, FileStorage(""))
    if board.get("net"):
        hal.net = start_net(board, hal.storage)
    return hal


def start_net(board, storage):
    """The club network of a board that has one (net/config.py make), or
    None when it cannot start: the board then plays as one without it,
    and says why in error.log."""
    try:
        from net.config import make
        return make(board, storage)
    except Exception as e:        # a missing module, a damaged club file: never the board's end
        from app.core import log_exception
        log_exception(storage, e, "net")
        return None


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
    # The clock first: everything built after it (the LED driver) sees it,
    # and the app's AI budgets scale with what it really is.
    board["cpu_mhz"] = set_clock(board)
    from app.loop import run
    try:
        hal = build_hal(board)
    except ImportError as e:      # a module of the board's missing: said on the LEDs
        import missing
        missing.say(board, e)
        return
    run(board, hal)


if __name__ == "__main__":
    main()
