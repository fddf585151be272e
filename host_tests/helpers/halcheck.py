"""Checks of the HAL contract (firmware/hal/__init__.py) that
host_tests/firmware/test_hal_contract.py runs on every backend under CPython
and, sent as source ahead of its web script, on MicroPython's WebAssembly
port: so they use only what MicroPython has."""
import hal as contract
from hal import ledmap


def check_every_object_is_the_contracts(h):
    """h is a contract Hal whose matrix, pixels, clock and sound are the
    contract's classes, each overriding every public method of its class."""
    assert isinstance(h, contract.Hal)
    for obj, base in (("matrix", contract.Matrix), ("pixels", contract.Pixels),
                      ("clock", contract.Clock), ("sound", contract.Sound)):
        part = getattr(h, obj)
        assert isinstance(part, base), obj
        for name in dir(base):
            if not name.startswith("_"):
                assert getattr(type(part), name) is not getattr(base, name), (obj, name)


def check_a_frame_goes_down_the_chain(pixels, board):
    """A 9x9 frame shown goes down the LED chain as ledmap maps it for the
    board (its order, first LED, rotation), scaled by the current cap."""
    frame = bytearray(243)
    for i in range(81):
        frame[i * 3:i * 3 + 3] = bytes((i, 255 - i, 7))
    pixels.show(frame)
    order = ledmap.chain_order(9, 9, board["led_order"], board["led_first"], board["rotation"])
    scale = ledmap.power_scale(frame, board["brightness"], board["max_current_ma"])
    assert bytes(pixels.chain) == bytes(ledmap.to_chain(frame, order, scale, bytearray(243)))
    assert pixels.rgb(5) == (5, 250, 7)
