"""The main loop: scan, step, show, at about 100 passes a second."""
import gc

from compat import ticks_diff
from app.core import App, log_exception

PERIOD_MS = 10


def run(board, hal, passes=None):
    """Run the app on a HAL until `passes` loop passes (forever if None)."""
    app = App(board, hal)
    clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
    n = 0
    while passes is None or n < passes:
        t0 = clock.ticks_ms()
        try:
            events = matrix.scan(t0)
            pixels.show(app.step(t0, events))
        except Exception as e:  # the HAL itself failed: log, breathe, go on
            log_exception(hal.storage, e, "loop")
            gc.collect()
            clock.sleep_ms(200)
        n += 1
        spent = ticks_diff(clock.ticks_ms(), t0)
        if spent < PERIOD_MS:
            clock.sleep_ms(PERIOD_MS - spent)
    return app
