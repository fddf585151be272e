"""Runs on the emulated Pico W (python -m tools.bench.netpico --fuzz N
stages it there with host_tests/portable's fuzz and the simulated board it
drives): host_tests/portable/test_net_fuzz.py's fuzz() on the Pico W's own
firmware, the board's Club.receive with a real game held (Semaforo against
another board). Every message must be dropped and change nothing, or the
fuzz's own assert stops the run. Prints for the host:

    FUZZ <dropped> <ms> <heap free after>
"""
import gc
import time


def run(count, seed=7):
    import simboard
    simboard._BASE[0] = "/fuzz"          # the board's flash: no /tmp, no getpid on this port
    import test_net_fuzz
    gc.collect()
    t = time.ticks_ms()
    n = test_net_fuzz.fuzz(count, seed)
    ms = time.ticks_diff(time.ticks_ms(), t)
    gc.collect()
    print("FUZZ", n, ms, gc.mem_free())
