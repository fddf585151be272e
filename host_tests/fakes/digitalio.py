"""Fake CircuitPython `digitalio` for the host tests.

DigitalInOut on a board pin keeps its direction and value (what neopixel.py
sets up for neopixel_write). Switches can be closed between two pins, a row
and a column with a diode (anode on the column), as on the board: a column
input with its pull-up reads low while a closed switch joins it to a row
driven low.
"""

closed = set()          # {(row pin name, column pin name)}
_outputs = {}           # pin name -> the DigitalInOut driving it


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


def reset():
    closed.clear()
    _outputs.clear()


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self._value = False
        self.pull = None
        self.deinited = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self._value = value
        _outputs[self.pin.name] = self

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        for row, col in closed:
            out = _outputs.get(row)
            if col == self.pin.name and out is not None and not out.deinited \
                    and out.direction == Direction.OUTPUT and not out._value:
                return False
        return self.pull == Pull.UP

    @value.setter
    def value(self, v):
        self._value = v

    def deinit(self):
        self.deinited = True
        if _outputs.get(self.pin.name) is self:
            del _outputs[self.pin.name]
