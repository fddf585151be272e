"""Fake CircuitPython `neopixel_write` for the host tests: the lowest layer of
Adafruit's NeoPixel library. What would go out on the wire, byte for byte, is
kept in `sent` as (pin, bytes)."""
import digitalio

sent = []


def neopixel_write(digitalinout, buf):
    # CircuitPython drives the pin it is given: it must be an output.
    if digitalinout.direction != digitalio.Direction.OUTPUT or digitalinout.deinited:
        raise ValueError("neopixel_write needs a DigitalInOut set to output")
    sent.append((digitalinout.pin, bytes(buf)))
