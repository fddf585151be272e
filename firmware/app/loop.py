"""The main loop: scan, step, show, at about 100 passes a second."""
import gc

from compat import ticks_diff
from app.core import App, log_exception

PERIOD_MS = 10


def run(board, hal, passes=None):
    """Run the app on a HAL until `passes` loop passes (forever if None)."""
    app = App(board, hal)
    clock, matrix, pixels = hal.clock, hal.matrix, hal.pixels
    net = app.ctx.net
    n = 0
    while passes is None or n < passes:
        t0 = clock.ticks_ms()
        try:
            events = matrix.scan(t0)
            frame = app.step(t0, events)
            pixels.show(frame)
            if net is not None:
                poll(net, t0, frame, hal.storage, bool(events))
        except Exception as e:  # the HAL itself failed: log, breathe, go on
            log_exception(hal.storage, e, "loop")
            gc.collect()
            clock.sleep_ms(200)
        n += 1
        spent = ticks_diff(clock.ticks_ms(), t0)
        if spent < PERIOD_MS:
            clock.sleep_ms(PERIOD_MS - spent)
    return app


def poll(net, now, frame, storage, busy):
    """The club network's turn, after the frame is out: whatever it meets
    is logged and the game goes on (never the loop's 200 ms breath)."""
    try:
        net.poll(now, frame, busy)
    except Exception as e:
        log_exception(storage, e, "net")
