"""Fake CircuitPython `board` for the host tests: the Raspberry Pi Pico's pins."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


for _n in list(range(0, 23)) + [26, 27, 28]:
    globals()["GP%d" % _n] = Pin("GP%d" % _n)
LED = Pin("LED")
VOLTAGE_MONITOR = Pin("VOLTAGE_MONITOR")
SMPS_MODE = Pin("SMPS_MODE")
VBUS_SENSE = Pin("VBUS_SENSE")
A0, A1, A2 = GP26, GP27, GP28  # noqa: F821 (made above)
