"""The Pico W's WiFi, joined without waiting: network.WLAN's connect()
returns at once and the link asks ready() each pass until it is up; a
lost network is joined again after a pause. Where there is no `network`
module (the desktop, the tests) the computer's own network is used."""
from compat import ticks_add, ticks_diff

RETRY_MS = 15000          # a join that has not come up by then is started again


class Wifi:
    def __init__(self, ssid, password):
        self.ssid = ssid
        self.password = password
        self.wlan = None
        self.started = None       # ticks: when the last join began
        try:
            import network
            self.wlan = network.WLAN(network.STA_IF)
        except (ImportError, AttributeError):
            self.wlan = None

    def ready(self, now, quiet=True):
        """Whether the WiFi is up; if not, a join begun when `quiet` (its
        first active(True) loads the wireless chip's firmware: most of a
        second)."""
        w = self.wlan
        if w is None:
            return True
        if w.isconnected():
            return True
        if not quiet:
            return False
        if self.started is None or ticks_diff(now, ticks_add(self.started, RETRY_MS)) >= 0:
            self.started = now
            w.active(True)
            w.connect(self.ssid, self.password)
        return False
