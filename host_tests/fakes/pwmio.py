"""Fake CircuitPython `pwmio` for the host tests: PWMOut keeps every change."""


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.pin = pin
        self.variable_frequency = variable_frequency
        self._f = frequency
        self._d = duty_cycle
        self.log = []           # (frequency, duty_cycle) after every change

    @property
    def frequency(self):
        return self._f

    @frequency.setter
    def frequency(self, f):
        if not self.variable_frequency:
            raise ValueError("frequency is not variable")
        self._f = f
        self.log.append((self._f, self._d))

    @property
    def duty_cycle(self):
        return self._d

    @duty_cycle.setter
    def duty_cycle(self, d):
        self._d = d
        self.log.append((self._f, self._d))

    def deinit(self):
        pass
